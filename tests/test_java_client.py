"""The example client in Java (examples/java-client) asks ``splitcards serve`` the rules questions
of one turn over stdio and prints each answer on one line, ``Qn method {envelope}``. The client is
compiled and run once; each test reads the answers to one question. It runs where ``javac`` and
``java`` are found; ``SPLITCARDS_REQUIRE_JAVA=1`` makes a missing JDK a failure instead."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

CLIENT = Path(__file__).resolve().parents[1] / "examples" / "java-client"
JAVAC = shutil.which("javac")
JAVA = shutil.which("java")

if JAVAC is None or JAVA is None:
    if os.environ.get("SPLITCARDS_REQUIRE_JAVA"):
        raise RuntimeError("SPLITCARDS_REQUIRE_JAVA is set and javac or java is not on PATH")
    pytestmark = pytest.mark.skip(reason="javac or java is not on PATH (a JDK 17 builds the example client)")

Envelope = dict[str, Any]
Answers = dict[tuple[str, str], list[Envelope]]
"""The envelopes printed, by question label and method."""


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    classes = tmp_path_factory.mktemp("java-client")
    sources = sorted(str(source) for source in CLIENT.glob("*.java"))
    built = subprocess.run([JAVAC or "javac", "-d", str(classes), *sources], capture_output=True, text=True, timeout=60)
    assert built.returncode == 0, built.stderr
    serve = [str(Path(sys.executable).parent / "splitcards"), "serve"]
    ran = subprocess.run(
        [JAVA or "java", "-cp", str(classes), "OneTurn", *serve],
        capture_output=True,
        encoding="utf-8",
        timeout=60,
    )
    assert ran.returncode == 0, ran.stderr
    return ran.stdout.splitlines()


@pytest.fixture(scope="module")
def answers(printed: list[str]) -> Answers:
    found: Answers = {}
    for line in printed:
        if line.startswith("Q"):
            label, method, envelope = line.split(" ", 2)
            found.setdefault((label, method), []).append(json.loads(envelope))
    return found


def one(answers: Answers, label: str, method: str) -> Envelope:
    [envelope] = answers[(label, method)]
    return envelope


def test_the_client_initializes_and_shuts_the_server_down(printed: list[str]) -> None:
    first, hello = printed[0].split(" ", 1)
    assert first == "initialize"
    assert json.loads(hello)["server"] == "splitcards"
    assert json.loads(hello)["version"] == "1.0"
    assert printed[-1] == "server exited with status 0"


def test_every_answer_has_its_rules_and_a_decision_id_of_its_own(answers: Answers) -> None:
    envelopes = [envelope for asked in answers.values() for envelope in asked]
    assert len(envelopes) == 8
    assert all(envelope["rules"] and envelope["version"] for envelope in envelopes)
    decisions = [envelope["decision"] for envelope in envelopes]
    assert all(decisions) and len(set(decisions)) == len(decisions)


def test_708_2_two_answers_in_the_graveyard_under_2009(answers: Answers) -> None:
    fire_ice = one(answers, "Q1", "characteristics")
    assert fire_ice["version"] == "classic-2009" and "708.2" in fire_ice["rules"]
    assert fire_ice["value"]["names"] == ["Fire", "Ice"]
    assert fire_ice["value"]["mana_costs"] == ["{1}{R}", "{1}{U}"]
    assert fire_ice["value"]["mana_values"] == [2, 2]


def test_708_4_one_combined_answer_in_the_graveyard_under_2017(answers: Answers) -> None:
    fire_ice = one(answers, "Q2", "characteristics")
    assert fire_ice["version"] == "amonkhet-2017" and "708.4" in fire_ice["rules"]
    assert fire_ice["value"]["mana_costs"] == ["{2}{U}{R}"]
    assert fire_ice["value"]["mana_values"] == [4]
    assert fire_ice["value"]["colors"] == ["U", "R"]


@pytest.mark.parametrize(("label", "version"), [("Q1", "classic-2009"), ("Q2", "amonkhet-2017")])
def test_601_3_neither_half_of_fire_ice_is_cast_from_a_graveyard(answers: Answers, label: str, version: str) -> None:
    ways = one(answers, label, "ways_to_cast")
    assert ways["version"] == version
    refused = [(way["option"], way["legal"], way["refusal"]["type"]) for way in ways["value"]]
    assert refused == [("left", False, "illegal_zone"), ("right", False, "illegal_zone")]


def test_702_102c_a_fused_spell_costs_both_halves_and_the_tax(answers: Answers) -> None:
    fused = one(answers, "Q3", "cast_decision")
    assert fused["version"] == "duskmourn-2024"
    assert "702.102c" in fused["rules"] and "601.2f" in fused["rules"]
    way = fused["value"]
    assert way["legal"] is True and way["option"] == "fused"
    assert way["spell"]["option"] == "fused" and way["spell"]["cast_from"] == "hand"
    # Turn {2}{U} + Burn {1}{R} + the tax {1}.
    assert way["total_cost"] == "{4}{U}{R}"
    remaining = [(c["kind"], c["cost"], c["half"]) for c in way["remaining"]]
    assert remaining == [("pay", "{4}{U}{R}", None), ("target", None, "Turn"), ("target", None, "Burn")]


def test_702_127a_only_the_aftermath_half_is_cast_from_the_graveyard(answers: Answers) -> None:
    ways = one(answers, "Q4", "ways_to_cast")
    assert "702.127a" in ways["rules"]
    [dawn] = ways["value"]
    assert dawn["option"] == "right" and dawn["legal"] is True
    assert dawn["spell"]["cast_from"] == "graveyard"
    assert dawn["total_cost"] == "{3}{W}{W}"


def test_702_127a_an_aftermath_spell_cast_from_a_graveyard_is_exiled(answers: Answers) -> None:
    resolved = one(answers, "Q4", "resolution")
    assert "702.127a" in resolved["rules"]
    assert resolved["value"]["instructions"] == ["Dawn"]
    assert resolved["value"]["destination"] == "exile"


def test_709_5e_the_locked_door_is_unlocked_for_its_mana_cost(answers: Answers) -> None:
    left, right = one(answers, "Q5", "doors")["value"]
    assert (left["name"], left["can_unlock"], left["refusal"]["type"]) == ("Bottomless Pool", False, "already_unlocked")
    assert (right["name"], right["can_unlock"], right["cost"]) == ("Locker Room", True, "{4}{U}")
    assert "709.5e" in right["rules"]


def test_709_5i_unlocking_the_second_door_fully_unlocks_the_room(answers: Answers) -> None:
    _, right = one(answers, "Q5", "doors")["value"]
    unlocked, fully = right["events"]
    assert (unlocked["kind"], unlocked["door"]) == ("door_unlocked", "right")
    assert fully["kind"] == "fully_unlocked" and "709.5i" in fully["rules"]
