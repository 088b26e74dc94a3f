"""Build the plugin manager (hook specs, built-in rules, installed plugins) and call its hooks.

:func:`make_plugin_manager` builds a new manager; :func:`default_manager` builds one on first use
and keeps it for the process, so an engine that makes many games scans the installed plugins
once. Nothing happens at import time.

Plugins installed as distributions are found through the entry-point group ``splitcards``.
The environment variable ``SPLITCARDS_DISABLE_PLUGINS`` (a comma-separated list of entry-point
names), else the project's ``disable_plugins`` (:mod:`splitcards.game.settings`), blocks some of them;
``*`` blocks every plugin that other distributions install, never the hosts and rules that
splitcards itself ships (as ``PYTEST_DISABLE_PLUGIN_AUTOLOAD`` spares pytest's own plugins).

:func:`call_hook` calls every implementation itself, in pluggy's order, so that an
implementation that raises or returns a value of the wrong type is named in the
:class:`~splitcards.errors.PluginFailure`.
"""

from __future__ import annotations

import reprlib
import threading
import weakref
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import pluggy

from splitcards.errors import IllegalAction, PluginFailure
from splitcards.game import builtin
from splitcards.game.contract import AdapterInfo, Resolution
from splitcards.game.settings import BLOCK_ENV, blocked_plugins
from splitcards.hooks import PROJECT_NAME, spec
from splitcards.rules.card import Side
from splitcards.rules.model import Answer, Event, Zone

BUILTIN_NAME = "splitcards.game.builtin"
_OWN_DISTRIBUTION = "splitcards"


@dataclass(frozen=True, slots=True)
class PluginSource:
    """Where a registered plugin comes from: built in, an entry point of a distribution, or
    registered by the caller."""

    name: str
    origin: str
    distribution: str | None = None
    version: str | None = None


def make_plugin_manager(plugins: Iterable[object] = (), load_entry_points: bool = True) -> pluggy.PluginManager:
    """A new manager with the specs, the built-in rules, installed plugins, then ``plugins``.

    A plugin that fails to import, implements a hook that does not exist, or is registered twice
    is a :class:`~splitcards.errors.PluginFailure` naming it.
    """
    pm = pluggy.PluginManager(PROJECT_NAME)
    pm.add_hookspecs(spec)
    sources: dict[str, PluginSource] = {BUILTIN_NAME: PluginSource(BUILTIN_NAME, "built-in rules")}
    pm.register(builtin, name=BUILTIN_NAME)
    if load_entry_points:
        _load_entry_points(pm, sources)
    for plugin in plugins:
        name = _name_for(pm, plugin)
        _register(pm, plugin, name)
        sources[name] = PluginSource(name, "registered by the caller")
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise PluginFailure(_plugin_name(pm, exc.plugin), "<unknown hook>", exc) from exc
    _SOURCES[pm] = sources
    return pm


_SOURCES: weakref.WeakKeyDictionary[pluggy.PluginManager, dict[str, PluginSource]] = weakref.WeakKeyDictionary()


def plugin_sources(pm: pluggy.PluginManager) -> Mapping[str, PluginSource]:
    """Where each plugin of a manager made by :func:`make_plugin_manager` comes from."""
    return _SOURCES.get(pm, {})


def _load_entry_points(pm: pluggy.PluginManager, sources: dict[str, PluginSource]) -> None:
    blocked = set(blocked_plugins().value)
    for name in blocked - {"*"}:
        pm.set_blocked(name)
    # importlib.metadata is imported when a manager is first made: ``import splitcards`` makes none.
    from importlib import metadata

    for ep in metadata.entry_points(group=PROJECT_NAME):
        dist = ep.dist.name if ep.dist is not None else None
        own = dist is not None and dist.lower() == _OWN_DISTRIBUTION
        if ep.name in blocked or ("*" in blocked and not own):
            continue
        if pm.get_plugin(ep.name) is not None:
            continue  # one distribution seen twice on sys.path
        try:
            plugin = ep.load()
        except Exception as exc:
            raise PluginFailure(ep.name, "<load>", exc) from exc
        _register(pm, plugin, ep.name)
        version = ep.dist.version if ep.dist is not None else None
        origin = "shipped" if own else "entry point"
        sources[ep.name] = PluginSource(ep.name, origin, dist, version)


def _name_for(pm: pluggy.PluginManager, plugin: object) -> str:
    """A readable name for a plugin the caller registers: its module's or its class's name."""
    base = str(getattr(plugin, "__name__", type(plugin).__name__))
    name, n = base, 1
    while pm.get_plugin(name) not in (None, plugin):
        n += 1
        name = f"{base}-{n}"
    return name


def _register(pm: pluggy.PluginManager, plugin: object, name: str) -> None:
    try:
        pm.register(plugin, name=name)
    except (ValueError, pluggy.PluginValidationError) as exc:
        raise PluginFailure(name, "<register>", exc) from exc


def _plugin_name(pm: pluggy.PluginManager, plugin: object) -> str:
    return pm.get_name(plugin) or repr(plugin)


_DEFAULT_LOCK = threading.Lock()
_DEFAULTS: dict[str, pluggy.PluginManager] = {}

__all__ = ["BLOCK_ENV", "call_hook", "default_manager", "make_plugin_manager", "plugin_sources"]


