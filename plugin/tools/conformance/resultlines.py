"""The results of ``splitcards conformance --format jsonl`` (and ``json``), written and read back.

Format 1.1 of the results (docs/format.md) keeps every line of 1.0 and adds fields to them, so
that a reader of 1.0 reads 1.1 unchanged: to the totals line, the last, a ``header`` (the format,
the splitcards version, the date, the command, each host with its engine and declarations, each
rule version's file and hash, the plugins), and to each run's line the fields a report needs
(``mechanic``, ``steps``, ``checks``, ``answers``, ``seconds``, and ``exchange`` when a transcript
was written). The reader takes files
of either format: a 1.0 file has no header and its runs none of the new fields, which read as
empty.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from splitcards.errors import SplitcardsError
from splitcards.files import jsontext
from splitcards.files.bounded import read_text
from splitcards.files.lines import json_lines
from splitcards.game.contract import AdapterInfo
from splitcards.rules.versions import RuleVersion
from splitcards.tools.conformance.mechanics import mechanic_of
from splitcards.tools.conformance.results import Result
from splitcards.tools.conformance.runner import Planned
from splitcards.tools.provenance import command_line, now, rule_files, splitcards_version

FORMAT = "1.1"
"""The version of the results format these lines are written in."""
RESULTS_MAX_BYTES = 256 * 1024 * 1024
"""The largest results file read (a run's line holds its steps: some thousands of runs)."""
MAX_EXCHANGE = 200
"""The most transcript lines a run's line keeps (the first ones: where the exchange began)."""


def header(
    hosts: Mapping[str, AdapterInfo],
    versions: Iterable[RuleVersion],
    argv: Sequence[str],
    plugins: str,
    transcript: str | None = None,
) -> dict[str, Any]:
    """The header line of a run on ``hosts`` under ``versions``, started by ``argv``."""
    return {
        "header": {
            "format": FORMAT,
            "splitcards": splitcards_version(),
            "date": now(),
            "command": command_line(argv),
            "hosts": {
                name: {
                    "engine": info.description,
                    "contract": info.contract,
                    # Each by the name a run's ``declared`` gives it (``phase.lacks[rooms]``).
                    "declarations": {
                        **{f"{info.name}.lacks[{gap.capability.value}]": gap.reason for gap in info.lacks},
                        **{f"{info.name}.deviations[{d.name}]": d.reason for d in info.deviations},
                    },
                }
                for name, info in hosts.items()
            },
            "rules": rule_files(versions),
            "plugins": plugins,
            "transcript": transcript,
        }
    }


def row(
    result: Result, run: Planned | None = None, seconds: float | None = None, exchange: Sequence[Any] | None = None
) -> dict[str, Any]:
    """A run's line: the fields of format 1.0, then what 1.1 adds when the run is known."""
    line: dict[str, Any] = {
        "file": result.file,
        "scenario": result.scenario,
        "rules": result.version,
        "host": result.host,
        "status": result.status.value,
        "detail": result.detail,
        "source": result.source,
        "cited": list(result.rules),
        "declared": result.declared,
    }
    if run is None:
        return line
    scenario = run.scenario
    line["mechanic"] = mechanic_of(run.file, scenario)
    line["steps"] = [
        {step.kind: plain(step.fields), **({"expect_error": step.expect_error} if step.expect_error else {})}
        for step in scenario.setup
    ]
    line["checks"] = [{check.query: plain(check.argument), "expect": plain(check.expect)} for check in scenario.checks]
    line["answers"] = [
        {"check": a.index, "query": a.query, "got": plain(a.got), "cited": list(a.rules), "matched": a.matched}
        for a in result.answers
    ]
    if seconds is not None:
        line["seconds"] = round(seconds, 4)
    if exchange:  # a host of the run that speaks no wire exchanged nothing
        line["exchange"] = list(exchange[:MAX_EXCHANGE])
    return line


def plain(value: Any) -> Any:
    """``value`` as JSON holds it: tuples and sets as lists, mappings with string keys, and any
    other value (a date YAML read) as its text."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return sorted((plain(v) for v in value), key=str)
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, datetime.date):
        return value.isoformat()
    return str(value)


def dumps(line: Mapping[str, Any]) -> str:
    return json.dumps(line, ensure_ascii=False)


@dataclass(slots=True)
class ResultsFile:
    """A results file read back: its header (``{}`` in a 1.0 file), each run's line, and the
    totals (``{}`` when the run was cut before them)."""

    path: str
    header: dict[str, Any] = field(default_factory=dict)
    runs: list[dict[str, Any]] = field(default_factory=list)
    totals: dict[str, Any] = field(default_factory=dict)

    @property
    def format(self) -> str:
        return str(self.header.get("format", "1.0"))


_RUN_FIELDS: dict[str, type | tuple[type, ...]] = {
    "file": str,
    "scenario": str,
    "rules": str,
    "host": str,
    "status": str,
    "detail": str,
    "source": str,
    "cited": list,
    "declared": str,
}
_STATUSES = ("pass", "fail", "not_supported", "error")


def read(path: Path, refuse: Callable[[str], SplitcardsError] | None = None) -> ResultsFile:
    """The results of ``splitcards conformance --format jsonl`` (or a ``--format json``
    document), of format 1.0 or 1.1. A line that is not JSON is refused, but for a last line cut
    short (a run killed while writing it); a run's line without its 1.0 fields is refused."""
    where = str(path)

    def problem(text: str) -> SplitcardsError:
        return refuse(f"{where}: {text}") if refuse is not None else SplitcardsError(f"{where}: {text}")

    text = read_text(path, problem, max_bytes=RESULTS_MAX_BYTES)
    found = ResultsFile(where)
    stripped = text.lstrip()
    if stripped.startswith("{") and "\n" in stripped.rstrip() and stripped.rstrip().endswith("}"):
        # A --format json document spans lines; JSON Lines never do.
        try:
            document = jsontext.loads(text)
        except jsontext.JSONTextError:
            document = None
        if isinstance(document, dict) and isinstance(document.get("results"), list):
            found.header = _header(document.get("header"), problem)
            for n, run in enumerate(document["results"]):
                found.runs.append(_run(run, f"results[{n}]", problem))
            found.totals = {k: v for k, v in document.items() if k not in ("results", "header")}
            return found
    for number, data in json_lines(text, problem):
        if not isinstance(data, dict):
            raise problem(f"line {number}: not a JSON object")
        if "header" in data and not found.header:  # results joined from several runs: the first says how
            found.header = _header(data["header"], problem)
        if "status" in data and "scenario" in data:
            found.runs.append(_run(data, f"line {number}", problem))
        elif "pass" in data:
            found.totals = {key: value for key, value in data.items() if key != "header"}
    return found


def _header(data: Any, problem: Callable[[str], SplitcardsError]) -> dict[str, Any]:
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise problem("header: not a JSON object")
    return data


def _run(data: Any, where: str, problem: Callable[[str], SplitcardsError]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise problem(f"{where}: not a JSON object")
    for key, kind in _RUN_FIELDS.items():
        if not isinstance(data.get(key), kind):
            raise problem(f"{where}: {key}: missing or not a {getattr(kind, '__name__', kind)}")
    if data["status"] not in _STATUSES:
        raise problem(f"{where}: status: {data['status']!r} (allowed: {', '.join(_STATUSES)})")
    return data
