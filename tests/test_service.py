"""``splitcards serve`` over stdio, as an engine speaks to it: JSON-RPC 2.0 in Content-Length
frames to a real process. Its lifecycle, its errors, its answers (each checked against the
Comprehensive Rules it cites), batches, explanations, the decision log and ``splitcards decision``,
the static dump, and the schema every answer is validated against.

Every command line starts at once as the module starts (``started``): one server answers most
tests (``server``), and a few short-lived ones are given all their frames at once to see how they
end.
"""

from __future__ import annotations

import itertools
import json
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import IO, Any

import pytest
import yaml
from jsonschema import Draft202012Validator

SPLITCARDS = Path(sys.executable).parent / "splitcards"
TIMEOUT = 30.0
VERSIONS = ["invasion-2000", "classic-2009", "classic-2013", "amonkhet-2017", "duskmourn-2024"]

JSON = dict[str, Any]


# -- frames ------------------------------------------------------------------------------------


def frame(message: object) -> bytes:
    """A message as one frame."""
    return raw_frame(json.dumps(message).encode("utf-8"))


def raw_frame(body: bytes) -> bytes:
    """A body, whatever it holds, as one frame."""
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


def read_frame(stream: IO[bytes]) -> JSON | None:
    """The next frame's message; ``None`` at the end of the stream."""
    length = None
    while True:
        line = stream.readline()
        if not line:
            return None
        if line == b"\r\n":
            break
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    if length is None:
        raise ValueError("a frame without Content-Length")
    message: JSON = json.loads(stream.read(length))
    return message


def frames_in(data: bytes) -> list[JSON]:
    """Every message of a finished stream."""
    found = []
    while data:
        head, _, rest = data.partition(b"\r\n\r\n")
        length = int(head.split(b":")[1])
        found.append(json.loads(rest[:length]))
        data = rest[length:]
    return found


class Schema:
    """``splitcards schema service``: each message is validated against its ``$defs`` entry."""

    def __init__(self, document: JSON) -> None:
        Draft202012Validator.check_schema(document)
        self.document = document
        self._validators: dict[str, Draft202012Validator] = {}

    def errors(self, name: str, message: object) -> list[str]:
        """Why ``message`` is not a ``name`` (``characteristics.response``...); empty if it is."""
        validator = self._validators.get(name)
        if validator is None:
            found = {"$defs": self.document["$defs"], "$ref": f"#/$defs/{name}"}
            validator = self._validators[name] = Draft202012Validator(found)
        return [f"{list(e.absolute_path)}: {e.message[:300]}" for e in validator.iter_errors(message)]

    def check(self, name: str, message: object) -> None:
        """Fail unless ``message`` is a ``name``."""
        errors = self.errors(name, message)
        assert not errors, f"not a {name} by `splitcards schema service`: {errors[:3]}"


