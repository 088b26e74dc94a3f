"""What the commands share: the usage error, the ``--rules`` option, and how plugins and hosts are named."""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path

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


def rule_files(names: Iterable[str] | None) -> list[tuple[str, Path | None]]:
    """The house rule files among ``--rules`` names, as the registry takes them: a name ending
    in ``.yaml`` or ``.yml``."""
    return [("--rules", Path(name)) for name in names or () if name.endswith((".yaml", ".yml"))]


def not_an_input(option: str, output: Path, inputs: Iterable[tuple[str, Path | None]]) -> None:
    """Refuse an output file that is one of the command's inputs (by any spelling of its path, or
    a link to it): writing it would destroy the input before, or while, it is read.

    :param inputs: each input's option (or what it is) and its path; ``None`` when not given.
    """
    for given, path in inputs:
        if path is not None and _same_file(output, path):
            raise UsageError(
                f"{option} {output}: it is the {given} file {path}: the command would overwrite its own input"
            )


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and a.samefile(b))
    except OSError:
        return False
