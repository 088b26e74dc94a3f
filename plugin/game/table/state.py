"""The game as the rules and the Table's callers see it: every object (read only when looked at)
and a snapshot of everything observable, to compare before and after an action."""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import overload

from splitcards.game.table.hostcheck import CheckedHost
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import Event, ObjectId, ObjectView, Timing, Zone

Search = tuple[frozenset[Zone], Hashable]
"""A search of some zones (:meth:`Board.keep`): the zones, and what names what it looks for."""


@dataclass(frozen=True, slots=True)
class Searched:
    """What a search found, and what its zones held when it was made."""

    search: Search
    objects: tuple[ObjectId, ...]
    contents: tuple[tuple[ObjectId, ObjectView], ...]


@dataclass(frozen=True, slots=True)
class Seen:
    """What an answer read of the other objects: the zones it looked at whole, with what they
    held, and the searches it had the rules make (a target description's matches), with what
    each found."""

    zones: frozenset[Zone]
    contents: tuple[tuple[ObjectId, ObjectView], ...]
    searches: tuple[Searched, ...] = ()

    def holds(self, board: Board) -> bool:
        """Whether ``board`` gives the same: those zones hold the same objects, described the
        same, and each search finds the same objects: made on ``board`` too, it found them, or
        its zones hold what they held, so it would. An answer that read only these is then the
        same answer (a tapped land changes no "target creature")."""
        return board.holds(self)


NOTHING_SEEN = Seen(frozenset(), ())

# What one look read: every object (None), some zones whole, or what a search found.
_Look = frozenset[Zone] | tuple[Search] | None


class Board(Sequence[ObjectView]):
    """Every object of the game, read from the host only if a rule or a plugin looks at it:
    most casts need no other object, and describing all of them is costly on some engines."""

    def __init__(self, host: CheckedHost) -> None:
        self._host = host
        self._items: list[tuple[ObjectId, ObjectView]] | None = None
        self._views: list[ObjectView] = []
        self._zoned: dict[frozenset[Zone], tuple[tuple[ObjectId, ObjectView], ...]] = {}
        # Contents kept with an answer, compared with this board's once each (kept by id, with
        # the contents themselves, so that no id is reused while the board lives).
        self._compared: dict[int, tuple[tuple[tuple[ObjectId, ObjectView], ...], bool]] = {}
        self._found: dict[Search, tuple[ObjectId, ...]] = {}
        # What each look read, in order, for seen_since.
        self._looked: list[_Look] = []
        self.looks = 0
        """How many times a rule or a plugin looked at the objects: an answer given without a look
        is not of them."""

    def items(self) -> list[tuple[ObjectId, ObjectView]]:
        """Each object with its view, described once."""
        self._look(None)
        if self._items is None:
            self._items = self._host.board()
            self._views = [view for _, view in self._items]
        return self._items

    def found(self, zones: frozenset[Zone], key: Hashable) -> tuple[ObjectId, ...] | None:
        """What a search of ``zones`` for ``key`` found on this board (:meth:`keep`), if one was
        made (then a look at what it found)."""
        found = self._found.get((zones, key))
        if found is not None:
            self._look(((zones, key),))
        return found

    def searching(self, zones: frozenset[Zone]) -> list[tuple[ObjectId, ObjectView]]:
        """The objects in ``zones`` with their views, for a search whose finds are then given to
        :meth:`keep`: the look is at what it finds, not at every object of the zones."""
        return list(self.contents(zones))

    def keep(self, zones: frozenset[Zone], key: Hashable, objects: tuple[ObjectId, ...]) -> None:
        """Keep what a search of ``zones`` for ``key`` found (the objects a target's description
        matches, ``key`` naming the description), for the rest of this board: each card in a hand
        is asked about at a position. A look at what it found."""
        self._found[(zones, key)] = objects
        self._look(((zones, key),))

    def note(self, seen: Seen) -> None:
        """Count as the looks ``seen`` is of: an answer given again, from what it read, is of the
        same (an answer that contains it is kept with them)."""
        if seen.zones:
            self._look(seen.zones)
        for searched in seen.searches:
            self._look((searched.search,))

    def holds(self, seen: Seen) -> bool:
        """Whether this board gives what ``seen`` read (see :meth:`Seen.holds`)."""
        if seen.zones and not self._holding(seen.zones, seen.contents):
            return False
        for searched in seen.searches:
            found = self._found.get(searched.search)
            if found is None and self._holding(searched.search[0], searched.contents):
                # Its zones hold what they held: the search would find what it found.
                found = self._found[searched.search] = searched.objects
            if found != searched.objects:
                return False
        return True

    def _holding(self, zones: frozenset[Zone], contents: tuple[tuple[ObjectId, ObjectView], ...]) -> bool:
        compared = self._compared.get(id(contents))
        if compared is None:
            compared = self._compared[id(contents)] = (contents, self.contents(zones) == contents)
        return compared[1]

    def ids(self) -> frozenset[ObjectId]:
        """Every object's id (not a look: an answer is checked against it, not decided by it)."""
        if self._items is not None:
            return frozenset(obj for obj, _ in self._items)
        return frozenset(self._host.objects())

    def mark(self) -> int:
        """A point to ask :meth:`seen_since` from."""
        return len(self._looked)

    def seen_since(self, mark: int) -> Seen | None:
        """What the looks since ``mark`` read, as it is on this board, or ``None`` when one
        looked at every object (an answer of the whole game is not kept)."""
        zones: set[Zone] = set()
        searches: dict[Search, Searched] = {}
        for looked in self._looked[mark:]:
            if looked is None:
                return None
            if isinstance(looked, frozenset):
                zones |= looked
            else:
                search = looked[0]
                searches[search] = Searched(search, self._found[search], self.contents(search[0]))
        if not zones and not searches:
            return NOTHING_SEEN
        frozen = frozenset(zones)
        return Seen(frozen, self.contents(frozen) if frozen else (), tuple(searches.values()))

    def contents(self, zones: frozenset[Zone]) -> tuple[tuple[ObjectId, ObjectView], ...]:
        """The objects in ``zones`` with their views, read from the host once per board (not a
        look: what a kept answer read is compared with it)."""
        found = self._zoned.get(zones)
        if found is None:
            if self._items is not None:
                found = tuple((obj, view) for obj, view in self._items if view.zone in zones)
            else:
                found = tuple(
                    (obj, self._host.view(obj)) for zone in Zone if zone in zones for obj in self._host.objects_in(zone)
                )
            self._zoned[zones] = found
        return found

    def _look(self, looked: _Look) -> None:
        self.looks += 1
        self._looked.append(looked)

    def __iter__(self) -> Iterator[ObjectView]:
        return iter(self._load())

    def in_zones(self, zones: frozenset[Zone]) -> list[tuple[ObjectId, ObjectView]]:
        """The objects in ``zones`` with their views (a look, as :meth:`items` is)."""
        self._look(zones)
        return list(self.contents(zones))

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


