"""Games played by an engine's own AI under the split-card rules, for any host that can.

A host adapter that can play AI games registers an ``ai_game`` factory on its
:class:`~splitcards.contract.AdapterInfo`, returning an :class:`~splitcards.play.contract.AIHost`.
:class:`~splitcards.play.loop.AIGame` plays a game on it with the demo decks
(:mod:`splitcards.play.decks`), asking the :class:`~splitcards.table.Table` for every rules
decision; :class:`~splitcards.play.differential.DifferentialGame` also compares the rules' answers
with the engine's; :mod:`splitcards.play.demo` is ``splitcards demo``.
"""

from __future__ import annotations

from splitcards.play.contract import ActionKind, AIHost, Classified, Deviation, EngineAnswers
from splitcards.play.differential import Comparison, DifferentialGame
from splitcards.play.loop import AIGame, Result

__all__ = [
    "AIGame",
    "AIHost",
    "ActionKind",
    "Classified",
    "Comparison",
    "Deviation",
    "DifferentialGame",
    "EngineAnswers",
    "Result",
]
