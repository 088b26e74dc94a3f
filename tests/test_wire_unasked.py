"""What an engine sends unasked, and what it leaves behind: the same small engine, written in
Python and in JavaScript, logs, answers twice, sends notifications and requests of its own, floods
its stdout and stderr, and starts a helper that holds its stdout. The client keeps in step, bounds
what it keeps, shows nothing raw, and ends every engine's process group at once."""

from __future__ import annotations

import shlex
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from splitcards.errors import HostError
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.wire import engine as wire_engine
from splitcards.wire.client import CommandEngine
from splitcards.wire.engine import EngineProcess

NODE = shutil.which("node")

# The engine's arguments: whether it starts a helper holding its stdout (`helper` or `plain`),
# what it does in `objects` (`ok`, `then-hang`: answers, then answers nothing more, `unmatched`:
# a frame with id null first), and its name. A request's `stray` param says what it sends besides
# its answer, whose result is the request's id.
PYTHON_ENGINE = r"""
import json, subprocess, sys, time
out, inp = sys.stdout.buffer, sys.stdin.buffer
helper, objects, name = sys.argv[1], sys.argv[2], sys.argv[3]
if helper == "helper":
    subprocess.Popen(["sleep", "600"])

def send(m):
    body = json.dumps(m).encode()
    out.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    out.flush()

def read():
    length = None
    while True:
        line = inp.readline()
        if not line:
            return None
        if line == b"\r\n":
            return json.loads(inp.read(length))
        key, _, value = line.partition(b":")
        if key.strip().lower() == b"content-length":
            length = int(value)

hung = False
while True:
    m = read()
    if m is None or m.get("method") == "exit":
        sys.exit(0)
    if hung or "id" not in m:
        continue
    method, mid, p = m["method"], m["id"], m.get("params") or {}
    stray = p.get("stray", "")
    answer = {"jsonrpc": "2.0", "id": mid, "result": mid}
    if method == "initialize":
        answer["result"] = {"version": "1.0", "name": name, "engine": "fake", "engine_version": "1"}
    elif method == "new_game":
        answer["result"] = {"game": "g"}
    elif method in ("ping", "shutdown"):
        answer["result"] = None
    elif method == "objects":
        answer["result"] = []
        hung = objects == "then-hang"
        if objects == "unmatched":
            send({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "parse error"}})
    if stray == "log":
        send({"jsonrpc": "2.0", "method": "$/log", "params": {"message": "hello\x1b[2J", "level": "info"}})
    elif stray == "notify":
        send({"jsonrpc": "2.0", "method": "window/logMessage", "params": {}})
    elif stray == "request":
        send({"jsonrpc": "2.0", "id": "e1", "method": "workspace/configuration", "params": {}})
    elif stray == "late":
        send({"jsonrpc": "2.0", "id": 999999, "result": None})
    elif stray == "flood":
        for _ in range(p["count"]):
            send({"jsonrpc": "2.0", "method": "$/log", "params": {"message": "x" * p["size"]}})
    elif stray == "stderr":
        sys.stderr.buffer.write(b"y" * p["size"])
        sys.stderr.flush()
    elif stray == "die":
        sys.exit(3)
    elif stray == "hang":
        time.sleep(3600)
    send(answer)
    if stray == "twice":
        send(answer)
"""

