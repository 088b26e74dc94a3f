"""A game with the split-card rules in force: every action checked, decided, taken and reported.

:class:`Table` sits between whoever drives a game (a conformance scenario, an engine's game
loop, a test) and a :class:`~splitcards.game.contract.Host`. Every action follows pytest's order:

1. the ``check_*`` hooks may refuse it (the built-in rules are ``trylast`` implementations);
2. the decision hooks say what happens (``on_resolve``, ``on_leave_stack``,
   ``on_enter_battlefield``);
3. the host acts;
4. the report hooks (``on_splice``, ``on_cast``, ``on_unlock``, ``on_lock``) say what happened.

A refused action raises a typed error citing its rule before the host is asked to do anything,
so the game is as it was.

A Table takes one action at a time and belongs to one thread: an action started from inside one
of its hooks (a plugin's ``on_resolve`` calling ``resolve``), or from another thread while an
action runs, is refused with :class:`~splitcards.errors.TableInUse` naming the hook or the
action; nothing is queued. Use one Table per thread. The queries (``castable``, ``can_unlock``, ``check_cast``,
``splice_candidates``) ask the same ``check_*`` chain without acting.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Concatenate, ParamSpec, TypeVar, overload

import pluggy

from splitcards.errors import (
    HostError,
    IllegalAction,
    IllegalCast,
    IllegalChoice,
    IllegalTiming,
    IllegalZone,
    PluginFailure,
    TableInUse,
)
from splitcards.game import builtin
from splitcards.game.contract import CastDecision, CastRequest, Host, Resolution
from splitcards.game.hostcheck import CheckedHost
from splitcards.game.manager import BUILTIN_NAME, call_hook, default_manager
from splitcards.rules import casting, characteristics, rooms
from splitcards.rules.card import Card, Side
from splitcards.rules.characteristics import Query
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import (
    Answer,
    CastOption,
    Event,
    EventKind,
    ObjectId,
    ObjectView,
    Phase,
    Player,
    SpellFacts,
    Timing,
    TimingChange,
    UnlockBy,
    Zone,
)
from splitcards.rules.versions import RuleVersion

T = TypeVar("T")
E = TypeVar("E", bound=StrEnum)
P = ParamSpec("P")
R = TypeVar("R")


def _one_at_a_time(action: Callable[Concatenate[Table, P], R]) -> Callable[Concatenate[Table, P], R]:
    """An action of the Table: refused while another of its actions runs, whether started from
    inside one of that action's hooks or from another thread (a Table belongs to one thread)."""

    @functools.wraps(action)
    def guarded(table: Table, /, *args: P.args, **kwargs: P.kwargs) -> R:
        if not table._busy.acquire(blocking=False):
            raise table._in_use(action.__name__)
        table._running = (action.__name__, threading.get_ident())
        try:
            return action(table, *args, **kwargs)
        finally:
            table._running = None
            table._hook_running = None
            table._busy.release()

    return guarded


class _Board(Sequence[ObjectView]):
    """Every object of the game, read from the host only if a rule or a plugin looks at it:
    most casts need no other object, and describing all of them is costly on some engines."""

    def __init__(self, host: Host | CheckedHost) -> None:
        self._host = host
        self._items: list[tuple[ObjectId, ObjectView]] | None = None
        self._views: list[ObjectView] = []

    def items(self) -> list[tuple[ObjectId, ObjectView]]:
        """Each object with its view, described once."""
        if self._items is None:
            self._items = [(o, self._host.view(o)) for o in self._host.objects()]
            self._views = [view for _, view in self._items]
        return self._items

    def _load(self) -> list[ObjectView]:
        self.items()
        return self._views

    def __len__(self) -> int:
        return len(self._load())

    @overload
    def __getitem__(self, index: int) -> ObjectView: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[ObjectView]: ...
    def __getitem__(self, index: int | slice) -> ObjectView | Sequence[ObjectView]:
        return self._load()[index]


