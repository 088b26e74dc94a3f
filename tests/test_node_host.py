"""The example engine in JavaScript (examples/node-host/host.js) passes the kit over the wire:
the bundled scenarios from the command line and from the pytest kit's ini option, and the host
contract tests. It runs where ``node`` is found; ``SPLITCARDS_REQUIRE_NODE=1`` (tox's ``node``
environment) makes a missing ``node`` a failure instead."""

from __future__ import annotations

import json
import os
import shlex
import shutil
from pathlib import Path

import pytest

from splitcards.errors import HostError, NotSupported, UnknownObject
from splitcards.tools.cli import main
from splitcards.wire import methods
from splitcards.wire.engine import EngineProcess

pytest_plugins = ("pytester",)

HOST = Path(__file__).resolve().parents[1] / "examples" / "node-host" / "host.js"
NODE = shutil.which("node")

if NODE is None:
    if os.environ.get("SPLITCARDS_REQUIRE_NODE"):
        raise RuntimeError("SPLITCARDS_REQUIRE_NODE is set and node is not on PATH")
    pytestmark = pytest.mark.skip(reason="node is not on PATH (Node.js 20 runs the example engine)")

COMMAND = shlex.join([NODE or "node", str(HOST)])


def test_the_node_host_passes_the_bundled_scenarios(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "--host", f"command:{COMMAND}", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["pass"] > 600 and report["fail"] == 0 and report["error"] == 0
    # Whatever it can't do, it declares: no run is not_supported without a declaration.
    undeclared = [r for r in report["results"] if r["status"] == "not_supported" and not r.get("declared")]
    assert undeclared == []


def test_the_pytest_kit_runs_the_node_host_from_the_ini_file(pytester: pytest.Pytester) -> None:
    pytester.makepyprojecttoml(f'[tool.pytest.ini_options]\nsplitcards_host = "command:{COMMAND}"\n')
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-q")
    outcomes = result.parseoutcomes()
    assert result.ret == 0, result.stdout.str()[-2000:]
    assert outcomes["passed"] > 600 and "failed" not in outcomes


def test_the_node_host_passes_the_contract_tests(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest_subprocess(
        "-p", "no:cacheprovider", "--splitcards-host", f"command:{COMMAND}", "--pyargs", "splitcards.tools.testing"
    )
    assert result.ret == 0, result.stdout.str()[-2000:]
    assert result.parseoutcomes()["passed"] >= 10


def test_the_node_host_answers_bad_requests_with_errors_and_goes_on() -> None:
    engine = EngineProcess([NODE or "node", str(HOST)], timeout=10)
    try:
        hello = engine.call("initialize", {"versions": [methods.VERSION], "client": "test"})
        assert hello["version"].startswith("1.")
        game = engine.call("new_game", {"rules": "duskmourn-2024"})["game"]
        with pytest.raises(UnknownObject):
            engine.call("view", {"game": game, "object": "no-such-object"})
        with pytest.raises(NotSupported, match="the engine has no method 'no_such_method'"):
            engine.call("no_such_method", {})
        with pytest.raises(HostError, match=r'in \'objects\': the engine knows no game "no-such-game" \(never made'):
            engine.call("objects", {"game": "no-such-game"})
        engine.notify("dispose_game", {"game": game})
        with pytest.raises(HostError, match=rf'the engine knows no game "{game}" .*: unknown game "{game}"'):
            engine.call("objects", {"game": game})
        game = engine.call("new_game", {"rules": "duskmourn-2024"})["game"]
        assert engine.call("ping", {}) is None
        assert engine.call("objects", {"game": game}) == []
    finally:
        engine.close()
    assert not engine.alive