NODE_ENGINE = r"""
const { spawn } = require("child_process");
const [helper, objects, name] = process.argv.slice(2);
if (helper === "helper") spawn("sleep", ["600"], { stdio: "inherit" });
const send = (m) => {
  const body = Buffer.from(JSON.stringify(m), "utf8");
  process.stdout.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
};
let buffer = Buffer.alloc(0);
let hung = false;
process.stdin.on("end", () => process.exit(0));
process.stdin.on("data", (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  for (;;) {
    const end = buffer.indexOf("\r\n\r\n");
    if (end < 0) return;
    const length = Number(/content-length:\s*(\d+)/i.exec(buffer.subarray(0, end).toString())[1]);
    if (buffer.length < end + 4 + length) return;
    const m = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString("utf8"));
    buffer = buffer.subarray(end + 4 + length);
    handle(m);
  }
});
function handle(m) {
  if (m.method === "exit") process.exit(0);
  if (hung || !("id" in m)) return;
  const p = m.params || {};
  const stray = p.stray || "";
  const answer = { jsonrpc: "2.0", id: m.id, result: m.id };
  if (m.method === "initialize") answer.result = { version: "1.0", name, engine: "fake", engine_version: "1" };
  else if (m.method === "new_game") answer.result = { game: "g" };
  else if (m.method === "ping" || m.method === "shutdown") answer.result = null;
  else if (m.method === "objects") {
    answer.result = [];
    hung = objects === "then-hang";
    if (objects === "unmatched") send({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } });
  }
  if (stray === "log") send({ jsonrpc: "2.0", method: "$/log", params: { message: "hello\x1b[2J", level: "info" } });
  else if (stray === "notify") send({ jsonrpc: "2.0", method: "window/logMessage", params: {} });
  else if (stray === "request") send({ jsonrpc: "2.0", id: "e1", method: "workspace/configuration", params: {} });
  else if (stray === "late") send({ jsonrpc: "2.0", id: 999999, result: null });
  else if (stray === "flood") {
    const log = { jsonrpc: "2.0", method: "$/log", params: { message: "x".repeat(p.size) } };
    for (let i = 0; i < p.count; i++) send(log);
  } else if (stray === "stderr") require("fs").writeSync(2, "y".repeat(p.size));
  else if (stray === "die") process.exit(3);
  else if (stray === "hang") { hung = true; return; }
  send(answer);
  if (stray === "twice") send(answer);
}
"""

LANGUAGES = ["python", pytest.param("node", marks=pytest.mark.skipif(NODE is None, reason="node is not on PATH"))]


@pytest.fixture(params=LANGUAGES)
def engine_argv(request: pytest.FixtureRequest, tmp_path: Path) -> list[str]:
    """The command line of the engine in one language, without its arguments."""
    if request.param == "python":
        script = tmp_path / "engine.py"
        script.write_text(PYTHON_ENGINE, encoding="utf-8")
        return [sys.executable, str(script)]
    script = tmp_path / "engine.js"
    script.write_text(NODE_ENGINE, encoding="utf-8")
    return [NODE or "node", str(script)]


def started(argv: list[str], helper: str = "plain", objects: str = "ok", name: str = "fake") -> EngineProcess:
    engine = EngineProcess([*argv, helper, objects, name], timeout=3)
    engine.call("initialize", {"versions": ["1.0"], "client": "test"})
    return engine


@pytest.fixture
def engine(engine_argv: list[str]) -> Iterator[EngineProcess]:
    running = started(engine_argv)
    yield running
    running.kill()


def dies_saying(engine: EngineProcess) -> str:
    """The HostError of a request the engine dies in: it quotes the engine's log."""
    with pytest.raises(HostError) as caught:
        engine.call("echo", {"stray": "die"})
    return str(caught.value)


# -- the stream stays in step -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stray", "logged"),
    [
        ("log", "info: hello\\x1b[2J"),
        ("notify", 'splitcards: dropped the notification "window/logMessage" that the engine sent unasked'),
        ("request", 'splitcards: dropped the request "workspace/configuration" that the engine sent unasked'),
        ("late", "splitcards: warning: dropped an answer to no pending request (id 999999)"),
        ("twice", "splitcards: warning: dropped an answer to no pending request (id 2)"),
    ],
)
def test_an_unasked_frame_is_logged_and_every_later_answer_is_in_step(
    engine: EngineProcess, stray: str, logged: str
) -> None:
    assert engine.call("echo", {"stray": stray}) == 2
    assert [engine.call("echo", {}) for _ in range(3)] == [3, 4, 5]
    assert engine.alive
    assert f"its stderr ended with:\n  {logged}" in dies_saying(engine)


def test_a_frame_that_cannot_be_matched_ends_the_engine_and_the_next_game_has_a_fresh_one(
    engine_argv: list[str], registry: VersionRegistry, left_in_group: Callable[[int, float], list[int]]
) -> None:
    engine = CommandEngine(shlex.join([*engine_argv, "plain", "unmatched", "fake"]), timeout=3)
    try:
        first = engine.pid
        with pytest.raises(HostError, match=r"a frame that can't be matched to a request: .*\"id\": null"):
            engine.new_game(registry.get("current")).objects()
        assert engine.new_game(registry.get("current")).game == "g"
        assert engine.pid != first and not left_in_group(first, 5)
    finally:
        engine.close()


