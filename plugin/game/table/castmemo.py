"""The answers of :meth:`Table.castable <splitcards.game.table.Table.castable>`, kept while they
can be given again.

While the built-in rules alone answer the hooks ``castable`` asks, the answer is a function of
the card's view, the permission, the caster and the timing: the zone, timing and cost rules read
nothing else, and the board only for splice, which ``castable`` does not ask, and for targets:
an answer that looked at some zones is kept with what they held, and given again only while they
hold the same (:class:`~splitcards.game.table.state.Seen`). A plugin's answer
may depend on anything: while one implements any of those hooks, nothing is kept and each
question is asked anew (the manager says which plugins implement them, so registering one takes
effect at once).
"""

from __future__ import annotations

from collections.abc import Hashable

import pluggy

from splitcards.errors import IllegalAction
from splitcards.game.plugins import hookcalls
from splitcards.game.plugins.manager import builtins_answer
from splitcards.game.table.state import Board, Seen
from splitcards.rules.actions import CastDecision, TargetChoices
from splitcards.rules.model import Answer, CastOption, ObjectView, Player, Timing, Zone

# The card's view, the permission, the caster, the timing, and what the Table keeps of the game
# that the rules read (TableQueries._circumstances).
Circumstances = tuple[ObjectView, Zone | None, Player | None, Timing, Hashable]

# How many answers one table keeps.
_KEPT = 4096

# The hooks castable asks.
HOOKS = (
    hookcalls.decide_cost_effects,
    hookcalls.decide_targets,
    hookcalls.check_cast,
    hookcalls.decide_cast,
    hookcalls.decide_citations,
)


class CastableMemo:
    """The castable answers of one table, by circumstances."""

    __slots__ = ("_answers", "_pm")

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self._pm = pm
        self._answers: dict[Circumstances, tuple[Answer[tuple[CastOption, ...]], Seen]] = {}

    def keeps(self) -> bool:
        """Whether the answers are a function of their circumstances alone now."""
        return builtins_answer(self._pm, HOOKS)

    def get(self, key: Circumstances, board: Board) -> Answer[tuple[CastOption, ...]] | None:
        """The answer kept for these circumstances, if what it read of ``board`` is as it was
        (ask :meth:`keeps` first)."""
        found = self._answers.get(key)
        if found is None or not found[1].holds(board):
            return None
        return found[0]

    def keep(self, key: Circumstances, answer: Answer[tuple[CastOption, ...]], seen: Seen) -> None:
        """Keep an answer, with what it read of the other objects (ask :meth:`keeps` first)."""
        if len(self._answers) >= _KEPT:
            self._answers.clear()
        self._answers[key] = (answer, seen)


class AnswerMemo:
    """The answers of one table's cast questions asked for moves and ``castable``, by the
    question, its timing and its targets' choices (the decision or the refusal).

    While the built-in rules alone answer the hooks a cast asks, its answer is a function of the
    request (the card's view, the way, the caster, the permission, the prohibitions in force), the
    timing and the choices for its targets: what else the rules read of the game is read through
    those choices. So the choices are asked at each position (the board keeps what each
    description found), and the rest of the answer is given again while they are the same: a
    tapped land or a creature's damage changes no cast's answer."""

    __slots__ = ("_answers", "_pm")

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self._pm = pm
        self._answers: dict[Hashable, tuple[tuple[TargetChoices, ...], CastDecision | IllegalAction]] = {}

    def keeps(self) -> bool:
        """Whether the answers are a function of their circumstances alone now."""
        return builtins_answer(self._pm, HOOKS)

    def get(self, key: Hashable, targets: tuple[TargetChoices, ...]) -> CastDecision | IllegalAction | None:
        """The answer kept for these circumstances, if it was found with these target choices
        (ask :meth:`keeps` first)."""
        found = self._answers.get(key)
        if found is None or found[0] != targets:
            return None
        return found[1]

    def keep(self, key: Hashable, targets: tuple[TargetChoices, ...], answer: CastDecision | IllegalAction) -> None:
        """Keep an answer found with these target choices (ask :meth:`keeps` first)."""
        if len(self._answers) >= _KEPT:
            self._answers.clear()
        self._answers[key] = (targets, answer)
