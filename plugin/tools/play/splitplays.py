"""The split-card plays the game loop of :mod:`splitcards.tools.play` makes for an engine's AI:
the ones its engine never offers, and the ones an AI that doesn't know the mechanics leaves out.

* Before a player passes priority, one of their cards the engine never offers its AI (an
  aftermath half in a graveyard, 702.127a) is cast if the rules allow it now, at any step.
* In their own main phase with the stack empty (when a player spends the turn's mana), before
  the AI's cast or pass, one of these is made, in this order: unlock a locked door of a Room they
  control by the special action (709.5e); cast a card with fuse from their hand fused
  (702.102a); cast a spell from their hand with the cards the rules let them splice onto it
  (702.47a), each in turn while the mana could still pay the total.
* When the AI casts a card with fuse, it is cast fused if the player could pay for both halves.
  Under a rule version with fuse, the card is kept (the AI doesn't cast it this turn) until the
  rules offer its fused cast (:meth:`~splitcards.game.table.Table.moves`) and the player could pay
  for both halves, as a player keeps a fuse card for the turn they can fuse it; a fused cast the
  engine refuses (a half with no target, 601.2c) keeps it for the rest of the turn.
* When the AI casts a spell onto which the rules would let the player splice a card from their
  hand, or a card they could splice onto a spell in their hand, both are kept while the spell
  with that splice is one mana more than the player could pay: the next land pays for the splice.
* A kept card is not cast: the AI's cast of it counts as its pass, and the player may cast
  another spell instead.

A play is made only if the mana the player could make could pay its total cost
(:func:`splitcards.rules.costs.payable`); one the engine or the rules refused is not tried again
in the same turn and step, and none is looked for while a player has no mana, or the same mana as
when none could be made. Nothing here decides a rule: which plays are allowed and what each
costs are the :class:`~splitcards.game.table.Table`'s answers (:meth:`~splitcards.game.table.Table.moves`,
:meth:`~splitcards.game.table.Table.splice_candidates`, looked for only when the player holds a
card :meth:`~splitcards.game.table.Table.spliceable` names); this module only chooses among them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from splitcards.errors import IllegalAction, NotSupported
from splitcards.game.table import Table
from splitcards.game.table.moves import CastMove, UnlockMove
from splitcards.rules.costs import payable
from splitcards.rules.mana import ANY_KIND, ManaCost
from splitcards.rules.model import CastOption, ObjectId, Player, Timing, Zone
from splitcards.rules.versions import RuleVersion


@dataclass(frozen=True, slots=True)
class Spliced:
    """A cast of ``obj`` as ``option`` with the cards ``splice`` spliced onto it."""

    obj: ObjectId
    option: CastOption
    splice: tuple[ObjectId, ...]


Play = CastMove | UnlockMove | Spliced


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
        unlocked: Callable[[Player, ObjectId, UnlockMove], None],
    ) -> None:
        self.table = table
        self.rules = rules
        self._mana = mana
        self._cast = cast
        self._unlocked = unlocked
        self._tried: set[tuple[int, Timing, Play | ObjectId]] = set()
        self._spent: tuple[int, Timing, tuple[frozenset[str], ...]] | None = None

    # -- in the player's own main phase ------------------------------------------------------

    def make_one(self, player: Player, turn: int) -> bool:
        """Make one play for ``player`` in their own main phase with the stack empty, if one is
        allowed and could be paid; whether one was made."""
        timing = self.table.host.timing()
        if not timing.sorcery_speed(player):
            return False
        mana = tuple(self._mana(player))
        # Nothing new to try while the player's mana is what it was when nothing could be made.
        if not mana or (turn, timing, mana) == self._spent:
            return False
        for play in self._plays(player):
            key = (turn, timing, play)
            if key in self._tried or not self._can_pay(player, self._cost(play, player)):
                continue  # a play not paid for now may be once a land is played
            if self._make(player, play):
                return True
            self._tried.add(key)
        self._spent = (turn, timing, mana)
        return False

    def _plays(self, player: Player) -> Iterator[Play]:
        table = self.table
        yield from (m for m in table.moves(player, table.objects_in(Zone.BATTLEFIELD)) if isinstance(m, UnlockMove))
        hand = [obj for obj in table.objects_in(Zone.HAND) if table.view(obj).owner is player]
        fuse = [obj for obj in hand if table.view(obj).card.fuse]
        yield from (m for m in table.moves(player, fuse) if isinstance(m, CastMove) and m.option is CastOption.FUSED)
        if not table.spliceable(hand).value:
            return  # the player has no card to splice: no spell of theirs is looked at for one
        for move in table.moves(player, hand):
            # A splice is looked for only onto a spell the player could pay for by itself.
            if isinstance(move, CastMove) and self._can_pay(player, move.cost):
                spliced = self.splices(move.obj, move.option, player)
                if spliced:
                    yield Spliced(move.obj, move.option, spliced)

    def _cost(self, play: Play, player: Player) -> ManaCost | None:
        if not isinstance(play, Spliced):
            return play.cost
        return self._total(play.obj, play.option, play.splice, player)

    def _total(
        self, obj: ObjectId, option: CastOption, splice: tuple[ObjectId, ...], player: Player
    ) -> ManaCost | None:
        """The cast's total cost, or ``None`` when it costs no mana or the rules refuse it (a
        cast then tried is refused with their reason)."""
        try:
            return self.table.cast_decision(obj, option, splice, caster=player).total_cost
        except IllegalAction:
            return None

    # -- splice ------------------------------------------------------------------------------

    def splices(self, obj: ObjectId, option: CastOption, player: Player) -> tuple[ObjectId, ...]:
        """The cards ``player`` splices onto ``obj`` cast now as ``option``: of the cards the rules
        let them splice onto it (702.47a), each in turn while the mana could still pay the total."""
        chosen: tuple[ObjectId, ...] = ()
        for card in self.table.splice_candidates(obj, option, caster=player).value:
            more = (*chosen, card)
            if self._can_pay(player, self._total(obj, option, more, player)):
                chosen = more
        return chosen

    def _splice_waits(self, obj: ObjectId, player: Player) -> bool:
        """Whether ``player`` keeps ``obj`` for a splice next turn: ``obj`` is a spell they could
        cast now alone, or a card the rules would let them splice onto such a spell in their hand,
        and the spell with that splice is one more mana than they could pay now."""
        table = self.table
        hand = [other for other in table.objects_in(Zone.HAND) if table.view(other).owner is player]
        spliceable = table.spliceable(hand).value
        if not spliceable:
            return False
        mana = [*self._mana(player), ANY_KIND]  # one more land, of whatever kind
        # A card that can't be spliced is kept only for a splice onto itself.
        for move in table.moves(player, hand if obj in spliceable else (obj,)):
            if not isinstance(move, CastMove) or not self._can_pay(player, move.cost):
                continue
            candidates = table.splice_candidates(move.obj, move.option, caster=player).value
            kept = candidates if move.obj == obj else tuple(c for c in candidates if c == obj)
            for card in kept:
                total = self._total(move.obj, move.option, (card,), player)
                if not self._can_pay(player, total) and payable(total, mana, self.rules).value:
                    return True
        return False

    def _make(self, player: Player, play: Play) -> bool:
        table = self.table
        try:
            if isinstance(play, UnlockMove):
                table.unlock(play.obj, play.door)
                self._unlocked(player, play.obj, play)
                return True
            splice = play.splice if isinstance(play, Spliced) else ()
            permission = play.permission if isinstance(play, CastMove) else None
            table.cast(play.obj, play.option, splice, caster=player, permission=permission)
        except (IllegalAction, NotSupported):
            # Refused by the rules, or by the engine (no legal target, say): not tried again.
            return False
        self._cast(player, play.obj, play.option)
        return True

    # -- a card with fuse --------------------------------------------------------------------

    def holds(self, obj: ObjectId, player: Player) -> bool:
        """Whether ``player`` keeps ``obj`` for a later turn: a card with fuse, under a rule version
        with fuse, until the rules offer its fused cast and they can pay for both halves; a spell
        the rules would let them splice a card from their hand onto, or that card, until they can
        pay for one splice as well (the next land permitting)."""
        if self.rules.fuse and self.table.view(obj).card.fuse:
            fused = self._fused(obj, player)
            return fused is None or not self._can_pay(player, fused.cost)
        return self._splice_waits(obj, player)

    def fuse_instead(self, obj: ObjectId, choice: CastOption | None, player: Player) -> bool:
        """Whether ``player``, whose AI chose to cast ``obj`` as ``choice``, casts it fused instead."""
        fused = self._fused(obj, player) if choice is not CastOption.FUSED else None
        return fused is not None and self._can_pay(player, fused.cost)

    def _fused(self, obj: ObjectId, player: Player) -> CastMove | None:
        if not self.table.view(obj).card.fuse:
            return None
        moves = self.table.moves(player, (obj,))
        return next((m for m in moves if isinstance(m, CastMove) and m.option is CastOption.FUSED), None)

    # -- before any pass ---------------------------------------------------------------------

    def cast_not_offered(self, player: Player, cards: Sequence[ObjectId], turn: int) -> bool:
        """Cast one of ``cards``, cards of ``player`` the engine never offers, if the rules allow
        it now and the mana could pay; whether one was cast. A card is tried once per turn and
        timing, unless it was cast."""
        if not cards:
            return False
        timing = self.table.host.timing()
        for obj in cards:
            key = (turn, timing, obj)
            if key in self._tried:
                continue
            self._tried.add(key)
            for move in self.table.moves(player, (obj,)):
                if isinstance(move, CastMove) and self._can_pay(player, move.cost) and self._make(player, move):
                    self._tried.discard(key)
                    return True
        return False

    # -- any cast ----------------------------------------------------------------------------

    def affordable(self, player: Player, obj: ObjectId, option: CastOption, splice: Sequence[ObjectId]) -> bool:
        """Whether the mana ``player`` could make could pay for this cast's total cost; a cast the
        rules refuse counts as affordable, so that casting it reports their refusal."""
        return self._can_pay(player, self._total(obj, option, tuple(splice), player))

    def _can_pay(self, player: Player, cost: ManaCost | None) -> bool:
        return payable(cost, self._mana(player), self.rules).value
