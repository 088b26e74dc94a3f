"""A host's declarations, applied to a run: its capability gaps and its known deviations.

A gap stops the run before it starts: the host has said it can't express what the scenario
needs (:mod:`~splitcards.tools.conformance.needs`). A known deviation lets the run go, as pytest
runs a test marked ``xfail(strict=True)``: a run that does not pass is ``not_supported`` naming
the deviation, and a run that passes fails, since the declaration is no longer true.

A deviation's rule versions are resolved before any run, as the registry resolves a name
(:func:`resolved`): an alias names its version, and an unknown name is the declaration's error.
After the runs, a deviation that names a scenario file of the run but covers no run of those
files, under any of their scenarios' versions, is out of date (:func:`unmatched`): a typo or a
renamed scenario, which would otherwise silently cover nothing. A deviation naming only files
the run did not include is not judged, so running a few files never complains about the others.

A ``not_supported`` that no declaration covers (:func:`undeclared`) fails the run: a skip that
nothing explains would hide a missing feature, and an engine that implements nothing would pass. What to declare is
said by :func:`how_to_declare`, from the capabilities the runs need.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from pathlib import PurePath

from splitcards.errors import RulesConfigError
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.contract import AdapterInfo, Capability, KnownDeviation
from splitcards.rules.versions import RuleVersion
from splitcards.tools.conformance.needs import needs
from splitcards.tools.conformance.results import Result, Status
from splitcards.tools.conformance.scenario import Scenario, ScenarioFile

DECLARING = "https://github.com/splitcards/splitcards/blob/main/docs/testing.md#every-not_supported-is-declared"
"""Where the documentation says how a host declares what it can't do."""


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
    return next((d for d in info.deviations if d.scenarios and d.covers(file.path, scenario.id, version.name)), None)


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


def resolved(info: AdapterInfo, registry: VersionRegistry) -> AdapterInfo:
    """The host's registration with each deviation's ``rules`` as the registry names them.

    :raises RulesConfigError: a deviation names a rule version the registry does not know (with
        the near names).
    """
    deviations = []
    for deviation in info.deviations:
        names = []
        for name in deviation.rules:
            try:
                names.append(registry.get(name).name)
            except RulesConfigError as exc:
                raise RulesConfigError(
                    f"host {info.name!r} declares the deviation {deviation.name!r} under rules: {exc}"
                ) from None
        deviations.append(replace(deviation, rules=tuple(names)))
    return replace(info, deviations=tuple(deviations))


def unmatched(info: AdapterInfo, files: Iterable[ScenarioFile], registry: VersionRegistry) -> list[str]:
    """What to say of each deviation with scenarios that names a file of ``files`` but covers no
    run of them, under any rule version their scenarios name (out of date); ``[]`` when none."""
    files = list(files)
    found = []
    for deviation in info.deviations:
        named = [f for f in files if deviation.scenarios and deviation.names_file(f.path)]
        if not named or any(_covers_a_run(deviation, f, registry) for f in named):
            continue
        patterns = ", ".join(deviation.scenarios)
        under = f" under {', '.join(deviation.rules)}" if deviation.rules else ""
        found.append(
            f"host {info.name!r} declares the deviation {deviation.name!r} for {patterns}{under}, which covers no"
            f" run of {', '.join(PurePath(f.path).name for f in named)}: the declaration is out of date"
        )
    return found


def _covers_a_run(deviation: KnownDeviation, file: ScenarioFile, registry: VersionRegistry) -> bool:
    for scenario in file.scenarios:
        for name in scenario.rules:
            try:
                version = registry.get(name).name
            except RulesConfigError:
                continue  # the scenario's own error, reported with its run
            if deviation.covers(file.path, scenario.id, version):
                return True
    return False


def undeclared(result: Result) -> bool:
    """Whether ``result`` is a ``not_supported`` that no declaration of its host covers. Such a run
    fails, since a skip that nothing explains would hide a missing feature, unless undeclared
    results are allowed (``--allow-undeclared``, ``--splitcards-allow-undeclared``)."""
    return result.status is Status.NOT_SUPPORTED and not result.declared


def how_to_declare(needed: Mapping[Capability, str], needing_none: str = "") -> list[str]:
    """How a host declares what made runs ``not_supported`` with no declaration, a sentence a
    line, the documentation's address last; given the capabilities the runs need, each with where
    it is needed (``setup[1] unlock``) or how many runs need it (``120 runs``), and
    ``needing_none``: how many of the runs need none of them (``"400 runs"``; ``""`` when
    ``needed`` is about all of them)."""
    parts = []
    if needed:
        first = next(iter(needed))
        listed = ", ".join(f"{capability.value} ({where})" for capability, where in needed.items())
        parts.append(
            f"declare the capability the host lacks among those needed, {listed}: an adapter in AdapterInfo.lacks"
            f" (Gap(Capability.{first.name}, reason)), a wire engine in the `lacks` it answers to initialize"
            f' ({{"capability": "{first.value}", "reason": ...}})'
        )
    if needing_none or not needed:
        # Creating, casting, resolving and moving cards are no capability: every host does them.
        which = needing_none or "the run"
        parts.append(
            f"no capability a host may declare it lacks is needed by {which}: implement what the host refused there"
        )
    parts.append(
        "where the host knowingly answers otherwise, declare a known deviation (AdapterInfo.deviations, or"
        " `deviations` in the answer to initialize; met at run time: '(deviation NAME)' in the message)"
    )
    return [*parts, f"see {DECLARING}"]
