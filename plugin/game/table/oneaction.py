"""A Table takes one action at a time and belongs to one thread.

An action started from inside one of its hooks (a plugin's ``on_resolve`` calling ``resolve``),
or from another thread while an action runs, is refused with
:class:`~splitcards.errors.TableInUse` naming the hook or the action; nothing is queued. So is an
action started from inside a hook that a query asks (a ``check_cast`` of ``castable`` calling
``cast``): a query changes nothing.
"""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Callable, Iterator
from typing import Concatenate, ParamSpec, Protocol, TypeVar

from splitcards.errors import TableInUse

P = ParamSpec("P")
R = TypeVar("R")


class Actions:
    """Which action of a Table runs, in which thread, and which hook it is calling."""

    __slots__ = ("_busy", "asking", "hook", "running")

    def __init__(self) -> None:
        self._busy = threading.Lock()
        self.running: tuple[str, int] | None = None
        self.hook: str | None = None
        # The hook a query is asking, and in which thread (no action runs then).
        self.asking: tuple[str, int] | None = None

    def start(self, action: str) -> None:
        asking = self.asking
        if asking is not None and asking[1] == threading.get_ident():
            raise TableInUse(
                f"Table.{action} was called from inside the hook {asking[0]}, which a query asks:"
                " a query changes nothing, so a hook it asks may not act on the Table"
            )
        if not self._busy.acquire(blocking=False):
            raise self._in_use(action)
        self.running = (action, threading.get_ident())

    def end(self) -> None:
        self.running = None
        self.hook = None
        self._busy.release()

    @contextlib.contextmanager
    def calling(self, hook: str) -> Iterator[None]:
        """While the action, or a query, calls ``hook`` (an action started from inside it is
        named after it, and refused during a query)."""
        if self.running is None and self.asking is None:
            self.asking = (hook, threading.get_ident())
            try:
                yield
            finally:
                self.asking = None
            return
        outer, self.hook = self.hook, hook
        try:
            yield
        finally:
            self.hook = outer

    def _in_use(self, wanted: str) -> TableInUse:
        running = self.running
        if running is None:  # released between the two reads: another thread's action ended
            return TableInUse(f"Table.{wanted}: another thread is using this Table (a Table belongs to one thread)")
        name, thread = running
        if thread == threading.get_ident():
            inside = f"from inside the hook {self.hook}" if self.hook else "from inside it"
            return TableInUse(
                f"Table.{wanted} was called {inside} while Table.{name} runs: a Table takes one action at a time"
            )
        return TableInUse(
            f"Table.{wanted} was called from another thread while Table.{name} runs: a Table belongs to one thread"
        )


class _Acting(Protocol):
    @property
    def _actions(self) -> Actions: ...


T = TypeVar("T", bound=_Acting)


def one_at_a_time(action: Callable[Concatenate[T, P], R]) -> Callable[Concatenate[T, P], R]:
    """An action of the Table: refused while another of its actions runs."""

    @functools.wraps(action)
    def guarded(table: T, /, *args: P.args, **kwargs: P.kwargs) -> R:
        table._actions.start(action.__name__)
        try:
            return action(table, *args, **kwargs)
        finally:
            table._actions.end()

    return guarded
