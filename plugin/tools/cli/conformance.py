"""``splitcards conformance``: scenario files against host adapters, a line per run as it ends."""

from __future__ import annotations

import argparse
import json
import time
from importlib import resources
from pathlib import Path
from typing import Any

import pluggy

from splitcards.errors import RulesConfigError, SplitcardsError
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.contract import AdapterInfo, Capability
from splitcards.tools.cli.common import UsageError, add_rules, not_an_input, plugin_line, rule_files
from splitcards.tools.cli.terminal import Writer, duration
from splitcards.tools.conformance import resultlines, runner
from splitcards.tools.conformance.declarations import how_to_declare, resolved, undeclared, unmatched
from splitcards.tools.conformance.needs import needs
from splitcards.tools.conformance.page import write_conformance_page
from splitcards.tools.conformance.runner import Planned, Result, Status, summary
from splitcards.tools.conformance.scenario import ScenarioFile, load_file
from splitcards.tools.conformance.wording import citation
from splitcards.tools.hostnames import HostNames, UnknownHost
from splitcards.wire.client import PREFIX
from splitcards.wire.engine import DEFAULT_TIMEOUT

HELP = "run conformance scenario files against host adapters"
DESCRIPTION = """Run scenario files (formats 1, 1.1 and 1.2; default: the suite bundled with the package)
against host adapters, once per rule version each scenario names. A folder stands for every
*.yaml and *.yml file under it, as pytest collects one. Each run prints a line as it ends: PASS,
FAIL (expected against got, and the rule), NOT_SUPPORTED (what the host can't express) or ERROR
(an exception nobody expected, or a scenario that could not be read); the totals come last. On a
terminal a progress line shows how many runs are done, the time spent and the run under way
(-q: only the runs that did not pass, and the totals; -v: each run's duration and the slowest
runs). --format jsonl streams the same as a JSON object per run, each written as its run ends,
then one of the totals; --format json writes one document once the last run has ended.
Interrupted (Ctrl-C), it still prints the runs that ended and their totals, marked interrupted.
Every NOT_SUPPORTED must be covered by a declaration of its host (a gap it lacks or a known
deviation: AdapterInfo.lacks for an adapter, `lacks` in `initialize` for a wire engine, see
docs/testing.md); one that is not fails the run, and the end says what to declare
(--allow-undeclared: reported, not failed). Exit status as pytest's: 0 all passed (or were
declared not_supported), 1 a run failed, errored or was not_supported undeclared, or a
declaration is out of date, 2 a file could not be read, the command line is wrong or the runs
were interrupted, 5 nothing ran. --report DIR also writes the run as a page, DIR/index.html
(the matrix of hosts against rule versions and mechanics, and every run one click away; see
`splitcards report` to build it from results files, and to compare two runs)."""

SLOWEST = 5
"""How many of the slowest runs ``-v`` lists at the end."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    conf = sub.add_parser("conformance", help=HELP, description=DESCRIPTION)
    conf.add_argument(
        "paths", nargs="*", type=Path, metavar="PATH", help="scenario files or folders (default: the bundled suite)"
    )
    conf.add_argument(
        "--host",
        action="append",
        help="host adapter name, or 'command:LINE' for an engine that speaks the protocol over stdio"
        " (docs/protocol.md); repeatable, or 'all' (default: reference)",
    )
    conf.add_argument(
        "--host-timeout",
        type=_seconds,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"seconds a command: host has to answer each request (default: {DEFAULT_TIMEOUT:g})",
    )
    conf.add_argument(
        "--transcript",
        type=Path,
        metavar="FILE",
        help="write every message to and from command: hosts, and their stderr, to FILE as JSON Lines",
    )
    conf.add_argument(
        "--allow-undeclared",
        action="store_true",
        help="report a not_supported run its host declares nowhere without failing the run (to explore an engine)",
    )
    conf.add_argument(
        "--report",
        type=Path,
        metavar="DIR",
        help="also write the run as a static page, DIR/index.html, that opens from the disk (docs/report.md)",
    )
    add_rules(conf, "as each scenario names")
    conf.add_argument(
        "--format",
        choices=("text", "jsonl", "json"),
        default="text",
        help="text: a line per run as it ends; jsonl: a JSON object per run as it ends, then the totals;"
        " json: one document, written when the last run has ended (default: text)",
    )


def _seconds(text: str) -> float:
    """A timeout: seconds over 0, at most a day."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of seconds, got {text!r}") from None
    if not 0 < value <= 86_400:
        raise argparse.ArgumentTypeError(f"seconds over 0 and at most 86400, got {text}")
    return value


