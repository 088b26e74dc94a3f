"""Each hook of :mod:`splitcards.hooks.spec`, called through a function typed with its spec.

``hookcalls.check_cast(pm, rules=..., request=..., timing=..., board=...)`` has the parameters
and the return type of ``spec.check_cast``: :class:`FirstResult` gives the first non-``None``
answer of a ``firstresult`` hook, :class:`Joined` the list of every implementation's answer.
The call goes through pluggy's own loop (order, ``tryfirst``/``trylast``, ``firstresult``, hook
wrappers are pluggy's).

An implementation that raises, or returns what its spec's annotation does not allow
(:mod:`splitcards.game.plugins.hookresults`), is a :class:`~splitcards.errors.PluginFailure` naming that
plugin and the hook. ``KeyboardInterrupt`` and ``SystemExit`` propagate: the user or the
process asked to stop, as in pytest.
"""

from __future__ import annotations

import inspect
import threading
from collections.abc import Callable
from typing import Any, Generic, ParamSpec, TypeVar, cast

import pluggy

from splitcards.errors import PluginFailure, shown
from splitcards.game.plugins.hookresults import result_check
from splitcards.hooks import PROJECT_NAME, spec

P = ParamSpec("P")
# Covariant: a hook that answers a narrower type is taken where a wider answer is expected
# (a decision that can also be a refusal).
R = TypeVar("R", covariant=True)

# Marks an implementation's function once it is guarded.
_GUARDED = "_splitcards_guarded"
_GUARD_LOCK = threading.Lock()


class FirstResult(Generic[P, R]):
    """A ``firstresult`` hook: its first non-``None`` answer, or ``None``."""

    __slots__ = ("_names", "name")

    def __init__(self, spec_function: Callable[P, R]) -> None:
        self.name: str = _spec_name(spec_function, firstresult=True)
        self._names = tuple(inspect.signature(spec_function).parameters)

    def __call__(self, pm: pluggy.PluginManager, /, *args: P.args, **kwargs: P.kwargs) -> R:
        caller, wrappers = _prepared(pm, self.name)
        result = _run(caller, self.name, wrappers, _keywords(self._names, args, kwargs))
        if wrappers and result is not None:
            _check(wrappers, self.name, caller, result)
        return cast(R, result)

    def __repr__(self) -> str:
        return f"FirstResult(spec.{self.name})"


class Joined(Generic[P, R]):
    """A hook whose implementations all answer: the list of their non-``None`` answers."""

    __slots__ = ("_names", "name")

    def __init__(self, spec_function: Callable[P, R | None]) -> None:
        self.name: str = _spec_name(spec_function, firstresult=False)
        self._names = tuple(inspect.signature(spec_function).parameters)

    def __call__(self, pm: pluggy.PluginManager, /, *args: P.args, **kwargs: P.kwargs) -> list[R]:
        caller, wrappers = _prepared(pm, self.name)
        results = _run(caller, self.name, wrappers, _keywords(self._names, args, kwargs))
        if wrappers:
            if not isinstance(results, list):
                raise PluginFailure(wrappers, self.name, TypeError(f"the hook's answers became {_short(results)}"))
            for result in results:
                _check(wrappers, self.name, caller, result)
        return cast(list[R], results)

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


# -- the call -------------------------------------------------------------------------------


def _prepared(pm: pluggy.PluginManager, name: str) -> tuple[pluggy.HookCaller, str]:
    """The hook's caller, each of its plain implementations guarded, and the names of its hook
    wrappers ("" if none)."""
    caller: pluggy.HookCaller = getattr(pm.hook, name)
    wrappers = []
    for impl in caller.get_hookimpls():
        if impl.wrapper or impl.hookwrapper:
            wrappers.append(impl.plugin_name)
        elif not hasattr(impl.function, _GUARDED):
            _guard(caller, impl)
    return caller, ", ".join(wrappers)


def _guard(caller: pluggy.HookCaller, impl: pluggy.HookImpl) -> None:
    """Put a guard around one implementation, inside pluggy's loop.

    Only there is it known which plugin raised or returned a value: pluggy's loop, a hook
    wrapper or a call monitor sees the answer of the whole chain, and a ``firstresult`` chain
    does not say which implementation gave it. So each implementation's function is replaced,
    once, by one that names its plugin; the loop that calls it stays pluggy's. Hook wrappers
    are left as they are (pluggy drives their generators), and what escapes them is theirs.
    """
    name, plugin, function = caller.name, impl.plugin_name, impl.function
    spec_function = caller.spec.function if caller.spec is not None else None
    check = result_check(spec_function) if spec_function is not None else None

    def guarded(*args: object) -> object:
        try:
            result = function(*args)
        except (KeyboardInterrupt, SystemExit, PluginFailure):
            raise  # a stop asked for, or a failure already named (a hook called inside this one)
        except BaseException as exc:
            raise PluginFailure(plugin, name, as_exception(exc)) from exc
        if result is not None and check is not None and not check.accepts(result):
            problem = TypeError(f"returned {_short(result)}; {name} returns {check.described}")
            raise PluginFailure(plugin, name, problem)
        return result

    setattr(guarded, _GUARDED, True)
    with _GUARD_LOCK:
        if not hasattr(impl.function, _GUARDED):
            # pluggy declares the attribute Final for its users; this is the one place it is set.
            setattr(impl, "function", guarded)  # noqa: B010


def _run(caller: pluggy.HookCaller, name: str, wrappers: str, kwargs: dict[str, Any]) -> object:
    try:
        return caller(**kwargs)
    except (KeyboardInterrupt, SystemExit, PluginFailure):
        raise
    except BaseException as exc:
        if not wrappers:
            raise  # not a plugin's: every plain implementation is guarded
        raise PluginFailure(wrappers, name, as_exception(exc)) from exc


def _check(wrappers: str, name: str, caller: pluggy.HookCaller, result: object) -> None:
    """A result that went through hook wrappers, which may have replaced it."""
    if caller.spec is None:
        return
    check = result_check(caller.spec.function)
    if not check.accepts(result):
        raise PluginFailure(wrappers, name, TypeError(f"returned {_short(result)}; {name} returns {check.described}"))


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
check_cast = FirstResult(spec.check_cast)
decide_cast = FirstResult(spec.decide_cast)
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
decide_name = FirstResult(spec.decide_name)
on_name_chosen = Joined(spec.on_name_chosen)
decide_doors = FirstResult(spec.decide_doors)
decide_unlock_cost = FirstResult(spec.decide_unlock_cost)
check_unlock = FirstResult(spec.check_unlock)
on_unlock = Joined(spec.on_unlock)
check_lock = FirstResult(spec.check_lock)
on_lock = Joined(spec.on_lock)
