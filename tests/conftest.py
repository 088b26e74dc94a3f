"""Shared fixtures: the rule versions, the test cards, and the hosts chosen for this run.

``SPLITCARDS_HOSTS`` (comma-separated) picks the host adapters that the contract and conformance
tests run against; tox sets it per host factor. Default: every adapter whose engine is installed.

``HYPOTHESIS_PROFILE`` (or Hypothesis's own ``--hypothesis-profile``) picks the Hypothesis profile:
``ci`` (the default) runs the examples each test asks for, derandomized, so a run fails or passes
the same way every time; ``explore`` runs new random examples, fifty times as many on every test,
to look for failures nobody has found yet (docs/testing.md).
"""

from __future__ import annotations

import atexit
import functools
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Generator, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import settings

from splitcards.adapters.reference import ReferenceHost
from splitcards.cards.loaders import card_from_mtgjson
from splitcards.game.configuration.registry import VersionRegistry, load_registry
from splitcards.game.contract import AdapterInfo
from splitcards.game.contract.aihost import AIHost
from splitcards.game.plugins.hosts import adapters
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.rules.card import Card
from splitcards.rules.versions import RuleVersion
from splitcards.tools.hostnames import HostNames
from splitcards.tools.play.decks import Decks
from splitcards.tools.play.democards import cards as demo_cards
from splitcards.tools.play.untouched import UntouchedGame

DATA = Path(__file__).parent / "data"
# The frozen adapter's own tests run in tox's frozen environment, where the adapter is installed.
collect_ignore = ["data"]
VERSIONS = ("invasion-2000", "classic-2009", "classic-2013", "amonkhet-2017", "duskmourn-2024")

# Both made from Hypothesis's own defaults, not from whatever profile is loaded when they are
# registered (a settings object takes what it does not say from the loaded one).
_DEFAULT = settings.get_profile("default")
settings.register_profile("ci", _DEFAULT, max_examples=100, derandomize=True, print_blob=True)
settings.register_profile("explore", _DEFAULT, max_examples=5_000, derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or "ci")


def under_profile(own: settings, profile: settings) -> settings:
    """The settings a Hypothesis test whose own are ``own`` runs with under ``profile``: as many
    times more examples as ``profile`` runs more than ``ci``. A test that takes its number from the
    profile has the profile's already; one that fixes its own (``@settings(max_examples=300)``,
    the number it needs under ``ci``), which no profile can override, runs that many times it."""
    times = profile.max_examples // settings.get_profile("ci").max_examples
    if times <= 1 or own.max_examples == profile.max_examples:
        return own
    return settings(own, max_examples=own.max_examples * times)


