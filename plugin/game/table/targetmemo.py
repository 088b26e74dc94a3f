"""The targets' choices of a cast (``decide_targets``), kept while they can be given again.

While the built-in rules alone answer ``decide_targets``, its answer is a function of the card's
view, the way it is cast, the caster, the cards spliced onto it and the objects where its targets
could be (601.2c, 115.1): the battlefield for "target creature". A table keeps each answer with
what those zones held (:class:`~splitcards.game.table.state.Seen`) and gives it again while they
hold the same objects, described the same: a game loop that asks every card in hand at each
step of a turn reads the choices once while the battlefield stays as it was. A plugin's answer may
depend on anything: while one implements ``decide_targets``, nothing is kept.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

import pluggy

from splitcards.game.plugins import hookcalls
from splitcards.game.plugins.manager import builtins_answer
from splitcards.game.table.state import Board, Seen
from splitcards.rules.actions import CastRequest, TargetChoices
from splitcards.rules.model import Answer, ObjectId, ObjectView

Choices = Answer[tuple[TargetChoices, ...]]

# How many answers one table keeps.
_KEPT = 4096


@dataclass(frozen=True, slots=True)
class _Kept:
    view: ObjectView
    splice: tuple[tuple[ObjectId, ObjectView], ...]
    answer: Choices
    seen: Seen


class TargetMemo:
    """The target choices of one table's casts, by circumstances (see the module's description)."""

    __slots__ = ("_answers", "_pm")

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self._pm = pm
        self._answers: dict[Hashable, _Kept] = {}

    def choices(self, request: CastRequest, board: Board, decide: Callable[[], Choices]) -> Choices:
        """``decide()``'s answer for ``request`` on ``board``, or the one kept for the same
        circumstances; what it read of the board counts as read on ``board`` either way."""
        if not builtins_answer(self._pm, (hookcalls.decide_targets,)):
            return decide()
        # The view and the splices are compared rather than hashed: a card's description is deep.
        key = (request.object, request.option, request.caster, tuple(obj for obj, _ in request.splice))
        kept = self._answers.get(key)
        if kept is not None and kept.view == request.view and kept.splice == request.splice and kept.seen.holds(board):
            board.note(kept.seen)
            return kept.answer
        mark = board.mark()
        answer = decide()
        seen = board.seen_since(mark)
        if seen is not None:
            if len(self._answers) >= _KEPT:
                self._answers.clear()
            self._answers[key] = _Kept(request.view, request.splice, answer, seen)
        return answer
