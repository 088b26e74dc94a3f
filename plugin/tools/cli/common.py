"""What the commands share: the usage error, and how plugins and hosts are named."""

from __future__ import annotations

import pluggy

from splitcards.errors import SplitcardsError
from splitcards.game.contract import AdapterInfo
from splitcards.game.hosts import adapters
from splitcards.game.manager import plugin_sources


class UsageError(SplitcardsError):
    """A command line that names something that does not exist."""


def plugin_line(pm: pluggy.PluginManager) -> str:
    """The active plugins on one line, as pytest's ``plugins:`` header."""
    names = []
    for name, source in plugin_sources(pm).items():
        names.append(f"{name}-{source.version}" if source.version and source.origin == "entry point" else name)
    return ", ".join(names)


def host(pm: pluggy.PluginManager, name: str) -> AdapterInfo:
    """A registered host by name, available here; a usage error naming the others otherwise."""
    known = adapters(pm)
    info = known.get(name)
    if info is None:
        raise UsageError(f"--host: unknown host {name!r} (allowed: {', '.join(known)})")
    if info.available is not None:
        raise UsageError(f"--host: {name}: {info.available}")
    return info