def scenario_paths(paths: list[Path]) -> list[Path]:
    """The files to run: each file named, and the ``*.yaml``/``*.yml`` files under each folder
    named (recursively, in name order); none named: the bundled suite."""
    if not paths:
        bundled = resources.files("splitcards.tools.conformance.bundled")
        return sorted(Path(str(p)) for p in bundled.iterdir() if p.name.endswith(".yaml"))
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
        else:
            found.append(path)  # a missing or unreadable file is reported by the loader, in its words
    return list(dict.fromkeys(found))


def run(args: argparse.Namespace, pm: pluggy.PluginManager, registry: VersionRegistry) -> int:
    """``splitcards conformance``: stream each run's result, then the totals."""
    scenarios = [("scenario", path) for path in scenario_paths(args.paths)]
    for option, given in (("--transcript", args.transcript), ("--report", args.report)):
        if given is not None:
            not_an_input(option, given, [*scenarios, *rule_files(args.rules)])
    with HostNames(pm, args.host_timeout, args.transcript) as named:
        names = args.host or ["reference"]
        if "all" in names:
            names = [*named.available(), *(n for n in names if n != "all")]
        hosts: dict[str, AdapterInfo] = {}
        for name in dict.fromkeys(names):
            try:
                info = resolved(named.get(name), registry)
            except UnknownHost as exc:
                raise UsageError(f"--host: {exc}") from None
            except RulesConfigError as exc:
                raise UsageError(f"--host {name}: {exc}") from None
            # A command: host is reported under the name it gives, unless another host of this run
            # has that name (``--host reference --host 'command:splitcards serve-host reference'``).
            taken = info.name in hosts or info.name in names
            hosts[info.name if name.startswith(PREFIX) and not taken else name] = info
        return _run_hosts(args, pm, registry, hosts, named)


def _run_hosts(
    args: argparse.Namespace,
    pm: pluggy.PluginManager,
    registry: VersionRegistry,
    hosts: dict[str, AdapterInfo],
    named: HostNames,
) -> int:
    only = args.rules or []
    if "all" in only:
        only = []
    for name in only:
        registry.get(name)
    report = _Report(args.format, args.verbose - args.quiet, args.allow_undeclared)
    if args.format == "text":
        report.out.line(f"hosts: {', '.join(hosts)}; rules: {', '.join(only) or 'as each scenario names'}")
        report.out.line(f"plugins: {plugin_line(pm)}")
    planned: list[Planned] = []
    files: list[ScenarioFile] = []
    for path in scenario_paths(args.paths):
        try:
            files.append(load_file(path))
            planned += runner.plan(files[-1], registry, only)
        except Exception as exc:
            # One unreadable file is reported and the others still run.
            problem = str(exc) if isinstance(exc, SplitcardsError) else f"{path}: {type(exc).__name__}: {exc}"
            report.file_error(problem[:1000])
    versions = {run.version.name: run.version for run in planned if run.version is not None}
    argv = getattr(args, "argv", ["splitcards", "conformance"])
    transcript = str(args.transcript) if args.transcript is not None else None
    report.begin(resultlines.header(hosts, versions.values(), argv, plugin_line(pm), transcript))
    try:
        _run_all(planned, hosts, pm, report, named)
    except KeyboardInterrupt:
        # A long run stopped by hand keeps what it did: the runs that ended are printed with their
        # totals, then main reports the interruption (exit status 2).
        report.end(interrupted=True)
        raise
    # A declaration that covers no run of the files it names is wrong, as a strict xfail that
    # passed is: it fails the run (docs/adapters.md).
    report.out_of_date = [line for info in hosts.values() for line in unmatched(info, files, registry)]
    counts = report.end(interrupted=False)
    if args.report is not None:
        where = write_conformance_page(args.report, [report.as_file()])
        if args.format == "text":
            report.out.line(f"report: {where}")
    # The exit status follows pytest's: 2 for unreadable files, 1 for a failed run, 5 for none run.
    # A not_supported no declaration covers fails too: an engine that implements nothing would pass.
    if report.file_errors:
        return 2
    if counts[Status.FAIL] or counts[Status.ERROR] or report.out_of_date:
        return 1
    if report.undeclared and not args.allow_undeclared:
        return 1
    return 0 if report.results else 5


