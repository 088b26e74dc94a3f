"""What a host answered at its current position, kept so each answer is read and checked once.

A host that says when its game changes (an optional ``position()`` method, whose answer is equal
for as long as nothing a view, the stack, the objects or the timing show has changed) has its
answers kept until its position changes or the Table acts through
:class:`~splitcards.game.table.hostcheck.CheckedHost` (:meth:`ReadCache.acted`), whichever comes
first.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

R = TypeVar("R")


class ReadCache:
    """The answers read at one position of a host, by key (``"stack"``, ``("view", obj)``...)."""

    def __init__(self, position: Callable[[], Hashable] | None) -> None:
        """``position``: the host's ``position`` method, or ``None`` when it has none (then
        nothing is kept)."""
        self._position = position
        # Bumped after every action: what was read before it is no longer kept.
        self._generation = 0
        self._kept_at: tuple[int, Hashable] | None = None
        self._kept: dict[Hashable, Any] = {}

    def reading(self) -> dict[Hashable, Any] | None:
        """The answers kept at this position (``None``: the host can't tell its positions)."""
        if self._position is None:
            return None
        at = (self._generation, self._position())
        if at != self._kept_at:
            self._kept_at, self._kept = at, {}
        return self._kept

    def kept_or(self, key: Hashable, read: Callable[[], R]) -> R:
        """The answer kept under ``key`` at this position, else what ``read`` gives (then kept)."""
        kept = self.reading()
        if kept is None:
            return read()
        if key not in kept:
            kept[key] = read()
        found: R = kept[key]
        return found

    def acted(self) -> None:
        """The host acted: nothing read before is kept."""
        self._generation += 1
