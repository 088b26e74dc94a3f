"""The questions a :class:`~splitcards.game.table.Table` answers without acting: what may be cast
and what it would cost, what may be spliced, whether a door may be unlocked and for what, the
legal names, and the characteristics of an object.

Each asks the hooks of its action up to the action's decision, as the action itself does, so a
plugin that refuses or decides an action answers these questions too.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar, overload

from splitcards.game.contract import CastDecision, CastRequest
from splitcards.game.plugins import hookcalls
from splitcards.game.table.castmemo import CastableMemo
from splitcards.game.table.hostcheck import CheckedHost
from splitcards.game.table.inputs import CastOrder, cast_request, enum_of, takes_order
from splitcards.game.table.state import Board, Snapshot, snapshot
from splitcards.game.table.tablehooks import TableHooks
from splitcards.rules.card import Card, Side
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import Answer, CastOption, ObjectId, ObjectView, Player, UnlockBy, Zone

if TYPE_CHECKING:
    from splitcards.rules.characteristics import Query

T = TypeVar("T")


class TableQueries(TableHooks):
    """The questions of a Table (its base class); see the module's description."""

    _checked: CheckedHost
    _castable: CastableMemo
    last_cost: ManaCost | None

    def _board(self) -> Board:
        return Board(self._checked)

    def _request(
        self, order: CastOrder, view: ObjectView | None = None, during_resolution: bool = False
    ) -> CastRequest:
        seen = self._checked.view(order.obj) if view is None else view
        return cast_request(order, seen, self._checked, self.rules, during_resolution)

    def _cast_decision(self, request: CastRequest) -> CastDecision:
        """The cast with the plugins' cost effects (``decide_cost_effects``), checked
        (``check_cast``), then decided (``decide_cast``)."""
        added = [effect for found in self._joined(hookcalls.decide_cost_effects, request=request) for effect in found]
        if added:
            request = replace(request, cost_effects=(*request.cost_effects, *added))
        timing, board = self._checked.timing(), self._board()
        self._refuse(self._ask(hookcalls.check_cast, request=request, timing=timing, board=board))
        return self._decided(hookcalls.decide_cast, request=request)

    def view(self, obj: ObjectId) -> ObjectView:
        """The object ``obj`` as the host describes it now (checked: a wrong answer is a ``HostError``)."""
        return self._checked.view(obj)

    def objects_in(self, zone: Zone) -> tuple[ObjectId, ...]:
        """The objects in ``zone`` now, as the host lists them (checked like its views)."""
        return tuple(self._checked.objects_in(zone))

    def snapshot(self) -> Snapshot:
        """The whole observable state, to compare before and after an action."""
        return snapshot(self._checked, self.events, self.last_cost)

    def check_card(self, card: Card) -> None:
        """Refuse ``card`` if it does not exist under this rule version (``UnknownCard``)."""
        self._refuse(self._ask(hookcalls.check_card, card=card))

    def name_choices(self, card: Card) -> Answer[tuple[tuple[str, ...], ...]]:
        """The legal answers when a player chooses a card name wanting ``card`` (709.4a, 201.4b): each a tuple of
        names (both halves' under the versions whose choice names both)."""
        found = self._decided(hookcalls.on_name_choice, card=card)
        return Answer(tuple(tuple(c) for c in found), self.rules.cite("name_choice"), self.rules.name)

    def castable(
        self, obj: ObjectId, permission: Zone | None = None, caster: Player | None = None
    ) -> Answer[tuple[CastOption, ...]]:
        """The options ``caster`` (default: the owner) may cast ``obj`` as now, any step of any turn
        (``permission``: a zone an effect lets it be cast from)."""
        view = self._checked.view(obj)
        timing = self._checked.timing()
        permission = enum_of(Zone, permission, "zone", self.rules) if permission is not None else None
        caster = enum_of(Player, caster, "player", self.rules) if caster is not None else None
        key = (view, permission, caster, timing)
        found = self._castable.get(key)
        if found is not None:
            return found
        board = self._board()
        allowed = []
        # Every option is put to the check: the rules refuse the halves a card lacks (709.3).
        for option in CastOption:
            request = self._request(CastOrder(obj, option, caster=caster, permission=permission), view)
            if self._ask(hookcalls.check_cast, request=request, timing=timing, board=board) is None:
                allowed.append(option)
        found = Answer(tuple(allowed), self.rules.cite("cast_half", "cast_zone", "timing"), self.rules.name)
        self._castable.keep(key, found)
        return found

    @takes_order(CastOrder)
    def cast_decision(self, order: CastOrder) -> CastDecision:
        """What this cast would be now, without casting: the decision (the spell and its total
        cost), or the typed error that refuses it. The parameters are those of
        :meth:`~splitcards.game.table.Table.cast`, the fields of :class:`~splitcards.game.table.CastOrder`."""
        return self._cast_decision(self._request(order))

    @takes_order(CastOrder)
    def check_cast(self, order: CastOrder) -> CastDecision:
        """Deprecated: use :meth:`~splitcards.game.table.Table.cast_decision`, which it calls (the name
        says what it returns); it takes the fields of :class:`~splitcards.game.table.CastOrder`."""
        warnings.warn("Table.check_cast is deprecated: use Table.cast_decision", DeprecationWarning, stacklevel=3)
        return self._cast_decision(self._request(order))

    def spliceable(self, objs: Iterable[ObjectId]) -> Answer[tuple[ObjectId, ...]]:
        """The cards among ``objs`` that could be spliced onto a spell at all (702.47a: the
        ``decide_spliceable`` decision); which spell each may be spliced onto now is
        :meth:`splice_candidates`' answer. With none, no spell has a splice candidate."""
        cards = tuple((obj, self._checked.view(obj)) for obj in objs)
        found = self._decided(hookcalls.decide_spliceable, cards=cards).value if cards else ()
        return Answer(tuple(found), self.rules.cite("splice"), self.rules.name)

    def splice_candidates(
        self, obj: ObjectId, option: CastOption | None = None, caster: Player | None = None
    ) -> Answer[tuple[ObjectId, ...]]:
        """The cards that may be spliced onto ``obj`` if ``caster`` casts it now as ``option``
        (702.47a), each one on its own."""
        self._checked.view(obj)  # an object the host doesn't know is refused, whatever the hand
        found: list[ObjectId] = []
        # Only a card in a hand can be revealed: the others would only be refused. A card that
        # can't be spliced at all is not put to the check, which would only build its refusal.
        hand = tuple(
            (other, self._checked.view(other)) for other in self._checked.objects_in(Zone.HAND) if other != obj
        )
        spliceable = self._decided(hookcalls.decide_spliceable, cards=hand).value if hand else ()
        if spliceable:
            request = self._request(CastOrder(obj, option, caster=caster))
            timing = self._checked.timing()
            board = self._board()
            # A spell that can't be cast takes no splice: one check spares one per card in hand.
            if self._ask(hookcalls.check_cast, request=request, timing=timing, board=board) is None:
                for other, other_view in hand:
                    if other not in spliceable:
                        continue
                    candidate = replace(request, splice=((other, other_view),))
                    if self._ask(hookcalls.check_cast, request=candidate, timing=timing, board=board) is None:
                        found.append(other)
        return Answer(tuple(found), self.rules.cite("splice"), self.rules.name)

    def can_unlock(self, obj: ObjectId, door: Side | str) -> Answer[bool]:
        """Whether the controller of the Room ``obj`` may take the unlock special action for ``door``
        now (709.5e)."""
        view = self._checked.view(obj)
        by = UnlockBy.SPECIAL_ACTION
        (side,) = self._decided(hookcalls.decide_doors, card=view.card, named=door, by=by)
        timing = self._checked.timing()
        refusal = self._ask(hookcalls.check_unlock, view=view, door=side, by=by, timing=timing)
        if refusal is not None:
            return Answer(False, refusal.rules, self.rules.name)
        return Answer(True, self.rules.cite("unlock_action"), self.rules.name)

    def unlock_cost(self, obj: ObjectId, door: Side | str) -> Answer[ManaCost | None]:
        """What the unlock special action for the ``door`` of ``obj`` costs, with no effect changing it
        (709.5e, 116.2m)."""
        view = self._checked.view(obj)
        (side,) = self._decided(hookcalls.decide_doors, card=view.card, named=door, by=UnlockBy.SPECIAL_ACTION)
        return self._decided(hookcalls.decide_unlock_cost, view=view, door=side, effects=())

    @overload
    def characteristic(self, obj: ObjectId | ObjectView, query: Query[T]) -> Answer[T]: ...
    @overload
    def characteristic(self, obj: ObjectId | ObjectView, query: str) -> Answer[Any]: ...
    def characteristic(self, obj: ObjectId | ObjectView, query: Query[Any] | str) -> Answer[Any]:
        """A characteristic of the object ``obj`` (or of a view, such as a spell as it was on the
        stack): ``query`` is a query of :mod:`splitcards.rules.characteristics` such as ``NAMES``,
        or its name."""
        # The characteristics load with the first question about one, not with the Table.
        from splitcards.rules.characteristics import Query

        found = query if isinstance(query, Query) else Query.named(query)
        view = obj if isinstance(obj, ObjectView) else self._checked.view(obj)
        return found(view, self.rules)

    def has_name(self, obj: ObjectId, name: str) -> Answer[bool]:
        """Whether the object ``obj`` has the name ``name`` (709.4a): a split card has each half's name, never "A
        // B"."""
        from splitcards.rules.characteristics import HasName

        return HasName(name)(self._checked.view(obj), self.rules)

    def compare(self, obj: ObjectId, characteristic: str, op: str, value: int | str) -> Answer[bool]:
        """Whether ``obj``'s ``characteristic`` (``"mana_value"`` or ``"color"``) compares with ``value`` by
        ``op`` (``==``, ``!=``, ``<``, ``<=``, ``>``, ``>=``): yes if any of its answers says yes, and ``!=``
        yes when ``==`` is no (708.6, 709.4)."""
        from splitcards.rules.characteristics import Comparison

        return Comparison(characteristic, op, value)(self._checked.view(obj), self.rules)
