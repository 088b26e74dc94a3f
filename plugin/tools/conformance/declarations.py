"""A host's declarations, applied to a run: its capability gaps and its known deviations.

A gap stops the run before it starts: the host has said it can't express what the scenario
needs (:mod:`~splitcards.tools.conformance.needs`). A known deviation lets the run go, as pytest
runs a test marked ``xfail(strict=True)``: a run that does not pass is ``not_supported`` naming
the deviation, and a run that passes fails, since the declaration is no longer true.
"""

from __future__ import annotations

from pathlib import PurePath

from splitcards.game.contract import AdapterInfo, KnownDeviation
from splitcards.rules.versions import RuleVersion
from splitcards.tools.conformance.needs import needs
from splitcards.tools.conformance.results import Status
from splitcards.tools.conformance.scenario import Scenario, ScenarioFile


def declared_gap(info: AdapterInfo, file: ScenarioFile, scenario: Scenario) -> tuple[str, str] | None:
    """The detail and the name of the first declared gap the scenario meets, or ``None``."""
    for capability, where in needs(scenario, file.cards).items():
        gap = info.gap(capability)
        if gap is not None:
            name = f"{info.name}.lacks[{capability.value}]"
            return f"{where} needs {capability.value}, which host {info.name!r} declares it lacks: {gap.reason}", name
    return None


def declared_deviation(
    info: AdapterInfo, file: ScenarioFile, scenario: Scenario, version: RuleVersion
) -> KnownDeviation | None:
    """The first declared deviation that covers this run, or ``None``."""
    name = PurePath(file.path).name
    return next((d for d in info.deviations if d.scenarios and d.covers(name, scenario.id, version.name)), None)


def met_deviation(info: AdapterInfo, status: Status, detail: str) -> KnownDeviation | None:
    """The declared deviation met at run time that a ``not_supported`` result names, if any."""
    if status is not Status.NOT_SUPPORTED:
        return None
    return next((d for d in info.deviations if not d.scenarios and d.named_in(detail)), None)


def judged(deviation: KnownDeviation, host: str, status: Status, detail: str) -> tuple[Status, str]:
    """The status and detail of a run a known deviation covers, from those it ended with."""
    label = f"host {host!r} declares the deviation {deviation.name!r}: {deviation.reason}"
    if status is Status.PASS:
        return Status.FAIL, f"{label}; but the run passed: the declaration is out of date"
    if status is Status.ERROR:
        # An exception nobody expected is no deviation anyone declared.
        return status, detail
    return Status.NOT_SUPPORTED, f"{label} ({status.value}: {detail})"
