"""Shared fixtures: the rule versions, the test cards, and the hosts chosen for this run.

``SPLITCARDS_HOSTS`` (comma-separated) picks the host adapters that the contract and conformance
tests run against; tox sets it per host factor. Default: every adapter whose engine is installed.

``HYPOTHESIS_PROFILE`` picks the Hypothesis profile: ``ci`` (the default) runs the examples each
test asks for, derandomized, so a run fails or passes the same way every time; ``explore`` runs
random examples, many more of them, to look for new failures (docs/testing.md).
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
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import yaml
from hypothesis import settings

from splitcards.adapters.reference import ReferenceHost
from splitcards.cards.loaders import card_from_mtgjson
from splitcards.game.configuration.registry import VersionRegistry, load_registry
from splitcards.game.contract import AdapterInfo
from splitcards.game.plugins.hosts import adapters
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.rules.card import Card
from splitcards.rules.versions import RuleVersion
from splitcards.tools.hostnames import HostNames

DATA = Path(__file__).parent / "data"
# The frozen adapter's own tests run in tox's frozen environment, where the adapter is installed.
collect_ignore = ["data"]
VERSIONS = ("invasion-2000", "classic-2009", "classic-2013", "amonkhet-2017", "duskmourn-2024")

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("explore", max_examples=5_000, derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


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
    """A new game on the reference host under a rule version: ``table("classic-2009")``."""

    def make(name: str = "duskmourn-2024") -> Table:
        return Table(ReferenceHost(), v[name], make_plugin_manager(load_entry_points=False))

    return make


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
