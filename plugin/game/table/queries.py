"""The questions a :class:`~splitcards.game.table.Table` answers without acting: what may be cast
and what it would cost, what may be spliced, whether a door may be unlocked and for what, the
legal names, and the characteristics of an object.

Each asks the hooks its action asks, as the action asks them, up to the host: a plugin that
refuses or decides an action answers these questions too, and an option a question offers is one
its action takes (``castable`` offers the options whose cast ``cast_refusal`` does not refuse,
and ``cast`` raises the refusal ``cast_refusal`` gives).
"""

from __future__ import annotations

import warnings
from collections.abc import Hashable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar, cast, overload

from splitcards.errors import IllegalAction
from splitcards.game.contract import CastDecision, CastRequest
from splitcards.game.plugins import hookcalls
from splitcards.game.table.castmemo import AnswerMemo, CastableMemo
from splitcards.game.table.hostcheck import CheckedHost
from splitcards.game.table.inputs import CastOrder, cast_request, enum_of, takes_order
from splitcards.game.table.state import NOTHING_SEEN, Board, BoardItems, Snapshot, snapshot
from splitcards.game.table.tablehooks import TableHooks, _unanswered
from splitcards.game.table.targetmemo import TargetMemo
from splitcards.rules.actions import Prohibition, TargetChoices
from splitcards.rules.card import Card, Side
from splitcards.rules.citations import Question
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import Answer, CastOption, ObjectId, ObjectView, Player, Timing, UnlockBy, Zone

if TYPE_CHECKING:
    from splitcards.rules.characteristics import Query
    from splitcards.rules.conditions import Condition

T = TypeVar("T")


