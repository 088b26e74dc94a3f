"""Scenario format 1.1: its additions run, and a format 1 file is read exactly as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from splitcards.adapters.reference.plugin import new_game
from splitcards.errors import ScenarioError
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.contract import AdapterInfo
from splitcards.tools.conformance.runner import Status, iter_file
from splitcards.tools.conformance.scenario import load_file, parse

REFERENCE = AdapterInfo("reference", "the reference host", new_game)

CARDS = """
cards:
  Blaze:
    - {name: Blaze, manaCost: "{X}{R}", types: [Sorcery], colors: [R], text: Blaze deals X damage to any target.}
  Assault // Battery:
    - {name: Assault // Battery, faceName: Assault, side: a, layout: split, manaCost: "{R}", types: [Sorcery],
       colors: [R]}
    - {name: Assault // Battery, faceName: Battery, side: b, layout: split, manaCost: "{3}{G}", types: [Sorcery],
       colors: [G]}
"""


def _file(tmp_path: Path, fmt: str, setup: str, checks: str = "[]", rules: str = "[current]") -> Path:
    text = (
        f"format: {fmt}\n{CARDS}\nscenarios:\n  - id: s\n    rules: {rules}\n    setup: {setup}\n    checks: {checks}\n"
    )
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _run(path: Path, registry: VersionRegistry) -> tuple[Status, str]:
    (result,) = list(iter_file(load_file(path), {"reference": REFERENCE}, registry))
    return result.status, result.detail


@pytest.mark.parametrize(
    ("setup", "checks", "refused"),
    [
        ("[{create: {card: Blaze, zone: hand, as: b}}, {cast: {object: b, x: 2}}]", "[]", "cast.x: unknown field"),
        (
            "[{create: {card: Blaze, zone: hand, as: b}}, {cast: {object: b, cost_change: '-{1}'}}]",
            "[]",
            "cast.cost_change: unknown field",
        ),
        ("[{choose_name: {card: Blaze, name: Blaze}}]", "[]", "choose_name: unknown step"),
        ("[]", "[{last_cost: {}, expect: null}]", "unknown query 'last_cost'"),
        ("[{choose_name: {card: Blaze, name: Bolt, expect_error: illegal_choice}}]", "[]", "unknown step"),
    ],
)
def test_format_1_has_none_of_the_additions(tmp_path: Path, setup: str, checks: str, refused: str) -> None:
    (scenario,) = load_file(_file(tmp_path, "1", setup, checks)).scenarios
    assert refused in scenario.problem
    read = load_file(_file(tmp_path, "1.1", setup, checks))
    assert (read.format, read.scenarios[0].problem) == ("1.1", "")


def test_format_1_expect_error_illegal_choice_is_unknown(tmp_path: Path) -> None:
    setup = "[{create: {card: Blaze, zone: hand, as: b, expect_error: illegal_choice}}]"
    (scenario,) = load_file(_file(tmp_path, "1", setup)).scenarios
    assert "create.expect_error: 'illegal_choice'" in scenario.problem


@pytest.mark.parametrize("written", ["2", "1.4", "true", "'one'", "'1.0'", "0.9"])
def test_other_formats_refused(tmp_path: Path, written: str) -> None:
    with pytest.raises(ScenarioError, match=r"format: must be 1, 1\.1, 1\.2 or 1\.3"):
        load_file(_file(tmp_path, written, "[]"))


def test_format_1_1_quoted_is_format_1_1(tmp_path: Path) -> None:
    assert load_file(_file(tmp_path, "'1.1'", "[]")).format == "1.1"
    assert load_file(_file(tmp_path, "1", "[]")).format == "1"


def test_202_3e_x_on_the_stack_and_last_cost(tmp_path: Path, registry: VersionRegistry) -> None:
    setup = "[{create: {card: Blaze, zone: hand, as: b}}, {cast: {object: b, as: s, x: 3, cost_change: '-{1}'}}]"
    checks = "[{mana_values: s, expect: [4]}, {last_cost: {}, expect: '{2}{R}'}, {last_cost: ~, expect: '{R}{2}'}]"
    assert _run(_file(tmp_path, "1.1", setup, checks), registry) == (Status.PASS, "")


def test_last_cost_mismatch_fails(tmp_path: Path, registry: VersionRegistry) -> None:
    setup = "[{create: {card: Blaze, zone: hand, as: b}}, {cast: {object: b, x: 1}}]"
    status, detail = _run(_file(tmp_path, "1.1", setup, "[{last_cost: {}, expect: null}]"), registry)
    assert status is Status.FAIL
    assert "expected None, got '{1}{R}'" in detail


@pytest.mark.parametrize(
    ("step", "problem"),
    [
        ("{cast: {object: b, x: -1}}", "cast.x: -1"),
        ("{cast: {object: b, x: true}}", "cast.x: True"),
        ("{cast: {object: b, cost_change: '{1}'}}", "cast.cost_change: '{1}'"),
        ("{cast: {object: b, cost_change: '-'}}", "no mana symbols"),
        ("{cast: {object: b, cost_change: '-{Q}'}}", "cast.cost_change: unknown mana symbol"),
        ("{unlock: {object: b, door: left, by: effect, cost_change: '-{1}'}}", "only an unlock by special_action"),
        ("{choose_name: {card: Blaze, name: [1, 2]}}", "choose_name.name: [1, 2] (allowed: a card name"),
        ("{choose_name: {card: Blaze, name: []}}", "choose_name.name: [] (allowed: a card name"),
    ],
)
def test_bad_1_1_fields_are_file_errors(tmp_path: Path, registry: VersionRegistry, step: str, problem: str) -> None:
    path = _file(tmp_path, "1.1", f"[{{create: {{card: Blaze, zone: hand, as: b}}}}, {step}]")
    # Every value is read by the loader: a bad one is the scenario's problem, an error of its
    # runs (docs/format.md), never a failure met half-way through a run.
    assert problem in load_file(path).scenarios[0].problem
    status, detail = _run(path, registry)
    assert status is Status.ERROR, detail
    assert problem in detail


def test_choose_name_unknown_card_is_unknown_card(tmp_path: Path, registry: VersionRegistry) -> None:
    setup = "[{choose_name: {card: Nothing, name: Nothing, expect_error: unknown_card}}]"
    assert _run(_file(tmp_path, "1.1", setup), registry) == (Status.PASS, "")


def test_choose_name_fires_the_hook_and_records_the_event(tmp_path: Path, registry: VersionRegistry) -> None:
    setup = "[{choose_name: {card: Assault // Battery, name: [Assault, Battery]}}]"
    checks = "[{events: {}, expect: [{event: name_chosen, object: p1}]}]"
    assert _run(_file(tmp_path, "1.1", setup, checks, "[classic-2009]"), registry) == (Status.PASS, "")
    status, detail = _run(_file(tmp_path, "1.1", setup, checks, "[classic-2013]"), registry)
    assert status is Status.FAIL
    assert "illegal_choice" in detail


def test_parse_keeps_format_1_files_as_they_were() -> None:
    raw = {"format": 1, "scenarios": [{"id": "a", "rules": ["current"], "setup": [], "checks": []}]}
    assert parse(raw, "f").format == "1"
