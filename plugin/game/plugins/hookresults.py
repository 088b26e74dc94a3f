"""What a hook implementation may return, read from its spec's return annotation.

:func:`result_check` turns the annotation of a spec in :mod:`splitcards.hooks.spec` into a test
of a value and the words an error message uses for it, so the spec is the only statement of what
each hook returns. It knows the forms the specs use: classes (and runtime-checkable protocols),
``X | Y``, ``None``, ``Sequence[X]`` (a list or a tuple, never a string), ``tuple[X, ...]``,
``frozenset[X]`` and generic rules answers such as ``Answer[Zone]``. A spec annotated with any
other form is refused when its check is made, so a new spec can't go unchecked.

:func:`answer_problem` checks what no annotation says and the Table relies on: a decision whose
parts it reads by position, or takes each to be there once (the doors named, the legal names, the
name chosen among them, the cards that could be spliced), is held to its spec's words.
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Callable, Mapping, Sequence, Set
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from splitcards.errors import IllegalAction
from splitcards.rules.model import Answer, Player, UnlockBy

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
    hint = _return_hint(spec_function)
    options = tuple(h for h in _members(hint) if h is not type(None))
    words = " or ".join(_noun(h) for h in options)
    return ResultCheck(_either([_test(h) for h in options]), f"{words} or None")


def _return_hint(spec_function: Callable[..., object]) -> Any:
    # The return annotation alone: a parameter's type may be imported for type checkers only.
    def returns() -> None: ...

    returns.__annotations__ = {"return": spec_function.__annotations__["return"]}
    return typing.get_type_hints(returns, globalns=getattr(spec_function, "__globals__", None))["return"]


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


# -- what the annotation does not say ---------------------------------------------------------


def answer_problem(hook: str, answer: object, arguments: Mapping[str, Any]) -> str | None:
    """What is wrong with a decision of ``hook`` whose type its spec allows, given the arguments
    of the call; ``None``: nothing (a refusal is never wrong in shape)."""
    check = _ANSWERS.get(hook)
    if check is None or isinstance(answer, IllegalAction):
        return None
    return check(answer, arguments)


def _doors(answer: Any, arguments: Mapping[str, Any]) -> str | None:
    # The special action unlocks one door (709.5e): the Table reads it as the only one.
    if arguments.get("by") is UnlockBy.SPECIAL_ACTION:
        return None if len(answer) == 1 else "decide_doors returns one door for the special action"
    if 1 <= len(answer) <= 2 and len(set(answer)) == len(answer):
        return None
    return "decide_doors returns one door or two different doors"


def _name_choices(answer: Any, arguments: Mapping[str, Any]) -> str | None:
    # A choice naming a name twice, or twice the same names, could never be chosen.
    names = [frozenset(choice) for choice in answer]
    each_once = len(set(names)) == len(names)
    if answer and each_once and all(choice and len(set(choice)) == len(choice) for choice in answer):
        return None
    return "on_name_choice returns at least one legal answer, each of one or more different names, each answer once"


def _described_names(answer: Any, arguments: Mapping[str, Any]) -> str | None:
    # A refusal is checked as a refusal; the choices kept must be legal ones, each once.
    if not isinstance(answer, Answer):
        return None
    legal = [tuple(choice) for choice in arguments["legal"]]
    kept = [tuple(choice) for choice in answer.value]
    if all(choice in legal for choice in kept) and len(set(kept)) == len(kept):
        return None
    return "decide_described_names returns some of the legal answers it is given, each once"


def _name(answer: Any, arguments: Mapping[str, Any]) -> str | None:
    if answer in [tuple(choice) for choice in arguments["legal"]]:
        return None
    return "decide_name returns one of the legal answers it is given"


def _spliceable(answer: Any, arguments: Mapping[str, Any]) -> str | None:
    given = {obj for obj, _ in arguments["cards"]}
    ids = answer.value
    if len(set(ids)) == len(ids) and given.issuperset(ids):
        return None
    return "decide_spliceable returns ids of the cards it is given, each once"


@runtime_checkable
class IdentifiedBoard(Protocol):
    """A board that lists its objects' ids without describing them (the Table's does)."""

    def ids(self) -> Set[Any]: ...


def _targets(answer: Any, arguments: Mapping[str, Any]) -> str | None:
    # A choice must be one of the objects given, or a player: the check of check_cast reads them.
    # The board is read only if an answer names objects (reading it may cost the host), and then
    # only its ids where it lists them.
    named = {obj for found in answer.value for obj in found.objects}
    board = arguments["board"]
    if not named:
        objects: Set[Any] = frozenset()
    elif isinstance(board, IdentifiedBoard):
        objects = board.ids()
    else:
        objects = {obj for obj, _ in board}
    for found in answer.value:
        if not set(found.objects) <= objects or len(set(found.objects)) != len(found.objects):
            return "decide_targets lists, for each target, objects of the board it is given, each once"
        if not all(isinstance(p, Player) for p in found.players) or len(set(found.players)) != len(found.players):
            return "decide_targets lists, for each target, players, each once"
    return None


_ANSWERS: dict[str, Callable[[Any, Mapping[str, Any]], str | None]] = {
    "decide_targets": _targets,
    "decide_doors": _doors,
    "on_name_choice": _name_choices,
    "decide_name": _name,
    "decide_described_names": _described_names,
    "decide_spliceable": _spliceable,
}
