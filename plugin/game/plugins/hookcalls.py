"""Each hook of :mod:`splitcards.hooks.spec`, called through pluggy by a function typed with its spec.

``hookcalls.check_cast(pm, rules=..., request=..., timing=..., board=...)`` has the parameters
and the return type of ``spec.check_cast``, and calls ``pm.hook.check_cast(...)``: pluggy runs
the chain (its order, ``firstresult``, hook wrappers), and its tracing (``pm.trace``,
``enable_tracing``) and call monitoring (``add_hookcall_monitoring``) see every call, the
built-in rules' included. :class:`FirstResult` gives the first non-``None`` answer of a
``firstresult`` hook, :class:`Joined` the list of every implementation's answer.

An implementation that raises, or returns what its spec's annotation does not allow or a
decision its caller can't use (:mod:`splitcards.game.plugins.hookresults`), is a
:class:`~splitcards.errors.PluginFailure` naming that plugin and the hook. ``KeyboardInterrupt``
and ``SystemExit`` propagate: the user or the process asked to stop, as in pytest.

pluggy's loop, a hook wrapper and a call monitor see the answer of the whole chain only, and a
``firstresult`` chain does not say who gave it. So each call opens a record that every
implementation marked with ``splitcards.hooks.hookimpl`` adds its answer to
(:mod:`splitcards.hooks.answers`): each answer is checked, and named after its plugin, once the
chain is done. An answer no marked implementation gave is the hook wrappers' (they pass on, or
replace, what they wrap), or that of an implementation marked otherwise; a failure is traced to
the implementation through whose frame it last passed. Nothing of pluggy's is changed.

Inside :func:`tracing`, each call is recorded as a :class:`HookTrace`: the hook, and the plugins
that answered (what the rules service's ``trace`` explanation shows).
"""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Generic, ParamSpec, TypeVar, cast

import pluggy

from splitcards.errors import PluginFailure, shown
from splitcards.game.plugins.hookresults import ResultCheck, answer_problem, result_check
from splitcards.hooks import PROJECT_NAME, spec
from splitcards.hooks.answers import GIVEN, Given, records

P = ParamSpec("P")
# Covariant: a hook that answers a narrower type is taken where a wider answer is expected
# (a decision that can also be a refusal).
R = TypeVar("R", covariant=True)