# Where each test runs (tox.ini): a test marked ``host`` drives a host, and runs in every host
# environment against its host; the others touch no engine and run once, in py311-reference;
# ``clients`` are the example clients of the rules service, run in the clients environment.
ENGINE_MODULES = ("test_phase_", "test_mtg_", "test_games.py", "test_game_log.py", "test_config_games.py")
"""The modules that drive an engine throughout: every test in them is marked ``host``."""
CLIENT_MODULES = ("test_java_client.py", "test_node_client.py", "test_service_http.py")
# How a test that needs an engine that is not installed skips itself.
_ENGINE_MISSING = ("phase-python is not installed", "could not import 'phase'", "could not import 'mtg'")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "host: drives a host engine: runs in every host environment, against its host")
    config.addinivalue_line("markers", "clients: an example client of the rules service (the clients environment)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark where each test runs (``host``, ``clients``), then give every Hypothesis test its
    settings under the loaded profile."""
    for item in items:
        module = item.path.name
        if "host" in getattr(item, "fixturenames", ()) or module.startswith(ENGINE_MODULES):
            item.add_marker(pytest.mark.host)
        if module in CLIENT_MODULES:
            item.add_marker(pytest.mark.clients)
    _hypothesis_settings(items)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A test that skips for want of an engine without being marked ``host`` would run in no
    environment (the host environments run only ``host`` tests): it fails, saying so."""
    report: pytest.TestReport = yield
    if report.skipped and item.get_closest_marker("host") is None:
        reason = str(report.longrepr[-1]) if isinstance(report.longrepr, tuple) else str(report.longrepr)
        if any(missing in reason for missing in _ENGINE_MISSING):
            report.outcome = "failed"
            report.longrepr = f"{item.nodeid} needs an engine ({reason}) but is not marked host: mark it"
    return report


def _hypothesis_settings(items: list[pytest.Item]) -> None:
    """Give every Hypothesis test the settings it runs with under the loaded profile
    (:func:`under_profile`): a ``@given`` test's, kept where Hypothesis's own pytest plugin keeps
    them when it changes a test's settings, and a state machine's ``TestCase.settings``."""
    profile = settings.default
    assert profile is not None  # loaded above, or by --hypothesis-profile
    done: set[int] = set()
    for item in items:
        obj: Any = getattr(item, "obj", None)
        test: Any = getattr(obj, "__func__", obj)
        if isinstance(getattr(test, "_hypothesis_internal_use_settings", None), settings) and id(test) not in done:
            done.add(id(test))
            test._hypothesis_internal_use_settings = under_profile(test._hypothesis_internal_use_settings, profile)
        machine: Any = getattr(item, "cls", None)
        if isinstance(getattr(machine, "settings", None), settings) and id(machine) not in done:
            done.add(id(machine))
            machine.settings = under_profile(machine.settings, profile)


def _living_in_group(group: int) -> list[int]:
    """The processes of a process group that have not ended, read from /proc. A killed process
    stays a zombie until its parent reaps it, and one whose parent is gone waits for the machine's
    init, which may take its time or never come in a container: a zombie has ended."""
    living = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # ended while being read
        # The command may hold spaces and parentheses: the fields after it are counted from its end.
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[2]) == group and fields[0] not in ("Z", "X"):
            living.append(int(entry.name))
    return living


@pytest.fixture(scope="session")
def left_in_group() -> Callable[[int, float], list[int]]:
    """``left_in_group(group, seconds)``: the processes of a process group still alive once they
    have had ``seconds`` to end (0: now), as a test that signals or ends a child judges its end."""

    def left(group: int, seconds: float) -> list[int]:
        deadline = time.monotonic() + seconds
        while (living := _living_in_group(group)) and time.monotonic() < deadline:
            time.sleep(0.05)
        return living

    return left


@pytest.fixture(scope="session")
def registry() -> VersionRegistry:
    return load_registry()


@pytest.fixture(scope="session")
def cards() -> dict[str, Card]:
    raw = yaml.safe_load((DATA / "cards.yaml").read_text(encoding="utf-8"))
    return {name: card_from_mtgjson(faces, name) for name, faces in raw.items()}


@pytest.fixture(scope="session")
def v(registry: VersionRegistry) -> dict[str, RuleVersion]:
    """Rule versions by name: ``v["classic-2009"]``."""
    return {name: registry.get(name) for name in VERSIONS}


@functools.cache
def selected_hosts() -> list[AdapterInfo]:
    """The hosts ``SPLITCARDS_HOSTS`` names: registered names, or ``command:LINE`` for an engine
    over the wire (started once for the whole run)."""
    pm = make_plugin_manager()
    known = adapters(pm)
    wanted = os.environ.get("SPLITCARDS_HOSTS")
    if not wanted:
        return [info for info in known.values() if info.available is None]
    names = [n.strip() for n in wanted.split(",") if n.strip()]
    missing = [n for n in names if not n.startswith("command:") and (n not in known or known[n].available is not None)]
    if missing:
        reasons = {n: known[n].available if n in known else "not registered" for n in missing}
        raise pytest.UsageError(f"SPLITCARDS_HOSTS names hosts that cannot run: {reasons}")
    named = HostNames(pm)
    atexit.register(named.close)
    return [named.get(n) for n in names]


