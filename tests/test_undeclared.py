"""A ``not_supported`` that no declaration of its host covers fails ``splitcards conformance``: an
engine that implements nothing must not pass. ``--allow-undeclared`` reports it without failing."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from splitcards.adapters.reference import ReferenceHost
from splitcards.errors import NotSupported
from splitcards.game.contract import AdapterInfo, Capability, Gap, Host, KnownDeviation
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.hooks import hookimpl
from splitcards.rules.card import Card, Side
from splitcards.rules.model import ObjectId, Player, Zone
from splitcards.rules.versions import RuleVersion
from splitcards.tools.cli import main

FILE = """\
format: 1
cards:
  Bottomless Pool // Locker Room:
    - {name: Bottomless Pool // Locker Room, faceName: Bottomless Pool, side: a, layout: split, manaCost: '{U}',
       types: [Enchantment], subtypes: [Room], colors: [U]}
    - {name: Bottomless Pool // Locker Room, faceName: Locker Room, side: b, layout: split, manaCost: '{4}{U}',
       types: [Enchantment], subtypes: [Room], colors: [U]}
  Fire // Ice:
    - {name: Fire // Ice, faceName: Fire, side: a, layout: split, manaCost: "{1}{R}", types: [Instant], colors: [R]}
    - {name: Fire // Ice, faceName: Ice, side: b, layout: split, manaCost: "{1}{U}", types: [Instant], colors: [U]}
scenarios:
  - id: room-unlocks
    rules: [current]
    setup:
      - create: {card: Bottomless Pool // Locker Room, zone: battlefield, as: room}
      - unlock: {object: room, door: left}
    checks:
      - {unlocked: room, expect: [left]}
  - id: ice-is-cast
    rules: [current]
    setup:
      - create: {card: Fire // Ice, zone: hand, as: fi}
      - cast: {object: fi, half: right, as: ice}
    checks:
      - {names: ice, expect: [Ice]}
"""

# An engine over the wire protocol that says who it is, declares nothing, and has no other method.
EMPTY_ENGINE = """\
import json, sys

def read():
    length = None
    while True:
        line = sys.stdin.buffer.readline()
        if not line:
            return None
        if not line.strip():
            return json.loads(sys.stdin.buffer.read(length))
        key, _, value = line.partition(b":")
        if key.strip().lower() == b"content-length":
            length = int(value)

def answer(id, **reply):
    body = json.dumps({"jsonrpc": "2.0", "id": id, **reply}).encode()
    sys.stdout.buffer.write(b"Content-Length: %d\\r\\n\\r\\n" % len(body) + body)
    sys.stdout.buffer.flush()

while (message := read()) is not None:
    if message["method"] == "exit":
        break
    if "id" not in message:
        continue
    if message["method"] == "initialize":
        answer(message["id"], result={"version": "1.0", "name": "empty", "engine": "empty", "engine_version": "0",
                                      "lacks": [], "deviations": []})
    elif message["method"] == "shutdown":
        answer(message["id"], result=None)
    else:
        answer(message["id"], error={"code": -32601, "message": "no such method"})
"""

ADVICE = [
    "              declare the capability the host lacks among those needed, rooms (1 run): an adapter in"
    " AdapterInfo.lacks (Gap(Capability.ROOMS, reason)), a wire engine in the `lacks` it answers to initialize"
    ' ({"capability": "rooms", "reason": ...})',
    "              no capability a host may declare it lacks is needed by 1 run: implement what the host refused there",
    "              where the host knowingly answers otherwise, declare a known deviation (AdapterInfo.deviations,"
    " or `deviations` in the answer to initialize; met at run time: '(deviation NAME)' in the message)",
    "              see https://github.com/splitcards/splitcards/blob/main/docs/testing.md#every-not_supported-is-declared",
]


def _empty_engine(tmp_path: Path, *options: str) -> int:
    engine = tmp_path / "engine.py"
    engine.write_text(EMPTY_ENGINE, encoding="utf-8")
    path = tmp_path / "s.yaml"
    path.write_text(FILE, encoding="utf-8")
    command = f"command:{shlex.quote(sys.executable)} {shlex.quote(str(engine))}"
    return main(["conformance", str(path), "--host", command, *options])


def test_an_engine_that_implements_nothing_fails_saying_what_to_declare(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _empty_engine(tmp_path) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-6:] == [
        "UNDECLARED    host 'empty' declares nothing behind 2 runs not_supported: the run fails (--allow-undeclared"
        " to explore):",
        *ADVICE,
        "0 pass, 0 fail, 2 not_supported, 0 error, 2 not_supported undeclared",
    ]


def test_allow_undeclared_reports_them_and_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _empty_engine(tmp_path, "--allow-undeclared") == 0
    out = capsys.readouterr().out.splitlines()
    assert (
        out[-6]
        == "UNDECLARED    host 'empty' declares nothing behind 2 runs not_supported: allowed by --allow-undeclared:"
    )
    assert out[-1] == "0 pass, 0 fail, 2 not_supported, 0 error, 2 not_supported undeclared"
    assert _empty_engine(tmp_path, "--allow-undeclared", "--format", "jsonl") == 0
    totals = json.loads(capsys.readouterr().out.splitlines()[-1])
    [line] = totals["not_supported_undeclared"]
    assert line.startswith("host 'empty' declares nothing behind 2 runs not_supported: allowed by --allow-undeclared:")


class _NoRooms(ReferenceHost):
    """A game without Rooms, which says which deviation it meets when a door is unlocked."""

    def set_unlocked(self, obj: ObjectId, doors: frozenset[Side]) -> None:
        raise NotSupported("this engine has no Rooms (deviation no-rooms)")


class _Refusing(ReferenceHost):
    """A game that makes no cards, so refuses every scenario."""

    def create(self, card: Card, zone: Zone, owner: Player) -> ObjectId:
        raise NotSupported("this engine makes no cards")


def _refusing(rules: RuleVersion) -> Host:
    return _Refusing()


def _no_rooms(rules: RuleVersion) -> Host:
    return _NoRooms()


class _Hosts:
    @hookimpl
    def splitcards_register_adapters(self) -> list[AdapterInfo]:
        return [
            AdapterInfo("refusing", "refuses everything and declares nothing", _refusing),
            AdapterInfo(
                "declaring",
                "has no Rooms, and says so",
                _no_rooms,
                lacks=(Gap(Capability.ROOMS, "no Rooms here"),),
            ),
            AdapterInfo(
                "deviating",
                "has no Rooms, and says so when it meets one",
                _no_rooms,
                deviations=(KnownDeviation("no-rooms", "Rooms are refused as they are unlocked", ()),),
            ),
        ]


def _in_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, host: str, *options: str) -> int:
    pm = make_plugin_manager([_Hosts()], load_entry_points=False)
    monkeypatch.setattr("splitcards.tools.cli.make_plugin_manager", lambda: pm)
    path = tmp_path / "s.yaml"
    path.write_text(FILE, encoding="utf-8")
    return main(["conformance", str(path), "--host", host, *options])


def test_an_in_process_host_refusing_everything_undeclared_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _in_process(tmp_path, monkeypatch, "refusing") == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-6].startswith("UNDECLARED    host 'refusing' declares nothing behind 2 runs not_supported")
    assert _in_process(tmp_path, monkeypatch, "refusing", "--allow-undeclared") == 0


@pytest.mark.parametrize("name", ["declaring", "deviating"])
def test_a_host_that_declares_what_it_lacks_passes_and_is_not_blamed(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _in_process(tmp_path, monkeypatch, name) == 0
    out = capsys.readouterr().out
    assert "UNDECLARED" not in out
    assert out.splitlines()[-1] == "1 pass, 0 fail, 1 not_supported, 0 error"
    # Beside a host that declares nothing, only that one is named.
    assert _in_process(tmp_path, monkeypatch, name, "--host", "refusing") == 1
    undeclared = [line for line in capsys.readouterr().out.splitlines() if line.startswith("UNDECLARED")]
    assert undeclared == [
        "UNDECLARED    host 'refusing' declares nothing behind 2 runs not_supported: the run fails"
        " (--allow-undeclared to explore):"
    ]