def test_an_engine_that_hangs_between_games_is_found_by_ping_and_replaced(
    engine_argv: list[str], registry: VersionRegistry, left_in_group: Callable[[int, float], list[int]]
) -> None:
    engine = CommandEngine(shlex.join([*engine_argv, "plain", "then-hang", "fake"]), timeout=1)
    try:
        first = engine.pid
        assert engine.new_game(registry.get("current")).objects() == ()
        # The engine now answers nothing: ping finds it, and the game is on a fresh one.
        host = engine.new_game(registry.get("current"))
        assert engine.pid != first and not left_in_group(first, 5)
        assert host.objects() == ()
    finally:
        engine.close()


# -- bounds ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("limits", "flood", "problem"),
    [
        ({"MAX_UNASKED_FRAMES": 10}, {"count": 50, "size": 10}, "sent 11 frames"),
        ({"MAX_UNASKED_BYTES": 100_000}, {"count": 5, "size": 40_000}, "over the 1000 frames or 100000 bytes allowed"),
    ],
)
def test_unasked_frames_past_the_bound_end_the_engine(
    engine: EngineProcess,
    monkeypatch: pytest.MonkeyPatch,
    limits: dict[str, int],
    flood: dict[str, Any],
    problem: str,
    left_in_group: Callable[[int, float], list[int]],
) -> None:
    for name, value in limits.items():
        monkeypatch.setattr(wire_engine, name, value)
    with pytest.raises(HostError, match=r"in 'echo': the engine sent .* unasked since the last request") as caught:
        engine.call("echo", {"stray": "flood", **flood})
    assert problem in str(caught.value)
    assert not engine.alive and not left_in_group(engine.pid, 5)


def test_a_long_stderr_line_is_cut_with_its_length_said(engine: EngineProcess) -> None:
    assert engine.call("echo", {"stray": "stderr", "size": 1_000_000}) == 2
    tail = dies_saying(engine).split("its stderr ended with:\n  ")[1]
    assert tail.startswith("y" * 500 + "... (16384 characters) (a line of 1000000 bytes, cut)")
    assert len(tail) < 1000


def test_an_engines_name_is_shown_escaped_and_cut(engine_argv: list[str]) -> None:
    forged = "fake\nPASS  rooms.yaml::all\x1b[2J\x9b1m\u202e"
    engine = CommandEngine(shlex.join([*engine_argv, "plain", "ok", forged]))
    try:
        assert engine.adapter().name == "fake\\nPASS  rooms.yaml::all\\x1b[2J\\x9b1m\\u202e"
    finally:
        engine.close()
    engine = CommandEngine(shlex.join([*engine_argv, "plain", "ok", "n" * 1000]))
    try:
        assert engine.adapter().name == "n" * 100 + "... (1000 characters)"
    finally:
        engine.close()


# -- a helper that holds the engine's stdout ------------------------------------------------------


def test_a_correct_engine_with_a_helper_closes_at_once_and_takes_its_helper(
    engine_argv: list[str], left_in_group: Callable[[int, float], list[int]]
) -> None:
    began = time.monotonic()
    engine = started(engine_argv, helper="helper")
    assert engine.call("echo", {}) == 2
    engine.close()
    # Far from the 600 s the helper sleeps, whatever else the machine is doing.
    assert time.monotonic() - began < 60
    assert not left_in_group(engine.pid, 5)


def test_an_engine_that_dies_with_a_helper_holding_its_stdout_is_an_error_at_once(
    engine_argv: list[str], left_in_group: Callable[[int, float], list[int]]
) -> None:
    engine = started(engine_argv, helper="helper")
    message = dies_saying(engine)
    # Found when the engine exited: not the 3 s timeout's "no answer within", nor the helper's end.
    assert "in 'echo': the engine exited without answering; exit status 3" in message
    engine.kill()
    assert not left_in_group(engine.pid, 5)
