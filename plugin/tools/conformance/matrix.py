"""The conformance matrix: the runs of results files counted by host, rule version and
mechanic, and two runs compared (docs/report.md).

Runs are told apart by their file's name, scenario, rule version and host: the same suite run on
another machine, from another folder, is the same runs. A run given twice (results files joined)
counts once, as the last file gives it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from splitcards.tools.conformance.mechanics import MECHANICS, by_file_name
from splitcards.tools.conformance.resultlines import ResultsFile

OTHER = "other"
"""The mechanic of a format 1.0 line, which names none, when its file's name names none either."""
KINDS = ("pass", "fail", "declared", "undeclared", "error")
"""What a cell counts: ``declared`` and ``undeclared`` are the ``not_supported`` runs with and
without a declaration of their host behind them."""

Key = tuple[str, str, str, str]


def key(run: Mapping[str, Any]) -> Key:
    """What tells a run apart: its file's name, scenario, rule version and host."""
    return (Path(str(run["file"])).name, str(run["scenario"]), str(run["rules"]), str(run["host"]))


def kind(run: Mapping[str, Any]) -> str:
    """Which of :data:`KINDS` a run counts as."""
    status = str(run["status"])
    if status == "not_supported":
        return "declared" if run.get("declared") else "undeclared"
    return status


def mechanic(run: Mapping[str, Any]) -> str:
    """The run's mechanic: its own (format 1.1), else the one its file's name names."""
    given = run.get("mechanic")
    return given if isinstance(given, str) and given else by_file_name(str(run["file"])) or OTHER


@dataclass(slots=True)
class Cell:
    """The runs of one host under one rule version (and one mechanic, or all of them)."""

    runs: list[dict[str, Any]] = field(default_factory=list)

    def count(self, what: str) -> int:
        return sum(1 for run in self.runs if kind(run) == what)

    @property
    def counts(self) -> dict[str, int]:
        return {what: self.count(what) for what in KINDS}


@dataclass(slots=True)
class Matrix:
    """Hosts as columns; rule versions, each with its mechanics, as rows."""

    hosts: list[str]
    versions: list[str]
    mechanics: dict[str, list[str]]
    """The mechanics each rule version has runs of, in :data:`MECHANICS` order."""
    cells: dict[tuple[str, str, str], Cell]
    """By (host, version, mechanic); mechanic ``""`` is the version's every run."""
    runs: list[dict[str, Any]]

    def cell(self, host: str, version: str, of: str = "") -> Cell:
        return self.cells.get((host, version, of), Cell())

    def total(self, host: str) -> Cell:
        """Every run of one host."""
        return Cell([run for run in self.runs if run["host"] == host])


def merged(files: Iterable[ResultsFile]) -> list[dict[str, Any]]:
    """The runs of every file, a run given twice kept as the last file gives it, in the order runs
    were first given."""
    runs: dict[Key, dict[str, Any]] = {}
    for results in files:
        for run in results.runs:
            runs[key(run)] = run
    return list(runs.values())


def build(runs: list[dict[str, Any]], version_order: Iterable[str] = ()) -> Matrix:
    """Count ``runs``; the rule versions come in ``version_order`` (oldest first, as a header
    gives them), then any other in the order met."""
    hosts = list(dict.fromkeys(str(r["host"]) for r in runs))
    met = list(dict.fromkeys(str(r["rules"]) for r in runs))
    ordered = [v for v in version_order if v in met]
    versions = ordered + [v for v in met if v not in ordered]
    cells: dict[tuple[str, str, str], Cell] = {}
    mechanics: dict[str, set[str]] = {}
    for run in runs:
        host, version, of = str(run["host"]), str(run["rules"]), mechanic(run)
        mechanics.setdefault(version, set()).add(of)
        cells.setdefault((host, version, of), Cell()).runs.append(run)
        cells.setdefault((host, version, ""), Cell()).runs.append(run)
    order = {m: i for i, m in enumerate((*MECHANICS, OTHER))}
    return Matrix(
        hosts,
        versions,
        {v: sorted(found, key=lambda m: (order.get(m, len(order)), m)) for v, found in mechanics.items()},
        cells,
        runs,
    )


@dataclass(frozen=True, slots=True)
class Change:
    """A run of two results files compared: its key, and its status before and now (``""`` where
    a file has no such run)."""

    key: Key
    before: str
    now: str


@dataclass(slots=True)
class RunComparison:
    """What changed from an older run to this one, as wpt.fyi shows it."""

    fixed: list[Change] = field(default_factory=list)
    """Pass now, and ran before without passing."""
    regressed: list[Change] = field(default_factory=list)
    """Passed before, and run now without passing."""
    new: list[Change] = field(default_factory=list)
    """Not in the older run."""
    gone: list[Change] = field(default_factory=list)
    """In the older run only."""
    changed: list[Change] = field(default_factory=list)
    """Ran in both, passing in neither, ending another way (``fail`` to ``error``)."""

    def of_host(self, host: str) -> dict[str, int]:
        """How many of each change one host has."""
        return {
            name: sum(1 for c in changes if c.key[3] == host)
            for name, changes in (
                ("fixed", self.fixed),
                ("regressed", self.regressed),
                ("new", self.new),
                ("gone", self.gone),
                ("changed", self.changed),
            )
        }


def compare(before: Iterable[Mapping[str, Any]], now: Iterable[Mapping[str, Any]]) -> RunComparison:
    """Each run's status in an older run and in this one."""
    old = {key(run): str(run["status"]) for run in before}
    new = {key(run): str(run["status"]) for run in now}
    found = RunComparison()
    for k, status in new.items():
        was = old.get(k)
        if was is None:
            found.new.append(Change(k, "", status))
        elif status == "pass" and was != "pass":
            found.fixed.append(Change(k, was, status))
        elif was == "pass" and status != "pass":
            found.regressed.append(Change(k, was, status))
        elif was != status:
            found.changed.append(Change(k, was, status))
    found.gone = [Change(k, status, "") for k, status in old.items() if k not in new]
    return found