class _Hook:
    """A hook's name, and the names of its parameters, read from its spec when first needed
    (reading every spec's signature would cost each import of the Table)."""

    __slots__ = ("_names", "_spec", "name")

    def __init__(self, spec_function: Callable[..., object], firstresult: bool) -> None:
        self.name: str = _spec_name(spec_function, firstresult)
        self._spec = spec_function
        self._names: tuple[str, ...] | None = None

    def _keywords(self, args: tuple[object, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
        if not args:
            return kwargs
        if self._names is None:
            self._names = tuple(inspect.signature(self._spec).parameters)
        return _keywords(self._names, args, kwargs)


class FirstResult(_Hook, Generic[P, R]):
    """A ``firstresult`` hook: its first non-``None`` answer, or ``None``."""

    __slots__ = ()

    def __init__(self, spec_function: Callable[P, R]) -> None:
        super().__init__(spec_function, firstresult=True)

    def __call__(self, pm: pluggy.PluginManager, /, *args: P.args, **kwargs: P.kwargs) -> R:
        return cast(R, _call(getattr(pm.hook, self.name), self._keywords(args, kwargs), True, None))

    def __repr__(self) -> str:
        return f"FirstResult(spec.{self.name})"


class Joined(_Hook, Generic[P, R]):
    """A hook whose implementations all answer: the list of their non-``None`` answers."""

    __slots__ = ()

    def __init__(self, spec_function: Callable[P, R | None]) -> None:
        super().__init__(spec_function, firstresult=False)

    def __call__(self, pm: pluggy.PluginManager, /, *args: P.args, **kwargs: P.kwargs) -> list[R]:
        return cast(list[R], _call(getattr(pm.hook, self.name), self._keywords(args, kwargs), False, None))

    def into(
        self, given: list[tuple[str, Any]], pm: pluggy.PluginManager, /, *args: P.args, **kwargs: P.kwargs
    ) -> None:
        """Add each answer, with the name of the plugin that gave it, to ``given``. Should the
        call be interrupted (``KeyboardInterrupt``, ``SystemExit``), ``given`` holds the answers
        given before the interruption, and the interruption goes on."""
        _call(getattr(pm.hook, self.name), self._keywords(args, kwargs), False, given)

    def of(self, plugin: str, pm: pluggy.PluginManager, /, *args: P.args, **kwargs: P.kwargs) -> list[R]:
        """The answers of the plugin named ``plugin`` alone, asked through pluggy (the chain less
        every other plugin, as ``pm.subset_hook_caller`` gives it)."""
        others = [p for name, p in pm.list_name_plugin() if name != plugin and p is not None]
        caller = pm.subset_hook_caller(self.name, others)
        return cast(list[R], _call(caller, self._keywords(args, kwargs), False, None))

    def __repr__(self) -> str:
        return f"Joined(spec.{self.name})"


def _spec_name(spec_function: Callable[..., object], firstresult: bool) -> str:
    opts = getattr(spec_function, f"{PROJECT_NAME}_spec", None)
    if opts is None or bool(opts.get("firstresult")) is not firstresult:
        kind = "a firstresult" if firstresult else "a joined"
        raise TypeError(f"{spec_function.__name__} is not {kind} hook spec of {PROJECT_NAME}")
    return spec_function.__name__


def _keywords(names: tuple[str, ...], args: tuple[object, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
    # pluggy passes arguments by name only.
    return {**dict(zip(names, args, strict=False)), **kwargs} if args else kwargs


# -- tracing --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HookTrace:
    """One hook call: the hook, the plugins that answered it (for a ``firstresult`` hook, the one
    whose answer was taken; none when every implementation passed), and how many implement it."""

    hook: str
    """The hook's name (``"check_cast"``)."""
    answered_by: tuple[str, ...]
    """The plugins whose answers were taken, in the order they answered."""
    implementations: int
    """How many plugins implement the hook."""


_TRACE: ContextVar[list[HookTrace] | None] = ContextVar("splitcards_hook_trace", default=None)


@contextlib.contextmanager
def tracing() -> Iterator[list[HookTrace]]:
    """Record every hook call made inside the ``with`` block, in order, into the list it gives."""
    calls: list[HookTrace] = []
    token = _TRACE.set(calls)
    try:
        yield calls
    finally:
        _TRACE.reset(token)


# -- the call -------------------------------------------------------------------------------


def _call(
    caller: pluggy.HookCaller, kwargs: dict[str, Any], firstresult: bool, into: list[tuple[str, Any]] | None
) -> object:
    name = caller.name
    given: list[Given] = []
    token = GIVEN.set(given)
    try:
        answer = caller(**kwargs)
    except PluginFailure:
        raise  # a failure already named (a hook called inside this one)
    except (KeyboardInterrupt, SystemExit):
        if into is not None:
            into += [(plugin, one) for plugin, one in _named(caller, _taken(name, given)) if _allowed(caller, one)]
        raise
    except BaseException as exc:
        # A wrong answer the chain went on with (a wrapper reading it) is its plugin's failure.
        _check(caller, _taken(name, given), kwargs)
        plugin = _raised_in(exc, caller)
        if plugin is None:
            raise  # no implementation raised it: pluggy's own error
        raise PluginFailure(plugin, name, as_exception(exc)) from exc
    finally:
        GIVEN.reset(token)
    # Most calls are a check that nobody objects to, or one answer, the built-in rules': checked
    # without a list made.
    taken = _taken(name, given) if given else given
    if taken:
        _check(caller, taken, kwargs)
    if firstresult:
        others = [] if answer is None or any(answer is entry[3] for entry in taken) else [answer]
    elif not isinstance(answer, list):
        raise PluginFailure(_others(caller), name, TypeError(f"the hook's answers became {_short(answer)}"))
    else:
        others = _others_answer(answer, taken)
    if others:
        _check_theirs(caller, others, kwargs)
    if into is None and _TRACE.get() is None:
        return answer
    answered = [(_others(caller), one) for one in others] if others else _named(caller, taken)
    if into is not None:
        into += answered
    trace = _TRACE.get()
    if trace is not None:
        by = tuple(plugin for plugin, one in answered if one is not None)
        trace.append(HookTrace(name, by[:1] if firstresult else by, len(caller.get_hookimpls())))
    return answer


def _taken(name: str, given: list[Given]) -> list[Given]:
    """The answers of the record that this call's implementations gave (an implementation may
    call other hooks), ``None`` left out."""
    return [entry for entry in given if entry[0] == name and entry[3] is not None]


def _others_answer(answer: list[object], taken: list[Given]) -> list[object]:
    """What a joined chain answered that no marked implementation gave: a hook wrapper's answers,
    or ones marked otherwise; empty when every answer is one the record holds."""
    if len(answer) == len(taken) and all(one is entry[3] for one, entry in zip(answer, taken, strict=True)):
        return []
    return [one for one in answer if not any(one is entry[3] for entry in taken)]


def _check(caller: pluggy.HookCaller, taken: list[Given], kwargs: dict[str, Any]) -> None:
    check = _result_check(caller)
    for entry in taken:
        problem = _problem(caller.name, entry[3], check, kwargs)
        if problem is not None:
            raise PluginFailure(_plugin_of(caller, entry), caller.name, problem)


def _check_theirs(caller: pluggy.HookCaller, answers: list[object], kwargs: dict[str, Any]) -> None:
    check = _result_check(caller)
    for one in answers:
        problem = _problem(caller.name, one, check, kwargs)
        if problem is not None:
            raise PluginFailure(_others(caller), caller.name, problem)


def _result_check(caller: pluggy.HookCaller) -> ResultCheck | None:
    return result_check(caller.spec.function) if caller.spec is not None else None


def _problem(name: str, answer: object, check: ResultCheck | None, kwargs: dict[str, Any]) -> Exception | None:
    """What is wrong with one answer: a type its spec's annotation does not allow, or a decision
    its caller can't use; ``None``: nothing."""
    if check is not None and not check.accepts(answer):
        return TypeError(f"returned {_short(answer)}; {name} returns {check.described}")
    problem = answer_problem(name, answer, kwargs)
    return ValueError(f"returned {_short(answer)}; {problem}") if problem is not None else None


def _allowed(caller: pluggy.HookCaller, answer: object) -> bool:
    check = _result_check(caller)
    return check is None or check.accepts(answer)


def _plugin_of(caller: pluggy.HookCaller, entry: Given) -> str:
    """The plugin whose implementation gave ``entry``: a module's function itself, or a method
    bound to the plugin object it was called with."""
    function, first = entry[1], entry[2]
    for impl in caller.get_hookimpls():
        found = impl.function
        if found is function or (
            getattr(found, "__func__", None) is function and getattr(found, "__self__", None) is first
        ):
            return impl.plugin_name
    return _others(caller)


def _named(caller: pluggy.HookCaller, taken: list[Given]) -> list[tuple[str, Any]]:
    return [(_plugin_of(caller, entry), entry[3]) for entry in taken]


def _others(caller: pluggy.HookCaller) -> str:
    """The plugins an answer no marked implementation gave comes from: the hook wrappers, and the
    implementations marked otherwise."""
    impls = caller.get_hookimpls()
    names = [i.plugin_name for i in impls if i.wrapper or i.hookwrapper or not records(i.function)]
    return ", ".join(dict.fromkeys(names)) or ", ".join(i.plugin_name for i in impls)


def _raised_in(error: BaseException, caller: pluggy.HookCaller) -> str | None:
    """The plugin whose implementation the error last passed through on its way out, as its
    traceback shows; the hook wrappers when none did but there are some (a wrapper that did not
    yield); ``None`` when no implementation raised it."""
    impls = caller.get_hookimpls()
    codes = {}
    for impl in impls:
        code = getattr(inspect.unwrap(getattr(impl.function, "__func__", impl.function)), "__code__", None)
        if code is not None:
            codes[code] = impl.plugin_name
    found = None
    tb = error.__traceback__
    while tb is not None:
        found = codes.get(tb.tb_frame.f_code, found)
        tb = tb.tb_next
    if found is None and any(impl.wrapper or impl.hookwrapper for impl in impls):
        return ", ".join(impl.plugin_name for impl in impls if impl.wrapper or impl.hookwrapper)
    return found


def as_exception(error: BaseException) -> Exception:
    """A plugin's failure as an ``Exception``: another ``BaseException`` (``GeneratorExit``, one of
    its own) is named by its type, so that it stops the action and not the process."""
    if isinstance(error, Exception):
        return error
    return RuntimeError(f"{type(error).__name__}: {error}" if str(error) else type(error).__name__)


def _short(value: object) -> str:
    return f"{type(value).__name__} {shown(value)}"


# -- the hooks ------------------------------------------------------------------------------

splitcards_register_adapters = Joined(spec.splitcards_register_adapters)
splitcards_rule_files = Joined(spec.splitcards_rule_files)
check_card = FirstResult(spec.check_card)
decide_cost_effects = Joined(spec.decide_cost_effects)
decide_targets = FirstResult(spec.decide_targets)
check_cast = FirstResult(spec.check_cast)
decide_cast = FirstResult(spec.decide_cast)
decide_spliceable = FirstResult(spec.decide_spliceable)
on_splice = Joined(spec.on_splice)
on_cast = Joined(spec.on_cast)
check_resolve = FirstResult(spec.check_resolve)
on_resolve = FirstResult(spec.on_resolve)
decide_controller = FirstResult(spec.decide_controller)
check_destination = FirstResult(spec.check_destination)
decide_copy = FirstResult(spec.decide_copy)
on_leave_stack = FirstResult(spec.on_leave_stack)
on_enter_battlefield = FirstResult(spec.on_enter_battlefield)
on_entered_battlefield = Joined(spec.on_entered_battlefield)
on_name_choice = FirstResult(spec.on_name_choice)
decide_described_names = FirstResult(spec.decide_described_names)
decide_name = FirstResult(spec.decide_name)
on_name_chosen = Joined(spec.on_name_chosen)
decide_doors = FirstResult(spec.decide_doors)
decide_unlock_cost = FirstResult(spec.decide_unlock_cost)
check_unlock = FirstResult(spec.check_unlock)
on_unlock = Joined(spec.on_unlock)
check_lock = FirstResult(spec.check_lock)
check_face_down = FirstResult(spec.check_face_down)
check_cast_face_down = FirstResult(spec.check_cast_face_down)
decide_face_down_spell = FirstResult(spec.decide_face_down_spell)
decide_face_up_cost = FirstResult(spec.decide_face_up_cost)
decide_face_down_view = FirstResult(spec.decide_face_down_view)
check_face_up = FirstResult(spec.check_face_up)
decide_face_up_view = FirstResult(spec.decide_face_up_view)
decide_become_copy = FirstResult(spec.decide_become_copy)
decide_cascade = FirstResult(spec.decide_cascade)
decide_discover = FirstResult(spec.decide_discover)
decide_storm = FirstResult(spec.decide_storm)
on_lock = Joined(spec.on_lock)
check_turn = FirstResult(spec.check_turn)
check_plot = FirstResult(spec.check_plot)
decide_characteristic = FirstResult(spec.decide_characteristic)
decide_has_name = FirstResult(spec.decide_has_name)
decide_comparison = FirstResult(spec.decide_comparison)
decide_spell_view = FirstResult(spec.decide_spell_view)
decide_permanent_view = FirstResult(spec.decide_permanent_view)
decide_moved_view = FirstResult(spec.decide_moved_view)
decide_move_kinds = FirstResult(spec.decide_move_kinds)
decide_splice_zones = FirstResult(spec.decide_splice_zones)
decide_citations = FirstResult(spec.decide_citations)
