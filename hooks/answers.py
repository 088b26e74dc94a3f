"""What each hook implementation answered, as a hook call goes.

pluggy runs a hook's implementations in its own loop, and its call monitoring sees the answer
of the whole chain only. To name the plugin whose answer a call took, or whose answer is wrong,
splitcards' typed call (:mod:`splitcards.game.plugins.hookcalls`) opens a record (:data:`GIVEN`)
around the call, and each implementation marked with :data:`splitcards.hooks.hookimpl` adds its
answer to it as it returns. Nothing is recorded outside a record: a marked function called by
hand, or a hook called through ``pm.hook`` directly, runs as it was written.
"""

from __future__ import annotations

import functools
import types
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, TypeVar, cast, overload

import pluggy

_F = TypeVar("_F", bound=Callable[..., object])

Given = tuple[str, Callable[..., object], object, object]
"""One answer recorded: the hook's name, the marked function that gave it, the first argument it
was called with (the plugin object, for a method), and the answer."""

GIVEN: ContextVar[list[Given] | None] = ContextVar("splitcards_given", default=None)
"""The record of the hook call in progress in this context, or ``None``."""


class ImplMarker:
    """pluggy's marker of a hook implementation (a :class:`pluggy.HookimplMarker` does the
    marking), whose marked function also adds what it answers to the record of the hook call in
    progress (see the module's description). Hook wrappers are marked as pluggy marks them: the
    answer of a chain with wrappers is theirs."""

    __slots__ = ("_mark", "project_name")

    def __init__(self, project_name: str) -> None:
        self.project_name = project_name
        """The pluggy project the marked functions implement hooks of."""
        self._mark = pluggy.HookimplMarker(project_name)

    @overload
    def __call__(
        self,
        function: _F,
        hookwrapper: bool = ...,
        optionalhook: bool = ...,
        tryfirst: bool = ...,
        trylast: bool = ...,
        specname: str | None = ...,
        wrapper: bool = ...,
    ) -> _F: ...

    @overload
    def __call__(
        self,
        function: None = ...,
        hookwrapper: bool = ...,
        optionalhook: bool = ...,
        tryfirst: bool = ...,
        trylast: bool = ...,
        specname: str | None = ...,
        wrapper: bool = ...,
    ) -> Callable[[_F], _F]: ...

    def __call__(
        self,
        function: _F | None = None,
        hookwrapper: bool = False,
        optionalhook: bool = False,
        tryfirst: bool = False,
        trylast: bool = False,
        specname: str | None = None,
        wrapper: bool = False,
    ) -> _F | Callable[[_F], _F]:
        """Mark ``function`` as a hook implementation, with pluggy's options (``tryfirst``,
        ``trylast``, ``wrapper``, ``specname``...); without a function, the marker with those
        options."""
        mark: Callable[[_F], _F] = self._mark(
            None,
            hookwrapper=hookwrapper,
            optionalhook=optionalhook,
            tryfirst=tryfirst,
            trylast=trylast,
            specname=specname,
            wrapper=wrapper,
        )

        def decorate(func: _F) -> _F:
            # A wrapper's generator is driven by pluggy, and a staticmethod or classmethod is
            # bound by it: only a plain function is recorded.
            if wrapper or hookwrapper or not isinstance(func, types.FunctionType):
                return mark(func)
            return mark(_answering(func, specname or func.__name__))

        return decorate if function is None else decorate(function)


def _answering(function: _F, hook: str) -> _F:
    @functools.wraps(function)
    def answering(*args: Any, **kwargs: Any) -> object:
        __tracebackhide__ = True  # pytest shows the plugin's own frame
        answer = function(*args, **kwargs)
        given = GIVEN.get()
        if given is not None:
            given.append((hook, answering, args[0] if args else None, answer))
        return answer

    return cast(_F, answering)


def records(function: object) -> bool:
    """Whether ``function`` (a hook implementation, bound or not) adds its answers to the record."""
    found = getattr(function, "__func__", function)
    return getattr(found, "__code__", None) is _RECORDING


_RECORDING = _answering(lambda: None, "").__code__
"""The code of every recording function: one closure per marked implementation."""
