"""Build the plugin manager: hook specs, built-in rules, installed plugins.

There is no module-level manager: every game (or tool) builds its own with
:func:`make_plugin_manager`, so nothing happens at import time.

Plugins installed as distributions are found through the entry-point group ``splitcards``.
The environment variable ``SPLITCARDS_DISABLE_PLUGINS`` blocks some of them: a
comma-separated list of entry-point names (``*`` blocks every installed plugin).
"""

from __future__ import annotations

import os
import types
from collections.abc import Iterable, Mapping
from importlib import metadata
from typing import Any

import pluggy

from splitcards import builtin
from splitcards.errors import PluginFailure
from splitcards.hooks import PROJECT_NAME, spec

BLOCK_ENV = "SPLITCARDS_DISABLE_PLUGINS"
BUILTIN_NAME = "splitcards.builtin"


def make_plugin_manager(plugins: Iterable[object] = (), load_entry_points: bool = True) -> pluggy.PluginManager:
    """A new manager with the specs, the built-in rules, installed plugins, then ``plugins``."""
    pm = pluggy.PluginManager(PROJECT_NAME)
    pm.add_hookspecs(spec)
    pm.register(builtin, name=BUILTIN_NAME)
    if load_entry_points:
        blocked = {name.strip() for name in os.environ.get(BLOCK_ENV, "").split(",") if name.strip()}
        if "*" not in blocked:
            for name in blocked:
                pm.set_blocked(name)
            try:
                pm.load_setuptools_entrypoints(PROJECT_NAME)
            except Exception as exc:
                raise PluginFailure(_failing_entry_point(exc), "<load>", exc) from exc
    for plugin in plugins:
        pm.register(plugin)
    pm.check_pending()
    return pm


def call_hook(pm: pluggy.PluginManager, hook_name: str, **kwargs: Any) -> Any:
    """Call a hook; a plugin that raises becomes :class:`PluginFailure` naming it and the hook."""
    caller = getattr(pm.hook, hook_name)
    try:
        return caller(**kwargs)
    except Exception as exc:
        raise PluginFailure(_culprit(pm, caller, exc), hook_name, exc) from exc


def _failing_entry_point(exc: BaseException) -> str:
    """The entry point whose module raised ``exc`` while loading (its traceback names the file)."""
    files = set()
    tb = exc.__traceback__
    while tb is not None:
        files.add(tb.tb_frame.f_code.co_filename)
        tb = tb.tb_next
    for ep in metadata.entry_points(group=PROJECT_NAME):
        module = ep.value.split(":")[0]
        if isinstance(exc, ImportError) and exc.name and module.startswith(exc.name):
            return ep.name
        if any(module.replace(".", "/") in f for f in files):
            return ep.name
    return "<entry point>"


def _culprit(pm: pluggy.PluginManager, caller: Any, exc: BaseException) -> str:
    codes: Mapping[types.CodeType, str] = {
        impl.function.__code__: pm.get_name(impl.plugin) or impl.plugin_name for impl in caller.get_hookimpls()
    }
    found = "<unknown>"
    tb = exc.__traceback__
    while tb is not None:
        found = codes.get(tb.tb_frame.f_code, found)
        tb = tb.tb_next
    return found
