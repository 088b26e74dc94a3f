"""What a hook implementation may return, read from its spec's return annotation.

:func:`result_check` turns the annotation of a spec in :mod:`splitcards.hooks.spec` into a test
of a value and the words an error message uses for it, so the spec is the only statement of what
each hook returns. It knows the forms the specs use: classes (and runtime-checkable protocols),
``X | Y``, ``None``, ``Sequence[X]`` (a list or a tuple, never a string), ``tuple[X, ...]``,
``frozenset[X]`` and generic rules answers such as ``Answer[Zone]``. A spec annotated with any
other form is refused when its check is made, so a new spec can't go unchecked.
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from splitcards.rules.model import Answer

Test = Callable[[object], bool]


@dataclass(frozen=True, slots=True)
class ResultCheck:
    """A test of what an implementation returned, and its words: ``returns {described}``."""

    accepts: Test
    described: str


@functools.cache
def result_check(spec_function: Callable[..., object]) -> ResultCheck:
    """The check of an implementation's non-``None`` result, from the spec's return annotation
    (``None`` itself is always allowed: it means "no answer")."""
    hint = typing.get_type_hints(spec_function)["return"]
    options = tuple(h for h in _members(hint) if h is not type(None))
    words = " or ".join(_noun(h) for h in options)
    return ResultCheck(_either([_test(h) for h in options]), f"{words} or None")


def _members(hint: Any) -> tuple[Any, ...]:
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return typing.get_args(hint)
    return (hint,)


def _test(hint: Any) -> Test:
    members = _members(hint)
    if len(members) > 1:
        return _either([_test(h) for h in members])
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is type(None):
        return lambda value: value is None
    if origin is None and isinstance(hint, type):
        return lambda value: isinstance(value, hint)
    if origin is Sequence and len(args) == 1:
        item = _test(args[0])
        return lambda value: isinstance(value, list | tuple) and all(item(v) for v in value)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _test(args[0])
        return lambda value: isinstance(value, tuple) and all(item(v) for v in value)
    if origin is frozenset and len(args) == 1:
        item = _test(args[0])
        return lambda value: isinstance(value, frozenset) and all(item(v) for v in value)
    if origin is Answer and len(args) == 1:
        item = _test(args[0])
        return lambda value: isinstance(value, Answer) and item(value.value)
    raise TypeError(f"a hook spec's return annotation {hint!r} has a form the result check does not know")


def _either(tests: list[Test]) -> Test:
    # Checked on every answer of every hook: the one-test case is the test itself.
    if len(tests) == 1:
        return tests[0]
    return lambda value: any(test(value) for test in tests)


def _noun(hint: Any, plural: bool = False) -> str:
    """Words for a value of ``hint``: "a list of Event", "an Answer of Zone"."""
    members = _members(hint)
    if len(members) > 1:
        return " or ".join(_noun(h, plural) for h in members)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is None:
        name = "None" if hint is type(None) else hint.__name__
        return name if plural or name == "None" else f"{_article(name)} {name}"
    what = {Sequence: "list", tuple: "tuple", frozenset: "frozenset"}.get(origin, origin.__name__)
    if plural:
        return f"{what}s of {_noun(args[0], plural=True)}"
    return f"{_article(what)} {what} of {_noun(args[0], plural=True)}"


def _article(word: str) -> str:
    return "an" if word[0] in "AEIOUaeiou" else "a"
