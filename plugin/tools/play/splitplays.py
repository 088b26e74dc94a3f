"""The split-card plays the game loop of :mod:`splitcards.tools.play` makes for an engine's AI:
the ones its engine never offers, and the ones an AI that doesn't know the mechanics leaves out.

* Before a player passes priority, one of their cards the engine never offers its AI (an
  aftermath half in a graveyard, 702.127a) is cast if the rules allow it now, at any step.
* In their own main phase with the stack empty (when a player spends the turn's mana), before
  the AI's cast or pass, one of these is made, in this order: unlock a locked door of a Room they
  control by the special action (709.5e); cast a card with fuse from their hand fused
  (702.102a); cast a spell from their hand with the cards the rules let them splice onto it
  (702.47a), each in turn while the mana could still pay the total.
* When the AI passes in its own main phase with the stack empty and mana to spend, a card whose
  mechanic an AI that doesn't know it leaves out is cast: a Room (one door; the other is then
  unlocked by the special action) or an aftermath card's first half (its aftermath half then
  castable from the graveyard).
* When the AI casts a card with fuse, it is cast fused if the player could pay for both halves.
  Under a rule version with fuse, the card is kept (the AI doesn't cast it this turn) until the
  rules offer its fused cast (:meth:`~splitcards.game.table.Table.moves`) and the player could pay
  for both halves, as a player keeps a fuse card for the turn they can fuse it (while a half has
  no legal target the rules offer no fused cast, 601.2c); a fused cast the engine refuses keeps it
  for the rest of the turn.
* When the AI casts a spell onto which the rules would let the player splice a card from their
  hand, or a card they could splice onto a spell in their hand, both are kept while the spell
  with that splice is one mana more than the player could pay: the next land pays for the splice.
* A kept card is not cast: the AI's cast of it counts as its pass, and the player may cast
  another spell instead.

Every play is a move (:mod:`splitcards.game.contract.moves`; a cast with cards spliced onto it is
one too) and is made only if the engine says it could carry it out now, paying its total cost
(the AI host's :meth:`~splitcards.game.contract.aihost.AIHost.playable`); one the engine or the
rules refused is not tried again in the same turn and step, and none is looked for while a player
has no mana, or the same mana as when none could be made. It is played as every move of the game
is, through :meth:`Table.play <splitcards.game.table.Table.play>` (the game loop adds the engine's
part). Nothing here decides a rule: which plays are allowed and what each costs are the
:class:`~splitcards.game.table.Table`'s answers (:meth:`~splitcards.game.table.Table.moves`,
:meth:`~splitcards.game.table.Table.cast_decision`, :meth:`~splitcards.game.table.Table.splice_candidates`,
looked for only when the player holds a card :meth:`~splitcards.game.table.Table.spliceable`
names); this module only chooses among them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from splitcards.errors import IllegalAction, NotSupported
from splitcards.game.table import Table
from splitcards.game.table.moves import CastMove, Move, UnlockMove
from splitcards.rules.card import Card
from splitcards.rules.costs import payable
from splitcards.rules.mana import ANY_KIND, ManaCost
from splitcards.rules.model import CastOption, ObjectId, Player, Timing, Zone
from splitcards.rules.versions import RuleVersion

Playable = Callable[[Player, Sequence[Move]], Sequence[Move]]
"""The moves among those given that the engine could carry out now for the player."""
Play = Callable[[Player, Move], None]
"""Play a move for the player: the rules' part and the engine's."""


class SplitPlays:
    """The split-card plays of one game's players (see the module's description).

    ``mana`` gives the kinds of mana each source of a player could make now; ``cast`` and
    ``unlocked`` are told of each play made, to show it. ``play`` plays a move (default: the
    table's :meth:`~splitcards.game.table.Table.play`), ``playable`` says which moves the engine
    could carry out (default: those whose total cost ``mana`` could pay)."""

    def __init__(
        self,
        table: Table,
        rules: RuleVersion,
        mana: Callable[[Player], Sequence[frozenset[str]]],
        cast: Callable[[Player, ObjectId, CastOption], None],
        unlocked: Callable[[Player, ObjectId, UnlockMove], None],
        *,
        play: Play | None = None,
        playable: Playable | None = None,
    ) -> None:
        self.table = table
        self.rules = rules
        self._mana = mana
        self._cast = cast
        self._unlocked = unlocked
        self._play = play or self._table_play
        self._playable = playable or self._by_mana
        self._tried: set[tuple[int, Timing, Move | ObjectId]] = set()
        self._spent: tuple[int, Timing, tuple[frozenset[str], ...]] | None = None
        self._spent_passing: tuple[int, Timing, tuple[frozenset[str], ...]] | None = None

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
            if key in self._tried or not self.affords(player, play):
                continue  # a play not paid for now may be once a land is played
            if self._make(player, play):
                return True
            self._tried.add(key)
        self._spent = (turn, timing, mana)
        return False

    def _plays(self, player: Player) -> Iterator[Move]:
        table = self.table
        yield from (m for m in table.moves(player, table.objects_in(Zone.BATTLEFIELD)) if isinstance(m, UnlockMove))
        hand = [obj for obj in table.objects_in(Zone.HAND) if table.view(obj).owner is player]
        fuse = [obj for obj in hand if table.view(obj).card.fuse]
        yield from (m for m in table.moves(player, fuse) if isinstance(m, CastMove) and m.option is CastOption.FUSED)
        if not table.spliceable(hand).value:
            return  # the player has no card to splice: no spell of theirs is looked at for one
        for move in table.moves(player, hand):
            # A splice is looked for only onto a spell the player could pay for by itself.
            if isinstance(move, CastMove) and self.affords(player, move):
                splice = self.splices(move.obj, move.option, player)
                spliced = self._spliced(move.obj, move.option, splice, player) if splice else None
                if spliced is not None:
                    yield spliced

    def cast_move(
        self,
        player: Player,
        obj: ObjectId,
        option: CastOption,
        splice: Sequence[ObjectId] = (),
        permission: Zone | None = None,
    ) -> CastMove:
        """``player``'s cast of ``obj`` as ``option`` with ``splice`` spliced onto it, as a move with the
        total cost the rules give it now; raises their refusal."""
        decision = self.table.cast_decision(obj, option, splice, caster=player, permission=permission)
        return CastMove(obj, option, decision.total_cost, permission, tuple(splice))

    def _spliced(
        self, obj: ObjectId, option: CastOption, splice: tuple[ObjectId, ...], player: Player
    ) -> CastMove | None:
        """The cast with these splices as a move, or ``None`` when the rules refuse it."""
        try:
            return self.cast_move(player, obj, option, splice)
        except IllegalAction:
            return None

    # -- splice ------------------------------------------------------------------------------

    def splices(self, obj: ObjectId, option: CastOption, player: Player) -> tuple[ObjectId, ...]:
        """The cards ``player`` splices onto ``obj`` cast now as ``option``: of the cards the rules
        let them splice onto it (702.47a), each in turn while the engine could still pay the total."""
        chosen: tuple[ObjectId, ...] = ()
        for card in self.table.splice_candidates(obj, option, caster=player).value:
            more = (*chosen, card)
            move = self._spliced(obj, option, more, player)
            if move is None or self.affords(player, move):
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
            if not isinstance(move, CastMove) or not self.affords(player, move):
                continue
            candidates = table.splice_candidates(move.obj, move.option, caster=player).value
            kept = candidates if move.obj == obj else tuple(c for c in candidates if c == obj)
            for card in kept:
                spliced = self._spliced(move.obj, move.option, (card,), player)
                if spliced is None:
                    continue
                if not self.affords(player, spliced) and payable(spliced.cost, mana, self.rules).value:
                    return True
        return False

    def _table_play(self, player: Player, move: Move) -> None:
        self.table.play(move, player)

    def _make(self, player: Player, play: Move) -> bool:
        try:
            self._play(player, play)
        except (IllegalAction, NotSupported):
            # Refused by the rules, or by the engine (no legal target, say): not tried again.
            return False
        if isinstance(play, UnlockMove):
            self._unlocked(player, play.obj, play)
        else:
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
            return fused is None or not self.affords(player, fused)
        return self._splice_waits(obj, player)

    def fuse_instead(self, obj: ObjectId, choice: CastOption | None, player: Player) -> bool:
        """Whether ``player``, whose AI chose to cast ``obj`` as ``choice``, casts it fused instead."""
        fused = self._fused(obj, player) if choice is not CastOption.FUSED else None
        return fused is not None and self.affords(player, fused)

    def _fused(self, obj: ObjectId, player: Player) -> CastMove | None:
        if not self.table.view(obj).card.fuse:
            return None
        moves = self.table.moves(player, (obj,))
        return next((m for m in moves if isinstance(m, CastMove) and m.option is CastOption.FUSED), None)

    # -- before any pass ---------------------------------------------------------------------

    def cast_not_offered(self, player: Player, cards: Sequence[ObjectId], turn: int) -> bool:
        """Cast one of ``cards``, cards of ``player`` the engine never offers, if the rules allow
        it now and the engine could pay; whether one was cast. A card is tried once per turn and
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
                if isinstance(move, CastMove) and self.affords(player, move) and self._make(player, move):
                    self._tried.discard(key)
                    return True
        return False

    # -- instead of a pass with mana to spend ------------------------------------------------

    def make_instead_of_passing(self, player: Player, turn: int) -> bool:
        """When ``player``'s AI passes in their own main phase with the stack empty and mana to
        spend: cast a card of theirs the rules allow now and the engine could pay whose mechanic
        an AI that doesn't know it leaves out, a Room (one door, the other left to unlock by the
        special action, 709.5e) or, under a rule version with aftermath, an aftermath card's first
        half (its aftermath half then castable from the graveyard, 702.127a); whether one was cast.
        A card the engine or the rules refused is not tried again in the same turn and step."""
        timing = self.table.host.timing()
        if not timing.sorcery_speed(player):
            return False
        mana = tuple(self._mana(player))
        if not mana or (turn, timing, mana) == self._spent_passing:
            return False
        table = self.table
        cards = [
            obj
            for obj in table.objects_in(Zone.HAND)
            if table.view(obj).owner is player and self._left_out(table.view(obj).card)
        ]
        for move in table.moves(player, cards) if cards else ():
            key = (turn, timing, move)
            if not isinstance(move, CastMove) or key in self._tried or not self.affords(player, move):
                continue
            if self._make(player, move):
                return True
            self._tried.add(key)
        self._spent_passing = (turn, timing, mana)
        return False

    def _left_out(self, card: Card) -> bool:
        return card.is_room or (self.rules.aftermath and any(half.aftermath for half in card.halves))

    # -- any cast ----------------------------------------------------------------------------

    def affords(self, player: Player, move: Move) -> bool:
        """Whether the engine could carry out ``move`` for ``player`` now, paying its total cost."""
        return bool(self._playable(player, (move,)))

    def affordable(self, player: Player, obj: ObjectId, option: CastOption, splice: Sequence[ObjectId]) -> bool:
        """Whether the engine could pay for this cast's total cost now; a cast the rules refuse
        counts as affordable, so that casting it reports their refusal."""
        move = self._spliced(obj, option, tuple(splice), player)
        return move is None or self.affords(player, move)

    def _by_mana(self, player: Player, moves: Sequence[Move]) -> Sequence[Move]:
        mana = self._mana(player)
        return [move for move in moves if self._can_pay(mana, move.cost)]

    def _can_pay(self, mana: Sequence[frozenset[str]], cost: ManaCost | None) -> bool:
        return payable(cost, mana, self.rules).value