def _run_all(
    planned: list[Planned],
    hosts: dict[str, AdapterInfo],
    pm: pluggy.PluginManager,
    report: _Report,
    named: HostNames,
) -> None:
    total = len(planned) * len(hosts)
    started = time.perf_counter()
    done = 0
    for run in planned:
        for host_name, factory in hosts.items():
            report.out.status(
                f"[{done}/{total}] {duration(time.perf_counter() - started)}"
                f"  {Path(run.file.path).name}::{run.scenario.id} [{run.version_name}] host={host_name}"
            )
            named.exchange()  # what passed before this run is not its own
            began = time.perf_counter()
            result = runner.run_planned(run, host_name, factory, pm)
            done += 1
            report.result(result, time.perf_counter() - began, run, named.exchange())
    report.out.done()


class _Report:
    """What the command prints in one format: each run as it ends (text, jsonl), the totals last.

    ``verbosity`` is ``-v`` less ``-q``: below 0 the passes are left out and there is no progress
    line; above 0 each line has its duration and the slowest runs are listed at the end.
    ``allow_undeclared``: a ``not_supported`` no declaration covers is reported, not failed."""

    def __init__(self, fmt: str, verbosity: int, allow_undeclared: bool = False) -> None:
        self.format = fmt
        self.verbosity = verbosity
        self.allow_undeclared = allow_undeclared
        self.out = Writer(progress=fmt == "text" and verbosity >= 0)
        self.results: list[Result] = []
        self.rows: list[dict[str, Any]] = []
        self.header: dict[str, Any] = {}
        self.totals: dict[str, Any] = {}
        self.durations: list[float] = []
        self.file_errors: list[str] = []
        self.out_of_date: list[str] = []
        # Per host, the undeclared not_supported runs and how many of them need each capability.
        self.undeclared: dict[str, _Undeclared] = {}

    def begin(self, header: dict[str, Any]) -> None:
        """The run's header: a key of the totals line in jsonl (a line of its own would be one a
        reader of format 1.0 does not expect), and of the json document."""
        self.header = header

    def as_file(self) -> resultlines.ResultsFile:
        """The run as its results file would give it back."""
        return resultlines.ResultsFile("this run", dict(self.header.get("header", {})), self.rows, self.totals)

    def file_error(self, problem: str) -> None:
        self.file_errors.append(problem)
        if self.format == "text":
            self.out.line(f"{self.out.paint('ERROR', 'red', 'bold'):13} {problem}")

    def result(self, result: Result, spent: float, run: Planned, exchange: list[Any] | None = None) -> None:
        self.results.append(result)
        self.durations.append(spent)
        self.rows.append(resultlines.row(result, run, spent, exchange))
        failed = undeclared(result)
        if failed:
            self.undeclared.setdefault(result.host, _Undeclared()).add(run)
        if self.format == "text":
            if result.status is Status.PASS and self.verbosity < 0:
                return
            line = _line(result, self.out, failed and not self.allow_undeclared)
            self.out.line(line + (f" ({duration(spent)})" if self.verbosity > 0 else ""))
        elif self.format == "jsonl":
            self.out.line(resultlines.dumps(self.rows[-1]))

    def end(self, interrupted: bool) -> dict[Status, int]:
        """Print the totals (in json, the whole document); the counts of each status."""
        self.out.done()
        counts = summary(self.results)
        self.totals = {
            **{status.value: n for status, n in counts.items()},
            "file_errors": self.file_errors,
            **({"declarations_out_of_date": self.out_of_date} if self.out_of_date else {}),
            **({"not_supported_undeclared": self.undeclared_lines()} if self.undeclared else {}),
            "interrupted": interrupted,
        }
        if self.format == "text":
            if self.verbosity > 0 and self.results:
                slowest = sorted(zip(self.durations, self.results, strict=True), key=lambda p: -p[0])[:SLOWEST]
                self.out.line(f"slowest {len(slowest)} runs:")
                for spent, r in slowest:
                    self.out.line(f"  {duration(spent):>7}  {Path(r.file).name}::{r.scenario} [{r.version}] {r.host}")
            for line in self.out_of_date:
                self.out.line(f"{self.out.paint('DECLARED', 'red', 'bold'):13} {line}")
            style = ("yellow",) if self.allow_undeclared else ("red", "bold")
            for host, u in self.undeclared.items():
                self.out.line(f"{self.out.paint('UNDECLARED', *style)}{'':3} {self.undeclared_line(host, u)}:")
                for line in u.advice():
                    self.out.line(f"{'':14}{line}")
            tail = f", {len(self.file_errors)} file errors" if self.file_errors else ""
            if self.out_of_date:
                tail += f", {len(self.out_of_date)} declarations out of date"
            if self.undeclared:
                tail += f", {sum(u.runs for u in self.undeclared.values())} not_supported undeclared"
            mark = " (interrupted)" if interrupted else ""
            self.out.line(", ".join(f"{n} {status.value}" for status, n in counts.items()) + tail + mark)
            return counts
        # The keys of problems are there only when there are some: a run without them writes the
        # totals it always did.
        if self.format == "json":
            document = {**self.header, "results": self.rows, **self.totals}
            self.out.line(json.dumps(document, indent=2, ensure_ascii=False))
        else:
            self.out.line(json.dumps({**self.totals, **self.header}, ensure_ascii=False))
        return counts

    def undeclared_line(self, host: str, u: _Undeclared) -> str:
        verdict = (
            "allowed by --allow-undeclared"
            if self.allow_undeclared
            else "the run fails (--allow-undeclared to explore)"
        )
        return f"host {host!r} declares nothing behind {_runs(u.runs)} not_supported: {verdict}"

    def undeclared_lines(self) -> list[str]:
        """A line per host with undeclared ``not_supported`` runs: how many, and what to declare."""
        return [f"{self.undeclared_line(host, u)}: {'; '.join(u.advice())}" for host, u in self.undeclared.items()]


