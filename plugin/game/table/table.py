"""A game with the split-card rules in force: every action checked, decided, taken and reported.

:class:`Table` sits between whoever drives a game (a conformance scenario, an engine's game
loop, a test) and a :class:`~splitcards.game.contract.Host`, and orchestrates, in pytest's order
(:mod:`splitcards.hooks.spec` gives each action's calls): the ``check_*`` hooks may refuse (the
built-in rules are ``trylast`` implementations), the decision hooks say what happens, the host
acts, and the report hooks say what happened; their events are the Table's record.

A refused action raises a typed error citing its rule before the host is asked to do anything,
so the game is as it was. The rules it asks live in :mod:`splitcards.rules`; what it is given is
read by :mod:`splitcards.game.table.inputs`, what the host answers is checked by
:mod:`splitcards.game.table.hostcheck`. A Table takes one action at a time and belongs to one thread
(:mod:`splitcards.game.table.oneaction`). The queries (``castable``, ``can_unlock``, ``check_cast``,
``splice_candidates``) ask the same ``check_*`` chain without acting.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any, TypeVar, overload

import pluggy

from splitcards.errors import IllegalChoice
from splitcards.game.contract import CastDecision, CastRequest, Host, Resolution
from splitcards.game.plugins import builtin, hookcalls
from splitcards.game.plugins.manager import default_manager
from splitcards.game.table.castmemo import CastableMemo
from splitcards.game.table.hostcheck import CheckedHost
from splitcards.game.table.inputs import CastOrder, cast_request, enum_of, takes_order
from splitcards.game.table.oneaction import Actions, one_at_a_time
from splitcards.game.table.state import Board, Snapshot, snapshot
from splitcards.game.table.tablehooks import TableHooks
from splitcards.rules import casting, characteristics, copies, costs, rooms, stack
from splitcards.rules.actions import NO_GRANTS, CastGrants
from splitcards.rules.card import Card, Side
from splitcards.rules.characteristics import Query
from splitcards.rules.costs import CostEffect
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import (
    Answer,
    CastOption,
    Event,
    ObjectId,
    ObjectView,
    Phase,
    Player,
    TimingChange,
    UnlockBy,
    Zone,
)
from splitcards.rules.versions import RuleVersion

T = TypeVar("T")


class Table(TableHooks):
    """One game under one rule version, on one host.

    ``pm`` is the plugin manager whose hooks are called; by default the process-wide manager of
    :func:`~splitcards.game.plugins.manager.default_manager`, so making a table costs no plugin discovery.
    """

    def __init__(self, host: Host, rules: RuleVersion, pm: pluggy.PluginManager | None = None) -> None:
        self.host = host
        # The Table's own calls go through the check of every answer and outcome.
        self._host = CheckedHost(host)
        self.rules = rules
        self.pm = pm if pm is not None else default_manager()
        self.events: list[Event] = []
        self.last_cost: ManaCost | None = None
        self._castable = CastableMemo(self.pm)
        self._actions = Actions()

    def _board(self) -> Board:
        return Board(self._host)

    # -- actions -------------------------------------------------------------------------

    @one_at_a_time
    def create(self, card: Card, zone: Zone, owner: Player = Player.P1) -> ObjectId:
        """Put a new card into a zone (setting up a position); a permanent created on the battlefield
        was not cast, so a Room has no unlocked designation (709.5d)."""
        zone = enum_of(Zone, zone, "zone", self.rules)
        owner = enum_of(Player, owner, "player", self.rules)
        casting.check_card_exists(card, self.rules)
        casting.check_destination(card, zone, self.rules)
        # Creating sets up a position: nothing happens in the game, so nothing is reported.
        return self._host.create(card, zone, owner)

    @one_at_a_time
    @takes_order(CastOrder)
    def cast(self, order: CastOrder) -> ObjectId:
        """Cast a card: one half, fused, or whole; splicing cards revealed from the caster's hand;
        ``x`` announced for {X} (107.3a); effects that increase or reduce its total cost (601.2f).
        The parameters are the fields of :class:`~splitcards.game.table.inputs.CastOrder`."""
        return self._cast(self._request(order), copy=False)

    def _request(
        self, order: CastOrder, view: ObjectView | None = None, during_resolution: bool = False
    ) -> CastRequest:
        seen = self._host.view(order.obj) if view is None else view
        return cast_request(order, seen, self._host, self.rules, during_resolution)

    def _decide(self, request: CastRequest) -> CastDecision:
        self._refuse(self._ask(hookcalls.check_cast, request=request, timing=self._host.timing(), board=self._board()))
        return casting.decide_cast(request, self.rules)

    def _cast(self, request: CastRequest, copy: bool, decision: CastDecision | None = None) -> ObjectId:
        if decision is None:
            decision = self._decide(request)
        facts = replace(decision.spell, copy=copy)
        spell = self._host.cast(request.object, facts)
        self.last_cost = decision.total_cost
        on_stack = stack.spell_view(request.view, facts, request.caster)
        for spliced in facts.spliced:
            self._report(hookcalls.on_splice, builtin.on_splice, spell=spell, spliced=spliced)
        self._report(hookcalls.on_cast, builtin.on_cast, spell=spell, view=on_stack, facts=facts)
        return spell

    @one_at_a_time
    def resolve(self, obj: ObjectId | None = None) -> Resolution:
        """The top object of the stack (or ``obj``, which must be on top) resolves."""
        top = stack.resolving(self._host.stack(), obj, self.rules)
        view = self._host.view(top)
        outcome = self._decided(hookcalls.on_resolve, spell=top, view=view)
        self._plugins_destination(hookcalls.on_resolve, view.card, outcome.destination)
        entering: ObjectView | None = None
        if outcome.destination is Zone.BATTLEFIELD:
            entering = stack.entering_view(view, outcome.token)
            cast = view.spell.option.side if view.spell else None
            outcome = replace(outcome, unlocked=self._doors(top, entering, cast))
        elif outcome.destination is not None:
            where = self.leave_stack(top, view, outcome.destination)
            cited = outcome.rules + tuple(n for n in where.rules if n not in outcome.rules)
            outcome = replace(outcome, destination=where.value, rules=cited)
        outcome = replace(outcome, controller=casting.controller_after(view, outcome.destination))
        self._host.resolve(top, outcome)
        if entering is not None:
            self._entered(top, entering, outcome.unlocked)
        return outcome

    def _doors(self, obj: ObjectId, entering: ObjectView, cast: Side | None) -> frozenset[Side]:
        return self._decided(hookcalls.on_enter_battlefield, permanent=obj, view=entering, cast=cast)

    def _entered(self, obj: ObjectId, entering: ObjectView, unlocked: frozenset[Side]) -> None:
        self._report(
            hookcalls.on_entered_battlefield,
            builtin.on_entered_battlefield,
            permanent=obj,
            view=entering,
            unlocked=unlocked,
        )
        self._unlocked(obj, entering, unlocked, UnlockBy.CAST)

    def _unlocked(self, obj: ObjectId, view: ObjectView, doors: Iterable[Side], by: UnlockBy) -> None:
        current = view
        for door in sorted(doors):
            self._report(hookcalls.on_unlock, builtin.on_unlock, permanent=obj, view=current, door=door, by=by)
            current = replace(current, unlocked=current.unlocked | {door})

    @one_at_a_time
    def move(self, obj: ObjectId, zone: Zone) -> Zone:
        """Move an object to a zone other than by casting; return where it really went.

        A spell leaving the stack loses its splices (702.47e) and an aftermath half cast from a
        graveyard is exiled instead (702.127a); a permanent put onto the battlefield was not cast.
        """
        zone = enum_of(Zone, zone, "zone", self.rules)
        view = self._host.view(obj)
        if view.zone is not zone:
            casting.check_destination(view.card, zone, self.rules)
        destination = self.leave_stack(obj, view, zone).value if view.zone is Zone.STACK else zone
        if destination is not Zone.BATTLEFIELD or view.zone is Zone.BATTLEFIELD:
            self._host.move(obj, destination)
            return destination
        entering = view.moved(Zone.BATTLEFIELD)
        unlocked = self._doors(obj, entering, None)
        self._host.move(obj, destination)
        if unlocked:
            self._host.set_unlocked(obj, unlocked)
        self._entered(obj, entering, unlocked)
        return destination

    def leave_stack(self, obj: ObjectId, view: ObjectView, destination: Zone) -> Answer[Zone]:
        """Where a spell's card goes when it leaves the stack for ``destination``: the plugins'
        ``on_leave_stack`` decide (built in: aftermath's exile, 702.127a).

        ``view`` is the spell as it was on the stack, so an engine that already took the card off
        the stack itself can ask where it should have gone.
        """
        found = self._ask(hookcalls.on_leave_stack, spell=obj, view=view, destination=destination)
        if not isinstance(found, Answer):
            # A plugin's bare zone: the plugin's own decision, with no rule of this version to cite.
            found = Answer(found if found is not None else destination, (), self.rules.name)
        self._plugins_destination(hookcalls.on_leave_stack, view.card, found.value)
        return found

    @one_at_a_time
    def copy_spell(self, obj: ObjectId) -> ObjectId:
        """Copy a spell on the stack (707.10): the same half or fused choice, not cast, and
        without text that splices added (text-changing effects are not copied, 702.47c, 707.2)."""
        return self._host.copy_spell(obj, copies.spell_copy(self._host.view(obj), self.rules))

    @one_at_a_time
    def copy_card(
        self,
        obj: ObjectId,
        cast: bool = False,
        option: CastOption | None = None,
        splice: Sequence[ObjectId] = (),
        grants: CastGrants = NO_GRANTS,
    ) -> ObjectId:
        """Copy a card in the zone it is in (707.12), keeping both halves (709.3c); optionally cast
        the copy, which happens while another spell resolves, so timing does not apply, splicing
        ``splice`` onto it with what ``grants`` adds. A cast the rules refuse is refused before the
        copy is made."""
        view = self._host.view(obj)
        copies.check_card_to_copy(view, self.rules)
        if not cast:
            return self._host.copy_card(obj)
        copy_view = copies.card_copy_to_cast(view)
        order = CastOrder(
            obj, option, splice, caster=copy_view.controller, permission=view.zone, without_paying=True, grants=grants
        )
        request = self._request(order, copy_view, during_resolution=True)
        # Decided once, before the copy exists: a refusal leaves the game as it was.
        decision = self._decide(request)
        copy = self._host.copy_card(obj)
        self._cast(replace(request, object=copy, view=self._host.view(copy)), copy=True, decision=decision)
        return copy

    @one_at_a_time
    def copy_permanent(self, obj: ObjectId) -> ObjectId:
        """A permanent enters as a copy of ``obj``: its halves, not its designations (709.5b)."""
        entering = copies.permanent_copy(self._host.view(obj), self.rules)
        unlocked = self._doors(obj, entering, None)
        copy = self._host.copy_permanent(obj)
        if unlocked:
            self._host.set_unlocked(copy, unlocked)
        self._entered(copy, entering, unlocked)
        return copy

    @one_at_a_time
    def unlock(
        self,
        obj: ObjectId,
        door: Side | str | frozenset[Side],
        by: UnlockBy = UnlockBy.SPECIAL_ACTION,
        cost_increase: ManaCost | None = None,
        cost_reduction: ManaCost | None = None,
        cost_effects: Sequence[CostEffect] = (),
    ) -> None:
        """Unlock a door (by side or by name) by the special action, paying its unlock cost as
        effects change it (709.5e, 116.2m, 118.7; the cost is left in ``last_cost``), or by an
        effect (709.5f); both doors at once (a set of both) by an effect, fully unlocking it once
        (709.5i). Spell-cost effects in ``cost_effects`` never change the unlock (116.2m)."""
        by = enum_of(UnlockBy, by, "unlocked by", self.rules)
        view = self._host.view(obj)
        sides = rooms.doors_to_unlock(view.card, door, by, self.rules)
        for side in sides:
            self._refuse(self._ask(hookcalls.check_unlock, view=view, door=side, by=by, timing=self._host.timing()))
        cost = None
        if by is UnlockBy.SPECIAL_ACTION:
            more, less, _ = costs.applying(cost_effects, None, self.rules)
            base = rooms.unlock_cost(view, sides[0], self.rules).value
            cost = costs.changed(base, costs.total([cost_increase, more]), costs.total([cost_reduction, less]))
        self._host.set_unlocked(obj, view.unlocked | set(sides))
        self.last_cost = cost
        self._unlocked(obj, view, sides, by)

    @one_at_a_time
    def lock(self, obj: ObjectId, door: Side | str) -> None:
        """Lock an unlocked door, by side or by name (709.5g)."""
        view = self._host.view(obj)
        side = rooms.door(view.card, door, self.rules)
        self._refuse(self._ask(hookcalls.check_lock, view=view, door=side))
        self._host.set_unlocked(obj, view.unlocked - {side})
        self._report(hookcalls.on_lock, builtin.on_lock, permanent=obj, view=view, door=side)

    @one_at_a_time
    def set_turn(
        self,
        active: Player | None = None,
        phase: Phase | None = None,
        priority: Player | None = None,
        stack_empty: bool | None = None,
    ) -> None:
        """Move the game to a timing context; the fields left ``None`` stay as they are."""
        self._host.set_timing(
            TimingChange(
                enum_of(Player, active, "player", self.rules) if active is not None else None,
                enum_of(Phase, phase, "phase", self.rules) if phase is not None else None,
                enum_of(Player, priority, "player", self.rules) if priority is not None else None,
                stack_empty,
            )
        )

    @one_at_a_time
    def choose_name(
        self, card: Card, choice: Sequence[str], player: Player = Player.P1, source: ObjectId | None = None
    ) -> tuple[str, ...]:
        """A player chooses a card name, wanting ``card`` (for ``source``'s ability, such as Meddling
        Mage's); the choice must be one of the legal answers of ``on_name_choice``."""
        player = enum_of(Player, player, "player", self.rules)
        legal = self.name_choices(card).value
        chosen = characteristics.legal_choice(choice, legal) or tuple(choice)
        if chosen not in legal:
            raise IllegalChoice(
                f"{list(chosen)} is not a legal name choice for {card.name!r} (legal: {[list(c) for c in legal]})",
                self.rules.cite("name_choice"),
                self.rules.name,
            )
        self._report(
            hookcalls.on_name_chosen, builtin.on_name_chosen, card=card, choice=chosen, player=player, source=source
        )
        return chosen

    # -- queries -------------------------------------------------------------------------

    def view(self, obj: ObjectId) -> ObjectView:
        return self._host.view(obj)

    def snapshot(self) -> Snapshot:
        """The whole observable state, to compare before and after an action."""
        return snapshot(self._host, self.events, self.last_cost)

    def check_card(self, card: Card) -> None:
        """Refuse a card that does not exist under this rule version (``UnknownCard``)."""
        casting.check_card_exists(card, self.rules)

    def name_choices(self, card: Card) -> Answer[tuple[tuple[str, ...], ...]]:
        found = self._decided(hookcalls.on_name_choice, card=card)
        return Answer(tuple(tuple(c) for c in found), self.rules.cite("name_choice"), self.rules.name)

    def castable(
        self, obj: ObjectId, permission: Zone | None = None, caster: Player | None = None
    ) -> Answer[tuple[CastOption, ...]]:
        """The options ``caster`` (default: the owner) may cast now, any step of any turn
        (``permission``: a zone an effect lets it be cast from)."""
        view = self._host.view(obj)
        timing = self._host.timing()
        permission = enum_of(Zone, permission, "zone", self.rules) if permission is not None else None
        caster = enum_of(Player, caster, "player", self.rules) if caster is not None else None
        key = (view, permission, caster, timing)
        found = self._castable.get(key)
        if found is not None:
            return found
        board = self._board()
        allowed = []
        for option in casting.options_of(view.card, self.rules):
            request = self._request(CastOrder(obj, option, caster=caster, permission=permission), view)
            if self._ask(hookcalls.check_cast, request=request, timing=timing, board=board) is None:
                allowed.append(option)
        found = Answer(tuple(allowed), self.rules.cite("cast_half", "cast_zone", "timing"), self.rules.name)
        self._castable.keep(key, found)
        return found

    @takes_order(CastOrder)
    def check_cast(self, order: CastOrder) -> CastDecision:
        """Whether this cast is legal now, without casting: the decision (the spell and its total
        cost), or the typed error that refuses it. The parameters are those of :meth:`cast`."""
        return self._decide(self._request(order))

    def splice_candidates(
        self, obj: ObjectId, option: CastOption | None = None, caster: Player | None = None
    ) -> Answer[tuple[ObjectId, ...]]:
        """The cards that may be spliced onto this spell if it is cast now (702.47a), each one on its own."""
        request = self._request(CastOrder(obj, option, caster=caster))
        timing = self._host.timing()
        board = self._board()
        found: list[ObjectId] = []
        # A spell that can't be cast takes no splice: one check spares one per card in hand.
        if self._ask(hookcalls.check_cast, request=request, timing=timing, board=board) is None:
            types = casting.spell_types(request, self.rules)
            for other, other_view in board.items():
                # What the rules refuse, no plugin allows: the whole chain is asked only about
                # the cards the rules let be spliced.
                if (
                    casting.splice_refusal(other_view, types, request.caster, board, self.rules, request.view)
                    is not None
                ):
                    continue
                candidate = replace(request, splice=((other, other_view),))
                if self._ask(hookcalls.check_cast, request=candidate, timing=timing, board=board) is None:
                    found.append(other)
        return Answer(tuple(found), self.rules.cite("splice"), self.rules.name)

    def can_unlock(self, obj: ObjectId, door: Side | str) -> Answer[bool]:
        """Whether its controller may take the unlock special action for ``door`` now."""
        view = self._host.view(obj)
        side = rooms.door(view.card, door, self.rules)
        timing = self._host.timing()
        refusal = self._ask(hookcalls.check_unlock, view=view, door=side, by=UnlockBy.SPECIAL_ACTION, timing=timing)
        if refusal is not None:
            return Answer(False, refusal.rules, self.rules.name)
        return Answer(True, self.rules.cite("unlock_action"), self.rules.name)

    def unlock_cost(self, obj: ObjectId, door: Side | str) -> Answer[ManaCost | None]:
        """What the unlock special action for ``door`` costs (709.5e, 116.2m)."""
        view = self._host.view(obj)
        return rooms.unlock_cost(view, rooms.door(view.card, door, self.rules), self.rules)

    @overload
    def characteristic(self, obj: ObjectId | ObjectView, query: Query[T]) -> Answer[T]: ...
    @overload
    def characteristic(self, obj: ObjectId | ObjectView, query: str) -> Answer[Any]: ...
    def characteristic(self, obj: ObjectId | ObjectView, query: Query[Any] | str) -> Answer[Any]:
        """A characteristic of an object (or of a view, such as a spell as it was on the stack):
        a query of :mod:`splitcards.rules.characteristics` such as ``NAMES``, or its name."""
        found = query if isinstance(query, Query) else characteristics.query(query)
        view = obj if isinstance(obj, ObjectView) else self._host.view(obj)
        return found(view, self.rules)

    def has_name(self, obj: ObjectId, name: str) -> Answer[bool]:
        return characteristics.has_name(self._host.view(obj), self.rules, name)

    def compare(self, obj: ObjectId, characteristic: str, op: str, value: int | str) -> Answer[bool]:
        return characteristics.compare(self._host.view(obj), self.rules, characteristic, op, value)