class TableQueries(TableHooks):
    """The questions of a Table (its base class); see the module's description."""

    _checked: CheckedHost
    _castable: CastableMemo
    _targets: TargetMemo
    _answers: AnswerMemo
    last_cost: ManaCost | None
    judge_targets: bool
    plotted: dict[ObjectId, int | None]
    prohibitions: tuple[Prohibition, ...]

    def _board(self) -> Board:
        return Board(self._checked)

    def _request(
        self, order: CastOrder, view: ObjectView | None = None, during_resolution: bool = False
    ) -> CastRequest:
        seen = self._checked.view(order.obj) if view is None else view
        request = cast_request(order, seen, self._checked, self.rules, during_resolution)
        if request.plotted:
            # Judged against the turn the card became plotted on, when it is known (702.170d).
            request = replace(request, plotted_on=self.plotted.get(order.obj))
        # The effects in force that forbid casts by name are the rules' to judge (check_cast).
        return replace(request, prohibitions=self.prohibitions) if self.prohibitions else request

    def _cast_answer(
        self, request: CastRequest, timing: Timing | None = None, board: Board | None = None, *, kept: bool = False
    ) -> CastDecision | IllegalAction:
        """The cast with the plugins' cost effects (``decide_cost_effects``), checked
        (``check_cast``), then decided (``decide_cast``): its decision, or its refusal. With
        ``kept``, an answer may be one given before in the same circumstances (:class:`AnswerMemo`):
        for a caller that only reads it, never raises it."""
        if kept and self.judge_targets and request.targets is None and not request.splice and self._answers.keeps():
            return self._kept_answer(request, self._checked.timing() if timing is None else timing, board)
        added = [effect for found in self._joined(hookcalls.decide_cost_effects, request=request) for effect in found]
        if added:
            request = replace(request, cost_effects=(*request.cost_effects, *added))
        timing = self._checked.timing() if timing is None else timing
        board = self._board() if board is None else board
        if self.judge_targets and request.targets is None:
            request = replace(request, targets=self._target_choices(request, board).value)
        refusal = self._ask(hookcalls.check_cast, request=request, timing=timing, board=board)
        if refusal is not None:
            return refusal
        decision = self._ask(hookcalls.decide_cast, request=request)
        if decision is None:
            raise _unanswered(hookcalls.decide_cast)
        return decision

    def _kept_answer(self, request: CastRequest, timing: Timing, board: Board | None) -> CastDecision | IllegalAction:
        board = self._board() if board is None else board
        targets = self._target_choices(request, board).value
        key = (request, timing)
        found = self._answers.get(key, targets)
        if found is not None:
            return found
        mark = board.mark()
        found = self._cast_answer(replace(request, targets=targets), timing, board)
        # An answer that read the board other than through its targets' choices is not kept.
        if board.seen_since(mark) is NOTHING_SEEN:
            self._answers.keep(key, targets, found)
        return found

    def _target_choices(self, request: CastRequest, board: Board) -> Answer[tuple[TargetChoices, ...]]:
        """``decide_targets``' answer for the cast: the board is read from the host only if the
        answer looks at it (a spell whose text requires no target, or only players, never does)."""
        return self._targets.choices(
            request, board, lambda: self._decided(hookcalls.decide_targets, request=request, board=BoardItems(board))
        )

    def _circumstances(self, obj: ObjectId) -> Hashable:
        """What the Table keeps that the rules read of a cast besides its view and timing: the
        prohibitions in force, and the turn ``obj`` was plotted on. A kept answer is of these too."""
        return (self.prohibitions, self.plotted.get(obj))

    @takes_order(CastOrder)
    def target_choices(self, order: CastOrder) -> Answer[tuple[TargetChoices, ...]]:
        """The legal choices now for each target the cast would require (601.2c, 115.1): one
        :class:`~splitcards.rules.targets.TargetChoices` per target of the halves cast (both for a
        fused spell) and of the cards spliced onto it, as ``decide_targets`` decides them. A
        cast refuses a target with none (``IllegalTarget``), whether or not this is asked. The
        parameters are those of ``cast``, the fields of :class:`~splitcards.game.table.CastOrder`."""
        return self._target_choices(self._request(order), self._board())

    def _cast_decision(self, request: CastRequest) -> CastDecision:
        """The cast's decision (:meth:`_cast_answer`); its refusal is raised."""
        found = self._cast_answer(request)
        if isinstance(found, IllegalAction):
            raise found
        return found

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

    def name_choices(self, card: Card, described: Condition | None = None) -> Answer[tuple[tuple[str, ...], ...]]:
        """The legal answers when a player chooses a card name wanting ``card`` (709.4a, 201.4b): each a tuple of
        names (both halves' under the versions whose choice names both). With ``described``, the
        characteristics the name's card must have ("a noncreature, nonland card name"): those
        ``decide_described_names`` keeps, which may be none; its refusal (no rule of the version
        decides it) is raised."""
        found = self._decided(hookcalls.on_name_choice, card=card)
        legal = tuple(tuple(c) for c in found)
        if described is not None:
            return self._decided(hookcalls.decide_described_names, card=card, legal=legal, described=described)
        return Answer(legal, self._cited(Question.NAME_CHOICES), self.rules.name)

    def castable(
        self, obj: ObjectId, permission: Zone | None = None, caster: Player | None = None
    ) -> Answer[tuple[CastOption, ...]]:
        """The options ``caster`` (default: the owner) may cast ``obj`` as now, any step of any turn
        (``permission``: a zone an effect lets it be cast from): those :meth:`cast_refusal` does
        not refuse, each asked as ``cast`` asks it."""
        view = self._checked.view(obj)
        timing = self._checked.timing()
        permission = enum_of(Zone, permission, "zone", self.rules) if permission is not None else None
        caster = enum_of(Player, caster, "player", self.rules) if caster is not None else None
        key = (view, permission, caster, timing, self._circumstances(obj))
        keeps = self._castable.keeps()
        board = self._board()
        found = self._castable.get(key, board) if keeps else None
        if found is not None:
            return found
        allowed = []
        # Every option is put to the hooks: the rules refuse the halves a card lacks (709.3).
        for option in CastOption:
            request = self._request(CastOrder(obj, option, caster=caster, permission=permission), view)
            if not isinstance(self._cast_answer(request, timing, board, kept=True), IllegalAction):
                allowed.append(option)
        found = Answer(tuple(allowed), self._cited(Question.CASTABLE), self.rules.name)
        # An answer that looked at the other objects (a target's choices, 601.2c) is of them too.
        seen = board.seen_since(0) if keeps else None
        if seen is not None:
            self._castable.keep(key, found, seen)
        return found

    @takes_order(CastOrder)
    def cast_refusal(self, order: CastOrder) -> IllegalAction | None:
        """What refuses this cast now, without casting: the typed error citing its rule that
        :meth:`~splitcards.game.table.Table.cast` would raise, or ``None`` when the rules would
        cast it. The parameters are those of ``cast``, the fields of
        :class:`~splitcards.game.table.CastOrder`."""
        found = self._cast_answer(self._request(order))
        return found if isinstance(found, IllegalAction) else None

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
        found = self._decided(hookcalls.decide_spliceable, cards=cards)
        return Answer(tuple(found.value), found.rules, found.version)

    def splice_candidates(
        self, obj: ObjectId, option: CastOption | None = None, caster: Player | None = None
    ) -> Answer[tuple[ObjectId, ...]]:
        """The cards that may be spliced onto ``obj`` if ``caster`` casts it now as ``option``
        (702.47a), each one on its own: those the cast splicing it would be decided with."""
        view = self._checked.view(obj)  # an object the host doesn't know is refused, whatever the hand
        request = self._request(CastOrder(obj, option, caster=caster), view)
        zones = self._decided(hookcalls.decide_splice_zones, spell=view, caster=request.caster)
        pool = tuple(
            (other, self._checked.view(other))
            for zone in Zone
            if zone in zones.value
            for other in self._checked.objects_in(zone)
            if other != obj
        )
        # A card that can't be spliced at all is not put to the hooks, which would only refuse it.
        spliceable = self._decided(hookcalls.decide_spliceable, cards=pool).value
        found: list[ObjectId] = []
        if spliceable:
            timing, board = self._checked.timing(), self._board()
            # A spell that can't be cast takes no splice: one question spares one per card.
            if not isinstance(self._cast_answer(request, timing, board), IllegalAction):
                for other, other_view in pool:
                    if other not in spliceable:
                        continue
                    candidate = replace(request, splice=((other, other_view),))
                    if not isinstance(self._cast_answer(candidate, timing, board), IllegalAction):
                        found.append(other)
        return Answer(tuple(found), zones.rules, self.rules.name)

    def can_unlock(self, obj: ObjectId, door: Side | str, player: Player | None = None) -> Answer[bool]:
        """Whether ``player`` (default: the controller of the Room ``obj``) may take the unlock
        special action for ``door`` now (709.5e): neither its check nor its cost refuses it."""
        view = self._checked.view(obj)
        by = UnlockBy.SPECIAL_ACTION
        (side,) = self._decided(hookcalls.decide_doors, card=view.card, named=door, by=by)
        timing = self._checked.timing()
        who = view.controller if player is None else enum_of(Player, player, "player", self.rules)
        refusal = self._ask(hookcalls.check_unlock, view=view, door=side, by=by, timing=timing, player=who)
        if refusal is None:
            cost = self._ask(hookcalls.decide_unlock_cost, view=view, door=side, effects=(), by=by)
            if cost is None:
                raise _unanswered(hookcalls.decide_unlock_cost)
            refusal = cost if isinstance(cost, IllegalAction) else None
        if refusal is not None:
            return Answer(False, refusal.rules, self.rules.name)
        return Answer(True, self._cited(Question.UNLOCK), self.rules.name)

    def unlock_cost(self, obj: ObjectId, door: Side | str) -> Answer[ManaCost | None]:
        """What the unlock special action for the ``door`` of ``obj`` costs, with no effect changing it
        (709.5e, 116.2m)."""
        view = self._checked.view(obj)
        by = UnlockBy.SPECIAL_ACTION
        (side,) = self._decided(hookcalls.decide_doors, card=view.card, named=door, by=by)
        return self._decided(hookcalls.decide_unlock_cost, view=view, door=side, effects=(), by=by)

    @overload
    def characteristic(self, obj: ObjectId | ObjectView, query: Query[T]) -> Answer[T]: ...
    @overload
    def characteristic(self, obj: ObjectId | ObjectView, query: str) -> Answer[Any]: ...
    def characteristic(self, obj: ObjectId | ObjectView, query: Query[Any] | str) -> Answer[Any]:
        """A characteristic of the object ``obj`` (or of a view, such as a spell as it was on the
        stack): ``query`` is a query of :mod:`splitcards.rules.characteristics` such as ``NAMES``,
        or its name (``decide_characteristic``; ``UnknownQuery`` for a name that is none)."""
        view = obj if isinstance(obj, ObjectView) else self._checked.view(obj)
        return cast(Answer[Any], self._decided(hookcalls.decide_characteristic, view=view, query=query))

    def has_name(self, obj: ObjectId, name: str) -> Answer[bool]:
        """Whether the object ``obj`` has the name ``name`` (709.4a): a split card has each half's name, never "A
        // B" (``decide_has_name``)."""
        return self._decided(hookcalls.decide_has_name, view=self._checked.view(obj), name=name)

    def compare(self, obj: ObjectId, characteristic: str, op: str, value: int | str) -> Answer[bool]:
        """Whether ``obj``'s ``characteristic`` (``"mana_value"`` or ``"color"``) compares with ``value`` by
        ``op`` (``==``, ``!=``, ``<``, ``<=``, ``>``, ``>=``): yes if any of its answers says yes, and ``!=``
        yes when ``==`` is no (708.6, 709.4; ``decide_comparison``; ``UnknownQuery`` for a comparison that is
        none)."""
        view = self._checked.view(obj)
        return self._decided(hookcalls.decide_comparison, view=view, characteristic=characteristic, op=op, value=value)
