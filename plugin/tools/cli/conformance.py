"""``splitcards conformance``: scenario files against host adapters, a line per run as it ends."""

from __future__ import annotations

import argparse
import json
from importlib import resources
from pathlib import Path

import pluggy

from splitcards.errors import SplitcardsError
from splitcards.game.hosts import adapters
from splitcards.game.registry import VersionRegistry
from splitcards.tools.cli.common import UsageError, plugin_line
from splitcards.tools.conformance.runner import Result, Status, iter_file, summary
from splitcards.tools.conformance.scenario import load_file

HELP = "run conformance scenario files against host adapters"
DESCRIPTION = """Run scenario files (format 1 and 1.1; default: the suite bundled with the package)
against host adapters, once per rule version each scenario names. Each run prints a line as it
ends: PASS, FAIL (expected against got, and the rule), NOT_SUPPORTED (what the host can't
express) or ERROR (an exception nobody expected). Exit status as pytest's: 0 all passed, 1 a
run failed, 2 a file could not be read or the command line is wrong, 5 nothing ran."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    conf = sub.add_parser("conformance", help=HELP, description=DESCRIPTION)
    conf.add_argument("paths", nargs="*", type=Path, help="scenario files (default: the bundled suite)")
    conf.add_argument("--host", action="append", help="host adapter name, repeatable, or 'all' (default: reference)")
    conf.add_argument(
        "--rules", action="append", help="run only this rule version (name, alias or YAML file); repeatable"
    )
    conf.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")


def run(args: argparse.Namespace, pm: pluggy.PluginManager, registry: VersionRegistry) -> int:
    """``splitcards conformance``: stream each run's result, then the totals."""
    known = adapters(pm)
    names = args.host or ["reference"]
    if "all" in names:
        names = [n for n, info in known.items() if info.available is None]
    hosts = {}
    for name in names:
        if name not in known:
            raise UsageError(f"--host: unknown host {name!r} (allowed: {', '.join(known)}, all)")
        if known[name].available is not None:
            raise UsageError(f"--host: {name}: {known[name].available}")
        hosts[name] = known[name].factory
    only = args.rules or []
    for name in only:
        registry.get(name)
    bundled = resources.files("splitcards.tools.conformance.bundled")
    paths = args.paths or sorted(Path(str(p)) for p in bundled.iterdir() if p.name.endswith(".yaml"))
    text = args.format == "text"
    if text:
        print(f"hosts: {', '.join(hosts)}; rules: {', '.join(only) or 'as each scenario names'}")
        print(f"plugins: {plugin_line(pm)}", flush=True)
    results: list[Result] = []
    file_errors: list[str] = []
    for path in paths:
        try:
            scenario_file = load_file(path)
        except Exception as exc:
            # One unreadable file is reported and the others still run.
            problem = str(exc) if isinstance(exc, SplitcardsError) else f"{path}: {type(exc).__name__}: {exc}"
            file_errors.append(problem[:1000])
            if text:
                print(f"{'ERROR':13} {problem[:1000]}", flush=True)
            continue
        for result in iter_file(scenario_file, hosts, registry, only, pm):
            results.append(result)
            if text:
                print(_line(result), flush=True)
    counts = summary(results)
    if text:
        tail = f", {len(file_errors)} file errors" if file_errors else ""
        print(", ".join(f"{n} {status.value}" for status, n in counts.items()) + tail)
    else:
        rows = [
            {
                "file": r.file,
                "scenario": r.scenario,
                "rules": r.version,
                "host": r.host,
                "status": r.status.value,
                "detail": r.detail,
                "source": r.source,
                "cited": list(r.rules),
            }
            for r in results
        ]
        totals = {status.value: n for status, n in counts.items()}
        print(json.dumps({"results": rows, **totals, "file_errors": file_errors}, indent=2))
    # The exit status follows pytest's: 2 for unreadable files, 1 for a failed run, 5 for none run.
    if file_errors:
        return 2
    if counts[Status.FAIL] or counts[Status.ERROR]:
        return 1
    return 0 if results else 5


def _line(r: Result) -> str:
    line = f"{r.status.value.upper():13} {Path(r.file).name}::{r.scenario} [{r.version}] host={r.host}"
    if r.status is not Status.PASS:
        line += f": {r.detail}"
        if r.rules:
            line += f" (rules {', '.join(r.rules)})"
    return line
