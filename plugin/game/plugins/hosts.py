"""The host adapters that plugins register (``splitcards_register_adapters``)."""

from __future__ import annotations

import pluggy

from splitcards.errors import PluginFailure
from splitcards.game.contract import AdapterInfo
from splitcards.game.plugins import hookcalls


def adapters(pm: pluggy.PluginManager) -> dict[str, AdapterInfo]:
    """Every registered adapter by host name; a name registered twice is an error."""
    found: dict[str, AdapterInfo] = {}
    for batch in hookcalls.splitcards_register_adapters(pm):
        for info in batch:
            if info.name in found:
                raise PluginFailure(info.name, "splitcards_register_adapters", ValueError("host name registered twice"))
            found[info.name] = info
    return found
