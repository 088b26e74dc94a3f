"""The listing commands: ``versions``, ``hosts``, ``plugins`` and ``schema``."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any, cast

import pluggy

from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.contract import AdapterInfo
from splitcards.game.plugins.hosts import adapters
from splitcards.game.plugins.manager import plugin_sources
from splitcards.tools import schemas


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    for name, help_text, description in (
        ("versions", "list the rule versions", "List the rule versions, oldest first, and where each comes from."),
        ("hosts", "list the host adapters", "List the host adapters and whether each one's engine is installed."),
        (
            "plugins",
            "list the active plugins",
            "List the active plugins, where each comes from (built in, or the entry point and distribution that"
            " installs it) and what it provides: hooks, hosts, rule versions.",
        ),
    ):
        command = sub.add_parser(name, help=help_text, description=description)
        command.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    schema = sub.add_parser(
        "schema",
        help="print a JSON Schema of the package's file formats",
        description="Print the JSON Schema of scenario files, of rule-version files, of a line of a game"
        " record, of every message of the wire protocol or of the rules service, or the service's OpenAPI document,"
        " for editors and tools that check files.",
    )
    schema.add_argument("kind", choices=schemas.NAMES, help="which format")


def _emit(args: argparse.Namespace, rows: Sequence[dict[str, Any]], line: str) -> int:
    if args.format == "json":
        print(json.dumps(list(rows), indent=2))
    else:
        for row in rows:
            print(line.format(**row))
    return 0


def versions(args: argparse.Namespace, pm: pluggy.PluginManager, registry: VersionRegistry) -> int:
    plugin_files = {str(path) for batch in pm.hook.splitcards_rule_files() for path in batch}
    rows = []
    for name, version in sorted(registry.versions.items(), key=lambda item: item[1].edition):
        origin = registry.origins.get(name, "")
        if name in registry.shipped:
            source = "shipped"
        elif origin in plugin_files:
            source = f"plugin file {origin}"
        else:
            source = f"user file {origin}"
        rows.append(
            {
                "name": name,
                "aliases": list(version.aliases),
                "edition": version.edition,
                "description": version.description,
                "source": source,
                "aka": f" (alias {', '.join(version.aliases)})" if version.aliases else "",
            }
        )
    return _emit(args, rows, "{name}{aka}: {description} [{source}]")


def hosts(args: argparse.Namespace, pm: pluggy.PluginManager, registry: VersionRegistry) -> int:
    rows = [
        {
            "name": info.name,
            "description": info.description,
            "available": info.available is None,
            "reason": info.available or "",
            "ai_games": info.ai_game is not None,
            "state": "available" if info.available is None else f"unavailable: {info.available}",
        }
        for info in adapters(pm).values()
    ]
    return _emit(args, rows, "{name}: {description} [{state}]")


def plugins(args: argparse.Namespace, pm: pluggy.PluginManager, registry: VersionRegistry) -> int:
    version_of = {origin: name for name, origin in registry.origins.items()}
    rows = []
    for name, source in plugin_sources(pm).items():
        plugin = pm.get_plugin(name)
        hooks = sorted(caller.name for caller in pm.get_hookcallers(plugin) or [])
        provided_hosts: list[str] = []
        provided_versions: list[str] = []
        for impl in pm.hook.splitcards_register_adapters.get_hookimpls():
            if impl.plugin is plugin:
                registered = cast(Sequence[AdapterInfo], impl.function())
                provided_hosts += [info.name for info in registered]
        for impl in pm.hook.splitcards_rule_files.get_hookimpls():
            if impl.plugin is plugin:
                files = cast(Sequence[object], impl.function())
                provided_versions += [version_of.get(str(path), str(path)) for path in files]
        where = source.origin
        if source.distribution:
            where += f" ({source.distribution} {source.version})"
        rows.append(
            {
                "name": name,
                "origin": where,
                "hooks": hooks,
                "hosts": provided_hosts,
                "versions": provided_versions,
                "provides": "; ".join(
                    part
                    for part in (
                        f"hooks: {', '.join(h for h in hooks if not h.startswith('splitcards_'))}"
                        if any(not h.startswith("splitcards_") for h in hooks)
                        else "",
                        f"hosts: {', '.join(provided_hosts)}" if provided_hosts else "",
                        f"rule versions: {', '.join(provided_versions)}" if provided_versions else "",
                    )
                    if part
                ),
            }
        )
    return _emit(args, rows, "{name} [{origin}]: {provides}")


def schema(args: argparse.Namespace, pm: pluggy.PluginManager, registry: VersionRegistry) -> int:
    print(schemas.text(args.kind))
    return 0
