"""Games played by an engine's own AI under the split-card rules, for any host that can.

A host adapter that can play AI games registers an ``ai_game`` factory on its
:class:`~splitcards.game.contract.AdapterInfo`, returning an :class:`~splitcards.game.contract.aihost.AIHost`.
:class:`~splitcards.tools.play.loop.AIGame` plays a game on it with the demo decks
(:mod:`splitcards.tools.play.decks`), asking the :class:`~splitcards.game.table.Table` for every rules
decision; :class:`~splitcards.tools.play.differential.DifferentialGame` also compares the rules' answers
with the engine's; :mod:`splitcards.tools.play.demo` is ``splitcards demo``.
"""

from __future__ import annotations

from splitcards.game import renamed
from splitcards.game.contract.aihost import ActionKind, AIHost, Classified, Deviation, EngineAnswers
from splitcards.tools.play.differential import Comparison, DifferentialGame
from splitcards.tools.play.loop import AIGame
from splitcards.tools.play.result import GameResult

__all__ = [
    "AIGame",
    "AIHost",
    "ActionKind",
    "Classified",
    "Comparison",
    "Deviation",
    "DifferentialGame",
    "EngineAnswers",
    "GameResult",
]


# The names of 0.1 that were renamed, kept working (deprecated).
__getattr__ = renamed(__name__, {"Result": "splitcards.tools.play.result.GameResult"})