# How many answers of Table.castable a table keeps for the same circumstances.
_REMEMBERED = 4096


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Everything observable of a game at one moment: each object's view, the stack, the timing,
    the events reported so far and the last cost paid. Two snapshots are equal when nothing the
    rules can see has changed."""

    objects: tuple[tuple[ObjectId, ObjectView], ...]
    stack: tuple[ObjectId, ...]
    timing: Timing
    events: tuple[Event, ...]
    last_cost: ManaCost | None


class Table:
    """One game under one rule version, on one host.

    ``pm`` is the plugin manager whose hooks are called; by default the process-wide manager of
    :func:`~splitcards.game.manager.default_manager`, so making a table costs no plugin discovery.
    """

    def __init__(self, host: Host, rules: RuleVersion, pm: pluggy.PluginManager | None = None) -> None:
        self.host = host
        # The Table's own calls go through the check of every answer and outcome.
        self._host = CheckedHost(host)
        self.rules = rules
        self.pm = pm if pm is not None else default_manager()
        self.events: list[Event] = []
        self.last_cost: ManaCost | None = None
        self._castable: dict[tuple[ObjectView, Zone | None, Player | None, Timing], Answer[tuple[CastOption, ...]]] = {}
        self._busy = threading.Lock()
        self._running: tuple[str, int] | None = None
        self._hook_running: str | None = None

    def _in_use(self, wanted: str) -> TableInUse:
        running = self._running
        if running is None:  # released between the two reads: another thread's action ended
            return TableInUse(f"Table.{wanted}: another thread is using this Table (a Table belongs to one thread)")
        name, thread = running
        if thread == threading.get_ident():
            inside = f"from inside the hook {self._hook_running}" if self._hook_running else "from inside it"
            return TableInUse(
                f"Table.{wanted} was called {inside} while Table.{name} runs: a Table takes one action at a time"
            )
        return TableInUse(
            f"Table.{wanted} was called from another thread while Table.{name} runs: a Table belongs to one thread"
        )

    # -- hooks ---------------------------------------------------------------------------

    def _hook(self, name: str, **kwargs: Any) -> Any:
        outer, self._hook_running = self._hook_running, name
        try:
            return call_hook(self.pm, name, rules=self.rules, **kwargs)
        finally:
            self._hook_running = outer

    def _check(self, name: str, **kwargs: Any) -> IllegalAction | None:
        refusal: IllegalAction | None = self._hook(name, **kwargs)
        return refusal

    def _report(self, name: str, **kwargs: Any) -> list[Event]:
        """Events of a report hook, called after the host acted."""
        try:
            results = self._hook(name, **kwargs)
        except PluginFailure as failure:
            raise PluginFailure(failure.plugin, failure.hook, failure.error, happened=True) from failure.error
        except (KeyboardInterrupt, SystemExit):
            # The host acted: the record shows it, as the built-in report of the action says,
            # before the interruption goes on.
            self.events += getattr(builtin, name)(rules=self.rules, **kwargs)
            raise
        return [event for result in results for event in result]

    def _timing(self) -> Timing:
        """The host's timing, checked: a host that answers in its own vocabulary is named, rather
        than a rule failing on it later."""
        timing = self._host.timing()
        fields = ((timing.active, Player), (timing.phase, Phase), (timing.priority, Player), (timing.stack_empty, bool))
        for value, kind in fields:
            if not isinstance(value, kind):
                raise HostError(
                    f"host {getattr(self.host, 'name', type(self.host).__name__)!r} gave a timing with"
                    f" {value!r:.40} where a {kind.__name__} belongs (Host.timing returns splitcards.Timing)"
                )
        return timing

    def _board(self) -> _Board:
        return _Board(self._host)

    def _refuse(self, refusal: IllegalAction | None) -> None:
        if refusal is not None:
            raise refusal

    def _enum(self, kind: type[E], value: Any, what: str) -> E:
        """A plain string where an enum is expected is read as that enum's value, or refused."""
        if isinstance(value, kind):
            return value
        try:
            return kind(value)
        except ValueError:
            allowed = ", ".join(member.value for member in kind)
            raise IllegalChoice(f"{what} {value!r:.60} is not one of: {allowed}", (), self.rules.name) from None

    # -- actions -------------------------------------------------------------------------

    @_one_at_a_time
    def create(self, card: Card, zone: Zone, owner: Player = Player.P1) -> ObjectId:
        """Put a new card into a zone (setting up a position); a permanent created on the battlefield
        was not cast, so a Room has no unlocked designation (709.5d)."""
        zone = self._enum(Zone, zone, "zone")
        owner = self._enum(Player, owner, "player")
        casting.check_card_exists(card, self.rules)
        casting.check_destination(card, zone, self.rules)
        # Creating sets up a position: nothing happens in the game, so nothing is reported.
        return self._host.create(card, zone, owner)

    @_one_at_a_time
    def cast(
        self,
        obj: ObjectId,
        option: CastOption | None = None,
        splice: Sequence[ObjectId] = (),
        caster: Player | None = None,
        permission: Zone | None = None,
        without_paying: bool = False,
        x: int | None = None,
        cost_increase: ManaCost | None = None,
        cost_reduction: ManaCost | None = None,
    ) -> ObjectId:
        """Cast a card: one half, fused, or whole; splicing cards revealed from the caster's hand;
        ``x`` announced for {X} (107.3a); effects that increase or reduce its total cost (601.2f)."""
        view = self._host.view(obj)
        request = self._request(obj, view, option, splice, caster, permission, without_paying)
        request = replace(request, x=x, cost_increase=cost_increase, cost_reduction=cost_reduction)
        return self._cast(request, copy=False)

    def _request(
        self,
        obj: ObjectId,
        view: ObjectView,
        option: CastOption | None,
        splice: Sequence[ObjectId],
        caster: Player | None,
        permission: Zone | None,
        without_paying: bool,
        during_resolution: bool = False,
    ) -> CastRequest:
        if option is None:
            if view.card.is_split:
                raise IllegalCast(
                    f"casting {view.card.name!r} needs a choice of half", self.rules.cite("cast_half"), self.rules.name
                )
            option = CastOption.WHOLE
        return CastRequest(
            object=obj,
            view=view,
            option=self._enum(CastOption, option, "cast option"),
            caster=self._enum(Player, caster, "player") if caster is not None else view.owner,
            permission=self._enum(Zone, permission, "zone") if permission is not None else None,
            splice=tuple((s, self._host.view(s)) for s in splice),
            during_resolution=during_resolution,
            without_paying=without_paying,
        )

    def _decide(self, request: CastRequest) -> CastDecision:
        self._refuse(self._check("check_cast", request=request, timing=self._timing(), board=self._board()))
        return casting.decide_cast(request, self.rules)

    def _cast(self, request: CastRequest, copy: bool) -> ObjectId:
        decision = self._decide(request)
        facts = replace(decision.spell, copy=copy)
        spell = self._host.cast(request.object, facts)
        self.last_cost = decision.total_cost
        view = request.view
        on_stack = ObjectView(
            view.card, Zone.STACK, view.owner, request.caster, facts, token=view.token, copy=view.copy
        )
        for spliced in facts.spliced:
            self.events += self._report("on_splice", spell=spell, spliced=spliced)
        self.events += self._report("on_cast", spell=spell, view=on_stack, facts=facts)
        return spell

    @_one_at_a_time
    def resolve(self, obj: ObjectId | None = None) -> Resolution:
        """The top object of the stack (or ``obj``, which must be on top) resolves."""
        stack = self._host.stack()
        if not stack:
            raise IllegalTiming("the stack is empty: nothing resolves", self.rules.cite("resolve"), self.rules.name)
        top = stack[-1]
        if obj is not None and obj != top:
            raise IllegalTiming(
                "only the top object of the stack resolves", self.rules.cite("resolve"), self.rules.name
            )
        view = self._host.view(top)
        outcome: Resolution = self._hook("on_resolve", spell=top, view=view)
        self._plugins_destination("on_resolve", view.card, outcome.destination)
        entering: ObjectView | None = None
        if outcome.destination is Zone.BATTLEFIELD:
            side = view.spell.option.side if view.spell else None
            entering = ObjectView(view.card, Zone.BATTLEFIELD, view.owner, view.controller, token=outcome.token)
            unlocked = self._hook("on_enter_battlefield", permanent=top, view=entering, cast=side)
            outcome = replace(outcome, unlocked=frozenset(unlocked))
        elif outcome.destination is not None:
            where = self.leave_stack(top, view, outcome.destination)
            cited = outcome.rules + tuple(n for n in where.rules if n not in outcome.rules)
            outcome = replace(outcome, destination=where.value, rules=cited)
        outcome = replace(outcome, controller=casting.controller_after(view, outcome.destination))
        self._host.resolve(top, outcome)
        if entering is not None:
            self.events += self._entering_events(top, entering, outcome.unlocked)
        return outcome

    def _entering_events(self, obj: ObjectId, entering: ObjectView, unlocked: frozenset[Side]) -> list[Event]:
        events = [Event(EventKind.ENTERED_BATTLEFIELD, obj, rules=self.rules.cite("enter_battlefield"))]
        events += self._unlock_events(obj, entering, unlocked, UnlockBy.CAST)
        return events

    def _unlock_events(self, obj: ObjectId, view: ObjectView, doors: Iterable[Side], by: UnlockBy) -> list[Event]:
        events: list[Event] = []
        current = view
        for door in sorted(doors):
            events += self._report("on_unlock", permanent=obj, view=current, door=door, by=by)
            current = replace(current, unlocked=current.unlocked | {door})
        if rooms.fully_unlocked(view.unlocked, current.unlocked):
            events.append(Event(EventKind.FULLY_UNLOCKED, obj, rules=self.rules.cite("fully_unlocked")))
        return events

    @_one_at_a_time
    def move(self, obj: ObjectId, zone: Zone) -> Zone:
        """Move an object to a zone other than by casting; return where it really went.

        A spell leaving the stack loses its splices (702.47e) and an aftermath half cast from a
        graveyard is exiled instead (702.127a); a permanent put onto the battlefield was not cast.
        """
        zone = self._enum(Zone, zone, "zone")
        view = self._host.view(obj)
        if view.zone is not zone:
            casting.check_destination(view.card, zone, self.rules)
        destination = self.leave_stack(obj, view, zone).value if view.zone is Zone.STACK else zone
        if destination is not Zone.BATTLEFIELD or view.zone is Zone.BATTLEFIELD:
            self._host.move(obj, destination)
            return destination
        entering = view.moved(Zone.BATTLEFIELD)
        unlocked = frozenset(self._hook("on_enter_battlefield", permanent=obj, view=entering, cast=None))
        self._host.move(obj, destination)
        if unlocked:
            self._host.set_unlocked(obj, unlocked)
        self.events += self._entering_events(obj, entering, unlocked)
        return destination

    def leave_stack(self, obj: ObjectId, view: ObjectView, destination: Zone) -> Answer[Zone]:
        """Where a spell's card goes when it leaves the stack for ``destination``: the plugins'
        ``on_leave_stack`` decide (built in: aftermath's exile, 702.127a).

        ``view`` is the spell as it was on the stack, so an engine that already took the card off
        the stack itself can ask where it should have gone.
        """
        found = self._hook("on_leave_stack", spell=obj, view=view, destination=destination)
        if not isinstance(found, Answer):
            # A plugin's bare zone: the plugin's own decision, with no rule of this version to cite.
            found = Answer(found if found is not None else destination, (), self.rules.name)
        self._plugins_destination("on_leave_stack", view.card, found.value)
        return found

    def _plugins_destination(self, hook: str, card: Card, zone: Zone | None) -> None:
        """A zone a plugin answered is held to the rules a host's move is (400.4a, 601.2a): an
        instant sent onto the battlefield is the plugin's failure, and the game is as it was."""
        if zone is None:
            return
        try:
            casting.check_destination(card, zone, self.rules)
        except IllegalAction as refusal:
            raise PluginFailure(self._implementers(hook), hook, refusal) from None

    def _implementers(self, hook: str) -> str:
        names = [i.plugin_name for i in getattr(self.pm.hook, hook).get_hookimpls() if i.plugin_name != BUILTIN_NAME]
        return ", ".join(names) or BUILTIN_NAME

    @_one_at_a_time
    def copy_spell(self, obj: ObjectId) -> ObjectId:
        """Copy a spell on the stack (707.10): the same half or fused choice, not cast, and
        without text that splices added (text-changing effects are not copied, 702.47c, 707.2)."""
        view = self._host.view(obj)
        if view.zone is not Zone.STACK or view.spell is None:
            raise IllegalZone(
                f"{view.card.name!r} is not a spell on the stack", self.rules.cite("copy_spell"), self.rules.name
            )
        facts = SpellFacts(view.spell.option, cast=False, cast_from=None, spliced=(), copy=True, x=view.spell.x)
        return self._host.copy_spell(obj, facts)

    @_one_at_a_time
    def copy_card(self, obj: ObjectId, cast: bool = False, option: CastOption | None = None) -> ObjectId:
        """Copy a card in the zone it is in (707.12), keeping both halves (709.3c); optionally cast
        the copy, which happens while another spell resolves, so timing does not apply. A cast
        the rules refuse is refused before the copy is made."""
        view = self._host.view(obj)
        if view.zone in (Zone.STACK, Zone.BATTLEFIELD):
            raise IllegalZone(
                f"{view.card.name!r} is not a card outside the stack and battlefield",
                self.rules.cite("copy_card"),
                self.rules.name,
            )
        if not cast:
            return self._host.copy_card(obj)
        copy_view = replace(view, controller=view.owner, copy=True)
        request = self._request(obj, copy_view, option, (), view.owner, view.zone, True, during_resolution=True)
        self._decide(request)
        copy = self._host.copy_card(obj)
        self._cast(replace(request, object=copy, view=self._host.view(copy)), copy=True)
        return copy

    @_one_at_a_time
    def copy_permanent(self, obj: ObjectId) -> ObjectId:
        """A permanent enters as a copy of ``obj``: its halves, not its designations (709.5b)."""
        view = self._host.view(obj)
        if view.zone is not Zone.BATTLEFIELD:
            raise IllegalZone(
                f"{view.card.name!r} is not a permanent", self.rules.cite("enter_battlefield"), self.rules.name
            )
        entering = ObjectView(view.card, Zone.BATTLEFIELD, view.controller, view.controller, token=True)
        unlocked = frozenset(self._hook("on_enter_battlefield", permanent=obj, view=entering, cast=None))
        copy = self._host.copy_permanent(obj)
        if unlocked:
            self._host.set_unlocked(copy, unlocked)
        self.events += self._entering_events(copy, entering, unlocked)
        return copy

    @_one_at_a_time
    def unlock(
        self,
        obj: ObjectId,
        door: Side | str,
        by: UnlockBy = UnlockBy.SPECIAL_ACTION,
        cost_increase: ManaCost | None = None,
        cost_reduction: ManaCost | None = None,
    ) -> None:
        """Unlock a door (by side or by name) by the special action, paying its unlock cost as
        effects change it (709.5e, 116.2m, 118.7; the cost is left in ``last_cost``), or by an
        effect (709.5f)."""
        by = self._enum(UnlockBy, by, "unlocked by")
        view = self._host.view(obj)
        side = rooms.door(view.card, door, self.rules)
        self._refuse(self._check("check_unlock", view=view, door=side, by=by, timing=self._timing()))
        cost = None
        if by is UnlockBy.SPECIAL_ACTION:
            cost = casting.changed_cost(rooms.unlock_cost(view, side, self.rules).value, cost_increase, cost_reduction)
        self._host.set_unlocked(obj, view.unlocked | {side})
        self.last_cost = cost
        self.events += self._unlock_events(obj, view, [side], by)

    @_one_at_a_time
    def lock(self, obj: ObjectId, door: Side | str) -> None:
        """Lock an unlocked door, by side or by name (709.5g)."""
        view = self._host.view(obj)
        side = rooms.door(view.card, door, self.rules)
        self._refuse(self._check("check_lock", view=view, door=side))
        self._host.set_unlocked(obj, view.unlocked - {side})
        self.events += self._report("on_lock", permanent=obj, view=view, door=side)

    @_one_at_a_time
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
                self._enum(Player, active, "player") if active is not None else None,
                self._enum(Phase, phase, "phase") if phase is not None else None,
                self._enum(Player, priority, "player") if priority is not None else None,
                stack_empty,
            )
        )

    @_one_at_a_time
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
        self.events.append(Event(EventKind.NAME_CHOSEN, source or player.value, rules=self.rules.cite("name_choice")))
        return chosen

    # -- queries -------------------------------------------------------------------------

    def view(self, obj: ObjectId) -> ObjectView:
        return self._host.view(obj)

    def snapshot(self) -> Snapshot:
        """The whole observable state, to compare before and after an action."""
        return Snapshot(
            tuple((o, self._host.view(o)) for o in self._host.objects()),
            tuple(self._host.stack()),
            self._host.timing(),
            tuple(self.events),
            self.last_cost,
        )

    def check_card(self, card: Card) -> None:
        """Refuse a card that does not exist under this rule version (``UnknownCard``)."""
        casting.check_card_exists(card, self.rules)

    def name_choices(self, card: Card) -> Answer[tuple[tuple[str, ...], ...]]:
        found = self._hook("on_name_choice", card=card)
        return Answer(tuple(tuple(c) for c in found), self.rules.cite("name_choice"), self.rules.name)

    def castable(
        self, obj: ObjectId, permission: Zone | None = None, caster: Player | None = None
    ) -> Answer[tuple[CastOption, ...]]:
        """The options ``caster`` (default: the owner) may cast now, any step of any turn
        (``permission``: a zone an effect lets it be cast from)."""
        view = self._host.view(obj)
        timing = self._timing()
        permission = self._enum(Zone, permission, "zone") if permission is not None else None
        caster = self._enum(Player, caster, "player") if caster is not None else None
        # While the built-in rules alone answer check_cast, the answer is a function of the card's
        # view, the permission, the caster and the timing: the zone, timing and cost rules read
        # nothing else, and the board only for splice, which is not asked here. It is given again
        # for the same circumstances. A plugin's answer may depend on anything: it is asked each time.
        key = (view, permission, caster, timing)
        remember = self._rules_alone()
        found = self._castable.get(key) if remember else None
        if found is not None:
            return found
        board = self._board()
        allowed = []
        for option in casting.options_of(view.card, self.rules):
            request = self._request(obj, view, option, (), caster, permission, False)
            if self._check("check_cast", request=request, timing=timing, board=board) is None:
                allowed.append(option)
        found = Answer(tuple(allowed), self.rules.cite("cast_half", "cast_zone", "timing"), self.rules.name)
        if remember:
            if len(self._castable) >= _REMEMBERED:
                self._castable.clear()
            self._castable[key] = found
        return found

    def _rules_alone(self) -> bool:
        """Whether the built-in rules are the only ``check_cast`` implementation."""
        return [impl.plugin_name for impl in self.pm.hook.check_cast.get_hookimpls()] == [BUILTIN_NAME]

    def check_cast(
        self,
        obj: ObjectId,
        option: CastOption | None = None,
        splice: Sequence[ObjectId] = (),
        caster: Player | None = None,
        permission: Zone | None = None,
        without_paying: bool = False,
        x: int | None = None,
        cost_increase: ManaCost | None = None,
        cost_reduction: ManaCost | None = None,
    ) -> CastDecision:
        """Whether this cast is legal now, without casting: the decision (the spell and its total
        cost), or the typed error that refuses it."""
        view = self._host.view(obj)
        request = self._request(obj, view, option, splice, caster, permission, without_paying)
        return self._decide(replace(request, x=x, cost_increase=cost_increase, cost_reduction=cost_reduction))

    def splice_candidates(
        self, obj: ObjectId, option: CastOption | None = None, caster: Player | None = None
    ) -> Answer[tuple[ObjectId, ...]]:
        """The cards in the caster's hand that may be spliced onto this spell if it is cast now
        (702.47a), each one on its own."""
        view = self._host.view(obj)
        request = self._request(obj, view, option, (), caster, None, False)
        timing = self._timing()
        board = self._board()
        found: list[ObjectId] = []
        # A spell that can't be cast takes no splice: one check spares one per card in hand.
        if self._check("check_cast", request=request, timing=timing, board=board) is not None:
            return Answer((), self.rules.cite("splice"), self.rules.name)
        for other, other_view in board.items():
            if other == obj or other_view.zone is not Zone.HAND or other_view.owner is not request.caster:
                continue
            if not other_view.card.is_split and other_view.card.halves[0].splice is not None:
                candidate = replace(request, splice=((other, other_view),))
                if self._check("check_cast", request=candidate, timing=timing, board=board) is None:
                    found.append(other)
        return Answer(tuple(found), self.rules.cite("splice"), self.rules.name)

    def can_unlock(self, obj: ObjectId, door: Side | str) -> Answer[bool]:
        """Whether its controller may take the unlock special action for ``door`` now."""
        view = self._host.view(obj)
        side = rooms.door(view.card, door, self.rules)
        refusal = self._check("check_unlock", view=view, door=side, by=UnlockBy.SPECIAL_ACTION, timing=self._timing())
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