class BoardItems(Sequence[tuple[ObjectId, ObjectView]]):
    """A :class:`Board`'s objects each with its id, read from the host only when first looked at."""

    def __init__(self, board: Board) -> None:
        self._board = board

    def __len__(self) -> int:
        return len(self._board.items())

    def __iter__(self) -> Iterator[tuple[ObjectId, ObjectView]]:
        return iter(self._board.items())

    def in_zones(self, zones: frozenset[Zone]) -> list[tuple[ObjectId, ObjectView]]:
        """The objects in ``zones`` with their views, in the host's order of each zone: a
        target looks only where its description says (a permanent on the battlefield), so a
        host's libraries are not read for it."""
        return self._board.in_zones(zones)

    def ids(self) -> frozenset[ObjectId]:
        """Every object's id, without describing any (what a decision names is checked against it)."""
        return self._board.ids()

    def found(self, zones: frozenset[Zone], key: Hashable) -> tuple[ObjectId, ...] | None:
        """What a search of ``zones`` for ``key`` found on this board, if one was made (a look at ``zones``)."""
        return self._board.found(zones, key)

    def searching(self, zones: frozenset[Zone]) -> list[tuple[ObjectId, ObjectView]]:
        """The objects in ``zones`` with their views, for a search whose finds are then kept."""
        return self._board.searching(zones)

    def keep(self, zones: frozenset[Zone], key: Hashable, objects: tuple[ObjectId, ...]) -> None:
        """Keep what a search of ``zones`` for ``key`` found, for the rest of this board."""
        self._board.keep(zones, key, objects)

    @overload
    def __getitem__(self, index: int) -> tuple[ObjectId, ObjectView]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[ObjectId, ObjectView]]: ...
    def __getitem__(self, index: int | slice) -> tuple[ObjectId, ObjectView] | Sequence[tuple[ObjectId, ObjectView]]:
        return self._board.items()[index]


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Everything observable of a game at one moment: each object's view, the stack, the timing,
    the events reported so far and the last cost paid. Two snapshots are equal when nothing the
    rules can see has changed."""

    objects: tuple[tuple[ObjectId, ObjectView], ...]
    """Each object's id and its view, in the order the host lists them."""
    stack: tuple[ObjectId, ...]
    """The stack, bottom first."""
    timing: Timing
    """Whose turn and phase it is, who has priority, whether the stack is empty."""
    events: tuple[Event, ...]
    """The events reported so far (:attr:`~splitcards.game.table.Table.events`)."""
    last_cost: ManaCost | None
    """The last cost paid (:attr:`~splitcards.game.table.Table.last_cost`)."""


def snapshot(host: CheckedHost, events: Sequence[Event], last_cost: ManaCost | None) -> Snapshot:
    """The game on ``host`` now, with the Table's record of events and last cost."""
    return Snapshot(
        tuple((o, host.view(o)) for o in host.objects()),
        tuple(host.stack()),
        host.timing(),
        tuple(events),
        last_cost,
    )
