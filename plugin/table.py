"""A game with the split-card rules in force: every action checked, decided and reported.

:class:`Table` sits between whoever drives a game (a conformance scenario, an engine's game
loop, a test) and a :class:`~splitcards.contract.Host`. For each action it asks the
plugins (the built-in rules first among them) whether it is legal and what happens, runs every
hook before anything changes, and only then tells the host what to do. An illegal action
raises a typed error citing its rule and leaves the game as it was.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any, overload

import pluggy

from splitcards import casting, characteristics, rooms
from splitcards.card import Card, Side
from splitcards.contract import CastRequest, Host, Resolution
from splitcards.errors import IllegalAction, IllegalCast, IllegalChoice, IllegalTiming, IllegalZone
from splitcards.mana import ManaCost
from splitcards.manager import call_hook, make_plugin_manager
from splitcards.model import (
    Answer,
    CastOption,
    Event,
    ObjectId,
    ObjectView,
    Phase,
    Player,
    SpellFacts,
    TimingChange,
    UnlockBy,
    Zone,
)
from splitcards.versions import RuleVersion


class _Board(Sequence[ObjectView]):
    """Every object of the game, read from the host only if a rule or a plugin looks at it:
    most casts need no other object, and describing all of them is costly on some engines."""

    def __init__(self, host: Host) -> None:
        self._host = host
        self._views: list[ObjectView] | None = None

    def _load(self) -> list[ObjectView]:
        if self._views is None:
            self._views = [self._host.view(o) for o in self._host.objects()]
        return self._views

    def __len__(self) -> int:
        return len(self._load())

    @overload
    def __getitem__(self, index: int) -> ObjectView: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[ObjectView]: ...
    def __getitem__(self, index: int | slice) -> ObjectView | Sequence[ObjectView]:
        return self._load()[index]


class Table:
    """One game under one rule version, on one host."""

    def __init__(self, host: Host, rules: RuleVersion, pm: pluggy.PluginManager | None = None) -> None:
        self.host = host
        self.rules = rules
        self.pm = pm if pm is not None else make_plugin_manager()
        self.events: list[Event] = []
        self.last_cost: ManaCost | None = None

    # -- hooks ---------------------------------------------------------------------------

    def _hook(self, name: str, **kwargs: Any) -> Any:
        return call_hook(self.pm, name, rules=self.rules, **kwargs)

    def _joined(self, name: str, **kwargs: Any) -> list[Event]:
        return [e for result in self._hook(name, **kwargs) if result for e in result]

    def _refuse(self, refusal: IllegalAction | None) -> None:
        if refusal is not None:
            raise refusal

    def _board(self) -> Sequence[ObjectView]:
        return _Board(self.host)

    # -- actions -------------------------------------------------------------------------

    def create(self, card: Card, zone: Zone, owner: Player = Player.P1) -> ObjectId:
        """Put a new card into a zone (setting up a position); a permanent created on the battlefield
        was not cast, so a Room has no unlocked designation (709.5d)."""
        casting.check_card_exists(card, self.rules)
        if zone is Zone.STACK:
            raise IllegalZone(
                "a card reaches the stack only by being cast", self.rules.cite("cast_zone"), self.rules.name
            )
        # Creating sets up a position: nothing happens in the game, so nothing is reported.
        return self.host.create(card, zone, owner)

    def cast(
        self,
        obj: ObjectId,
        option: CastOption | None = None,
        splice: Sequence[ObjectId] = (),
        caster: Player | None = None,
        permission: Zone | None = None,
        without_paying: bool = False,
    ) -> ObjectId:
        """Cast a card: one half, fused, or whole; splicing cards revealed from the caster's hand."""
        return self._cast(obj, option, splice, caster, permission, without_paying, during_resolution=False)

    def _cast(
        self,
        obj: ObjectId,
        option: CastOption | None,
        splice: Sequence[ObjectId],
        caster: Player | None,
        permission: Zone | None,
        without_paying: bool,
        during_resolution: bool,
        copy: bool = False,
    ) -> ObjectId:
        view = self.host.view(obj)
        chosen = option or (CastOption.WHOLE if not view.card.is_split else None)
        if chosen is None:
            raise IllegalCast(
                f"casting {view.card.name!r} needs a choice of half", self.rules.cite("cast_half"), self.rules.name
            )
        request = CastRequest(
            object=obj,
            view=view,
            option=chosen,
            caster=caster or view.owner,
            permission=permission,
            splice=tuple((s, self.host.view(s)) for s in splice),
            during_resolution=during_resolution,
            without_paying=without_paying,
        )
        timing = self.host.timing()
        board = self._board()
        self._refuse(self._hook("check_cast", request=request, timing=timing, board=board))
        decision = casting.check_cast(request, self.rules, timing, board)
        facts = replace(decision.spell, copy=copy)
        on_stack = ObjectView(
            view.card, Zone.STACK, view.owner, request.caster, facts, token=view.token, copy=view.copy
        )
        events: list[Event] = []
        for spliced in facts.spliced:
            events += self._joined("on_splice", spell=obj, spliced=spliced)
        events += self._joined("on_cast", spell=obj, view=on_stack, facts=facts)
        spell = self.host.cast(obj, facts)
        self.last_cost = decision.total_cost
        self.events += events
        return spell

    def resolve(self, obj: ObjectId | None = None) -> Resolution:
        """The top object of the stack (or ``obj``, which must be on top) resolves."""
        stack = self.host.stack()
        if not stack:
            raise IllegalTiming("the stack is empty: nothing resolves", self.rules.cite("resolve"), self.rules.name)
        top = stack[-1]
        if obj is not None and obj != top:
            raise IllegalTiming(
                "only the top object of the stack resolves", self.rules.cite("resolve"), self.rules.name
            )
        view = self.host.view(top)
        outcome: Resolution = self._hook("on_resolve", spell=top, view=view)
        events: list[Event] = []
        if outcome.destination is Zone.BATTLEFIELD:
            side = view.spell.option.side if view.spell else None
            entering = ObjectView(view.card, Zone.BATTLEFIELD, view.owner, view.controller, token=outcome.token)
            unlocked = self._hook("on_enter_battlefield", permanent=top, view=entering, cast=side)
            outcome = replace(outcome, unlocked=unlocked)
            events += self._entering_events(top, entering, unlocked)
        elif outcome.destination is not None:
            replaced = self._hook("on_leave_stack", spell=top, view=view, destination=outcome.destination)
            if replaced is not None:
                outcome = replace(outcome, destination=replaced)
        self.host.resolve(top, outcome)
        self.events += events
        return outcome

    def _entering_events(self, obj: ObjectId, entering: ObjectView, unlocked: frozenset[Side]) -> list[Event]:
        events = [Event("entered_battlefield", obj, rules=self.rules.cite("enter_battlefield"))]
        events += self._unlock_events(obj, entering, unlocked, UnlockBy.CAST)
        return events

    def _unlock_events(self, obj: ObjectId, view: ObjectView, doors: Iterable[Side], by: UnlockBy) -> list[Event]:
        events: list[Event] = []
        before = view.unlocked
        current = view
        for door in sorted(doors):
            events += self._joined("on_unlock", permanent=obj, view=current, door=door, by=by)
            current = ObjectView(
                view.card,
                view.zone,
                view.owner,
                view.controller,
                view.spell,
                current.unlocked | {door},
                view.token,
                view.copy,
            )
        if rooms.fully_unlocked(before, current.unlocked):
            events.append(Event("fully_unlocked", obj, rules=self.rules.cite("fully_unlocked")))
        return events

    def move(self, obj: ObjectId, zone: Zone) -> Zone:
        """Move an object to a zone other than by casting; return where it really went.

        A spell leaving the stack loses its splices (702.47e) and an aftermath half cast from a
        graveyard is exiled instead (702.127a); a permanent put onto the battlefield was not cast.
        """
        if zone is Zone.STACK:
            raise IllegalZone(
                "a card reaches the stack only by being cast", self.rules.cite("cast_zone"), self.rules.name
            )
        view = self.host.view(obj)
        destination = self.leave_stack(obj, view, zone).value if view.zone is Zone.STACK else zone
        events: list[Event] = []
        if destination is Zone.BATTLEFIELD and view.zone is not Zone.BATTLEFIELD:
            entering = ObjectView(view.card, Zone.BATTLEFIELD, view.owner, view.owner)
            unlocked = self._hook("on_enter_battlefield", permanent=obj, view=entering, cast=None)
            events += self._entering_events(obj, entering, unlocked)
            self.host.move(obj, destination)
            if unlocked:
                self.host.set_unlocked(obj, unlocked)
        else:
            self.host.move(obj, destination)
        self.events += events
        return destination

    def leave_stack(self, obj: ObjectId, view: ObjectView, destination: Zone) -> Answer[Zone]:
        """Where a spell's card goes when it leaves the stack for ``destination`` other than by
        resolving: the plugins' ``on_leave_stack`` decide (built in: aftermath's exile, 702.127a).

        ``view`` is the spell as it was on the stack, so an engine that already took the card off
        the stack itself can ask where it should have gone.
        """
        replaced = self._hook("on_leave_stack", spell=obj, view=view, destination=destination)
        built_in, cited = casting.leave_stack_destination(view, self.rules, destination)
        zone = replaced or destination
        return Answer(zone, cited if zone is built_in else (), self.rules.name)

    def copy_spell(self, obj: ObjectId) -> ObjectId:
        """Copy a spell on the stack (707.10): the same half or fused choice, not cast, and
        without text that splices added (text-changing effects are not copied, 702.47c, 707.2)."""
        view = self.host.view(obj)
        if view.zone is not Zone.STACK or view.spell is None:
            raise IllegalZone(
                f"{view.card.name!r} is not a spell on the stack", self.rules.cite("copy_spell"), self.rules.name
            )
        facts = SpellFacts(view.spell.option, cast=False, cast_from=None, spliced=(), copy=True)
        return self.host.copy_spell(obj, facts)

    def copy_card(self, obj: ObjectId, cast: bool = False, option: CastOption | None = None) -> ObjectId:
        """Copy a card in the zone it is in (707.12), keeping both halves (709.3c); optionally cast
        the copy, which happens while another spell resolves, so timing does not apply."""
        view = self.host.view(obj)
        if view.zone in (Zone.STACK, Zone.BATTLEFIELD):
            raise IllegalZone(
                f"{view.card.name!r} is not a card outside the stack and battlefield",
                self.rules.cite("copy_card"),
                self.rules.name,
            )
        copy = self.host.copy_card(obj)
        if cast:
            self._cast(copy, option, (), view.owner, view.zone, True, during_resolution=True, copy=True)
        return copy

    def copy_permanent(self, obj: ObjectId) -> ObjectId:
        """A permanent enters as a copy of ``obj``: its halves, not its designations (709.5b)."""
        view = self.host.view(obj)
        if view.zone is not Zone.BATTLEFIELD:
            raise IllegalZone(
                f"{view.card.name!r} is not a permanent", self.rules.cite("enter_battlefield"), self.rules.name
            )
        entering = ObjectView(view.card, Zone.BATTLEFIELD, view.controller, view.controller, token=True)
        unlocked = self._hook("on_enter_battlefield", permanent=obj, view=entering, cast=None)
        copy = self.host.copy_permanent(obj)
        if unlocked:
            self.host.set_unlocked(copy, unlocked)
        self.events += self._entering_events(copy, entering, unlocked)
        return copy

    def unlock(self, obj: ObjectId, door: Side | str, by: UnlockBy = UnlockBy.SPECIAL_ACTION) -> None:
        """Unlock a door (by side or by name) by the special action, paying its unlock cost (709.5e,
        116.2m; the cost is left in ``last_cost``), or by an effect (709.5f)."""
        view = self.host.view(obj)
        side = rooms.door(view.card, door, self.rules)
        self._refuse(self._hook("check_unlock", view=view, door=side, by=by, timing=self.host.timing()))
        rooms.check_unlock(view, side, by, self.rules, self.host.timing())
        events = self._unlock_events(obj, view, [side], by)
        self.host.set_unlocked(obj, view.unlocked | {side})
        self.last_cost = rooms.unlock_cost(view, side) if by is UnlockBy.SPECIAL_ACTION else None
        self.events += events

    def lock(self, obj: ObjectId, door: Side | str) -> None:
        """Lock an unlocked door, by side or by name (709.5g)."""
        view = self.host.view(obj)
        door = rooms.door(view.card, door, self.rules)
        self._refuse(self._hook("check_lock", view=view, door=door))
        rooms.check_lock(view, door, self.rules)
        events = self._joined("on_lock", permanent=obj, view=view, door=door)
        self.host.set_unlocked(obj, view.unlocked - {door})
        self.events += events

    def set_turn(
        self,
        active: Player | None = None,
        phase: Phase | None = None,
        priority: Player | None = None,
        stack_empty: bool | None = None,
    ) -> None:
        self.host.set_timing(TimingChange(active, phase, priority, stack_empty))

    def choose_name(
        self, card: Card, choice: Sequence[str], player: Player = Player.P1, source: ObjectId | None = None
    ) -> tuple[str, ...]:
        """A player chooses a card name, wanting ``card`` (for ``source``'s ability, such as Meddling
        Mage's); the choice must be one of the legal answers of ``on_name_choice``."""
        legal = self.name_choices(card).value
        chosen = tuple(choice)
        if chosen not in legal:
            raise IllegalChoice(
                f"{list(chosen)} is not a legal name choice for {card.name!r} (legal: {[list(c) for c in legal]})",
                self.rules.cite("name_choice"),
                self.rules.name,
            )
        self.events.append(Event("name_chosen", source or player.value, rules=self.rules.cite("name_choice")))
        return chosen

    # -- queries -------------------------------------------------------------------------

    def view(self, obj: ObjectId) -> ObjectView:
        return self.host.view(obj)

    def name_choices(self, card: Card) -> Answer[tuple[tuple[str, ...], ...]]:
        found = self._hook("on_name_choice", card=card)
        return Answer(tuple(tuple(c) for c in found), self.rules.cite("name_choice"), self.rules.name)

    def castable(self, obj: ObjectId, permission: Zone | None = None) -> Answer[tuple[CastOption, ...]]:
        """The options its owner may cast now (``permission``: a zone an effect lets it be cast from)."""
        view = self.host.view(obj)
        timing = self.host.timing()
        answer = casting.castable(view, self.rules, timing, permission)
        board = self._board()
        allowed = tuple(
            option
            for option in answer.value
            if self._hook(
                "check_cast", request=CastRequest(obj, view, option, view.owner, permission), timing=timing, board=board
            )
            is None
        )
        return Answer(allowed, answer.rules, answer.version)

    def can_unlock(self, obj: ObjectId, door: Side) -> Answer[bool]:
        """Whether its controller may take the unlock special action for ``door`` now."""
        return rooms.can_unlock(self.host.view(obj), door, self.rules, self.host.timing())

    def characteristic(self, obj: ObjectId, query: str) -> Answer[Any]:
        """One of the characteristic queries of :mod:`splitcards.characteristics` by name."""
        function = getattr(characteristics, query)
        answer: Answer[Any] = function(self.host.view(obj), self.rules)
        return answer

    def has_name(self, obj: ObjectId, name: str) -> Answer[bool]:
        return characteristics.has_name(self.host.view(obj), self.rules, name)

    def compare(self, obj: ObjectId, characteristic: str, op: str, value: int | str) -> Answer[bool]:
        return characteristics.compare(self.host.view(obj), self.rules, characteristic, op, value)
