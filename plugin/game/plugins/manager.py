"""Build the plugin manager (hook specs, built-in rules, installed plugins) and call its hooks.

:func:`make_plugin_manager` builds a new manager; :func:`default_manager` builds one on first use
and keeps it for the process, so an engine that makes many games scans the installed plugins
once. Nothing happens at import time.

Plugins installed as distributions are found through the entry-point group ``splitcards``.
The environment variable ``SPLITCARDS_DISABLE_PLUGINS`` (a comma-separated list of entry-point
names), else the project's ``disable_plugins`` (:mod:`splitcards.game.configuration.settings`), blocks some of them;
``*`` blocks every plugin that other distributions install, never the hosts and rules that
splitcards itself ships (as ``PYTEST_DISABLE_PLUGIN_AUTOLOAD`` spares pytest's own plugins).

Hooks are called through :mod:`splitcards.game.plugins.hookcalls`, typed with their specs.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import pluggy

from splitcards.errors import PluginFailure
from splitcards.game.plugins.hookcalls import FirstResult, Joined
from splitcards.hooks import PROJECT_NAME, spec

# The name the built-in rules are registered and shown under (`splitcards plugins`, its JSON): the
# module's path before the game was divided into rooms, kept so that what users read stays the same.
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
    """A new manager with the specs, the built-in rules, installed plugins (unless
    ``load_entry_points`` is false), then ``plugins``.

    A plugin that fails to import, implements a hook that does not exist, or is registered twice
    is a :class:`~splitcards.errors.PluginFailure` naming it.
    """
    # The built-in rules (every module of splitcards.rules) load when the first manager is made,
    # not when a Table is imported.
    from splitcards.game.plugins import builtin

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
    from splitcards.game.configuration.settings import blocked_plugins

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


def __getattr__(name: str) -> Any:
    # The settings (and their YAML reader) load when first needed, not with the manager.
    if name == "BLOCK_ENV":
        from splitcards.game.configuration.settings import BLOCK_ENV

        return BLOCK_ENV
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_DEFAULT_LOCK = threading.Lock()
_DEFAULTS: dict[str, pluggy.PluginManager] = {}

__all__ = [
    "BLOCK_ENV",  # noqa: F822 (given by __getattr__)
    "builtins_alone",
    "builtins_answer",
    "default_manager",
    "make_plugin_manager",
    "plugin_sources",
    "plugins_implementing",
]


def default_manager() -> pluggy.PluginManager:
    """The process-wide manager with the installed plugins, built on first use.

    One is kept per set of blocked plugins (``SPLITCARDS_DISABLE_PLUGINS``, else the project's
    ``disable_plugins``), so blocking a plugin takes effect for games made afterwards.
    """
    from splitcards.game.configuration.settings import blocked_plugins

    key = ",".join(sorted(blocked_plugins().value))
    pm = _DEFAULTS.get(key)
    if pm is None:
        with _DEFAULT_LOCK:
            pm = _DEFAULTS.get(key)
            if pm is None:
                pm = _DEFAULTS[key] = make_plugin_manager()
    return pm


# -- who implements a hook -----------------------------------------------------------------


def plugins_implementing(pm: pluggy.PluginManager, hook: FirstResult[Any, Any] | Joined[Any, Any]) -> tuple[str, ...]:
    """The plugins other than the built-in rules that implement ``hook``, in pluggy's order."""
    impls = getattr(pm.hook, hook.name).get_hookimpls()
    return tuple(impl.plugin_name for impl in impls if impl.plugin_name != BUILTIN_NAME)


def builtins_alone(pm: pluggy.PluginManager, hook: FirstResult[Any, Any] | Joined[Any, Any]) -> bool:
    """Whether the built-in rules are the only implementation of ``hook``: then its answer is
    theirs, a function of its arguments alone."""
    impls = getattr(pm.hook, hook.name).get_hookimpls()
    return [impl.plugin_name for impl in impls] == [BUILTIN_NAME]


def builtins_answer(pm: pluggy.PluginManager, hooks: Iterable[FirstResult[Any, Any] | Joined[Any, Any]]) -> bool:
    """Whether no plugin but the built-in rules implements any of ``hooks`` (a hook may have no
    implementation: the built-in rules add no cost effect): then the answers of a question that
    asks them are a function of its arguments alone."""
    hook_of = pm.hook
    return all(
        impl.plugin_name == BUILTIN_NAME for hook in hooks for impl in getattr(hook_of, hook.name).get_hookimpls()
    )
