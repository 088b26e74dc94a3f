"""The answers of :meth:`Table.castable <splitcards.game.table.Table.castable>`, kept while they
can be given again.

While the built-in rules alone answer ``check_cast``, the answer is a function of the card's
view, the permission, the caster and the timing: the zone, timing and cost rules read nothing
else, and the board only for splice, which ``castable`` does not ask. A plugin's answer may
depend on anything: while one implements ``check_cast``, nothing is kept and each question is
asked anew (the manager says which plugins implement it, so registering one takes effect at once).
"""

from __future__ import annotations

import pluggy

from splitcards.game.plugins import hookcalls
from splitcards.game.plugins.manager import builtins_alone
from splitcards.rules.model import Answer, CastOption, ObjectView, Player, Timing, Zone

Circumstances = tuple[ObjectView, Zone | None, Player | None, Timing]

# How many answers one table keeps.
_KEPT = 4096


class CastableMemo:
    """The castable answers of one table, by circumstances."""

    __slots__ = ("_answers", "_pm")

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self._pm = pm
        self._answers: dict[Circumstances, Answer[tuple[CastOption, ...]]] = {}

    def get(self, key: Circumstances) -> Answer[tuple[CastOption, ...]] | None:
        """The answer kept for these circumstances, if it may be given again."""
        if not builtins_alone(self._pm, hookcalls.check_cast):
            return None
        return self._answers.get(key)

    def keep(self, key: Circumstances, answer: Answer[tuple[CastOption, ...]]) -> None:
        """Keep an answer, if it is a function of its circumstances alone."""
        if not builtins_alone(self._pm, hookcalls.check_cast):
            return
        if len(self._answers) >= _KEPT:
            self._answers.clear()
        self._answers[key] = answer