def default_manager() -> pluggy.PluginManager:
    """The process-wide manager with the installed plugins, built on first use.

    One is kept per set of blocked plugins (``SPLITCARDS_DISABLE_PLUGINS``, else the project's
    ``disable_plugins``), so blocking a plugin takes effect for games made afterwards.
    """
    key = ",".join(sorted(blocked_plugins().value))
    pm = _DEFAULTS.get(key)
    if pm is None:
        with _DEFAULT_LOCK:
            pm = _DEFAULTS.get(key)
            if pm is None:
                pm = _DEFAULTS[key] = make_plugin_manager()
    return pm


# -- calling hooks --------------------------------------------------------------------------

Check = Callable[[Any], bool]


def _sequence_of(*kinds: type) -> Check:
    return lambda value: isinstance(value, list | tuple) and all(isinstance(v, kinds) for v in value)


def _name_choices(value: Any) -> bool:
    return isinstance(value, list | tuple) and all(
        isinstance(c, tuple) and c and all(isinstance(n, str) for n in c) for c in value
    )


def _leave_stack(value: Any) -> bool:
    zone = value.value if isinstance(value, Answer) else value
    return isinstance(zone, Zone) and zone is not Zone.STACK


# What each hook's implementations may return besides None, in words for the error message.
RESULTS: dict[str, tuple[Check, str]] = {
    "splitcards_register_adapters": (_sequence_of(AdapterInfo), "a list of AdapterInfo"),
    "splitcards_rule_files": (_sequence_of(Path, Traversable, str), "a list of paths"),
    "check_cast": (lambda v: isinstance(v, IllegalAction), "an IllegalAction"),
    "check_unlock": (lambda v: isinstance(v, IllegalAction), "an IllegalAction"),
    "check_lock": (lambda v: isinstance(v, IllegalAction), "an IllegalAction"),
    "on_splice": (_sequence_of(Event), "a list of Event"),
    "on_cast": (_sequence_of(Event), "a list of Event"),
    "on_unlock": (_sequence_of(Event), "a list of Event"),
    "on_lock": (_sequence_of(Event), "a list of Event"),
    "on_resolve": (lambda v: isinstance(v, Resolution), "a Resolution"),
    "on_leave_stack": (_leave_stack, "a Zone other than the stack (or an Answer of one)"),
    "on_enter_battlefield": (
        lambda v: isinstance(v, frozenset | set) and all(isinstance(s, Side) for s in v),
        "a frozenset of Side",
    ),
    "on_name_choice": (_name_choices, "a list of tuples of card names"),
}


def call_hook(pm: pluggy.PluginManager, hook_name: str, **kwargs: Any) -> Any:
    """Call a hook as pluggy would (last registered first, ``tryfirst``/``trylast`` honoured,
    ``firstresult`` hooks stopping at the first non-``None`` result).

    An implementation that raises, or returns something its hook does not allow, is a
    :class:`~splitcards.errors.PluginFailure` naming that plugin and the hook.
    """
    caller = getattr(pm.hook, hook_name)
    impls = caller.get_hookimpls()
    firstresult = bool(caller.spec and caller.spec.opts.get("firstresult"))
    if any(impl.wrapper or impl.hookwrapper for impl in impls):
        return _call_wrapped(caller, impls, hook_name, firstresult, kwargs)
    results: list[Any] = []
    for impl in reversed(impls):
        try:
            result = impl.function(*[kwargs[name] for name in impl.argnames])
        except (KeyboardInterrupt, SystemExit):
            raise  # the user or the process asked to stop, as in pytest: not the plugin's failure
        except BaseException as exc:
            raise PluginFailure(impl.plugin_name, hook_name, _as_exception(exc)) from exc
        if result is None:
            continue
        _check_result(impl.plugin_name, hook_name, result)
        if firstresult:
            return result
        results.append(result)
    return None if firstresult else results


def _call_wrapped(caller: Any, impls: list[Any], hook_name: str, firstresult: bool, kwargs: dict[str, Any]) -> Any:
    # Wrappers need pluggy's own call loop; a bad result is then blamed on the wrapped plugins.
    names = ", ".join(impl.plugin_name for impl in impls if impl.plugin_name != BUILTIN_NAME)
    try:
        outcome = caller(**kwargs)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:
        raise PluginFailure(names, hook_name, _as_exception(exc)) from exc
    for result in [outcome] if firstresult else outcome:
        if result is not None:
            _check_result(names, hook_name, result)
    return outcome


def _as_exception(error: BaseException) -> Exception:
    """A plugin's failure as an ``Exception``: another ``BaseException`` (``GeneratorExit``, one of
    its own) is named by its type, so that it stops the action and not the process."""
    if isinstance(error, Exception):
        return error
    return RuntimeError(f"{type(error).__name__}: {error}" if str(error) else type(error).__name__)


def _check_result(plugin: str, hook_name: str, result: Any) -> None:
    check = RESULTS.get(hook_name)
    if check is not None and not check[0](result):
        problem = TypeError(f"returned {_short(result)}; {hook_name} returns {check[1]} or None")
        raise PluginFailure(plugin, hook_name, problem)


_REPR = reprlib.Repr()
_REPR.maxstring = 60
_REPR.maxother = 60


def _short(value: Any) -> str:
    return f"{type(value).__name__} {_REPR.repr(value)}"
