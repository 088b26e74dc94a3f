"""What the commands share: the usage error, the ``--rules`` option, and how plugins and hosts are named."""

from __future__ import annotations

import argparse

import pluggy

from splitcards.errors import SplitcardsError
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.contract import AdapterInfo
from splitcards.game.plugins.manager import plugin_sources
from splitcards.rules.versions import RuleVersion
from splitcards.tools.hostnames import HostNames, UnknownHost


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
    """A host by name (a registered one, or ``command:LINE``), available here; a usage error
    naming the others otherwise."""
    try:
        return HostNames(pm).get(name)
    except UnknownHost as exc:
        raise UsageError(f"{option}: {exc}") from None
