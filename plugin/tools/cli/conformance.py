"""``splitcards conformance``: scenario files against host adapters, a line per run as it ends."""

from __future__ import annotations

import argparse
import json
import sys
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
express) or ERROR (an exception nobody expected, or a scenario that could not be read); the
totals come last. --format jsonl streams the same as a JSON object per run, each written as its
run ends, then one of the totals; --format json writes one document once the last run has ended.
Interrupted (Ctrl-C), it still prints the runs that ended and their totals, marked interrupted.
Exit status as pytest's: 0 all passed, 1 a run failed, 2 a file could not be read, the command
line is wrong or the runs were interrupted, 5 nothing ran."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    conf = sub.add_parser("conformance", help=HELP, description=DESCRIPTION)
    conf.add_argument("paths", nargs="*", type=Path, help="scenario files (default: the bundled suite)")
    conf.add_argument("--host", action="append", help="host adapter name, repeatable, or 'all' (default: reference)")
    conf.add_argument(
        "--rules", action="append", help="run only this rule version (name, alias or YAML file); repeatable"
    )
    conf.add_argument(
        "--format",
        choices=("text", "jsonl", "json"),
        default="text",
        help="text: a line per run as it ends; jsonl: a JSON object per run as it ends, then the totals;"
        " json: one document, written when the last run has ended (default: text)",
    )


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
    report = _Report(args.format)
    if args.format == "text":
        _write(f"hosts: {', '.join(hosts)}; rules: {', '.join(only) or 'as each scenario names'}")
        _write(f"plugins: {plugin_line(pm)}")
    try:
        for path in paths:
            try:
                scenario_file = load_file(path)
            except Exception as exc:
                # One unreadable file is reported and the others still run.
                problem = str(exc) if isinstance(exc, SplitcardsError) else f"{path}: {type(exc).__name__}: {exc}"
                report.file_error(problem[:1000])
                continue
            for result in iter_file(scenario_file, hosts, registry, only, pm):
                report.result(result)
    except KeyboardInterrupt:
        # A long run stopped by hand keeps what it did: the runs that ended are printed with their
        # totals, then main reports the interruption (exit status 2).
        report.end(interrupted=True)
        raise
    counts = report.end(interrupted=False)
    # The exit status follows pytest's: 2 for unreadable files, 1 for a failed run, 5 for none run.
    if report.file_errors:
        return 2
    if counts[Status.FAIL] or counts[Status.ERROR]:
        return 1
    return 0 if report.results else 5


class _Report:
    """What the command prints in one format: each run as it ends (text, jsonl), the totals last."""

    def __init__(self, fmt: str) -> None:
        self.format = fmt
        self.results: list[Result] = []
        self.file_errors: list[str] = []

    def file_error(self, problem: str) -> None:
        self.file_errors.append(problem)
        if self.format == "text":
            _write(f"{'ERROR':13} {problem}")

    def result(self, result: Result) -> None:
        self.results.append(result)
        if self.format == "text":
            _write(_line(result))
        elif self.format == "jsonl":
            _write(json.dumps(_row(result)))

    def end(self, interrupted: bool) -> dict[Status, int]:
        """Print the totals (in json, the whole document); the counts of each status."""
        counts = summary(self.results)
        if self.format == "text":
            tail = f", {len(self.file_errors)} file errors" if self.file_errors else ""
            mark = " (interrupted)" if interrupted else ""
            _write(", ".join(f"{n} {status.value}" for status, n in counts.items()) + tail + mark)
            return counts
        totals = {
            **{status.value: n for status, n in counts.items()},
            "file_errors": self.file_errors,
            "interrupted": interrupted,
        }
        if self.format == "json":
            _write(json.dumps({"results": [_row(r) for r in self.results], **totals}, indent=2))
        else:
            _write(json.dumps(totals))
        return counts


def _write(line: str) -> None:
    # One write per line, flushed: a reader of a pipe sees each run as it ends, and an interrupt
    # between the text and its newline can't run two lines together.
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def _row(r: Result) -> dict[str, object]:
    return {
        "file": r.file,
        "scenario": r.scenario,
        "rules": r.version,
        "host": r.host,
        "status": r.status.value,
        "detail": r.detail,
        "source": r.source,
        "cited": list(r.rules),
    }


def _line(r: Result) -> str:
    line = f"{r.status.value.upper():13} {Path(r.file).name}::{r.scenario} [{r.version}] host={r.host}"
    if r.status is not Status.PASS:
        line += f": {r.detail}"
        if r.rules:
            line += f" (rules {', '.join(r.rules)})"
    return line