@pytest.fixture
def table(v: dict[str, RuleVersion]) -> Callable[[str], Table]:
    """A new game on the reference host under a rule version: ``table("classic-2009")``. Its
    positions set out only the cards a rule concerns, so its spells take their targets as chosen
    (``judge_targets=False``); tests/test_targets.py judges them."""

    def make(name: str = "duskmourn-2024") -> Table:
        return Table(ReferenceHost(), v[name], make_plugin_manager(load_entry_points=False), judge_targets=False)

    return make


UntouchedFactory = Callable[[Callable[[RuleVersion], AIHost], str, Sequence[str]], UntouchedGame]
"""An AI game made by ``untouched_game``: the engine's AI host (made for the rules), the rule
version's name, and the deck both players play (embedded demo card names, top first)."""


@pytest.fixture(scope="session")
def untouched_game() -> UntouchedFactory:
    """AI games at p1's first main phase, seed 1, that check every action refused or aborted
    leaves the engine's whole state as it was (:class:`~splitcards.tools.play.untouched.UntouchedGame`)."""
    pool = demo_cards()

    def made(ai: Callable[[RuleVersion], AIHost], version: str, deck: Sequence[str]) -> UntouchedGame:
        rules = load_registry().get(version)

        def decks(table: Table) -> Decks:
            cards = tuple(pool[name] for name in deck)
            return Decks(tuple(dict.fromkeys(cards)), cards, cards)

        return UntouchedGame(ai(rules), rules, seed=1, log=lambda line: None, decks=decks)

    return made


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run every test that takes ``host`` once per selected host adapter."""
    if "host" in metafunc.fixturenames:
        metafunc.parametrize("host", selected_hosts(), ids=lambda info: info.name)


@pytest.fixture(scope="session")
def http_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a real ``splitcards serve --http 127.0.0.1:<port>`` (uvicorn), started once
    for the run and stopped after it; its stderr is quoted if it does not come up."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    messages = tmp_path_factory.mktemp("serve-http") / "stderr.txt"
    splitcards = Path(sys.executable).parent / "splitcards"
    with messages.open("wb") as stderr:
        process = subprocess.Popen(
            [str(splitcards), "serve", "--http", f"127.0.0.1:{port}"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        )
    try:
        deadline = time.monotonic() + 30
        while not _healthy(url):
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"splitcards serve --http did not come up: {messages.read_text(errors='replace')[-2000:]}")
            time.sleep(0.05)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(url + "/v1/health", timeout=1) as response:
            return bool(json.load(response).get("status") == "ok")
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


# The report pages are read in a real browser: Chromium and its chromedriver, found on PATH (Debian's
# chromium and chromium-driver). Where they are missing the tests skip, saying so, unless
# SPLITCARDS_REQUIRE_BROWSER is set (.ci/run sets it): then they fail.
_CHROMIUM = ("chromium", "chromium-browser", "google-chrome", "chrome")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """A headless Chromium with JavaScript off (the pages need none), its console log kept."""
    import shutil

    binary = next((found for name in _CHROMIUM if (found := shutil.which(name))), None)
    driver_path = shutil.which("chromedriver")
    missing = "Chromium" if binary is None else "chromedriver" if driver_path is None else ""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        missing = missing or "selenium"
    if missing:
        reason = f"no browser: {missing} not found (apt-get install chromium chromium-driver; pip install selenium)"
        if os.environ.get("SPLITCARDS_REQUIRE_BROWSER"):
            pytest.fail(f"SPLITCARDS_REQUIRE_BROWSER is set and there is {reason}")
        pytest.skip(reason)
    options = webdriver.ChromeOptions()
    options.binary_location = str(binary)
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,1000"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # The driver is given: Selenium Manager would otherwise try to download one.
    driver = webdriver.Chrome(options=options, service=Service(str(driver_path)))
    try:
        yield driver
    finally:
        driver.quit()
