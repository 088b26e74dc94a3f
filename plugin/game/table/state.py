"""The game as the rules and the Table's callers see it: every object (read only when looked at)
and a snapshot of everything observable, to compare before and after an action."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import overload

from splitcards.game.table.hostcheck import CheckedHost
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import Event, ObjectId, ObjectView, Timing, Zone


class Board(Sequence[ObjectView]):
    """Every object of the game, read from the host only if a rule or a plugin looks at it:
    most casts need no other object, and describing all of them is costly on some engines."""

    def __init__(self, host: CheckedHost) -> None:
        self._host = host
        self._items: list[tuple[ObjectId, ObjectView]] | None = None
        self._views: list[ObjectView] = []
        self.looks = 0
        """How many times a rule or a plugin looked at the objects: an answer given without a look
        is not of them."""

    def items(self) -> list[tuple[ObjectId, ObjectView]]:
        """Each object with its view, described once."""
        self.looks += 1
        if self._items is None:
            self._items = self._host.board()
            self._views = [view for _, view in self._items]
        return self._items

    def __iter__(self) -> Iterator[ObjectView]:
        return iter(self._load())

    def in_zones(self, zones: frozenset[Zone]) -> list[tuple[ObjectId, ObjectView]]:
        """The objects in ``zones`` with their views (a look, as :meth:`items` is)."""
        self.looks += 1
        if self._items is not None:
            return [(obj, view) for obj, view in self._items if view.zone in zones]
        return [(obj, self._host.view(obj)) for zone in Zone if zone in zones for obj in self._host.objects_in(zone)]

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
