"""Engines that misbehave on the wire: each is a HostError naming the method and the engine's
stderr, the game is as it was where the stream still holds, the other runs still run, and no
engine process is left behind."""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from splitcards.errors import HostError
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.contract import AdapterInfo
from splitcards.game.plugins.hosts import adapters
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.rules.card import Card
from splitcards.rules.model import CastOption, Zone
from splitcards.tools.cli import main
from splitcards.tools.conformance.runner import Status, iter_file
from splitcards.tools.conformance.scenario import load_file
from splitcards.wire.client import CommandEngine

ENGINE = Path(__file__).parent / "data" / "engines" / "misbehaving.py"
BUNDLED = Path(str(resources.files("splitcards.tools.conformance.bundled")))


def command(mode: str, method: str, word: str = "") -> str:
    return shlex.join([sys.executable, str(ENGINE), mode, method, *([word] if word else [])])


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.fixture
def pids(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "pids"
    monkeypatch.setenv("SPLITCARDS_TEST_PIDS", str(path))
    return path


def started(pids: Path) -> list[int]:
    return [int(line) for line in pids.read_text(encoding="utf-8").split()] if pids.exists() else []


def game(engine: CommandEngine, registry: VersionRegistry) -> Table:
    rules = registry.get("current")
    return Table(engine.new_game(rules), rules, make_plugin_manager(load_entry_points=False), judge_targets=False)


def refused_cast(table: Table, obj: str, mode: str, problem: str) -> str:
    """Cast the right half of ``obj`` on a game whose engine misbehaves in ``cast``: the
    HostError's message, checked to name the method, the problem and the engine's stderr."""
    with pytest.raises(HostError) as caught:
        table.cast(obj, CastOption.RIGHT)
    message = str(caught.value)
    assert "in 'cast'" in message and problem in message
    assert f"misbehaving: {mode} in cast" in message  # the engine's stderr tail
    return message


# -- an answer that is not one, with the stream still readable: the game is as it was ----------


@pytest.mark.parametrize(
    ("mode", "problem"),
    [
        ("wrong-shape", "the result is not of its form: result: expected a string, got an object"),
        ("refuse", "the engine refused: this engine won't do that"),
    ],
)
def test_a_bad_answer_is_a_host_error_and_the_game_is_as_it_was(
    mode: str, problem: str, registry: VersionRegistry, cards: dict[str, Card], pids: Path
) -> None:
    engine = CommandEngine(command(mode, "cast"), timeout=20)
    try:
        table = game(engine, registry)
        obj = table.create(cards["Fire // Ice"], Zone.HAND)
        before = table.snapshot()
        refused_cast(table, obj, mode, problem)
        assert table.snapshot() == before
        assert table.castable(obj).value == (CastOption.LEFT, CastOption.RIGHT)  # the engine still answers
    finally:
        engine.close()
    assert all(gone(pid) for pid in started(pids))


# -- a stream that can't be read further, a dead or a silent engine: stopped and named ---------


@pytest.mark.parametrize(
    ("mode", "problem"),
    [
        ("die", "the engine closed its stdout; exit status 3"),
        ("hang", "no answer within 1 s; the engine was stopped; exit status -9 (SIGKILL)"),
        ("bad-header", "not a frame: a header line that is not 'Name: value'"),
        ("huge-frame", "not a frame: a frame of 104857600 bytes, over the 16777216 bytes allowed"),
        ("not-json", "a frame that can't be matched to a request: a body that is not JSON"),
    ],
)
def test_a_broken_engine_is_a_host_error_with_its_stderr_and_is_stopped(
    mode: str, problem: str, registry: VersionRegistry, cards: dict[str, Card], pids: Path
) -> None:
    engine = CommandEngine(command(mode, "cast"), timeout=1)
    table = game(engine, registry)
    obj = table.create(cards["Fire // Ice"], Zone.HAND)
    assert "its stderr ended with:\n  misbehaving:" in refused_cast(table, obj, mode, problem)
    (pid,) = started(pids)
    assert gone(pid)
    with pytest.raises(HostError, match="in 'view': the engine is no longer running"):
        table.view(obj)
    # The next game is on a fresh engine.
    fresh = game(engine, registry)
    assert fresh.view(fresh.create(cards["Fire // Ice"], Zone.HAND)).zone is Zone.HAND
    assert len(started(pids)) == 2
    engine.close()
    assert all(gone(pid) for pid in started(pids))


@pytest.mark.parametrize(
    ("mode", "dropped"),
    [
        ("wrong-id", "splitcards: warning: dropped an answer to no pending request (id 999999)"),
        ("request", 'splitcards: dropped the request "window/showMessage" that the engine sent unasked'),
    ],
)
def test_a_stray_frame_instead_of_the_answer_is_dropped_and_the_answer_still_awaited(
    mode: str, dropped: str, registry: VersionRegistry, cards: dict[str, Card], pids: Path
) -> None:
    engine = CommandEngine(command(mode, "cast"), timeout=1)
    table = game(engine, registry)
    obj = table.create(cards["Fire // Ice"], Zone.HAND)
    message = refused_cast(table, obj, mode, "no answer within 1 s; the engine was stopped")
    assert dropped in message
    engine.close()
    assert all(gone(pid) for pid in started(pids))


def test_an_engine_that_cannot_start_is_a_host_error() -> None:
    with pytest.raises(HostError, match="could not be started"):
        CommandEngine("/no/such/engine --flag")


def engine_saying(tmp_path: Path, hello: dict[str, object]) -> str:
    """The command line of an engine that answers ``initialize`` with ``hello``, then waits."""
    script = tmp_path / "hello.py"
    script.write_text(
        "import sys, json\n"
        "from splitcards.wire.framing import read_frame, decode_body, encode_frame\n"
        "m = decode_body(read_frame(sys.stdin.buffer))\n"
        f"r = json.loads({json.dumps(json.dumps(hello))})\n"
        "sys.stdout.buffer.write(encode_frame({'jsonrpc': '2.0', 'id': m['id'], 'result': r}))\n"
        "sys.stdout.buffer.flush()\n"
        "sys.stdin.buffer.read()\n",
        encoding="utf-8",
    )
    return shlex.join([sys.executable, str(script)])


HELLO = {"version": "1.0", "name": "e", "engine": "e", "engine_version": "1"}


def test_an_engine_of_another_major_version_is_refused(tmp_path: Path) -> None:
    with pytest.raises(HostError, match=r"speaks protocol '2.0'; this client speaks 1.1 \(the major must match\)"):
        CommandEngine(engine_saying(tmp_path, {**HELLO, "version": "2.0"}))


def test_declarations_are_read_strictly_but_a_later_capability_is_ignored(tmp_path: Path) -> None:
    later = {"capability": "time_travel", "reason": "a capability of a later minor version"}
    gap = {"capability": "rooms", "reason": "no Rooms here"}
    engine = CommandEngine(engine_saying(tmp_path, {**HELLO, "version": "1.7", "lacks": [later, gap], "new": 1}))
    try:
        info = engine.adapter()
        assert [(g.capability.value, g.reason) for g in info.lacks] == [("rooms", "no Rooms here")]
    finally:
        engine.close()
    broken_hellos: list[tuple[dict[str, object], str]] = [
        ({"deviations": [{"name": "d", "reason": "r", "scenarios": "copies.yaml::*"}]}, "deviations[0].scenarios"),
        ({"lacks": [{"capability": "rooms"}]}, "lacks[0]: missing 'reason'"),
        ({"name": 5}, "result.name: expected a string"),
    ]
    for broken, problem in broken_hellos:
        with pytest.raises(HostError, match=re.escape(problem)):
            CommandEngine(engine_saying(tmp_path, {**HELLO, **broken}))


# -- whole runs: one crash loses no other result ------------------------------------------------


def test_the_runner_goes_on_after_an_engine_dies(registry: VersionRegistry, pids: Path) -> None:
    file = load_file(BUNDLED / "timing.yaml")
    engine = CommandEngine(command("die", "create", "Beck // Call"), timeout=20)
    in_process = {(r.scenario, r.version): r for r in iter_file(file, _reference(), registry)}
    over_wire = {(r.scenario, r.version): r for r in iter_file(file, {"reference": engine.adapter()}, registry)}
    engine.close()
    crashed = [key for key, r in over_wire.items() if r != in_process[key]]
    assert crashed, "some scenario of the file has Beck // Call"
    for key in crashed:
        assert over_wire[key].status is Status.FAIL
        assert "in 'create': the engine closed its stdout; exit status 3" in over_wire[key].detail
        assert "misbehaving: die in create" in over_wire[key].detail
    kept = {key: r for key, r in over_wire.items() if key not in crashed}
    assert kept and all(r == in_process[key] for key, r in kept.items())
    assert len(started(pids)) == len(crashed) + 1  # a fresh engine after each crash
    assert all(gone(pid) for pid in started(pids))


def test_conformance_with_a_hanging_engine_names_it_and_finishes(
    capsys: pytest.CaptureFixture[str], pids: Path
) -> None:
    status = main(
        [
            "conformance",
            str(BUNDLED / "timing.yaml"),
            "--host",
            "command:" + command("hang", "create", "Beck"),
            "--host-timeout",
            "1",
        ]
    )
    out = capsys.readouterr().out
    assert status == 1
    assert "FAIL" in out and "HostError" in out and "no answer within 1 s" in out
    assert "misbehaving: hang in create" in out
    assert " pass, " in out.splitlines()[-1] and not out.splitlines()[-1].startswith("0 pass")
    assert all(gone(pid) for pid in started(pids))


def _ctrl_c_as_in_a_terminal() -> None:
    """In the child, before it runs: Ctrl-C as a terminal delivers it, whatever started the suite
    (a shell's background job starts with it ignored, and its children inherit that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def test_ctrl_c_leaves_no_engine_running(tmp_path: Path, pids: Path) -> None:
    env = {**os.environ, "SPLITCARDS_TEST_PIDS": str(pids)}
    argv = [sys.executable, "-m", "splitcards", "conformance", "--host", "command:" + command("hang", "create")]
    runner = subprocess.Popen(
        argv,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        preexec_fn=_ctrl_c_as_in_a_terminal,
    )
    deadline = time.monotonic() + 60
    while not started(pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(1.5)  # the engine is up, and hangs in its first create
    runner.send_signal(signal.SIGINT)
    _, err = runner.communicate(timeout=60)
    assert runner.returncode == 2 and b"interrupted" in err
    (pid,) = started(pids)
    deadline = time.monotonic() + 10
    while not gone(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert gone(pid)


def _reference() -> dict[str, AdapterInfo]:
    return {"reference": adapters(make_plugin_manager())["reference"]}


def test_the_transcript_has_every_message_both_ways_and_the_engines_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], pids: Path
) -> None:
    transcript = tmp_path / "wire.jsonl"
    host = "command:" + command("die", "create", "Beck // Call")
    assert main(["conformance", str(BUNDLED / "timing.yaml"), "--host", host, "--transcript", str(transcript)]) == 1
    capsys.readouterr()
    lines = [json.loads(line) for line in transcript.read_text(encoding="utf-8").splitlines()]
    sent = [line["message"] for line in lines if line.get("to") == "engine"]
    answered = [line["message"] for line in lines if line.get("from") == "engine"]
    assert sent[0]["method"] == "initialize" and answered[0]["id"] == sent[0]["id"]
    assert {"new_game", "prepare", "create", "view"} <= {m["method"] for m in sent}
    assert {"stderr": "misbehaving: die in create", "engine": 1} in [
        {k: v for k, v in line.items() if k != "at"} for line in lines if "stderr" in line
    ]
    assert max(line["engine"] for line in lines) == len(started(pids)) > 1  # a fresh engine after each crash


@pytest.mark.parametrize("value", ["0", "-1", "nan", "1e99", "soon"])
def test_a_bad_host_timeout_is_a_usage_error(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["conformance", "--host-timeout", value])
    assert exit_.value.code == 2
    assert "--host-timeout" in capsys.readouterr().err


def test_an_engine_slow_to_start_is_not_a_request_past_its_timeout(
    registry: VersionRegistry, cards: dict[str, Card], pids: Path
) -> None:
    # The engine starts 1.5 s late, past the 1 s a request has: initialize has its own allowance.
    slow = shlex.join(["sh", "-c", 'sleep 1.5 && exec "$@"', "sh", *shlex.split(command("hang", "cast"))])
    engine = CommandEngine(slow, timeout=1)
    table = game(engine, registry)
    obj = table.create(cards["Fire // Ice"], Zone.HAND)
    assert table.view(obj).zone is Zone.HAND
    refused_cast(table, obj, "hang", "no answer within 1 s; the engine was stopped")
    engine.close()
    assert all(gone(pid) for pid in started(pids))


# -- every game made is disposed of before shutdown ---------------------------------------------

# Serves the reference host and writes to the file named by its argument each game it made and
# each dispose_game, shutdown and exit it was sent, in the order they came.
RECORDING_ENGINE = r"""
import sys
from splitcards.game.configuration.registry import load_registry
from splitcards.game.plugins.hosts import adapters
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.wire.framing import decode_body, encode_frame, read_frame
from splitcards.wire.server import Server

log = open(sys.argv[1], "a", encoding="utf-8")
server = Server(adapters(make_plugin_manager())["reference"], load_registry(), "recording 1")
while (body := read_frame(sys.stdin.buffer)) is not None:
    message = decode_body(body)
    answer = server.answer(message)
    method = message.get("method")
    if method == "new_game" and answer is not None and "result" in answer:
        log.write(f"new_game {answer['result']['game']}\n")
    elif method == "dispose_game":
        log.write(f"dispose_game {message['params']['game']}\n")
    elif method in ("shutdown", "exit"):
        log.write(f"{method}\n")
    log.flush()
    if answer is not None:
        sys.stdout.buffer.write(encode_frame(answer))
        sys.stdout.buffer.flush()
    if method == "exit":
        break
"""


@pytest.fixture
def recording(tmp_path: Path) -> tuple[str, Path]:
    """The command line of the recording engine, and the file it writes."""
    script = tmp_path / "recording.py"
    script.write_text(RECORDING_ENGINE, encoding="utf-8")
    log = tmp_path / "games.log"
    return shlex.join([sys.executable, str(script), str(log)]), log


def assert_every_game_disposed_before_shutdown(log: Path, made: int | None = None) -> None:
    events = [line.split() for line in log.read_text(encoding="utf-8").splitlines()]
    assert ["shutdown"] in events, events[-5:]
    before = events[: events.index(["shutdown"])]
    games = [e[1] for e in before if e[0] == "new_game"]
    disposed = [e[1] for e in before if e[0] == "dispose_game"]
    assert games and (made is None or len(games) == made)
    assert sorted(disposed) == sorted(games)  # each once, none left
    assert [e for e in events[events.index(["shutdown"]) :] if e[0] != "exit"] == [["shutdown"]]


def test_every_game_of_a_run_is_disposed_before_shutdown(
    recording: tuple[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    command, log = recording
    assert main(["conformance", str(BUNDLED / "rooms.yaml"), "--host", f"command:{command}"]) == 0
    capsys.readouterr()
    assert_every_game_disposed_before_shutdown(log)


def test_the_games_held_by_a_run_stopped_with_ctrl_c_are_disposed_before_shutdown(
    recording: tuple[str, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    command, log = recording
    held: list[object] = []
    made = CommandEngine.new_game

    def interrupted_at_the_fifth(engine: CommandEngine, rules: Any) -> Any:
        host = made(engine, rules)
        held.append(host)  # still held when the run ends, as a traceback holds the game it was in
        if len(held) == 5:
            raise KeyboardInterrupt
        return host

    monkeypatch.setattr(CommandEngine, "new_game", interrupted_at_the_fifth)
    assert main(["conformance", str(BUNDLED / "rooms.yaml"), "--host", f"command:{command}"]) == 2
    assert "interrupted" in capsys.readouterr().err
    assert_every_game_disposed_before_shutdown(log, made=5)


def test_the_games_of_an_engine_nobody_closed_are_disposed_before_shutdown_at_exit(
    recording: tuple[str, Path], tmp_path: Path
) -> None:
    command, log = recording
    client = tmp_path / "client.py"
    client.write_text(
        "import sys\n"
        "from splitcards.game.configuration.registry import load_registry\n"
        "from splitcards.wire.client import CommandEngine\n"
        "engine = CommandEngine(sys.argv[1])\n"
        "rules = load_registry().get('current')\n"
        "held = [engine.new_game(rules) for _ in range(3)]\n"
        "engine.new_game(rules)\n",
        encoding="utf-8",
    )
    subprocess.run([sys.executable, str(client), command], check=True, timeout=120)
    assert_every_game_disposed_before_shutdown(log, made=4)