class Server:
    """A ``splitcards serve`` process spoken to frame by frame. Each answer is awaited for at most
    ``TIMEOUT`` seconds and validated against the service's schema."""

    def __init__(self, args: list[str], messages: Path) -> None:
        self.messages = messages
        with messages.open("wb") as stderr:
            self.process = subprocess.Popen(
                [str(SPLITCARDS), "serve", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr
            )
        self.schema: Schema | None = None
        self._ids = itertools.count(1)
        self._answers: queue.Queue[JSON | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        while True:
            message = read_frame(self.process.stdout)
            self._answers.put(message)
            if message is None:
                return

    def send(self, data: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def receive(self) -> JSON:
        try:
            message = self._answers.get(timeout=TIMEOUT)
        except queue.Empty:
            pytest.fail(f"splitcards serve did not answer within {TIMEOUT} s: {self._said()}")
        assert message is not None, f"splitcards serve closed its output: {self._said()}"
        return message

    def _said(self) -> str:
        return self.messages.read_text(encoding="utf-8", errors="replace")[-2000:]

    def request(self, method: str, params: object = None, valid: bool = True) -> JSON:
        """The answer to one request, validated against the schema; a request answered with a
        result must be valid by the schema too, unless it is a batch asking what is not
        ``valid``, whose questions are answered one by one."""
        request: JSON = {"jsonrpc": "2.0", "id": next(self._ids), "method": method}
        if params is not None:
            request["params"] = params
        self.send(frame(request))
        answer = self.receive()
        assert answer["id"] == request["id"]
        assert self.schema is not None
        if "error" in answer:
            self.schema.check("error.response", answer)
        else:
            if valid:
                self.schema.check(f"{method}.request", request)
            self.schema.check(f"{method}.response", answer)
        return answer

    def ask(self, method: str, params: object = None, valid: bool = True) -> Any:
        """The result of a request that must be answered."""
        answer = self.request(method, params, valid)
        assert "result" in answer, f"{method} {params}: {answer.get('error')}"
        return answer["result"]

    def value(self, method: str, params: JSON) -> Any:
        """The value of a question's envelope."""
        return self.ask(method, params)["value"]

    def refused(self, method: str, params: object = None) -> JSON:
        """The error a request is answered with."""
        answer = self.request(method, params)
        assert "error" in answer, f"{method} {params}: answered {answer.get('result')}"
        error: JSON = answer["error"]
        return error

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            self.process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@dataclass(frozen=True)
class Ran:
    """A finished command line."""

    status: int
    stdout: bytes
    stderr: bytes

    @property
    def frames(self) -> list[JSON]:
        return frames_in(self.stdout)


class Runs:
    """Command lines started together, each waited for when its result is first wanted."""

    def __init__(self) -> None:
        self._started: dict[str, tuple[subprocess.Popen[bytes], bytes]] = {}
        self._done: dict[str, Ran] = {}

    def start(self, name: str, args: list[str], stdin: bytes = b"") -> None:
        process = subprocess.Popen(
            [str(SPLITCARDS), *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        self._started[name] = (process, stdin)

    def __getitem__(self, name: str) -> Ran:
        if name not in self._done:
            process, stdin = self._started[name]
            try:
                out, err = process.communicate(stdin, timeout=TIMEOUT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.communicate()
                pytest.fail(f"splitcards {name} did not end within {TIMEOUT} s")
            self._done[name] = Ran(process.returncode, out, err)
        return self._done[name]

    def stop(self) -> None:
        for process, _ in self._started.values():
            if process.poll() is None:
                process.kill()
                process.communicate()


# -- the processes -------------------------------------------------------------------------------

# The short-lived servers name their cards from a small card file: reading the bundled pool is most
# of a server's start.
CARDS = Path(__file__).parent / "data" / "cards.yaml"

_LIFECYCLE: list[JSON] = [
    {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"versions": ["1.0"], "client": "tests"}},
    {"jsonrpc": "2.0", "id": 2, "method": "characteristics", "params": {"card": "Fire // Ice"}},
    {
        "jsonrpc": "2.0",
        "id": 3,
        "method": "characteristics",
        "params": {"card": "Fire // Ice", "rules": "classic-2009"},
    },
    {"jsonrpc": "2.0", "id": 4, "method": "characteristics", "params": {"card": "Fire // Icee"}},
    {"jsonrpc": "2.0", "id": 5, "method": "shutdown"},
    {"jsonrpc": "2.0", "id": 6, "method": "characteristics", "params": {"card": "Fire // Ice"}},
    {"jsonrpc": "2.0", "id": 7, "method": "ping"},
    {"jsonrpc": "2.0", "method": "exit"},
]


@dataclass
class Started:
    """Everything the module starts at once: the main server, and the command lines."""

    server: Server
    runs: Runs
    log: Path
    other_log: Path
    cards: Path


@pytest.fixture(scope="module")
def started(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Started]:
    where = tmp_path_factory.mktemp("service")
    log, other_log, cards = where / "decisions.jsonl", where / "other.jsonl", where / "cards.json"
    faces = yaml.safe_load(CARDS.read_text(encoding="utf-8"))
    cards.write_text(json.dumps({"data": faces}), encoding="utf-8")
    runs = Runs()
    server = Server(["--decision-log", str(log)], where / "stderr.txt")
    try:
        runs.start("schema service", ["schema", "service"])
        runs.start("schema openapi", ["schema", "openapi"])
        small = ["serve", "--cards", str(cards)]
        lifecycle = b"".join(frame(message) for message in _LIFECYCLE)
        runs.start("lifecycle", [*small, "--rules", "classic-2013", "--decision-log", str(other_log)], lifecycle)
        ping, leave = frame({"jsonrpc": "2.0", "id": 1, "method": "ping"}), frame({"jsonrpc": "2.0", "method": "exit"})
        runs.start("exit without shutdown", small, ping + leave)
        runs.start("broken header", small, b"Content-Length: twelve\r\n\r\n{}")
        runs.start("dump", ["dump", "--rules", "classic-2009", "--zones", "hand"])
        yield Started(server, runs, log, other_log, cards)
    finally:
        server.close()
        runs.stop()


@pytest.fixture(scope="module")
def schema(started: Started) -> Schema:
    ran = started.runs["schema service"]
    assert ran.status == 0, ran.stderr.decode(errors="replace")
    return Schema(json.loads(ran.stdout))


@pytest.fixture(scope="module")
def server(started: Started, schema: Schema) -> Server:
    started.server.schema = schema
    return started.server


@pytest.fixture(scope="module")
def hello(server: Server) -> JSON:
    result: JSON = server.ask("initialize", {"versions": ["1.0"], "client": "tests"})
    return result


@pytest.fixture(scope="module")
def lifecycle(started: Started, schema: Schema) -> list[JSON]:
    answers = started.runs["lifecycle"].frames
    asked = [message for message in _LIFECYCLE if "id" in message]
    for answer, request in zip(answers, asked, strict=True):
        assert answer["id"] == request["id"]
        schema.check("error.response" if "error" in answer else f"{request['method']}.response", answer)
    return answers


# -- initialize and the lifecycle --------------------------------------------------------------


def test_initialize_speaks_1_0_with_the_five_rule_versions(hello: JSON) -> None:
    assert hello["version"] == "1.0"
    assert hello["server"] == "splitcards"
    assert [v["name"] for v in hello["rules"]] == VERSIONS
    assert hello["default_rules"] == "duskmourn-2024"
    current = next(v for v in hello["rules"] if "current" in v["aliases"])
    assert current["name"] == "duskmourn-2024"
    for capability in ("batch", "explain.why_not", "explain.trace", "decision_log"):
        assert capability in hello["capabilities"]
    assert {"characteristics", "ways_to_cast", "resolution", "doors", "batch", "shutdown"} <= set(hello["methods"])
    assert all(v["hash"].startswith("sha256:") for v in hello["rules"])


def test_initialize_features_follow_the_rules_history(hello: JSON) -> None:
    features = {v["name"]: v["features"] for v in hello["rules"]}
    # Fuse arrives with Dragon's Maze (2013), aftermath with Amonkhet (2017), Rooms with Duskmourn (2024).
    assert [features[v]["fuse"] for v in VERSIONS] == [False, False, True, True, True]
    assert [features[v]["aftermath"] for v in VERSIONS] == [False, False, False, True, True]
    assert [v for v in VERSIONS if features[v]["rooms"]] == ["duskmourn-2024"]
    # 505.7 and 708.7 (2009) name both halves; Dragon's Maze's 708.7 names one.
    assert [features[v]["name_both_halves"] for v in VERSIONS] == [True, True, False, False, False]
    # 709.4 (Amonkhet): one set of combined characteristics off the stack.
    assert [features[v]["combined_off_stack"] for v in VERSIONS] == [False, False, False, True, True]


def test_initialize_refuses_a_major_it_does_not_speak(server: Server) -> None:
    error = server.refused("initialize", {"versions": ["2.0"]})
    assert error["code"] == -32602
    assert "1.0" in error["message"]


def test_ping_and_a_notification(server: Server) -> None:
    # A notification is never answered: the next answer is the ping's.
    server.send(frame({"jsonrpc": "2.0", "method": "ping"}))
    assert server.ask("ping") is None


def test_a_question_then_shutdown_then_refused_then_exit_0(lifecycle: list[JSON], started: Started) -> None:
    greeting, before, _, _, shut, after, ping = lifecycle
    assert greeting["result"]["default_rules"] == "classic-2013"
    assert greeting["result"]["cards"] == len(yaml.safe_load(CARDS.read_text(encoding="utf-8")))
    # Asked without rules: the server's --rules, classic-2013 (708.2: two mana values off the stack).
    assert before["result"]["version"] == "classic-2013"
    assert before["result"]["value"]["mana_values"] == [2, 2]
    assert shut == {"jsonrpc": "2.0", "id": 5, "result": None}
    assert after["error"]["code"] == -32013
    assert after["error"]["data"]["type"] == "shut_down"
    assert ping["result"] is None
    assert started.runs["lifecycle"].status == 0


def test_exit_without_shutdown_is_status_1(started: Started, schema: Schema) -> None:
    ran = started.runs["exit without shutdown"]
    (pong,) = ran.frames
    schema.check("ping.response", pong)
    assert ran.status == 1


def test_a_stream_no_longer_frames_ends_with_status_1(started: Started) -> None:
    ran = started.runs["broken header"]
    assert ran.status == 1
    assert ran.stdout == b""
    assert b"Content-Length" in ran.stderr
    assert b"Traceback" not in ran.stderr


# -- malformed messages ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [b"{not json", b"\xff\xfe{}", b'{"jsonrpc": "2.0", "id": 1, "method": ', b"[" * 100_000 + b"]" * 100_000],
    ids=["not-json", "not-utf-8", "cut-short", "nested-too-deeply"],
)
def test_a_body_not_json_is_a_parse_error_and_the_server_goes_on(server: Server, schema: Schema, body: bytes) -> None:
    server.send(raw_frame(body))
    answer = server.receive()
    schema.check("error.response", answer)
    assert answer["id"] is None
    assert answer["error"]["code"] == -32700
    assert answer["error"]["data"]["type"] == "parse_error"
    assert server.ask("ping") is None


def test_json_that_is_not_a_request_is_an_invalid_request(server: Server) -> None:
    server.send(raw_frame(b"[1, 2, 3]"))
    answer = server.receive()
    assert answer["error"]["code"] == -32600


def test_not_json_rpc_2_0_is_an_invalid_request(server: Server, schema: Schema) -> None:
    server.send(frame({"id": 7, "method": "ping"}))
    answer = server.receive()
    schema.check("error.response", answer)
    assert answer["id"] == 7
    assert answer["error"]["code"] == -32600
    server.send(frame({"jsonrpc": "2.0", "id": True, "method": "ping"}))
    answer = server.receive()
    schema.check("error.response", answer)
    assert answer["id"] is None
    assert answer["error"]["code"] == -32600


def test_unknown_method(server: Server) -> None:
    error = server.refused("castable_now", {"card": "Fire // Ice"})
    assert error["code"] == -32601
    assert error["data"]["type"] == "method_not_found"
    assert "castable_now" in error["message"]


@pytest.mark.parametrize(
    ("params", "named"),
    [
        ({"card": "Fire // Ice", "zone": 7}, "params.zone"),
        ({"card": 7}, "params.card"),
        ({"card": "Fire // Ice", "owner": "p3"}, "params.owner"),
        ({"card": "Fire // Ice", "timing": {"active": "p1", "phase": "teatime"}}, "params.timing.phase"),
        ({"card": "Fire // Ice", "zonee": "graveyard"}, "'zonee'"),
        ({"card": "Fire // Ice", "zone": "stack"}, "params.spell"),
        ({"card": "Fire // Ice", "spell": {"option": "left"}}, "params.spell"),
        ({}, "'card'"),
    ],
)
def test_params_not_the_questions_are_invalid_params_naming_the_key(server: Server, params: JSON, named: str) -> None:
    error = server.refused("characteristics", params)
    assert error["code"] == -32602
    assert error["data"]["type"] == "invalid_params"
    assert named in error["message"]


def test_an_unknown_key_names_the_keys_taken(server: Server, schema: Schema) -> None:
    params = {"card": "Blaze", "X": 3}
    error = server.refused("cast_decision", params)
    assert "unknown key 'X'" in error["message"]
    assert "x," in error["message"]
    # The schema is as strict as the server.
    assert schema.errors("cast_decision.params", params)
    assert not schema.errors("cast_decision.params", {"card": "Blaze", "x": 3})


def test_wrong_types_in_cast_params(server: Server) -> None:
    assert "params.x" in server.refused("cast_decision", {"card": "Blaze", "x": "three"})["message"]
    assert "params.option" in server.refused("cast_decision", {"card": "Fire // Ice", "option": "both"})["message"]
    assert (
        "params.cost_increase" in server.refused("cast_decision", {"card": "Blaze", "cost_increase": "{Q}"})["message"]
    )


def test_unknown_card_names_the_nearest(server: Server) -> None:
    error = server.refused("characteristics", {"card": "Fire // Icee"})
    assert error["code"] == -32010
    assert error["data"]["type"] == "unknown_card"
    assert "did you mean 'Fire // Ice'" in error["message"]
    # A half's name finds the card it is half of.
    assert "'Fire // Ice'" in server.refused("characteristics", {"card": "Ice"})["message"]
    # Content-Length counts bytes: an answer naming "Fïre" (ï is two bytes) ends where it says.
    assert "Fïre" in server.refused("characteristics", {"card": "Fïre // Ice"})["message"]
    assert server.ask("ping") is None


def test_unknown_rule_version(server: Server) -> None:
    error = server.refused("characteristics", {"card": "Fire // Ice", "rules": "classic-2010"})
    assert error["code"] == -32011
    assert error["data"]["type"] == "unknown_rules"
    assert "classic-2009" in error["message"]


def test_a_file_named_as_rules_is_never_loaded(server: Server) -> None:
    shipped = Path(str(resources.files("splitcards.config") / "classic-2009.yaml"))
    assert shipped.is_file()
    for rules in ("/etc/passwd.yaml", "/etc/passwd", str(shipped), "../config/classic-2009.yaml"):
        error = server.refused("characteristics", {"card": "Fire // Ice", "rules": rules})
        assert error["code"] == -32011, rules
        assert "root:" not in error["message"]
    # An alias is a name the server knows.
    assert server.ask("characteristics", {"card": "Fire // Ice", "rules": "current"})["version"] == "duskmourn-2024"


def test_a_room_under_classic_2013_is_a_refusal_not_an_error(server: Server) -> None:
    answer = server.ask("characteristics", {"card": "Bottomless Pool // Locker Room", "rules": "classic-2013"})
    assert answer["value"] is None
    assert answer["refusal"]["type"] == "unknown_card"
    assert answer["version"] == "classic-2013"
    assert answer["decision"]


def test_an_impossible_spell_is_invalid_params_not_a_plugin_failure(server: Server) -> None:
    answer = server.request("resolution", {"card": "Grizzly Bears", "zone": "stack", "spell": {"option": "left"}})
    assert "result" in answer or answer["error"]["data"]["type"] == "invalid_params"


def test_color_compares_with_a_color_letter_only(server: Server) -> None:
    error = server.refused("compare", {"card": "Fire // Ice", "characteristic": "color", "op": "==", "value": "red"})
    assert error["code"] == -32602


# -- characteristics (708 before Amonkhet, 709.4 since) ----------------------------------------


def test_708_2_fire_ice_two_mana_values_in_hand_under_classic_2009(server: Server) -> None:
    value = server.value("characteristics", {"card": "Fire // Ice", "rules": "classic-2009"})
    assert value["names"] == ["Fire", "Ice"]
    assert value["mana_costs"] == ["{1}{R}", "{1}{U}"]
    assert value["mana_values"] == [2, 2]
    assert value["multicolored"] is True


def test_709_4b_fire_ice_one_combined_mana_value_since_2017(server: Server) -> None:
    for rules in ("amonkhet-2017", "duskmourn-2024"):
        value = server.value("characteristics", {"card": "Fire // Ice", "rules": rules})
        assert value["mana_costs"] == ["{2}{U}{R}"]
        assert value["mana_values"] == [4]
        assert value["colors"] == ["U", "R"]


def test_709_4b_assault_battery_and_assault_cast(server: Server) -> None:
    card = server.value("characteristics", {"card": "Assault // Battery", "zone": "library"})
    assert (card["mana_costs"], card["mana_values"], card["colors"]) == (["{3}{R}{G}"], [5], ["R", "G"])
    spell = server.value(
        "characteristics", {"card": "Assault // Battery", "zone": "stack", "spell": {"option": "left"}}
    )
    assert (spell["names"], spell["mana_values"], spell["colors"]) == (["Assault"], [1], ["R"])


def test_708_5_fused_breaking_entering_has_mana_value_8(server: Server) -> None:
    fused = {"card": "Breaking // Entering", "zone": "stack", "spell": {"option": "fused"}}
    old = server.value("characteristics", {**fused, "rules": "classic-2013"})
    # Two sets of characteristics and one mana value (Spell Blast's X is 8).
    assert old["mana_costs"] == ["{U}{B}", "{4}{B}{R}"]
    assert old["mana_values"] == [8]
    new = server.value("characteristics", {**fused, "rules": "duskmourn-2024"})
    assert len(new["mana_costs"]) == 1
    assert new["mana_values"] == [8]
    spell_blast = {**fused, "rules": "classic-2013", "characteristic": "mana_value", "op": "==", "value": 8}
    assert server.value("compare", spell_blast) is True


def test_709_3b_fire_on_the_stack_has_only_fires(server: Server) -> None:
    for rules in ("classic-2009", "duskmourn-2024"):
        value = server.value(
            "characteristics", {"card": "Fire // Ice", "rules": rules, "zone": "stack", "spell": {"option": "left"}}
        )
        assert (value["names"], value["mana_values"], value["colors"]) == (["Fire"], [2], ["R"])


def test_708_6a_mana_value_2_compares_true_before_2017_only(server: Server) -> None:
    asked = {"card": "Fire // Ice", "characteristic": "mana_value", "op": "==", "value": 2}
    assert server.value("compare", {**asked, "rules": "classic-2009"}) is True
    assert server.value("compare", {**asked, "rules": "amonkhet-2017"}) is False
    assert server.value("compare", {**asked, "rules": "amonkhet-2017", "value": 4}) is True


def test_708_6a_void_assault_battery(server: Server) -> None:
    void = {"card": "Assault // Battery", "characteristic": "mana_value", "op": "==", "rules": "classic-2009"}
    assert [server.value("compare", {**void, "value": n}) for n in (1, 4, 5)] == [True, True, False]
    assert server.value("compare", {**void, "value": 5, "rules": "duskmourn-2024"}) is True


def test_708_6c_sunforger_research_development(server: Server) -> None:
    sunforger = {"card": "Research // Development", "rules": "classic-2013"}
    assert server.value("compare", {**sunforger, "characteristic": "mana_value", "op": "<=", "value": 4}) is True
    assert server.value("compare", {**sunforger, "characteristic": "color", "op": "==", "value": "R"}) is True
    # Since 2017 its one mana value is 7.
    current = {"card": "Research // Development", "characteristic": "mana_value", "op": "<=", "value": 4}
    assert server.value("compare", current) is False


def test_709_5_room_characteristics_by_its_unlocked_doors(server: Server) -> None:
    room = "Bottomless Pool // Locker Room"
    library = server.value("characteristics", {"card": room, "zone": "library"})
    assert library["mana_values"] == [6]
    one_door = server.value("characteristics", {"card": room, "zone": "battlefield", "unlocked": ["left"]})
    assert (one_door["names"], one_door["mana_values"]) == (["Bottomless Pool"], [1])
    locked = server.value("characteristics", {"card": room, "zone": "battlefield"})
    assert locked["names"] == []
    assert locked["subtypes"] == ["Room"]


def test_709_4a_a_split_card_has_each_halfs_name(server: Server) -> None:
    assert server.value("has_name", {"card": "Fire // Ice", "name": "Fire"}) is True
    assert server.value("has_name", {"card": "Fire // Ice", "name": "Fire // Ice"}) is False


def test_708_7_name_choices_both_halves_in_2009_one_half_since_2013(server: Server) -> None:
    assert server.value("name_choices", {"card": "Fire // Ice", "rules": "classic-2009"}) == [["Fire", "Ice"]]
    assert server.value("name_choices", {"card": "Fire // Ice", "rules": "invasion-2000"}) == [["Fire", "Ice"]]
    for rules in ("classic-2013", "duskmourn-2024"):
        assert server.value("name_choices", {"card": "Fire // Ice", "rules": rules}) == [["Fire"], ["Ice"]]


# -- casting -----------------------------------------------------------------------------------


def test_702_127a_castable_aftermath_halves_by_zone(server: Server) -> None:
    assert server.value("castable", {"card": "Destined // Lead"}) == ["left"]
    assert server.value("castable", {"card": "Destined // Lead", "zone": "graveyard"}) == ["right"]
    # No aftermath before Amonkhet: nothing casts it from a graveyard.
    assert server.value("castable", {"card": "Destined // Lead", "zone": "graveyard", "rules": "classic-2013"}) == []


def test_why_not_lists_the_refused_ways_with_their_types(server: Server) -> None:
    graveyard = {"card": "Fire // Ice", "zone": "graveyard"}
    assert server.value("ways_to_cast", graveyard) == []
    ways = server.value("ways_to_cast", {**graveyard, "explain": "why_not"})
    assert [(w["option"], w["legal"], w["refusal"]["type"]) for w in ways] == [
        ("left", False, "illegal_zone"),
        ("right", False, "illegal_zone"),
    ]
    assert all(w["refusal"]["rules"] for w in ways)


def test_702_102_fused_is_illegal_in_2009_and_costs_both_halves_since_2013(server: Server) -> None:
    ways = server.value("ways_to_cast", {"card": "Turn // Burn", "rules": "classic-2009", "explain": "why_not"})
    fused = next(w for w in ways if w["option"] == "fused")
    assert fused["legal"] is False
    assert fused["refusal"]["type"] == "illegal_cast"
    assert [w["option"] for w in ways if w["legal"]] == ["left", "right"]
    ways = server.value("ways_to_cast", {"card": "Turn // Burn", "rules": "classic-2013"})
    fused = next(w for w in ways if w["option"] == "fused")
    assert fused["total_cost"] == "{3}{U}{R}"
    assert fused["spell"]["option"] == "fused"
    # Each half's target must be chosen (601.2c): Turn a creature, Burn any target.
    assert [c["half"] for c in fused["remaining"] if c["kind"] == "target"] == ["Turn", "Burn"]


def test_702_102a_fused_only_from_hand(server: Server) -> None:
    way = server.value(
        "cast_decision", {"card": "Turn // Burn", "option": "fused", "zone": "graveyard", "permission": "graveyard"}
    )
    assert way["legal"] is False
    assert way["refusal"]["type"] == "illegal_zone"


def test_107_3a_x_is_in_the_total_cost(server: Server) -> None:
    assert server.value("cast_decision", {"card": "Blaze", "x": 3})["total_cost"] == "{3}{R}"
    explosion = server.value("cast_decision", {"card": "Expansion // Explosion", "option": "right", "x": 2})
    assert explosion["total_cost"] == "{2}{U}{U}{R}{R}"
    assert explosion["spell"]["x"] == 2
    negative = server.value("cast_decision", {"card": "Blaze", "x": -1})
    assert negative["legal"] is False


def test_601_2f_cost_increase_and_reduction(server: Server) -> None:
    fire = {"card": "Fire // Ice", "option": "left"}
    assert server.value("cast_decision", {**fire, "cost_increase": "{2}"})["total_cost"] == "{3}{R}"
    assert server.value("cast_decision", {**fire, "cost_reduction": "{1}"})["total_cost"] == "{R}"
    # A generic reduction takes generic mana only.
    assert server.value("cast_decision", {**fire, "cost_reduction": "{3}"})["total_cost"] == "{R}"
    taxed = server.value("cast_decision", {"card": "Turn // Burn", "option": "fused", "cost_increase": "{1}"})
    assert taxed["total_cost"] == "{4}{U}{R}"
    pay = [c for c in taxed["remaining"] if c["kind"] == "pay"]
    assert [c["cost"] for c in pay] == ["{4}{U}{R}"]


def test_601_2f_cost_effects_for_the_spells_they_describe(server: Server) -> None:
    fire = {"card": "Fire // Ice", "option": "left"}
    instants = [{"amount": "{1}", "increase": True, "spells": {"types": ["Instant"]}}]
    sorceries = [{"amount": "{1}", "increase": True, "spells": {"types": ["Sorcery"]}}]
    assert server.value("cast_decision", {**fire, "cost_effects": instants})["total_cost"] == "{2}{R}"
    assert server.value("cast_decision", {**fire, "cost_effects": sorceries})["total_cost"] == "{1}{R}"


def test_601_2f_cost_effect_for_spells_with_mana_value_4_or_less(server: Server) -> None:
    cheap = [{"amount": "{1}", "increase": True, "spells": {"mana_value": ["<=", 4]}}]
    way = server.value("cast_decision", {"card": "Fire // Ice", "option": "left", "cost_effects": cheap})
    assert way["total_cost"] == "{2}{R}"


def test_118_9_without_paying_leaves_no_mana_to_pay(server: Server) -> None:
    way = server.value("cast_decision", {"card": "Fire // Ice", "option": "left", "without_paying": True})
    assert way["legal"] is True
    assert way["total_cost"] is None
    assert [c for c in way["remaining"] if c["kind"] == "pay"] == []


def test_702_47a_splice_adds_its_cost(server: Server) -> None:
    one = server.value("cast_decision", {"card": "Reach Through Mists", "splice": ["Desperate Ritual"]})
    assert one["legal"] is True
    assert one["total_cost"] == "{1}{U}{R}"
    assert [s["half"]["name"] for s in one["spell"]["spliced"]] == ["Desperate Ritual"]
    two = server.value("cast_decision", {"card": "Reach Through Mists", "splice": ["Desperate Ritual", "Glacial Ray"]})
    assert two["total_cost"] == "{2}{U}{R}{R}"
    # Glacial Ray's text is added: its target must be chosen too (702.47d).
    assert [c["half"] for c in two["remaining"] if c["kind"] == "target"] == ["Glacial Ray"]


def test_702_47a_splice_onto_arcane_only(server: Server) -> None:
    way = server.value("cast_decision", {"card": "Lightning Bolt", "splice": ["Desperate Ritual"]})
    assert way["legal"] is False
    assert way["refusal"]["type"] == "illegal_splice"


def test_702_47a_splice_candidates(server: Server) -> None:
    hand = ["Desperate Ritual", "Lightning Bolt", "Glacial Ray"]
    found = server.value("splice_candidates", {"card": "Reach Through Mists", "hand": hand})
    assert found == [{"index": 0, "card": "Desperate Ritual"}, {"index": 2, "card": "Glacial Ray"}]
    assert server.value("splice_candidates", {"card": "Fire // Ice", "option": "left", "hand": hand}) == []


# -- the stack and the battlefield -------------------------------------------------------------


def test_702_127a_aftermath_half_cast_from_the_graveyard_is_exiled(server: Server) -> None:
    lead = {"card": "Destined // Lead", "zone": "stack", "spell": {"option": "right", "cast_from": "graveyard"}}
    resolved = server.ask("resolution", lead)
    assert resolved["value"]["destination"] == "exile"
    assert resolved["value"]["instructions"] == ["Lead"]
    assert "702.127a" in resolved["rules"]
    destined = server.value("resolution", {"card": "Destined // Lead", "zone": "stack", "spell": {"option": "left"}})
    assert destined["destination"] == "graveyard"


def test_702_102d_fused_spell_follows_left_then_right(server: Server) -> None:
    fused = server.value("resolution", {"card": "Turn // Burn", "zone": "stack", "spell": {"option": "fused"}})
    assert fused["instructions"] == ["Turn", "Burn"]
    assert fused["destination"] == "graveyard"


def test_709_5d_room_spell_enters_with_its_cast_door_unlocked(server: Server) -> None:
    for door in ("left", "right"):
        room = {"card": "Bottomless Pool // Locker Room", "zone": "stack", "spell": {"option": door}}
        resolved = server.ask("resolution", room)
        assert resolved["value"]["destination"] == "battlefield"
        assert resolved["value"]["unlocked"] == [door]
        assert "709.5d" in resolved["rules"]


def test_resolution_only_of_a_spell(server: Server) -> None:
    error = server.refused("resolution", {"card": "Fire // Ice"})
    assert error["code"] == -32602
    assert "params.zone" in error["message"]


def test_709_5e_doors_unlock_costs_and_709_5i_fully_unlocked(server: Server) -> None:
    room = {"card": "Bottomless Pool // Locker Room", "zone": "battlefield", "unlocked": ["left"]}
    left, right = server.value("doors", room)
    assert (left["door"], left["name"], left["can_unlock"]) == ("left", "Bottomless Pool", False)
    assert left["refusal"]["type"] == "already_unlocked"
    assert (right["name"], right["can_unlock"], right["cost"]) == ("Locker Room", True, "{4}{U}")
    assert [e["kind"] for e in right["events"]] == ["door_unlocked", "fully_unlocked"]
    taxed = server.value("doors", {**room, "cost_increase": "{1}"})
    assert taxed[1]["cost"] == "{5}{U}"


def test_709_5e_doors_only_in_a_main_phase_of_their_controllers_turn(server: Server) -> None:
    theirs = {"active": "p2", "phase": "main1", "priority": "p1", "stack_empty": True}
    room = {"card": "Bottomless Pool // Locker Room", "zone": "battlefield", "timing": theirs}
    doors = server.value("doors", room)
    assert [(d["can_unlock"], d["refusal"]["type"]) for d in doors] == [(False, "illegal_timing")] * 2


def test_709_5h_unlocking_one_door_of_a_locked_room(server: Server) -> None:
    left, right = server.value("doors", {"card": "Bottomless Pool // Locker Room", "zone": "battlefield"})
    assert left["can_unlock"] and right["can_unlock"]
    # One door of two: unlocked, not fully unlocked.
    assert "fully_unlocked" not in [e["kind"] for e in left["events"] + right["events"]]
    assert left["events"][0]["kind"] == "door_unlocked"


def test_709_5_doors_of_what_is_not_a_room(server: Server) -> None:
    # A card that is no Room has no doors: the rules refuse the question itself.
    refused = server.ask("doors", {"card": "Grizzly Bears", "zone": "battlefield"})
    assert refused["value"] is None
    assert refused["refusal"]["type"] == "not_a_room"
    assert "709.5" in refused["rules"]
    # A Room is a Room in any zone, but only a Room permanent has doors to unlock (709.5): each is refused.
    in_hand = server.value("doors", {"card": "Bottomless Pool // Locker Room"})
    assert [(d["door"], d["can_unlock"], d["refusal"]["type"]) for d in in_hand] == [
        ("left", False, "not_a_room"),
        ("right", False, "not_a_room"),
    ]


def test_400_4a_an_instant_is_never_on_the_battlefield(server: Server) -> None:
    # A position a game can't reach is the rules' refusal, as creating the card there would be.
    refused = server.ask("characteristics", {"card": "Fire // Ice", "zone": "battlefield"})
    assert refused["value"] is None
    assert refused["refusal"]["type"] == "illegal_zone"
    assert "400.4a" in refused["rules"]


def test_702_47a_a_spliced_card_is_named_by_its_card(server: Server) -> None:
    # The position's own ids mean nothing to a client: a spliced card is named as it was given.
    way = server.value("cast_decision", {"card": "Reach Through Mists", "splice": ["Desperate Ritual"]})
    assert [s["object"] for s in way["spell"]["spliced"]] == ["Desperate Ritual"]


def test_707_10_copy_of_a_spell_copies_the_half_not_cast(server: Server) -> None:
    copied = server.value("copies", {"card": "Fire // Ice", "zone": "stack", "spell": {"option": "left"}})
    copy = copied["copy"]
    assert copy["zone"] == "stack"
    assert copy["copy"] is True
    assert copy["spell"]["option"] == "left"
    assert copy["spell"]["cast"] is False


def test_707_10_copy_of_a_spell_cites_its_rule(server: Server) -> None:
    answer = server.ask("copies", {"card": "Fire // Ice", "zone": "stack", "spell": {"option": "left"}})
    assert "707.10" in answer["rules"]


def test_707_12_copy_of_a_card_keeps_both_halves_and_is_cast_as_a_copy(server: Server) -> None:
    copied = server.value("copies", {"card": "Destined // Lead", "zone": "graveyard", "explain": "why_not"})
    copy = copied["copy"]
    assert copy["zone"] == "graveyard"
    assert copy["copy"] is True
    assert [h["name"] for h in copy["card"]["halves"]] == ["Destined", "Lead"]
    assert {w["option"] for w in copied["ways"]} == {"left", "right"}
    for way in copied["ways"]:
        if way["legal"]:
            assert way["spell"]["copy"] is True
            assert way["spell"]["cast_from"] == "graveyard"


# -- explanations ------------------------------------------------------------------------------


def test_trace_names_the_plugin_that_answered(server: Server, hello: JSON) -> None:
    plain = server.ask("cast_decision", {"card": "Fire // Ice", "option": "left"})
    assert "trace" not in plain
    traced = server.ask("cast_decision", {"card": "Fire // Ice", "option": "left", "explain": "trace"})
    assert traced["value"] == plain["value"]
    calls = traced["trace"]
    decided = [c for c in calls if c["hook"] == "decide_cast"]
    assert decided
    assert decided[0]["answered_by"] == ["splitcards.game.builtin"]
    assert all(c["implementations"] >= len(c["answered_by"]) for c in calls)
    assert any(p.startswith("splitcards.game.builtin=") for p in hello["plugins"])


# -- batches -----------------------------------------------------------------------------------


def test_batch_fills_in_the_shared_part(server: Server) -> None:
    result = server.ask(
        "batch",
        {
            "shared": {"rules": "classic-2009", "zone": "graveyard", "explain": "why_not"},
            "questions": [
                {"method": "characteristics", "params": {"card": "Fire // Ice"}},
                {"method": "ways_to_cast", "params": {"card": "Fire // Ice"}},
                # name_choices takes no zone: the shared zone is left out of it.
                {"method": "name_choices", "params": {"card": "Fire // Ice"}},
                {"method": "ways_to_cast", "params": {"card": "Dusk // Dawn", "rules": "current"}},
            ],
        },
    )
    chars, ways, names, dawn = result["answers"]
    assert (chars["version"], chars["value"]["mana_values"]) == ("classic-2009", [2, 2])
    assert [w["refusal"]["type"] for w in ways["value"]] == ["illegal_zone", "illegal_zone"]
    assert names["value"] == [["Fire", "Ice"]]
    # Its own rules win: Dawn, an aftermath half, is cast from the graveyard since 2017.
    assert dawn["version"] == "duskmourn-2024"
    assert [(w["option"], w["legal"]) for w in dawn["value"]] == [("left", False), ("right", True)]
    decisions = [a["decision"] for a in result["answers"]]
    assert len(set(decisions)) == 4


def test_batch_an_error_is_that_questions_alone(server: Server) -> None:
    result = server.ask(
        "batch",
        {
            "questions": [
                {"method": "characteristics", "params": {"card": "Fire"}},
                {"method": "characteristics", "params": {"card": "Fire // Ice", "rules": "classic-2009"}},
                {"method": "no_such_question", "params": {}},
                {"method": "characteristics", "params": {"card": "Fire // Ice", "zonee": "hand"}},
                {"method": "compare"},
            ]
        },
        valid=False,
    )
    unknown, answered, no_method, bad_key, no_params = result["answers"]
    assert unknown["error"]["code"] == -32010
    assert answered["value"]["mana_values"] == [2, 2]
    assert no_method["error"]["code"] == -32601
    assert bad_key["error"]["code"] == -32602
    assert "params.questions[3]" in bad_key["error"]["message"]
    assert no_params["error"]["code"] == -32602


def test_batch_over_the_limit_is_refused(server: Server, hello: JSON) -> None:
    limit = hello["limits"]["batch"]
    question = {"method": "name_choices", "params": {"card": "Fire // Ice"}}
    assert len(server.ask("batch", {"questions": [question] * limit})["answers"]) == limit
    error = server.refused("batch", {"questions": [question] * (limit + 1)})
    assert error["code"] == -32602
    assert str(limit) in error["message"]


def test_batch_params_are_shared_and_questions_only(server: Server) -> None:
    assert server.refused("batch", {"questions": [], "rules": "classic-2009"})["code"] == -32602
    assert server.refused("batch", {"shared": [], "questions": []})["code"] == -32602
    assert server.ask("batch", {"questions": []}) == {"answers": []}
    # A shared key no question takes is misspelt, as in one question's params.
    question = {"method": "name_choices", "params": {"card": "Fire // Ice"}}
    error = server.refused("batch", {"shared": {"rulez": "classic-2009"}, "questions": [question]})
    assert "'rulez'" in error["message"]


# -- the decision log and splitcards decision --------------------------------------------------


def _log(path: Path) -> dict[str, JSON]:
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return {line["decision"]: line for line in lines}


def test_decisions_are_unique_and_logged(server: Server, started: Started, hello: JSON) -> None:
    asked = {"card": "Fire // Ice", "rules": "classic-2009", "zone": "graveyard"}
    answers = [server.ask("characteristics", asked) for _ in range(3)]
    batch = server.ask(
        "batch", {"shared": {"rules": "classic-2009"}, "questions": [{"method": "name_choices"}]}, valid=False
    )
    error = server.request("characteristics", {"card": "Fire // Icee"})
    ids = [a["decision"] for a in answers]
    assert len(set(ids)) == 3
    log = _log(started.log)
    hashes = {v["name"]: v["hash"] for v in hello["rules"]}
    for answer in answers:
        line = log[answer["decision"]]
        assert line["method"] == "characteristics"
        assert line["params"] == asked
        assert line["answer"] == answer
        assert line["rules"] == answer["rules"]
        assert line["version"] == "classic-2009"
        assert line["splitcards"] == hello["server_version"]
        assert line["hash"] == hashes["classic-2009"]
    # A question of a batch is logged with the params the shared part filled in; its error too.
    (refused,) = batch["answers"]
    logged = [line for line in log.values() if line["answer"] == refused]
    assert logged[0]["params"] == {"rules": "classic-2009"}
    assert any(line["answer"] == {"error": error["error"]} for line in log.values())


@dataclass
class Decisions:
    """``splitcards decision`` asked about logged decisions."""

    same: Ran
    tampered: Ran
    unknown: Ran
    error: Ran
    other_rules: Ran


@pytest.fixture(scope="module")
def decisions(started: Started, lifecycle: list[JSON], tmp_path_factory: pytest.TempPathFactory) -> Decisions:
    """The lifecycle server's decisions asked again, with the cards it had."""
    unnamed, named, error = (answer.get("result") or answer for answer in lifecycle[1:4])
    log = _log(started.other_log)
    line = log[named["decision"]]
    # What the rules since 2017 say, not 2009's: one mana value of 4.
    line["answer"]["value"]["mana_values"] = [4]
    tampered = tmp_path_factory.mktemp("decision") / "tampered.jsonl"
    tampered.write_text(json.dumps(line) + "\n", encoding="utf-8")
    errored = next(d for d, logged in log.items() if logged["answer"] == {"error": error["error"]})
    runs = Runs()
    cards = ["--cards", str(started.cards)]
    try:
        runs.start("same", ["decision", str(started.other_log), named["decision"], *cards])
        runs.start("tampered", ["decision", str(tampered), named["decision"], *cards])
        runs.start("unknown", ["decision", str(started.other_log), "00000000-1", *cards])
        runs.start("error", ["decision", str(started.other_log), errored, *cards])
        runs.start("other rules", ["decision", str(started.other_log), unnamed["decision"], *cards])
        return Decisions(runs["same"], runs["tampered"], runs["unknown"], runs["error"], runs["other rules"])
    finally:
        runs.stop()


def test_decision_asked_again_is_the_same(decisions: Decisions) -> None:
    ran = decisions.same
    assert ran.status == 0, ran.stderr
    out = ran.stdout.decode()
    assert "characteristics under classic-2009" in out
    assert "answer now: the same" in out


def test_decision_tampered_differs(decisions: Decisions) -> None:
    ran = decisions.tampered
    assert ran.status == 1, ran.stderr
    out = ran.stdout.decode()
    assert "the answer is not the same" in out
    assert '"mana_values": [2, 2]' in out


def test_decision_unknown_id(decisions: Decisions) -> None:
    ran = decisions.unknown
    assert ran.status == 2
    assert b"no decision '00000000-1'" in ran.stderr
    assert b"Traceback" not in ran.stderr


def test_decision_of_an_error_is_the_same_error(decisions: Decisions) -> None:
    assert decisions.error.status == 0, decisions.error.stderr
    assert b"answer now: the same" in decisions.error.stdout


def test_decision_asked_again_under_the_servers_rules(decisions: Decisions) -> None:
    assert decisions.other_rules.status == 0, decisions.other_rules.stdout


# -- splitcards dump ---------------------------------------------------------------------------


def test_dump_a_line_per_card(started: Started, server: Server, hello: JSON) -> None:
    ran = started.runs["dump"]
    assert ran.status == 0, ran.stderr
    lines = [json.loads(line) for line in ran.stdout.decode().splitlines()]
    assert len(lines) == hello["cards"]
    assert len({line["card"] for line in lines}) == len(lines)
    hash_2009 = next(v["hash"] for v in hello["rules"] if v["name"] == "classic-2009")
    assert {(line["rules"], line["zone"], line["hash"]) for line in lines} == {("classic-2009", "hand", hash_2009)}
    by_card = {line["card"]: line for line in lines}
    fire_ice = by_card["Fire // Ice"]
    assert fire_ice["characteristics"]["value"]["mana_values"] == [2, 2]
    assert fire_ice["name_choices"]["value"] == [["Fire", "Ice"]]
    assert "decision" not in fire_ice["characteristics"]
    # Each envelope is the server's answer to the same question.
    asked = server.ask("characteristics", {"card": "Fire // Ice", "rules": "classic-2009", "zone": "hand"})
    assert fire_ice["characteristics"] == {k: v for k, v in asked.items() if k != "decision"}
    turn_burn = {w["option"]: w for w in by_card["Turn // Burn"]["ways_to_cast"]["value"]}
    assert turn_burn["fused"]["refusal"]["type"] == "illegal_cast"
    room = by_card["Bottomless Pool // Locker Room"]
    assert room["characteristics"]["refusal"]["type"] == "unknown_card"


# -- the schemas -------------------------------------------------------------------------------


def test_service_schema_has_every_method(schema: Schema, hello: JSON) -> None:
    defs = schema.document["$defs"]
    assert schema.document["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    for method in hello["methods"]:
        assert f"{method}.request" in defs
        if method != "exit":
            assert f"{method}.response" in defs
    assert "error.response" in defs
    assert not schema.errors("exit.request", {"jsonrpc": "2.0", "method": "exit"})


def test_openapi_has_every_question(started: Started, hello: JSON) -> None:
    ran = started.runs["schema openapi"]
    assert ran.status == 0, ran.stderr
    document = json.loads(ran.stdout)
    assert document["openapi"] == "3.1.0"
    assert document["info"]["version"] == hello["version"]
    paths = document["paths"]
    for method in [*hello["methods"], "batch", "initialize", "ping"]:
        if method in ("shutdown", "exit"):
            continue
        post = paths[f"/v1/{method}"]["post"]
        assert post["operationId"] == method
        assert "application/json" in post["requestBody"]["content"]
        assert {"200", "400", "404", "413", "415", "422", "503"} <= set(post["responses"])
    assert "get" in paths["/v1/health"]
    schemas = document["components"]["schemas"]
    for found in schemas.values():
        Draft202012Validator.check_schema(found)
    # Every reference points at a schema the document has.
    refs = set(_refs(document))
    assert refs
    assert {ref.removeprefix("#/components/schemas/") for ref in refs} <= set(schemas)


def _refs(found: object) -> Iterator[str]:
    if isinstance(found, dict):
        for key, value in found.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            else:
                yield from _refs(value)
    elif isinstance(found, list):
        for value in found:
            yield from _refs(value)
