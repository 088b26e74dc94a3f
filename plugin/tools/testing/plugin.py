"""The pytest plugin for host adapter authors (entry point ``pytest11``: ``splitcards``).

Nothing happens unless a host is named: ``--splitcards-host NAME``, or ``splitcards_host`` in
the ini file (``[tool.pytest.ini_options]``, ``pytest.ini``...); the command line wins. Then the
host must be registered (``splitcards_register_adapters``) and its engine installed, or pytest
stops with a usage error naming the hosts that can run. Collecting the host contract tests
without a host is one usage error too.

* Scenario files become tests: a ``*.yaml`` file named on the command line, a scenario file
  (a YAML mapping with a top-level ``format`` key) found in a directory named there, or, when
  no path is given, the suite bundled with splitcards. One test per scenario and rule version,
  ``file.yaml::scenario-id[rule-version]``, so ``-k``, ``-x``, ``--lf``, ``--junitxml`` and
  pytest-xdist work as for any test. A failure shows the answer expected and the one got, with
  the rules cited; ``not_supported`` is a skip giving the host's reason when a declaration of the
  host covers it, and a failure saying what to declare when none does (``--splitcards-allow-undeclared``
  or the ini option ``splitcards_allow_undeclared``: a skip); an exception nobody expected is a
  failure naming it. A scenario that could not be read is an error of its tests,
  naming the file, the scenario and the key, and the other scenarios of its file still run; a
  file that could not be read at all is a collection error.
* ``--splitcards-rules VERSION`` (repeatable), or the ini option ``splitcards_rules`` (one
  version a line), keeps the runs of those rule versions.
* The fixtures ``splitcards_host``, ``splitcards_registry`` and ``splitcards_cards`` serve the
  host contract tests (``pytest --splitcards-host NAME --pyargs splitcards.tools.testing``).

pytest loads this module in every run of every project installed beside splitcards, so it
imports the rules, the runner and the hosts only once a host is named (``splitcards`` itself
imports its public names on first use).
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, cast

import pytest

if TYPE_CHECKING:
    import pluggy
    from _pytest._code.code import TerminalRepr

    from splitcards.game.configuration.registry import VersionRegistry
    from splitcards.game.contract import AdapterInfo
    from splitcards.rules.card import Card
    from splitcards.tools.conformance.runner import Planned, Result
    from splitcards.tools.conformance.scenario import ScenarioFile as LoadedFile
    from splitcards.tools.hostnames import HostNames

# Assertions in the contract tests read like the tests of the project that runs them.
pytest.register_assert_rewrite("splitcards.tools.testing.contract")

CONTRACT_MARKER = "splitcards_contract"
NEEDS_MARKER = "splitcards_needs"
_SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True, slots=True)
class _Setup:
    host: AdapterInfo
    registry: VersionRegistry
    rules: tuple[str, ...]
    pm: pluggy.PluginManager
    names: HostNames
    # The scenario files collected, for the declarations that cover none of their runs.
    files: list[LoadedFile] = field(default_factory=list)
    # A not_supported no declaration covers is a skip, not a failure.
    allow_undeclared: bool = False


_SETUP = pytest.StashKey[_Setup]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("splitcards", "splitcards host adapters")
    group.addoption(
        "--splitcards-host",
        metavar="NAME",
        help="run scenario files (default: the suite bundled with splitcards) and the host contract tests "
        "against this registered host adapter, or 'command:LINE' for an engine speaking the protocol over stdio",
    )
    group.addoption(
        "--splitcards-host-timeout",
        type=float,
        metavar="SECONDS",
        help="seconds a command: host has to answer each request (default: 30)",
    )
    group.addoption(
        "--splitcards-transcript",
        metavar="FILE",
        help="write every message to and from a command: host, and its stderr, to FILE as JSON Lines",
    )
    group.addoption(
        "--splitcards-rules",
        action="append",
        default=[],
        metavar="VERSION",
        help="run scenarios only under this rule version (name, alias or YAML file); repeatable",
    )
    group.addoption(
        "--splitcards-allow-undeclared",
        action="store_true",
        default=None,
        help="skip a scenario the host reports not_supported without declaring it, instead of failing it"
        " (to explore an engine)",
    )
    parser.addini("splitcards_host", "the host adapter to test, as --splitcards-host (the command line wins)")
    parser.addini(
        "splitcards_allow_undeclared",
        "skip a not_supported scenario the host declares nowhere, as --splitcards-allow-undeclared",
        type="bool",
        default=False,
    )
    parser.addini(
        "splitcards_rules",
        "rule versions to keep, one a line, as --splitcards-rules (the command line wins)",
        type="linelist",
        default=[],
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{CONTRACT_MARKER}: a host contract test (a NotSupported raised by the host is a skip naming the"
        " deviation the host declares)",
    )
    config.addinivalue_line(
        "markers",
        f"{NEEDS_MARKER}(*capabilities, strict=False): a host contract test skipped when the host declares it"
        " lacks one of them; strict: a NotSupported no declaration names fails it",
    )
    # Each value is named in a usage error as it was given: the option, or the ini file's line.
    name = config.getoption("splitcards_host")
    host_source = "--splitcards-host"
    if not name:
        name, host_source = config.getini("splitcards_host") or None, "splitcards_host (ini)"
    rules = tuple(config.getoption("splitcards_rules"))
    rules_source = "--splitcards-rules"
    if not rules:
        rules, rules_source = tuple(config.getini("splitcards_rules")), "splitcards_rules (ini)"
    if name is None:
        if rules:
            raise pytest.UsageError(f"{rules_source} needs a host: --splitcards-host NAME, or splitcards_host")
        return
    timeout = config.getoption("splitcards_host_timeout")
    transcript = config.getoption("splitcards_transcript")
    sources = (host_source, rules_source)
    setup = _setup(name, rules, timeout, Path(transcript) if transcript else None, sources)
    allow = config.getoption("splitcards_allow_undeclared") or config.getini("splitcards_allow_undeclared")
    config.stash[_SETUP] = replace(setup, allow_undeclared=bool(allow))
    if config.args_source is not pytest.Config.ArgsSource.ARGS:
        config.args = [str(_bundled())]


def _setup(
    name: str, rules: tuple[str, ...], timeout: float | None, transcript: Path | None, sources: tuple[str, str]
) -> _Setup:
    from splitcards.errors import SplitcardsError
    from splitcards.game.configuration.registry import load_registry
    from splitcards.game.plugins.manager import default_manager
    from splitcards.tools.conformance.declarations import resolved
    from splitcards.tools.hostnames import HostNames
    from splitcards.wire.engine import DEFAULT_TIMEOUT

    host_source, rules_source = sources
    names = None
    source = host_source
    try:
        pm = default_manager()
        registry = load_registry()
        source = rules_source
        for version in rules:
            registry.get(version)
        source = host_source
        names = HostNames(pm, timeout or DEFAULT_TIMEOUT, transcript)
        info = resolved(names.get(name), registry)
    except SplitcardsError as exc:
        if names is not None:
            names.close()
        raise pytest.UsageError(f"{source}: {exc}") from exc
    return _Setup(info, registry, rules, pm, names)


def pytest_unconfigure(config: pytest.Config) -> None:
    setup = config.stash.get(_SETUP, None)
    if setup is not None:
        setup.names.close()


def _out_of_date(config: pytest.Config) -> list[str]:
    setup = config.stash.get(_SETUP, None)
    if setup is None or not setup.files:
        return []
    from splitcards.tools.conformance.declarations import unmatched

    return unmatched(setup.host, setup.files, setup.registry)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int | pytest.ExitCode) -> None:
    # A declaration that covers no run of the files it names is wrong, as a strict xfail that
    # passed is: it fails the session (docs/adapters.md).
    if exitstatus == pytest.ExitCode.OK and _out_of_date(session.config):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    lines = _out_of_date(config)
    if lines:
        terminalreporter.section("splitcards declarations out of date", red=True)
        for line in lines:
            terminalreporter.line(line, red=True)


def _bundled() -> Path:
    return Path(str(resources.files("splitcards.tools.conformance.bundled")))


def pytest_report_header(config: pytest.Config) -> list[str] | None:
    setup = config.stash.get(_SETUP, None)
    if setup is None:
        return None
    from splitcards.tools.cli.common import plugin_line

    rules = ", ".join(setup.rules) or "as each scenario names"
    return [
        f"splitcards: host {setup.host.name} ({setup.host.description}); rules: {rules}",
        f"splitcards plugins: {plugin_line(setup.pm)}",
    ]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # The shipped contract tests without a host would be an error each: one usage error says why.
    if _SETUP in config.stash:
        return
    # Matched by file: the module's name depends on pytest's import mode and on how the package is
    # installed. The deprecated splitcards.testing holds the same tests.
    here = Path(__file__).resolve()
    shipped = {here.with_name("test_contract.py"), here.parents[2] / "testing" / "test_contract.py"}
    if any(isinstance(item, pytest.Function) and item.path.resolve() in shipped for item in items):
        raise pytest.UsageError(
            f"{_SHIPPED_TESTS}: the host contract tests need a host: --splitcards-host NAME, or splitcards_host"
            " in the ini file"
        )


_SHIPPED_TESTS = "splitcards.tools.testing.test_contract"


# -- scenario files -----------------------------------------------------------------------


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> ScenarioFile | None:
    if _SETUP not in parent.config.stash or file_path.suffix not in _SUFFIXES:
        return None
    if not parent.session.isinitpath(file_path) and not _is_scenario_file(file_path):
        return None
    return ScenarioFile.from_parent(parent, path=file_path)


def _is_scenario_file(path: Path) -> bool:
    """A YAML file found in a directory is a scenario file if its top level has ``format``:
    test data, CI settings and rule versions beside the scenarios are left alone."""
    from splitcards.errors import ScenarioError
    from splitcards.files.yamlfile import read_yaml

    try:
        raw = read_yaml(path, ScenarioError)
    except ScenarioError:
        return False
    return isinstance(raw, dict) and "format" in raw


class ScenarioFile(pytest.File):
    """A scenario file: one test per scenario and rule version."""

    def collect(self) -> Iterator[ScenarioRun]:
        from splitcards.errors import RulesConfigError
        from splitcards.tools.conformance.runner import plan
        from splitcards.tools.conformance.scenario import load_file

        setup = self.config.stash[_SETUP]
        scenario_file = load_file(self.path)
        setup.files.append(scenario_file)
        runs = plan(scenario_file, setup.registry, setup.rules)

        def known(name: str) -> bool:
            try:
                setup.registry.get(name)
            except RulesConfigError:
                return False
            return True

        # A run under a version the registry lacks is in error; its test is named after that version.
        unknown = {s.id: iter([n for n in s.rules if not known(n)]) for s in scenario_file.scenarios}
        seen: set[str] = set()
        for run in runs:
            version = run.version.name if run.version is not None else next(unknown[run.scenario.id], "-")
            name = f"{run.scenario.id}[{version}]"
            if name not in seen:  # a version named twice (by name and by alias) runs once
                seen.add(name)
                # Spelled out, the node id parses as a parametrized test's does ("[version]" its
                # parameters), so --lf and --sw find the test again.
                yield ScenarioRun.from_parent(self, name=name, nodeid=f"{self.nodeid}::{name}", run=run)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException]) -> str | TerminalRepr:  # type: ignore[override]
        from splitcards.errors import SplitcardsError

        if isinstance(excinfo.value, SplitcardsError):
            return str(excinfo.value)  # it names the file, the scenario and the key
        return super().repr_failure(excinfo)


class ScenarioRun(pytest.Item):
    """One scenario under one rule version, on a new game of the host."""

    def __init__(self, *, run: Planned, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.run = run

    def setup(self) -> None:
        # Not a failure of the host: the scenario itself is wrong (a rule version the registry does
        # not know included), so its test is in error.
        if self.run.version is None or self.run.scenario.problem:
            pytest.fail(self.run.problem or self.run.scenario.problem, pytrace=False)

    def runtest(self) -> None:
        from splitcards.tools.conformance.runner import Status, run_planned

        setup = self.config.stash[_SETUP]
        result = run_planned(self.run, setup.host.name, setup.host, setup.pm)
        if result.status is Status.PASS:
            return
        if result.status is Status.NOT_SUPPORTED:
            self._not_supported(result)
        from splitcards.tools.conformance.wording import citation

        lines = [f"{result.status.value}: {result.detail}"]
        if result.status is Status.ERROR:
            lines.append("an exception nobody expected: a defect of the host, its engine or a plugin")
        cited = citation(result.detail, result.rules)
        if cited:  # once: an illegal action's message cites its rules itself
            lines.append(f"rules: {', '.join(result.rules)} ({result.version})")
        if result.source:
            lines.append(f"source: {result.source}")
        lines.append(f"host: {result.host}; rule version: {result.version}")
        pytest.fail("\n".join(lines), pytrace=False)

    def _not_supported(self, result: Result) -> NoReturn:
        """A skip when a declaration of the host covers the run (or undeclared ones are allowed), else
        a failure saying what to declare: a skip nothing explains would hide a missing feature."""
        from splitcards.tools.conformance.declarations import how_to_declare, undeclared
        from splitcards.tools.conformance.needs import needs

        setup = self.config.stash[_SETUP]
        if not undeclared(result):
            pytest.skip(f"not supported by host {setup.host.name} [declared: {result.declared}]: {result.detail}")
        if setup.allow_undeclared:
            pytest.skip(f"not supported by host {setup.host.name}: {result.detail}")
        lines = [
            f"not_supported: {result.detail}",
            f"host {setup.host.name} declares nothing behind it, which fails the test (--splitcards-allow-undeclared,"
            " or splitcards_allow_undeclared in the ini file, to explore)",
            *how_to_declare(needs(self.run.scenario, self.run.file.cards)),
            f"host: {result.host}; rule version: {result.version}",
        ]
        pytest.fail("\n".join(lines), pytrace=False)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"{self.run.scenario.id} [{self.run.version_name}]"


# -- the host contract tests --------------------------------------------------------------


@pytest.fixture(scope="session")
def splitcards_host(pytestconfig: pytest.Config) -> AdapterInfo:
    """The host adapter named by ``--splitcards-host``."""
    setup = pytestconfig.stash.get(_SETUP, None)
    if setup is None:
        pytest.fail("the host contract tests need a host: --splitcards-host NAME, or splitcards_host", pytrace=False)
    return setup.host


@pytest.fixture(scope="session")
def splitcards_registry() -> VersionRegistry:
    """The rule versions: the shipped ones and those the installed plugins add."""
    from splitcards.game.configuration.registry import load_registry

    return load_registry()


@pytest.fixture(scope="session")
def splitcards_cards() -> dict[str, Card]:
    """The cards the contract tests play, by name."""
    from splitcards.cards.loaders import card_from_mtgjson
    from splitcards.errors import SplitcardsError
    from splitcards.files.yamlfile import read_yaml

    raw = read_yaml(resources.files("splitcards.tools.testing") / "cards.yaml", SplitcardsError)
    return {name: card_from_mtgjson(faces, name) for name, faces in raw.items()}


@pytest.hookimpl(wrapper=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> Generator[None, Any, Any]:
    if pyfuncitem.get_closest_marker(CONTRACT_MARKER) is None:
        return (yield)
    from splitcards.errors import NotSupported
    from splitcards.tools.testing.declared import not_supported, skip_declared_gap

    host = cast("AdapterInfo", pyfuncitem.funcargs["splitcards_host"])
    markers = list(pyfuncitem.iter_markers(NEEDS_MARKER))
    skip_declared_gap(host, [capability for marker in markers for capability in marker.args])
    try:
        return (yield)
    except NotSupported as exc:
        refused = str(exc)
    not_supported(host, refused, strict=any(marker.kwargs.get("strict") for marker in markers))
