"""What the commands share: the usage error, the ``--rules`` option, and how plugins and hosts are named."""

from __future__ import annotations

import argparse

import pluggy

from splitcards.errors import SplitcardsError, did_you_mean
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.configuration.settings import blocked_plugins
from splitcards.game.contract import AdapterInfo
from splitcards.game.plugins.hosts import adapters
from splitcards.game.plugins.manager import plugin_sources
from splitcards.rules.versions import RuleVersion


class UsageError(SplitcardsError):
    """A command line that names something that does not exist."""


def add_rules(parser: argparse.ArgumentParser, default: str) -> None:
    """The one ``--rules`` of every command: repeatable, a version's name, alias or YAML file, or ``all``."""
    parser.add_argument(
        "--rules",
        action="append",
        metavar="VERSION",
        help=f"rule version (name, alias or YAML file) or 'all'; repeatable (default: {default})",
    )


def chosen_versions(registry: VersionRegistry, names: list[str] | None, default: list[str]) -> list[RuleVersion]:
    """The versions ``--rules`` names (``default`` when it is not given; ``all``: every version, oldest first)."""
    wanted = names or default
    if "all" in wanted:
        return sorted(registry.versions.values(), key=lambda v: v.edition)
    found = [registry.get(name) for name in wanted]
    return list({version.name: version for version in found}.values())


def plugin_line(pm: pluggy.PluginManager) -> str:
    """The active plugins on one line, as pytest's ``plugins:`` header: each plugin's name, then
    the distribution and version it comes from (the built-ins: splitcards's own)."""
    import splitcards

    names = []
    for name, source in plugin_sources(pm).items():
        if source.distribution and source.version:
            names.append(f"{name} ({source.distribution} {source.version})")
        elif source.origin == "built-in rules":
            names.append(f"{name} (splitcards {splitcards.__version__})")
        else:
            names.append(f"{name} ({source.origin})")
    return ", ".join(names)


def host(pm: pluggy.PluginManager, name: str, option: str = "--host") -> AdapterInfo:
    """A registered host by name, available here; a usage error naming the others otherwise."""
    known = adapters(pm)
    info = known.get(name)
    if info is None:
        raise UsageError(f"{option}: {unknown_host(name, known)}")
    if info.available is not None:
        raise UsageError(f"{option}: {name}: {info.available}")
    return info


def unknown_host(name: str, known: dict[str, AdapterInfo]) -> str:
    """Why no host has this name: blocked by the configuration, or unknown (and the near names)."""
    blocked = blocked_plugins()
    if name in blocked.value:
        where = blocked.origin if blocked.origin.startswith("$") else f"disable_plugins in {blocked.origin}"
        return f"{name}: blocked by {where}"
    allowed = ", ".join(known) or "none"
    return f"unknown host {name!r}{did_you_mean(name, known)} (allowed: {allowed})"