class _Undeclared:
    """The undeclared ``not_supported`` runs of one host: how many, and the capabilities they need."""

    def __init__(self) -> None:
        self.runs = 0
        self.needing_none = 0
        self.needed: dict[Capability, int] = {}

    def add(self, run: Planned) -> None:
        self.runs += 1
        capabilities = needs(run.scenario, run.file.cards)
        self.needing_none += not capabilities
        for capability in capabilities:
            self.needed[capability] = self.needed.get(capability, 0) + 1

    def advice(self) -> list[str]:
        needed = {c: _runs(n) for c, n in sorted(self.needed.items(), key=lambda p: -p[1])}
        return how_to_declare(needed, _runs(self.needing_none) if needed and self.needing_none else "")


def _runs(n: int) -> str:
    return f"{n} run" if n == 1 else f"{n} runs"


_STYLE = {Status.PASS: ("green",), Status.FAIL: ("red", "bold"), Status.ERROR: ("red", "bold")}


def _line(r: Result, out: Writer, failed: bool = False) -> str:
    """The text line of a run; ``failed``: a ``not_supported`` that fails the run, painted as a failure."""
    label = r.status.value.upper()
    style = _STYLE[Status.FAIL] if failed else _STYLE.get(r.status, ("yellow",))
    # Padded before it is painted: the colour codes must not count in the column's width.
    shown = out.paint(label, *style) + " " * (13 - len(label))
    line = f"{shown} {Path(r.file).name}::{r.scenario} [{r.version}] host={r.host}"
    if r.status is not Status.PASS:
        line += f": {r.detail}"
        cited = citation(r.detail, r.rules)
        if cited:
            line += f" {cited}"
    return line
