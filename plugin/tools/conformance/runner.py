"""Running scenarios against hosts, and judging their answers.

Each scenario runs once per rule version it names, on a fresh game of the host. A step with
``expect_error`` must raise that kind of error and leave the whole observable game as it was; a
check passes when the answer equals the expected one by the comparison its query calls for
(docs/format.md).

Every run is isolated: whatever a host, an engine or a plugin raises becomes that run's result
(``error`` for an exception nobody expected, named with its type), and the other runs go on. A
scenario the loader could not read runs too, to an ``error`` result giving its problem, so that
it is reported beside the other scenarios of its file; every value a run reads was read and
checked by the loader, so no run meets a problem of its file half-way. Only ``KeyboardInterrupt``
(and the other exceptions that are not an ``Exception``) stops the runs: what ended before it
stays yielded.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace

import pluggy

from splitcards.errors import HostError, NotSupported, PluginFailure, RulesConfigError, SplitcardsError
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.contract import AdapterInfo, Host
from splitcards.game.contract.versions import OLDEST_CONTRACT
from splitcards.game.table import Table
from splitcards.rules.versions import RuleVersion
from splitcards.tools.conformance.checks import run_check
from splitcards.tools.conformance.declarations import declared_deviation, declared_gap, judged, met_deviation
from splitcards.tools.conformance.results import Answer
from splitcards.tools.conformance.results import Result as Result
from splitcards.tools.conformance.results import Status as Status
from splitcards.tools.conformance.scenario import Scenario, ScenarioFile, judges_targets
from splitcards.tools.conformance.steps import Fail, ScenarioRun


@dataclass(frozen=True, slots=True)
class Planned:
    """One run to make: a scenario of a file under one rule version (``version`` is ``None``
    when the scenario names a version the registry does not know, or none that could be read: the
    run is in error, with ``problem``)."""

    file: ScenarioFile
    scenario: Scenario
    version: RuleVersion | None
    problem: str = ""

    @property
    def version_name(self) -> str:
        return self.version.name if self.version is not None else "-"


def plan(file: ScenarioFile, registry: VersionRegistry, only_versions: Iterable[str] = ()) -> list[Planned]:
    """The runs of a file: each scenario once per rule version it names, keeping only
    ``only_versions`` (names, aliases or files) when some are given. A scenario that could not be
    read and names no rule versions that could be read has one run all the same, so its problem is
    reported whichever versions are kept."""
    wanted = {registry.get(name).name for name in only_versions}
    runs = []
    for scenario in file.scenarios:
        if not scenario.rules:
            runs.append(Planned(file, scenario, None, scenario.problem))
        for name in scenario.rules:
            try:
                version = registry.get(name)
            except RulesConfigError as exc:
                if not wanted:
                    runs.append(Planned(file, scenario, None, scenario.problem or f"rules: {exc}"))
                continue
            if not wanted or version.name in wanted:
                runs.append(Planned(file, scenario, version))
    return runs


def iter_file(
    file: ScenarioFile,
    hosts: Mapping[str, AdapterInfo],
    registry: VersionRegistry,
    only_versions: Iterable[str] = (),
    pm: pluggy.PluginManager | None = None,
) -> Iterator[Result]:
    """Run every scenario of a file, for each of its rule versions (or only ``only_versions``:
    names, aliases or files), on each host, yielding each result as soon as it is known."""
    for run in plan(file, registry, only_versions):
        for host_name, info in hosts.items():
            yield run_planned(run, host_name, info, pm)


def run_file(
    file: ScenarioFile,
    hosts: Mapping[str, AdapterInfo | Callable[[RuleVersion], Host]],
    registry: VersionRegistry,
    only_version: str | None = None,
    pm: pluggy.PluginManager | None = None,
) -> list[Result]:
    """Deprecated: every result of :func:`iter_file`, for one rule version or all. A bare factory
    given as a host is a host that declares nothing."""
    warnings.warn(
        "splitcards.tools.conformance.runner.run_file is deprecated: use iter_file (it will be removed in a"
        " later minor release)",
        DeprecationWarning,
        stacklevel=2,
    )
    infos = {
        name: host if isinstance(host, AdapterInfo) else AdapterInfo(name, "", host) for name, host in hosts.items()
    }
    return list(iter_file(file, infos, registry, [only_version] if only_version else (), pm))


def run_planned(run: Planned, host_name: str, factory: AdapterInfo, pm: pluggy.PluginManager | None = None) -> Result:
    """Make one planned run on a new game of one host, honouring what it declares: a run needing
    a capability it lacks is ``not_supported`` without being run, and a run a declared deviation
    covers is judged by :func:`~.declarations.judged`."""
    if run.version is None:
        # A rule version the registry does not know is the scenario's problem, not the host's (docs/format.md).
        return Result(run.file.path, run.scenario.id, "-", host_name, Status.ERROR, run.problem, run.scenario.source)
    gap = None if run.scenario.problem else declared_gap(factory, run.file, run.scenario)
    if gap is not None:
        detail, name = gap
        return Result(
            run.file.path,
            run.scenario.id,
            run.version.name,
            host_name,
            Status.NOT_SUPPORTED,
            detail,
            run.scenario.source,
            declared=name,
        )
    result = run_scenario(run.file, run.scenario, run.version, host_name, factory.factory, pm, factory.contract)
    deviation = declared_deviation(factory, run.file, run.scenario, run.version)
    if deviation is None or run.scenario.problem:
        met = met_deviation(factory, result.status, result.detail)
        return result if met is None else replace(result, declared=f"{factory.name}.deviations[{met.name}]")
    status, detail = judged(deviation, factory.name, result.status, result.detail)
    return replace(result, status=status, detail=detail, declared=f"{factory.name}.deviations[{deviation.name}]")


def run_scenario(
    file: ScenarioFile,
    scenario: Scenario,
    version: RuleVersion,
    host_name: str,
    factory: Callable[[RuleVersion], Host],
    pm: pluggy.PluginManager | None = None,
    contract: str = OLDEST_CONTRACT,
) -> Result:
    """Run one scenario under one rule version on a new game of one host, written for the host
    contract ``contract``."""

    answers: list[Answer] = []

    def result(status: Status, detail: str = "", rules: tuple[str, ...] = ()) -> Result:
        return Result(
            file.path, scenario.id, version.name, host_name, status, detail, scenario.source, rules, "", tuple(answers)
        )

    if scenario.problem:
        return result(Status.ERROR, scenario.problem)
    try:
        host = factory(version)
        host.prepare(list(file.cards.values()))
        table = Table(host, version, pm, contract=contract, judge_targets=judges_targets(file.format))
        run = ScenarioRun(file, scenario, table)
        for step in scenario.setup:
            run.step(step)
        for check in scenario.checks:
            answers.append(run_check(run, check))
    except NotSupported as exc:
        return result(Status.NOT_SUPPORTED, str(exc))
    except Fail as exc:
        if exc.answer is not None:
            answers.append(exc.answer)
        return result(Status.FAIL, str(exc), exc.rules)
    except PluginFailure as exc:
        return result(Status.FAIL, str(exc))
    except HostError as exc:
        # A host that broke the contract or an engine that died: what its engine last wrote to
        # stderr comes at the end of the message, so more of it is kept.
        return result(Status.FAIL, f"HostError: {_short(exc, 2000)}")
    except SplitcardsError as exc:
        # A typed error no step expected (an unknown object, bad card data...).
        return result(Status.FAIL, f"{type(exc).__name__}: {_short(exc)}")
    except Exception as exc:
        return result(Status.ERROR, f"unexpected {type(exc).__name__}: {_short(exc)}")
    return result(Status.PASS)


def _short(exc: BaseException, limit: int = 500) -> str:
    text = str(exc)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def summary(results: Iterable[Result]) -> dict[Status, int]:
    """How many runs ended each way."""
    counts = dict.fromkeys(Status, 0)
    for r in results:
        counts[r.status] += 1
    return counts
