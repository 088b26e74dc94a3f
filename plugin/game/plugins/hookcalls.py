"""Each hook of :mod:`splitcards.hooks.spec`, called through a function typed with its spec.

``hookcalls.check_cast(pm, rules=..., request=..., timing=..., board=...)`` has the parameters
and the return type of ``spec.check_cast``: :class:`FirstResult` gives the first non-``None``
answer of a ``firstresult`` hook, :class:`Joined` the list of every implementation's answer.

An implementation that raises, or returns what its spec's annotation does not allow or a
decision its caller can't use (:mod:`splitcards.game.plugins.hookresults`), is a
:class:`~splitcards.errors.PluginFailure` naming that plugin and the hook. ``KeyboardInterrupt``
and ``SystemExit`` propagate: the user or the process asked to stop, as in pytest.

Only inside the chain is it known which implementation raised or answered: pluggy's loop, a hook
wrapper or a call monitor sees the answer of the whole chain, and a ``firstresult`` chain does
not say who gave it. pluggy offers no per-implementation hook and its ``HookImpl`` is read-only,
so nothing of pluggy's is changed; instead:

- a chain without hook wrappers (every hook splitcards itself implements) is walked here, in
  pluggy's documented order (:meth:`pluggy.HookCaller.get_hookimpls` reversed, ``tryfirst`` and
  ``trylast`` already placed, a ``firstresult`` chain stopping at the first answer), each
  implementation's failure and answer checked as it comes;
- a chain with hook wrappers runs in pluggy's own loop, which alone drives their generators. A
  failure is traced to the implementation through whose frame it last passed; an answer the
  spec does not allow is the wrappers' (they pass on, or replace, what they wrap).

pluggy's call monitoring (``add_hookcall_monitoring``) therefore sees the chains with wrappers only.
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
        return cast(R, _call(pm, self.name, self._keywords(args, kwargs), firstresult=True))

    def __repr__(self) -> str:
        return f"FirstResult(spec.{self.name})"


class Joined(_Hook, Generic[P, R]):
    """A hook whose implementations all answer: the list of their non-``None`` answers."""

    __slots__ = ()

    def __init__(self, spec_function: Callable[P, R | None]) -> None:
        super().__init__(spec_function, firstresult=False)

    def __call__(self, pm: pluggy.PluginManager, /, *args: P.args, **kwargs: P.kwargs) -> list[R]:
        return cast(list[R], _call(pm, self.name, self._keywords(args, kwargs), firstresult=False))

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


def _call(pm: pluggy.PluginManager, name: str, kwargs: dict[str, Any], firstresult: bool) -> object:
    caller: pluggy.HookCaller = getattr(pm.hook, name)
    impls = caller.get_hookimpls()
    check = result_check(caller.spec.function) if caller.spec is not None else None
    wrappers = [impl.plugin_name for impl in impls if impl.wrapper or impl.hookwrapper]
    trace = _TRACE.get()
    if wrappers:
        answer = _wrapped(caller, impls, ", ".join(wrappers), kwargs, firstresult, check)
        if trace is not None:
            # Only the wrappers know who answered inside them: the chain is named by them.
            trace.append(HookTrace(name, tuple(wrappers) if answer else (), len(impls)))
        return answer
    results: list[object] = []
    answered: list[str] = []
    for impl in reversed(impls):
        result = _one(impl, name, kwargs)
        if result is None:
            continue
        if check is not None and not check.accepts(result):
            raise PluginFailure(impl.plugin_name, name, _refused(name, result, check))
        _check_answer(impl.plugin_name, name, result, kwargs)
        answered.append(impl.plugin_name)
        if firstresult:
            break
        results.append(result)
    if trace is not None:
        trace.append(HookTrace(name, tuple(answered), len(impls)))
    if firstresult:
        return result if answered else None
    return results


def _one(impl: pluggy.HookImpl, name: str, kwargs: dict[str, Any]) -> object:
    """One implementation's answer, its arguments taken by name as pluggy takes them."""
    try:
        args = [kwargs[argname] for argname in impl.argnames]
    except KeyError as exc:
        raise pluggy.HookCallError(f"hook call must provide argument {exc.args[0]!r}") from exc
    # Keyword-only parameters with defaults (pluggy >= 1.6) get what the call has of them.
    keywords = {k: kwargs[k] for k in getattr(impl, "kwargnames", ()) if k in kwargs}
    try:
        return impl.function(*args, **keywords)
    except (KeyboardInterrupt, SystemExit, PluginFailure):
        raise  # a stop asked for, or a failure already named (a hook called inside this one)
    except BaseException as exc:
        raise PluginFailure(impl.plugin_name, name, as_exception(exc)) from exc


def _wrapped(
    caller: pluggy.HookCaller,
    impls: list[pluggy.HookImpl],
    wrappers: str,
    kwargs: dict[str, Any],
    firstresult: bool,
    check: ResultCheck | None,
) -> object:
    try:
        answer = caller(**kwargs)
    except (KeyboardInterrupt, SystemExit, PluginFailure):
        raise
    except BaseException as exc:
        raise PluginFailure(_raised_in(exc, impls, wrappers), caller.name, as_exception(exc)) from exc
    if check is None or answer is None:
        return answer
    if firstresult:
        answers: list[object] = [answer]
    elif isinstance(answer, list):
        answers = answer
    else:
        raise PluginFailure(wrappers, caller.name, TypeError(f"the hook's answers became {_short(answer)}"))
    for one in answers:
        if not check.accepts(one):
            raise PluginFailure(wrappers, caller.name, _refused(caller.name, one, check))
        _check_answer(wrappers, caller.name, one, kwargs)
    return answer


def _check_answer(plugin: str, name: str, answer: object, kwargs: dict[str, Any]) -> None:
    """A decision of the right type that is not what its caller relies on is the plugin's failure."""
    problem = answer_problem(name, answer, kwargs)
    if problem is not None:
        raise PluginFailure(plugin, name, ValueError(f"returned {_short(answer)}; {problem}"))


def _raised_in(error: BaseException, impls: list[pluggy.HookImpl], otherwise: str) -> str:
    """The plugin whose implementation the error last passed through on its way out, as its
    traceback shows; ``otherwise`` when no frame is an implementation's (a C function)."""
    codes = {}
    for impl in impls:
        code = getattr(getattr(impl.function, "__func__", impl.function), "__code__", None)
        if code is not None:
            codes[code] = impl.plugin_name
    found = otherwise
    tb = error.__traceback__
    while tb is not None:
        found = codes.get(tb.tb_frame.f_code, found)
        tb = tb.tb_next
    return found


def _refused(name: str, result: object, check: ResultCheck) -> TypeError:
    return TypeError(f"returned {_short(result)}; {name} returns {check.described}")


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
decide_name = FirstResult(spec.decide_name)
on_name_chosen = Joined(spec.on_name_chosen)
decide_doors = FirstResult(spec.decide_doors)
decide_unlock_cost = FirstResult(spec.decide_unlock_cost)
check_unlock = FirstResult(spec.check_unlock)
on_unlock = Joined(spec.on_unlock)
check_lock = FirstResult(spec.check_lock)
on_lock = Joined(spec.on_lock)
