"""The Table's check of its host: every answer against the contract, every action's outcome
against what the host was told.

:class:`CheckedHost` stands between the :class:`~splitcards.game.table.Table` and its host. Each
answer is checked for what the contract promises (types, enums, ids, the view's fields); after
an action, the outcome is checked too: a cast card is on the stack as the chosen half, a resolved
card is where the resolution sent it, a copy is a copy, a created object is in the zone asked
for. A breach is a :class:`~splitcards.errors.HostError` naming the host, the method, what it
was told and what it answered, raised before any rule reads the answer.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, TypeVar, cast

from splitcards.errors import HostError, NotSupported, SplitcardsError, UnknownObject, shown
from splitcards.game.contract import Host, Resolution
from splitcards.game.contract.versions import OLDEST_CONTRACT, deprecation, kept_for
from splitcards.game.table.readcache import ReadCache
from splitcards.rules.card import Card, Side
from splitcards.rules.model import ObjectId, ObjectView, Phase, Player, SpellFacts, Timing, TimingChange, Zone

R = TypeVar("R")

# A breach found in the game after the action, not in what the method answered.
_UNSHOWN = object()


# Each field of a view, and what it must be.
_VIEW_FIELDS: tuple[tuple[str, type | tuple[type, ...]], ...] = (
    ("card", Card),
    ("zone", Zone),
    ("owner", Player),
    ("controller", Player),
    ("spell", (SpellFacts, type(None))),
    ("unlocked", frozenset),
    ("token", bool),
    ("copy", bool),
    ("face_down", bool),
)


class CheckedHost:
    """A host whose every answer is checked (see the module's description).

    A host that says when its game changes (an optional ``position()`` method, whose answer is
    equal for as long as nothing a view, the stack, the objects or the timing show has changed)
    has each of those answers read and checked once per position: the answers are kept
    (:class:`~splitcards.game.table.readcache.ReadCache`) until the host's position changes or the
    Table acts through this check, which every action does."""

    def __init__(self, host: Host, contract: str = OLDEST_CONTRACT) -> None:
        self.host: Host = cast(Host, _Guarded(host))
        self._bare = host
        # The card of each permanent that became a copy, which it is again once it leaves (400.7).
        self._own_cards: dict[ObjectId, Card] = {}
        self.name: str = str(getattr(host, "name", type(host).__name__))
        self.contract = contract
        # What the Table shows of the copies a host of an older contract made as that contract
        # allowed: the fields the current one asks for, by object (contract.versions).
        self._shown_as: dict[ObjectId, dict[str, Any]] = {}
        # The ids this game's host handed out for new objects: a new object never takes one again.
        self._given: set[ObjectId] = set()
        self._lists_zones = callable(getattr(host, "objects_in", None))
        # Through the guard, as every method: an engine's exception in it names the host.
        position = getattr(self.host, "position", None)
        self._reads = ReadCache(position if callable(position) else None)
        # The last view of each object that passed the check.
        self._last_views: dict[ObjectId, ObjectView] = {}

    def _act(self, action: Callable[..., R], *args: Any) -> R:
        """Have the host act: whatever it did, nothing read before is kept."""
        try:
            return action(*args)
        finally:
            self._reads.acted()

    def breach(self, method: str, told: str, answered: Any, problem: str) -> HostError:
        told_part = f" when told {told}" if told else ""
        answer = f"it answered {shown(answered)}, " if answered is not _UNSHOWN else ""
        return HostError(f"host {self.name!r} broke the contract in Host.{method}{told_part}: {answer}{problem}")

    # -- answers -----------------------------------------------------------------------------

    def view(self, obj: ObjectId) -> ObjectView:
        kept = self._reads.reading()
        if kept is None:
            return self._shown(obj, self._view(obj))
        found = kept.get(("view", obj))
        if found is None:
            found = kept["view", obj] = self._view(obj)
        assert isinstance(found, ObjectView)
        return self._shown(obj, found)

    def _view(self, obj: ObjectId) -> ObjectView:
        found = self.host.view(obj)
        # The type first: a host answering None for an object never viewed is no view seen before.
        if not isinstance(found, ObjectView):
            raise self.breach("view", f"{obj!r}", found, "not a splitcards.ObjectView")
        if self._last_views.get(obj) is found:
            return found  # the very view checked before (views are immutable): checked already
        for field, kind in _VIEW_FIELDS:
            value = getattr(found, field)
            if not isinstance(value, kind):
                names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
                raise self.breach("view", f"{obj!r}", found, f"whose {field} is {shown(value)}, not a {names}")
        if not all(isinstance(door, Side) for door in found.unlocked):
            raise self.breach("view", f"{obj!r}", found, "whose unlocked doors are not all splitcards.Side")
        self._last_views[obj] = found
        return found

    def objects(self) -> Sequence[ObjectId]:
        return self._reads.kept_or("objects", lambda: self._ids("objects", self.host.objects()))

    def board(self) -> list[tuple[ObjectId, ObjectView]]:
        """Every object with its view, kept at a position as each view is: the targets of every
        move asked about at one position read the board once."""
        return self._reads.kept_or("board", lambda: [(obj, self.view(obj)) for obj in self.objects()])

    def objects_in(self, zone: Zone) -> Sequence[ObjectId]:
        """The objects in ``zone``: the host's optional ``objects_in`` (each object it lists is
        checked to be there), else every object's view."""
        return self._reads.kept_or(("objects_in", zone), lambda: self._objects_in(zone))

    def _objects_in(self, zone: Zone) -> Sequence[ObjectId]:
        listing = getattr(self.host, "objects_in", None) if self._lists_zones else None
        if listing is None:
            return [obj for obj in self.objects() if self.view(obj).zone is zone]
        found = self._ids("objects_in", listing(zone))
        for obj in found:
            try:
                where = self.view(obj).zone
            except UnknownObject:
                raise self.breach(
                    "objects_in", f"{zone}", found, f"which lists {obj!r}, an object its view does not know"
                ) from None
            if where is not zone:
                raise self.breach(
                    "objects_in", f"{zone}", found, f"which lists {obj!r}, an object its view puts in the {where}"
                )
        return found

    def orders_libraries(self) -> bool:
        """Whether the host lists a library in order and puts a card on its bottom (the optional
        ``library`` and ``put_on_bottom``)."""
        return callable(getattr(self.host, "library", None)) and callable(getattr(self.host, "put_on_bottom", None))

    def library(self, player: Player) -> Sequence[ObjectId]:
        """``player``'s library, top first (the host's optional ``library``; see
        :meth:`orders_libraries`): each object it lists is checked to be a card of that library."""
        told = f"for the library of {player}"
        found = self._ids("library", self.host.library(player))  # type: ignore[attr-defined]
        for obj in found:
            view = self._after("library", told, obj)
            if view.zone is not Zone.LIBRARY or view.owner is not player:
                raise self.breach("library", told, found, f"which lists {obj!r}, in the {view.zone} of {view.owner}")
        return found

    def put_on_bottom(self, obj: ObjectId) -> None:
        """Put the card ``obj`` on the bottom of its owner's library (the host's optional ``put_on_bottom``)."""
        told = f"to put {obj!r} on the bottom of its owner's library"
        self._act(self.host.put_on_bottom, obj)  # type: ignore[attr-defined]
        view = self._after("put_on_bottom", told, obj)
        order = self.library(view.owner)
        if view.zone is not Zone.LIBRARY or not order or order[-1] != obj:
            where = f"it is in the {view.zone}, not at the bottom of a library"
            raise self.breach("put_on_bottom", told, _UNSHOWN, where)

    def stack(self) -> Sequence[ObjectId]:
        return self._reads.kept_or("stack", self._stack)

    def _stack(self) -> Sequence[ObjectId]:
        found = self._ids("stack", self.host.stack())
        # What the stack lists must be on it: a rule reading the stack would otherwise be blamed.
        for obj in found:
            try:
                zone = self.view(obj).zone
            except UnknownObject:
                raise self.breach(
                    "stack", "", found, f"which lists {obj!r}, an object its view does not know"
                ) from None
            if zone is not Zone.STACK:
                raise self.breach("stack", "", found, f"which lists {obj!r}, an object its view puts in the {zone}")
        return found

    def _ids(self, method: str, found: Any) -> Sequence[ObjectId]:
        if isinstance(found, str | bytes) or not isinstance(found, Sequence):
            raise self.breach(method, "", found, "not a sequence of object ids")
        if not all(isinstance(obj, str) for obj in found):
            raise self.breach(method, "", found, "whose object ids are not all strings")
        if len(set(found)) != len(found):
            twice = next(obj for obj in found if found.count(obj) > 1)
            raise self.breach(method, "", found, f"which lists {twice!r} twice")
        return found

    def timing(self) -> Timing:
        return self._reads.kept_or("timing", self._timing)

    def _timing(self) -> Timing:
        timing = self.host.timing()
        if not isinstance(timing, Timing):
            raise self.breach("timing", "", timing, "not a splitcards.Timing")
        # A host that answers in its own vocabulary is named, rather than a rule failing on it later.
        fields = ((timing.active, Player), (timing.phase, Phase), (timing.priority, Player), (timing.stack_empty, bool))
        for value, kind in fields:
            if not isinstance(value, kind):
                raise HostError(
                    f"host {self.name!r} gave a timing with {value!r:.40} where a {kind.__name__} belongs"
                    " (Host.timing returns splitcards.Timing)"
                )
        turn: object = timing.turn
        if turn is not None and (isinstance(turn, bool) or not isinstance(turn, int) or turn < 1):
            raise HostError(
                f"host {self.name!r} gave a timing with turn {turn!r:.40}: a turn number from 1, or None"
                " (Host.timing returns splitcards.Timing)"
            )
        return timing

    # -- actions and their outcomes ----------------------------------------------------------

    def create(self, card: Card, zone: Zone, owner: Player) -> ObjectId:
        told = f"to create {card.name!r} in the {zone} of {owner}"
        obj = self._act(self.host.create, card, zone, owner)
        if not isinstance(obj, str):
            raise self.breach("create", told, obj, "not an object id (a string)")
        self._new("create", told, obj)
        view = self._after("create", told, obj)
        if (view.card, view.zone, view.owner) != (card, zone, owner):
            raise self.breach(
                "create", told, obj, f"an object that is {view.card.name!r} in the {view.zone} of {view.owner}"
            )
        return obj

    def cast(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        told = f"to cast {obj!r} as {spell.option.value}"
        found = self._act(self.host.cast, obj, spell)
        if not isinstance(found, str):
            raise self.breach("cast", told, found, "not the spell's object id (a string)")
        view = self._after("cast", told, found)
        if view.zone is not Zone.STACK or view.spell is None or view.spell.option is not spell.option:
            what = f"{view.spell.option.value} " if view.spell is not None else ""
            raise self.breach("cast", told, found, f"a spell that is {what}in the {view.zone}")
        if view.spell.x != spell.x:
            raise self.breach("cast", told, found, f"a spell whose X is {view.spell.x}, not the {spell.x} announced")
        if view.spell.face_down != spell.face_down:
            # The rules read a face-down spell's characteristics from its facts (708.4): a host
            # that drops them would show the card face up on the stack.
            shown = view.spell.face_down.value if view.spell.face_down is not None else "none"
            raise self.breach("cast", told, found, f"a spell cast face down with {shown}, not as told")
        if found not in self.stack():
            raise self.breach("cast", told, found, "a spell its stack does not list")
        return found

    def resolve(self, obj: ObjectId, outcome: Resolution) -> None:
        where = outcome.destination.value if outcome.destination is not None else "nowhere (it ceases to exist)"
        told = f"to resolve {obj!r} to {where}"
        self._act(self.host.resolve, obj, outcome)
        if outcome.destination is None:
            if obj in self.objects():
                raise self.breach("resolve", told, _UNSHOWN, "the copy still exists")
            return
        view = self._after("resolve", told, obj)
        if view.zone is not outcome.destination:
            raise self.breach("resolve", told, _UNSHOWN, f"the card is in the {view.zone}")
        if outcome.controller is not None and view.controller is not outcome.controller:
            raise self.breach(
                "resolve", told, _UNSHOWN, f"{view.controller} controls the card, not {outcome.controller}"
            )

    def move(self, obj: ObjectId, zone: Zone) -> None:
        own = self._own_cards.pop(obj, None) if zone is not Zone.BATTLEFIELD else None
        self._act(self.host.move, obj, zone)
        view = self._after("move", f"to move {obj!r} to the {zone}", obj)
        if view.zone is not zone:
            raise self.breach("move", f"to move {obj!r} to the {zone}", _UNSHOWN, f"it is in the {view.zone}")
        if own is not None and view.card != own:
            # A copy effect on a permanent ends as it leaves the battlefield (400.7): its own card again.
            raise self.breach(
                "move", f"to move {obj!r} to the {zone}", _UNSHOWN, f"it is still {view.card.name!r}, not {own.name!r}"
            )

    def copy_spell(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        told = f"to copy the spell {obj!r}"
        new = self._act(self.host.copy_spell, obj, spell)
        view = self._copy("copy_spell", told, obj, new)
        if spell.caster is not None and view.owner is not spell.caster:
            # 707.10: a copy of a spell is owned by the player it was put on the stack for.
            seen = f"answered Host.copy_spell {told} for {spell.caster} with {new!r}, an object owned by {view.owner}"
            if not self._kept_for("copy_owned", new, seen, owner=spell.caster):
                raise self.breach(
                    "copy_spell",
                    told,
                    new,
                    f"an object whose ObjectView.owner is {view.owner}; expected {spell.caster}",
                )
            view = self._shown(new, view)
        option = view.spell.option.value if view.spell is not None else None
        self._expect(
            "copy_spell", told, new, [("zone", view.zone, Zone.STACK), ("spell.option", option, spell.option.value)]
        )
        return new

    def copy_card(self, obj: ObjectId) -> ObjectId:
        told = f"to copy the card {obj!r}"
        original = self.view(obj)
        new = self._act(self.host.copy_card, obj)
        view = self._copy("copy_card", told, obj, new)
        self._expect("copy_card", told, new, [("zone", view.zone, original.zone), ("card", view.card, original.card)])
        return new

    def copy_permanent(self, obj: ObjectId) -> ObjectId:
        told = f"to make a permanent that copies {obj!r}"
        new = self._act(self.host.copy_permanent, obj)
        view = self._copy("copy_permanent", told, obj, new)
        self._expect("copy_permanent", told, new, [("zone", view.zone, Zone.BATTLEFIELD), ("token", view.token, True)])
        return new

    def set_unlocked(self, obj: ObjectId, doors: frozenset[Side]) -> None:
        told = f"to give {obj!r} the unlocked doors {sorted(d.value for d in doors)}"
        self._act(self.host.set_unlocked, obj, doors)
        view = self._after("set_unlocked", told, obj)
        if view.unlocked != doors:
            raise self.breach("set_unlocked", told, _UNSHOWN, f"its doors are {sorted(d.value for d in view.unlocked)}")

    def put_face_down(self, obj: ObjectId) -> None:
        """The host's optional ``put_face_down``: the card onto the battlefield face down (708.3)."""
        told = f"to put {obj!r} onto the battlefield face down"
        self._act(self._optional("put_face_down", "face-down permanents (708)"), obj)
        view = self._after("put_face_down", told, obj)
        if view.zone is not Zone.BATTLEFIELD or not view.face_down:
            raise self.breach("put_face_down", told, _UNSHOWN, f"it is in the {view.zone}, face_down {view.face_down}")

    def can_put_face_down(self) -> None:
        """Raise ``NotSupported`` when the host has no ``put_face_down``: asked before a card is
        cast face down, which resolves through it (708.4), so the game is not left with a spell
        it can't resolve."""
        self._optional("put_face_down", "face-down permanents (708)")

    def turn_face_up(self, obj: ObjectId) -> None:
        """The host's optional ``turn_face_up``: the face-down permanent face up, where it is (708.8)."""
        told = f"to turn {obj!r} face up"
        self._act(self._optional("turn_face_up", "face-down permanents (708)"), obj)
        view = self._after("turn_face_up", told, obj)
        if view.zone is not Zone.BATTLEFIELD or view.face_down:
            raise self.breach("turn_face_up", told, _UNSHOWN, f"it is in the {view.zone}, face_down {view.face_down}")

    def become_copy(self, obj: ObjectId, original: ObjectId) -> None:
        """The host's optional ``become_copy``: the permanent takes the original's card, keeping
        its status and designations (707.2, 709.5c)."""
        told = f"to make {obj!r} a copy of {original!r}"
        before, card = self.view(obj), self.view(original).card
        self._act(self._optional("become_copy", "permanents becoming copies (707.2)"), obj, original)
        self._own_cards.setdefault(obj, before.card)
        view = self._after("become_copy", told, obj)
        if view.card != card or view.unlocked != before.unlocked or view.face_down != before.face_down:
            raise self.breach(
                "become_copy", told, _UNSHOWN, "its card is not the original's, or its doors or face changed"
            )

    def _optional(self, method: str, what: str) -> Callable[..., Any]:
        # A host of an engine without the method can't express the action: the run is not_supported.
        found = getattr(self.host, method, None) if callable(getattr(self._bare, method, None)) else None
        if found is None:
            raise NotSupported(f"host {self.name!r} has no Host.{method}: it can't express {what}")
        return cast(Callable[..., Any], found)

    def set_timing(self, change: TimingChange) -> None:
        stack = list(self.stack())
        self._act(self.host.set_timing, change)
        if list(self.stack()) != stack:
            raise self.breach("set_timing", "", _UNSHOWN, f"its stack changed from {stack} to {list(self.stack())}")
        now = self.timing()
        asked: dict[str, object] = {"active": change.active, "phase": change.phase, "priority": change.priority}
        if change.stack_empty is not None:
            asked["stack_empty"] = change.stack_empty
        if change.turn is not None:
            asked["turn"] = change.turn
        missed = [
            f"{name} is {getattr(now, name)}"
            for name, value in asked.items()
            if value is not None and getattr(now, name) != value
        ]
        if missed:
            told = ", ".join(f"{name} {value}" for name, value in asked.items() if value is not None)
            raise self.breach("set_timing", told, _UNSHOWN, "then " + ", ".join(missed))

    def _copy(self, method: str, told: str, obj: ObjectId, new: Any) -> ObjectView:
        if not isinstance(new, str) or new == obj:
            raise self.breach(method, told, new, "not the id of a new object")
        self._new(method, told, new)
        view = self._after(method, told, new)
        # A copy of a spell or of a card is no card (704.5e ends it out of place); a permanent entering
        # as a copy is a token, checked by copy_permanent.
        if method != "copy_permanent" and view.copy is not True:
            seen = f"answered Host.{method} {told} with {new!r}, an object whose ObjectView.copy is False"
            if not self._kept_for("copy_marked", new, seen, copy=True):
                raise self.breach(
                    method, told, new, f"an object whose ObjectView.copy is {_named(view.copy)}; expected True"
                )
            view = self._shown(new, view)
        return view

    def _kept_for(self, key: str, obj: ObjectId, seen: str, **fields: Any) -> bool:
        """Whether the host's contract predates the change ``key``: then ``obj`` is shown with the
        ``fields`` the current contract asks for, and a ``DeprecationWarning`` says so."""
        change = kept_for(self.contract, key)
        if change is None:
            return False
        warnings.warn(deprecation(self.name, self.contract, change, seen), DeprecationWarning, stacklevel=3)
        self._shown_as.setdefault(obj, {}).update(fields)
        return True

    def _shown(self, obj: ObjectId, view: ObjectView) -> ObjectView:
        """The view of ``obj`` as the current contract shows it, for a host of an older one. A
        copy of a permanent spell resolves to a token that is no copy (608.3f): the copy mark kept
        for the spell is not shown on it."""
        fields = self._shown_as.get(obj)
        if not fields:
            return view
        shown_fields = {k: v for k, v in fields.items() if not (k == "copy" and view.token)}
        return replace(view, **shown_fields)

    def _expect(self, method: str, told: str, new: ObjectId, fields: list[tuple[str, object, object]]) -> None:
        """The first field of the new object's view that is not what the contract expects, named."""
        for field, value, expected in fields:
            if value != expected:
                raise self.breach(
                    method,
                    told,
                    new,
                    f"an object whose ObjectView.{field} is {_named(value)}; expected {_named(expected)}",
                )

    def _new(self, method: str, told: str, obj: ObjectId) -> None:
        if obj in self._given:
            raise self.breach(method, told, obj, "the id of an object it made before, not a new one")
        self._given.add(obj)

    def _after(self, method: str, told: str, obj: ObjectId) -> ObjectView:
        try:
            return self.view(obj)
        except UnknownObject:
            raise self.breach(method, told, obj, "an object its view does not know") from None


def _named(value: object) -> str:
    """A field's value as a message shows it: a card by its name, an enum by its value."""
    if isinstance(value, Card):
        return repr(value.name)
    return str(value)


class _Guarded:
    """The host, each of whose methods turns an exception that is not the package's own into a
    :class:`HostError` naming the host and the method (a ``KeyError`` from inside an engine says
    nothing of where it came from)."""

    def __init__(self, host: Host) -> None:
        self._host = host

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._host, name)
        if not callable(found):
            return found

        def guarded(*args: Any) -> Any:
            try:
                return found(*args)
            except SplitcardsError:
                raise
            except Exception as exc:
                host = getattr(self._host, "name", type(self._host).__name__)
                text = str(exc) if len(str(exc)) <= 300 else str(exc)[:297] + "..."
                raise HostError(f"host {host!r} raised {type(exc).__name__} in Host.{name}: {text}") from exc

        # Kept on the instance: every later call of the method finds it without coming here.
        setattr(self, name, guarded)
        return guarded
