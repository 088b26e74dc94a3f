"""The example client in JavaScript (examples/node-client/client.js) asks a running
``splitcards serve --http`` the questions of one turn and prints each answer as a JSON line; the
answers are checked here against the rules. It runs where ``node`` is found and the http extra is
installed; ``SPLITCARDS_REQUIRE_NODE=1`` and ``SPLITCARDS_REQUIRE_HTTP=1`` make either missing a
failure instead."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

CLIENT = Path(__file__).resolve().parents[1] / "examples" / "node-client" / "client.js"
SPLITCARDS = Path(sys.executable).parent / "splitcards"
NODE = shutil.which("node")
HTTP = all(importlib.util.find_spec(name) is not None for name in ("starlette", "uvicorn"))

if NODE is None and os.environ.get("SPLITCARDS_REQUIRE_NODE"):
    raise RuntimeError("SPLITCARDS_REQUIRE_NODE is set and node is not on PATH")
if not HTTP and os.environ.get("SPLITCARDS_REQUIRE_HTTP"):
    raise RuntimeError("SPLITCARDS_REQUIRE_HTTP is set and starlette or uvicorn is not importable")
if NODE is None:
    pytestmark = pytest.mark.skip(reason="node is not on PATH (Node.js 20 runs the example client)")
elif not HTTP:
    pytestmark = pytest.mark.skip(reason="starlette or uvicorn is not importable (splitcards[http] serves HTTP)")


@pytest.fixture(scope="module")
def printed(http_service: str) -> list[dict[str, Any]]:
    """The client's JSON lines, one per answer, asked of a real server."""
    run = subprocess.run([NODE or "node", str(CLIENT), http_service], capture_output=True, text=True, timeout=30)
    assert run.returncode == 0, run.stderr[-2000:]
    return [json.loads(line) for line in run.stdout.splitlines()]


def answer(printed: list[dict[str, Any]], step: str, method: str) -> dict[str, Any]:
    found = [line for line in printed if line["step"] == step and line.get("method") == method]
    assert len(found) == 1, f"{step} {method}: {len(found)} lines"
    return found[0]


def test_the_client_initializes_with_service_1(printed: list[dict[str, Any]]) -> None:
    hello = printed[0]
    assert hello["step"] == "initialize"
    assert hello["version"].startswith("1.")
    assert {"classic-2009", "amonkhet-2017"} <= set(hello["rules"])
    assert "batch" in hello["capabilities"]


def test_708_2_fire_ice_has_two_sets_of_characteristics_in_the_graveyard_before_2017(
    printed: list[dict[str, Any]],
) -> None:
    found = answer(printed, "fire-ice-2009", "characteristics")
    assert found["version"] == "classic-2009"
    # Fire {1}{R} and Ice {1}{U}: two answers, each mana value 2 (708.2, 708.5).
    assert found["value"]["names"] == ["Fire", "Ice"]
    assert found["value"]["mana_costs"] == ["{1}{R}", "{1}{U}"]
    assert found["value"]["mana_values"] == [2, 2]
    assert "708.2" in found["rules"]


def test_601_2a_no_half_of_fire_ice_is_cast_from_a_graveyard_before_2017(printed: list[dict[str, Any]]) -> None:
    ways = answer(printed, "fire-ice-2009", "ways_to_cast")["value"]
    # explain why_not: both halves, each refused for where the card is; no fuse under classic-2009.
    assert [way["option"] for way in ways] == ["left", "right"]
    assert [way["legal"] for way in ways] == [False, False]
    assert {way["refusal"]["type"] for way in ways} == {"illegal_zone"}
    assert all("601.2a" in way["refusal"]["rules"] for way in ways)


def test_708_4b_fire_ice_is_one_combined_card_since_amonkhet(printed: list[dict[str, Any]]) -> None:
    found = answer(printed, "fire-ice-2017", "characteristics")
    assert found["version"] == "amonkhet-2017"
    # Two names still (708.4a), one mana cost: {1}{R} and {1}{U} combined, mana value 4.
    assert found["value"]["names"] == ["Fire", "Ice"]
    assert found["value"]["mana_costs"] == ["{2}{U}{R}"]
    assert found["value"]["mana_values"] == [4]
    assert "708.4b" in found["rules"]


def test_702_102c_a_fused_turn_burn_costs_both_halves_and_the_tax(printed: list[dict[str, Any]]) -> None:
    way = answer(printed, "turn-burn-fused", "cast_decision")["value"]
    assert way["legal"] is True and way["option"] == "fused"
    assert way["spell"]["cast_from"] == "hand"  # fuse only from the hand (702.102a)
    # Turn {2}{U} + Burn {1}{R} (702.102c) + the {1} tax (601.2f).
    assert way["total_cost"] == "{4}{U}{R}"
    assert {"702.102a", "702.102c", "601.2f"} <= set(way["rules"])
    # What the engine must still see: the cost paid, and a target for each half's "target" phrase.
    assert {(c["kind"], c["half"]) for c in way["remaining"]} == {("pay", None), ("target", "Turn"), ("target", "Burn")}


def test_702_127a_only_the_aftermath_half_is_cast_from_the_graveyard(printed: list[dict[str, Any]]) -> None:
    ways = answer(printed, "dusk-dawn-aftermath", "ways_to_cast")["value"]
    assert [way["option"] for way in ways] == ["right"]  # Dawn; Dusk has no permission there
    assert ways[0]["total_cost"] == "{3}{W}{W}"
    assert ways[0]["spell"]["cast_from"] == "graveyard"
    assert "702.127a" in ways[0]["rules"]


def test_702_127a_dawn_cast_from_the_graveyard_is_exiled(printed: list[dict[str, Any]]) -> None:
    found = answer(printed, "dusk-dawn-aftermath", "resolution")
    assert found["value"]["instructions"] == ["Dawn"]
    assert found["value"]["destination"] == "exile"
    assert "702.127a" in found["rules"]


def test_709_5e_only_the_locked_door_unlocks_for_its_mana_cost(printed: list[dict[str, Any]]) -> None:
    doors = {door["name"]: door for door in answer(printed, "room-second-door", "doors")["value"]}
    assert doors["Bottomless Pool"]["can_unlock"] is False
    assert doors["Bottomless Pool"]["refusal"]["type"] == "already_unlocked"
    assert doors["Locker Room"]["can_unlock"] is True
    assert doors["Locker Room"]["cost"] == "{4}{U}"  # Locker Room's mana cost is its unlock cost
    assert "709.5e" in doors["Locker Room"]["rules"]


def test_709_5i_unlocking_the_second_door_fully_unlocks_the_room(printed: list[dict[str, Any]]) -> None:
    doors = {door["name"]: door for door in answer(printed, "room-second-door", "doors")["value"]}
    events = {event["kind"]: event for event in doors["Locker Room"]["events"]}
    assert events["door_unlocked"]["door"] == "right"
    assert "709.5i" in events["fully_unlocked"]["rules"]


def test_an_unknown_card_name_is_a_typed_422_error(printed: list[dict[str, Any]]) -> None:
    found = answer(printed, "unknown-card", "characteristics")
    assert found["status"] == 422
    assert found["error"]["data"]["type"] == "unknown_card"
    assert "Fire // Ice" in found["error"]["message"]  # the nearest name


def test_every_answer_carries_its_rules_version_and_decision_id(printed: list[dict[str, Any]]) -> None:
    answers = [line for line in printed if "value" in line]
    assert len(answers) == 7
    assert all(line["rules"] and line["version"] in printed[0]["rules"] for line in answers)
    assert len({line["decision"] for line in answers}) == len(answers)
