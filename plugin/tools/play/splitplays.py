"""The split-card plays a player makes with spare mana, which an engine's AI that doesn't know
these mechanics would leave out: the loop of :mod:`splitcards.tools.play` makes them for the AI.

Before a player passes priority in their own main phase with an empty stack (when a player
spends what mana is left of the turn), one of these is made if the rules allow it now and the
mana the player could make could pay its total cost, in that order:

* unlock a locked door of a Room they control by the special action (709.5e);
* cast a split card with fuse from their hand fused (702.102a);
* cast a spell from their hand with every card the rules let them splice onto it (702.47a), if
  one can be spliced.

When the AI casts a card with fuse, it is cast fused if the rules allow it and the player could
pay for both halves; while the rules would allow it fused but the player could not pay for it, the
card is held (the AI doesn't cast it this turn), as a player keeps a fuse card for the turn they
can cast both halves.

A play the engine or the rules refused is not tried again in the same turn and step. Nothing here decides a rule:
whether a play is allowed, what it costs and what it does are the
:class:`~splitcards.game.table.Table`'s answers; this module only chooses among them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from splitcards.errors import IllegalAction, NotSupported
from splitcards.game.table import Table
from splitcards.rules.card import Side
from splitcards.rules.costs import payable
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption, ObjectId, Phase, Player, Timing, Zone
from splitcards.rules.versions import RuleVersion

MAIN_PHASES = (Phase.MAIN1, Phase.MAIN2)


@dataclass(frozen=True, slots=True)
class Play:
    """One play: a cast of ``obj`` as ``option`` with ``splice`` spliced onto it, or (``door``
    set) the unlock of that door of the Room ``obj``."""

    obj: ObjectId
    option: CastOption | None = None
    splice: tuple[ObjectId, ...] = ()
    door: Side | None = None


class SplitPlays:
    """The split-card plays of one game's players (see the module's description).

    ``mana`` gives the kinds of mana each source of a player could make now; ``cast`` and
    ``unlocked`` are told of each play made, to show it."""

    def __init__(
        self,
        table: Table,
        rules: RuleVersion,
        mana: Callable[[Player], Sequence[frozenset[str]]],
        cast: Callable[[Player, ObjectId, CastOption], None],
        unlocked: Callable[[Player, ObjectId, Side], None],
    ) -> None:
        self.table = table
        self.rules = rules
        self._mana = mana
        self._cast = cast
        self._unlocked = unlocked
        self._tried: set[tuple[int, Timing, Play]] = set()

    def make_one(self, player: Player, turn: int) -> bool:
        """Make one play for ``player`` about to pass priority, if one is allowed and could be
        paid; whether one was made."""
        timing = self.table.host.timing()
        if timing.active is not player or timing.phase not in MAIN_PHASES or not timing.stack_empty:
            return False
        for play in self._plays(player):
            key = (turn, timing, play)
            if key in self._tried:
                continue
            made = self._make(player, play)
            if made is None:
                continue  # not allowed or not payable now; later, with a land played, it may be
            if made:
                return True
            self._tried.add(key)
        return False

    def holds(self, obj: ObjectId, player: Player) -> bool:
        """Whether ``player`` keeps ``obj``, a card with fuse, for a turn they can cast it fused."""
        if not self.table.view(obj).card.fuse:
            return False
        if CastOption.FUSED not in self.table.castable(obj, caster=player).value:
            return False
        return not self.fuse_instead(obj, None, player)

    def fuse_instead(self, obj: ObjectId, choice: CastOption | None, player: Player) -> bool:
        """Whether ``player``, whose AI chose to cast ``obj`` as ``choice``, casts it fused instead."""
        if choice is CastOption.FUSED or not self.table.view(obj).card.fuse:
            return False
        try:
            cost = self.table.cast_decision(obj, CastOption.FUSED, caster=player).total_cost
        except IllegalAction:
            return False
        return self._can_pay(player, cost)

    def _plays(self, player: Player) -> Iterator[Play]:
        table = self.table
        for obj in table.objects_in(Zone.BATTLEFIELD):
            view = table.view(obj)
            if view.card.is_room and view.controller is player:
                yield from (Play(obj, door=door) for door in Side if door not in view.unlocked)
        hand = [(obj, table.view(obj)) for obj in table.objects_in(Zone.HAND)]
        hand = [(obj, view) for obj, view in hand if view.owner is player]
        yield from (Play(obj, CastOption.FUSED) for obj, view in hand if view.card.fuse)
        for obj, _view in hand:
            for option in table.castable(obj, caster=player).value:
                spliced = table.splice_candidates(obj, option, caster=player).value
                if spliced:
                    yield Play(obj, option, tuple(spliced))

    def _make(self, player: Player, play: Play) -> bool | None:
        """Make ``play``: whether it was made, or ``None`` when the rules don't allow it now or the
        player could not pay for it (nothing was tried)."""
        table = self.table
        try:
            if play.door is not None:
                allowed = table.can_unlock(play.obj, play.door).value
                if not allowed or not self._can_pay(player, table.unlock_cost(play.obj, play.door).value):
                    return None
                table.unlock(play.obj, play.door)
                self._unlocked(player, play.obj, play.door)
                return True
            assert play.option is not None
            if play.option not in table.castable(play.obj, caster=player).value:
                return None
            cost = table.cast_decision(play.obj, play.option, play.splice, caster=player).total_cost
            if not self._can_pay(player, cost):
                return None
            table.cast(play.obj, play.option, play.splice, caster=player)
        except (IllegalAction, NotSupported):
            # Refused by the rules, or by the engine (no legal target, say): not tried again.
            return False
        self._cast(player, play.obj, play.option)
        return True

    def _can_pay(self, player: Player, cost: ManaCost | None) -> bool:
        return payable(cost, self._mana(player), self.rules).value
