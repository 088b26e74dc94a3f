"""The shipped reference host served over the wire (``command:splitcards serve-host reference``)
gives exactly the in-process results: the bundled suite scenario by scenario, and the host
contract tests through the pytest kit. This runs the client, the framing, the forms and the
Python server end to end."""

from __future__ import annotations

import json
import shlex
import shutil
import sys
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

from splitcards.errors import HostError
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.contract import AdapterInfo
from splitcards.game.plugins.hosts import adapters
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.rules.card import Card, Half
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import Player, Zone
from splitcards.tools import schemas
from splitcards.tools.cli import main
from splitcards.tools.conformance.runner import Result, iter_file
from splitcards.tools.conformance.scenario import load_file
from splitcards.wire import methods
from splitcards.wire.client import CommandEngine
from splitcards.wire.engine import EngineProcess
from splitcards.wire.server import Server
from splitcards.wire.transcript import Transcript

BUNDLED = sorted(Path(str(resources.files("splitcards.tools.conformance.bundled"))).glob("*.yaml"))
pytest_plugins = ("pytester",)

SERVED = shlex.join([sys.executable, "-m", "splitcards", "serve-host", "reference"])


def results(hosts: dict[str, AdapterInfo], registry: VersionRegistry) -> dict[tuple[str, str, str], Result]:
    found = {}
    for path in BUNDLED:
        for r in iter_file(load_file(path), hosts, registry):
            found[(Path(r.file).name, r.scenario, r.version)] = r
    return found


def test_the_served_reference_host_gives_the_in_process_results(registry: VersionRegistry, tmp_path: Path) -> None:
    reference = adapters(make_plugin_manager())["reference"]
    transcript = Transcript(tmp_path / "wire.jsonl")
    engine = CommandEngine(SERVED, transcript=transcript)
    try:
        served = engine.adapter()
        assert (served.name, served.lacks, served.deviations) == (reference.name, reference.lacks, reference.deviations)
        in_process = results({"reference": reference}, registry)
        over_wire = results({"reference": served}, registry)
    finally:
        engine.close()
        transcript.close()
    assert len(in_process) > 500
    assert over_wire == in_process
    # The messages both ways are ones the published schema accepts: the first few of each
    # method and of their answers (answers follow their requests in the transcript).
    protocol = schemas.load("protocol")
    validator = jsonschema.Draft202012Validator(protocol)
    lines = [json.loads(line) for line in (tmp_path / "wire.jsonl").read_text(encoding="utf-8").splitlines()]
    messages = [line["message"] for line in lines if "message" in line]
    seen: dict[str, int] = {}
    for request, answer in zip(messages, [*messages[1:], {}], strict=True):
        method = request.get("method")
        if method is None or seen.get(method, 0) >= 5:
            continue
        seen[method] = seen.get(method, 0) + 1
        validator.validate(request)
        if "id" in request:
            assert answer["id"] == request["id"]
            validator.validate(answer)
            expected = {"$ref": f"#/$defs/{method}.response", "$defs": protocol["$defs"]}
            validator.evolve(schema=expected).validate(answer)
    assert {"initialize", "new_game", "prepare", "create", "cast", "resolve", "view", "shutdown", "exit"} <= set(seen)


def test_the_contract_tests_pass_over_the_wire(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest_subprocess(
        "-p", "no:cacheprovider", "--splitcards-host", f"command:{SERVED}", "--pyargs", "splitcards.tools.testing"
    )
    in_process = pytester.runpytest_subprocess(
        "-p", "no:cacheprovider", "--splitcards-host", "reference", "--pyargs", "splitcards.tools.testing"
    )
    assert result.ret == 0
    assert result.parseoutcomes() == in_process.parseoutcomes()
    assert result.parseoutcomes()["passed"] >= 10


def test_a_command_host_from_the_ini_file(pytester: pytest.Pytester) -> None:
    pytester.makeini(f"[pytest]\nsplitcards_host = command:{SERVED}\nsplitcards_rules = classic-2009\n")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    outcomes = result.parseoutcomes()
    assert result.ret == 0 and outcomes["passed"] > 50 and "failed" not in outcomes
    result.stdout.fnmatch_lines(["*host reference (in-memory reference host*over the wire*"])


NODE = shutil.which("node")
NODE_HOST = Path(__file__).resolve().parents[1] / "examples" / "node-host" / "host.js"
ENGINES = [SERVED] + ([shlex.join([NODE, str(NODE_HOST)])] if NODE else [])


@pytest.mark.parametrize("command", ENGINES, ids=["python", "node"][: len(ENGINES)])
def test_non_ascii_card_names_cross_the_wire(command: str, registry: VersionRegistry) -> None:
    # The frame's length counts bytes: a header counting characters would cut these bodies short.
    names = ("Lim-Dûl's Vault", "Æther Vial", "Jötun Grunt", "火の玉")
    made = [Card(name, (Half(name, ManaCost.parse("{1}{U}"), "Instant", ("Instant",)),)) for name in names]
    engine = CommandEngine(command)
    try:
        host = engine.new_game(registry.get("current"))
        host.prepare(made)
        objects = [host.create(card, Zone.HAND, Player.P1) for card in made]
        assert [host.view(obj).card for obj in objects] == made
        assert [host.view(obj).card.name for obj in objects] == list(names)
    finally:
        engine.close()


def test_the_same_host_in_process_and_over_the_wire_in_one_run(capsys: pytest.CaptureFixture[str]) -> None:
    rooms = str(Path(str(resources.files("splitcards.tools.conformance.bundled"))) / "rooms.yaml")
    assert main(["conformance", rooms, "--host", "reference", "--host", f"command:{SERVED}", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    by_host: dict[str, list[tuple[str, str, str]]] = {}
    for r in report["results"]:
        by_host.setdefault(r["host"], []).append((r["scenario"], r["rules"], r["status"]))
    assert sorted(by_host) == [f"command:{SERVED}", "reference"]
    assert by_host[f"command:{SERVED}"] == by_host["reference"]


def test_an_unknown_game_is_answered_its_own_code_and_the_client_names_it(registry: VersionRegistry) -> None:
    server = Server(adapters(make_plugin_manager())["reference"], registry, "1")
    answer = server.answer({"jsonrpc": "2.0", "id": 1, "method": "objects", "params": {"game": "g9"}})
    assert answer == {"jsonrpc": "2.0", "id": 1, "error": {"code": methods.UNKNOWN_GAME, "message": "no game 'g9'"}}
    assert methods.UNKNOWN_GAME == -32004
    # Over the wire: a game disposed of is unknown from then on, and the client says which.
    engine = EngineProcess(shlex.split(SERVED), timeout=60)
    try:
        game = engine.call("new_game", {"rules": "current"})["game"]
        assert engine.call("objects", {"game": game}) == []
        engine.notify("dispose_game", {"game": game})
        with pytest.raises(HostError) as caught:
            engine.call("objects", {"game": game})
        assert (
            f"in 'objects': the engine knows no game \"{game}\" (never made by this engine process, or disposed):"
            f" no game '{game}'"
        ) in str(caught.value)
        assert engine.alive  # the engine keeps running: only the game is unknown
    finally:
        engine.close()
