"""``splitcards config``: the settings in force, where each comes from, and ``--check`` of them all.

The check goes through everything a game would use: the configuration file, the default rule
version wherever it is set, each house-rule file, the names in ``disable_plugins``, the installed
plugins and the hosts they register. Every problem is reported, each with where its value came
from, and the exit status is 2 if there is any.
"""

from __future__ import annotations

import argparse
import json
import os
from dataclasses import dataclass
from typing import Any

import pluggy

from splitcards.errors import SplitcardsError, did_you_mean
from splitcards.game.configuration.registry import VersionRegistry, load_registry
from splitcards.game.configuration.settings import (
    BLOCK_ENV,
    CONFIG_ENV,
    RULES_ENV,
    ProjectConfig,
    Setting,
    config_path,
    effective,
    parse_config,
)
from splitcards.game.plugins.hosts import adapters
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.tools.conformance.declarations import resolved

DESCRIPTION = """Show the settings in force (rule version, house rules, blocked plugins) and where
each value comes from: a command-line argument, the environment, the project configuration
(splitcards.yaml, else [tool.splitcards] in pyproject.toml: with both in one folder,
splitcards.yaml wins), or the package default. --check validates every one of them (the versions,
each house-rule file, the plugin names in disable_plugins, the installed plugins and their
hosts) and reports every problem with where its value came from. Exit status 2 if there is any."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with the settings in force: which setting, where its value came from, what."""

    setting: str
    origin: str
    text: str

    def __str__(self) -> str:
        where = f" (from {self.origin})" if self.origin and self.origin not in self.text else ""
        return f"{self.setting}: {self.text}{where}"


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    command = sub.add_parser("config", help="show the settings in force, or --check them", description=DESCRIPTION)
    command.add_argument("--check", action="store_true", help="validate every setting in force; exit 2 on any problem")
    command.add_argument("--format", choices=("text", "json"), default="text", help="output format")


def run(args: argparse.Namespace) -> int:
    problems, registry = check()
    if args.check:
        rows: list[dict[str, Any]] = []
    else:
        default = registry.default_name if registry is not None else "current"
        rows = [{"name": s.name, "value": s.value, "origin": s.origin} for s in _settings(default)]
    if args.format == "json":
        report = {"settings": rows, "problems": [vars_of(p) for p in problems]}
        print(json.dumps(report if not args.check else report["problems"], indent=2, default=str))
        return 2 if problems else 0
    for row in rows:
        print(f"{row['name']}: {_plain(row['value'])}  ({row['origin']})")
    for problem in problems:
        print(f"error: {problem}")
    if args.check and not problems:
        print("configuration OK")
    return 2 if problems else 0


def vars_of(problem: Problem) -> dict[str, str]:
    return {"setting": problem.setting, "origin": problem.origin, "problem": problem.text}


def _settings(default: str) -> list[Setting]:
    try:
        return effective(default)
    except SplitcardsError:
        return []  # the problems say why


def check() -> tuple[list[Problem], VersionRegistry | None]:
    """Every problem of the settings in force, and the registry they give (``None``: none could be built)."""
    problems: list[Problem] = []
    config = ProjectConfig()
    origin = f"${CONFIG_ENV}" if os.environ.get(CONFIG_ENV) else "the project configuration"
    try:
        path = config_path()
        if path is not None:
            config, lines = parse_config(path)
            problems += [Problem("config_file", origin, line) for line in lines]
    except SplitcardsError as exc:
        problems += [Problem("config_file", origin, line) for line in str(exc).splitlines()]
    readable = not problems
    problems += _blocked_names(config)
    pm: pluggy.PluginManager | None = None
    try:
        # A configuration that can't be read blocks nothing it names: the built-ins are checked alone.
        pm = make_plugin_manager(load_entry_points=readable)
    except SplitcardsError as exc:
        problems.append(Problem("plugins", "installed distributions", str(exc)))
        return problems, None
    hosts = {}
    try:
        hosts = adapters(pm)
    except SplitcardsError as exc:
        problems.append(Problem("hosts", "splitcards_register_adapters", str(exc)))
    try:
        base = load_registry(pm=pm, house_rules=False)
    except SplitcardsError as exc:
        problems.append(Problem("versions", "shipped and plugin version files", str(exc)))
        return problems, None
    registry = _with_house_rules(base, config, problems)
    # A deviation's rule versions are names the registry must know (aliases included).
    for info in hosts.values():
        try:
            resolved(info, registry)
        except SplitcardsError as exc:
            problems.append(Problem("hosts", f"host {info.name!r}", str(exc)))
    wanted = os.environ.get(RULES_ENV) or config.rules
    where = f"${RULES_ENV}" if os.environ.get(RULES_ENV) else config.origin
    try:
        registry.get(wanted) if wanted else registry.get(registry.default_name)
    except SplitcardsError as exc:
        problems.append(Problem("rules", where, str(exc)))
    return problems, registry


def _with_house_rules(base: VersionRegistry, config: ProjectConfig, problems: list[Problem]) -> VersionRegistry:
    """The registry with the project's house rules; each file that can't be loaded is a problem."""
    if not config.house_rules:
        return base
    together = base.copy()
    try:
        together._add(config.house_rules)
        return together
    except SplitcardsError as exc:
        whole = str(exc)
    # One at a time, to name each file at fault (a file that extends another may need it: then
    # the error of the whole set is the one to show).
    found = False
    for path in config.house_rules:
        try:
            base.copy().add_file(path)
        except SplitcardsError as exc:
            found = True
            problems.append(Problem("house_rules", config.origin, str(exc)))
    if not found:
        problems.append(Problem("house_rules", config.origin, whole))
    return base


def _blocked_names(config: ProjectConfig) -> list[Problem]:
    """The names in ``disable_plugins`` that name no installed plugin."""
    from importlib import metadata

    from_env = os.environ.get(BLOCK_ENV)
    if from_env is not None:
        names = tuple(name.strip() for name in from_env.split(",") if name.strip())
        setting = Setting("disable_plugins", names, f"${BLOCK_ENV}")
    else:
        setting = Setting("disable_plugins", config.disable_plugins, config.origin)
    installed = sorted({ep.name for ep in metadata.entry_points(group="splitcards")})
    problems = []
    for name in setting.value:
        if name != "*" and name not in installed:
            allowed = ", ".join([*installed, "*"])
            text = f"unknown plugin {name!r}{did_you_mean(name, installed)} (allowed: {allowed})"
            problems.append(Problem("disable_plugins", setting.origin, text))
    return problems


def _plain(value: Any) -> str:
    if value is None or value == () or value == [] or value == {}:
        return "-"
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value))
    if isinstance(value, dict):
        return json.dumps(value)
    return str(value)
