"""The conformance runner: the bundled suite on every selected host, and the runner's own honesty."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from splitcards.adapters.reference import ReferenceHost
from splitcards.adapters.reference.plugin import new_game
from splitcards.errors import IllegalZone, ScenarioError
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.contract import AdapterInfo
from splitcards.rules.model import ObjectId, SpellFacts
from splitcards.tools.cli import main
from splitcards.tools.conformance.runner import Status, iter_file, summary
from splitcards.tools.conformance.scenario import load_file

REFERENCE = AdapterInfo("reference", "the reference host", new_game)

BUNDLED = sorted(
    Path(str(p)) for p in resources.files("splitcards.tools.conformance.bundled").iterdir() if p.name.endswith(".yaml")
)
SHARED = Path(__file__).resolve().parents[2] / "shared" / "conformance" / "scenarios"

FILE = """
format: 1
cards:
  Assault // Battery:
    - {name: Assault // Battery, faceName: Assault, side: a, layout: split, manaCost: "{R}",
       types: [Sorcery], colors: [R]}
    - {name: Assault // Battery, faceName: Battery, side: b, layout: split, manaCost: "{3}{G}",
       types: [Sorcery], colors: [G]}
scenarios:
  - id: mv
    rules: [classic-2009, current]
    setup:
      - create: {card: Assault // Battery, zone: hand, as: ab}
    checks:
      - {mana_values: ab, expect: EXPECTED}
"""


def test_bundled_suite_passes_on_the_reference_host(registry: VersionRegistry) -> None:
    # The real engines run the same files one by one, with their declared gaps, in
    # test_phase_conformance.py and test_mtg_conformance.py: each suite runs once per host.
    assert BUNDLED, "the package bundles its own scenario files"
    results = [r for path in BUNDLED for r in iter_file(load_file(path), {"reference": REFERENCE}, registry)]
    failures = [f"{r.scenario} [{r.version}]: {r.detail}" for r in results if r.status is Status.FAIL]
    assert failures == []
    assert summary(results)[Status.PASS] > 0


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_wrong_expected_answer_fails(
    tmp_path: Path, registry: VersionRegistry, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, FILE.replace("EXPECTED", "[5]"))
    results = list(iter_file(load_file(path), {"reference": REFERENCE}, registry))
    assert [(r.version, r.status) for r in results] == [("classic-2009", Status.FAIL), ("duskmourn-2024", Status.PASS)]
    assert "expected [5], got [1, 4]" in results[0].detail
    assert results[0].rules == ("708.2", "708.5")
    assert main(["conformance", str(path)]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "1 pass, 1 fail, 0 not_supported, 0 error"


def test_rules_option_runs_one_version(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, FILE.replace("EXPECTED", "[1, 4]"))
    assert main(["conformance", str(path), "--rules", "classic-2009", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["pass"], report["fail"], report["not_supported"], report["error"]) == (1, 0, 0, 0)
    assert report["results"][0]["rules"] == "classic-2009"


def test_expected_error_that_does_not_happen_fails(tmp_path: Path, registry: VersionRegistry) -> None:
    text = FILE.replace("as: ab}", "as: ab}\n      - move: {object: ab, zone: exile, expect_error: illegal_zone}")
    text = text.replace("EXPECTED", "[1, 4]")
    results = list(iter_file(load_file(_write(tmp_path, text)), {"reference": REFERENCE}, registry, ["classic-2009"]))
    assert results[0].status is Status.FAIL
    assert "expected illegal_zone, but the step succeeded" in results[0].detail


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("format: 2\nscenarios: []\n", "format: must be 1"),
        ("format: 1\nscenarios: [{id: a, rules: [current]}, {id: a, rules: [current]}]\n", "a: id: used twice"),
        ("format: 1\ncards: {X: [{name: X}]}\nscenarios: []\n", "cards: card 'X': field 'types'"),
        ("format: 1\nscenarios: [\n", "malformed YAML"),
        ("format: 1\nscenarios: {a: 1}\n", "scenarios: must be a list"),
        ("format: 1\ncolour: red\nscenarios: []\n", "colour: unknown key"),
    ],
)
def test_malformed_file_is_named_not_a_traceback(tmp_path: Path, text: str, message: str) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(ScenarioError) as info:
        load_file(path)
    assert str(path) in str(info.value)
    assert message in str(info.value)


@pytest.mark.parametrize(
    ("scenario", "problem"),
    [
        ("{id: a, rules: [current], setup: [{fly: {}}]}", "a: setup[0]: fly: unknown step"),
        ("{id: a, rules: [current], colour: red}", "a: colour: unknown key"),
        ("{id: a, rules: [current], checks: [{names: x}]}", "a: checks[0]: names: expect: missing"),
        (
            "{id: a, rules: [current], checks: [{nmes: x, expect: []}]}",
            "a: checks[0]: unknown query 'nmes' (did you mean 'names'",
        ),
        ("{id: a, rules: [current], setup: [{move: {object: x}}]}", "a: setup[0]: move.zone: missing"),
        ("{id: a, rules: current}", "a: rules: must be a non-empty list"),
        ("{rules: [current]}", "scenarios[0]: id: missing"),
        ("[a]", "scenarios[0]: must be a mapping"),
    ],
)
def test_malformed_scenario_is_kept_with_its_problem(tmp_path: Path, scenario: str, problem: str) -> None:
    path = _write(tmp_path, f"format: 1\nscenarios: [{scenario}, {{id: b, rules: [current]}}]\n")
    bad, good = load_file(path).scenarios
    assert bad.problem.startswith(f"{path}: ")
    assert problem in bad.problem
    assert (bad.setup, bad.checks) == ((), ())
    assert (good.id, good.problem) == ("b", "")


BAD_AMONG_GOOD = (
    FILE.replace("EXPECTED", "[1, 4]").replace("classic-2009, current", "classic-2009")
    + """\
  - id: misspelled
    rules: [classic-2009, current]
    setup:
      - create: {card: Assault // Battery, zone: hand, as: ab}
    checks:
      - {mana_valeus: ab, expect: [1, 4]}
  - id: after
    rules: [classic-2009]
    setup:
      - create: {card: Assault // Battery, zone: hand, as: ab}
    checks:
      - {names: ab, expect: [Assault, Battery]}
"""
)


def test_one_bad_scenario_is_an_error_and_the_others_run(tmp_path: Path, registry: VersionRegistry) -> None:
    path = _write(tmp_path, BAD_AMONG_GOOD)
    results = list(iter_file(load_file(path), {"reference": REFERENCE}, registry))
    assert [(r.scenario, r.version, r.status) for r in results] == [
        ("mv", "classic-2009", Status.PASS),
        ("misspelled", "classic-2009", Status.ERROR),
        ("misspelled", "duskmourn-2024", Status.ERROR),
        ("after", "classic-2009", Status.PASS),
    ]
    assert results[1].detail.startswith(
        f"{path}: misspelled: checks[0]: unknown query 'mana_valeus' (did you mean 'mana_values'"
    )


def test_one_bad_scenario_in_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, BAD_AMONG_GOOD)
    assert main(["conformance", str(path), "--rules", "current"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[2].startswith(f"ERROR         s.yaml::misspelled [duskmourn-2024] host=reference: {path}: misspelled:")
    assert lines[3:] == ["0 pass, 0 fail, 0 not_supported, 1 error"]


def test_scenario_without_readable_rules_is_reported_under_any_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, "format: 1\nscenarios: [{id: a, rules: current}, {id: b, rules: [current]}]\n")
    assert main(["conformance", str(path), "--rules", "classic-2009", "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert [(r["scenario"], r["rules"], r["status"]) for r in report["results"]] == [("a", "-", "error")]
    assert report["results"][0]["detail"] == f"{path}: a: rules: must be a non-empty list of rule-version names"


def test_unknown_version_and_alias_reported_per_scenario(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, FILE.replace("current]", "mirage-1996]").replace("EXPECTED", "[1, 4]"))
    assert main(["conformance", str(path)]) == 1
    out = capsys.readouterr().out
    assert "s.yaml::mv [-] host=reference: rules: unknown rule version 'mirage-1996'" in out
    assert "Traceback" not in out


def test_unknown_object_in_step_is_the_scenarios_problem_naming_the_key(
    tmp_path: Path, registry: VersionRegistry
) -> None:
    text = FILE.replace("    checks:", "      - move: {object: nobody, zone: exile}\n    checks:").replace(
        "EXPECTED", "[1, 4]"
    )
    path = _write(tmp_path, text)
    (result,) = iter_file(load_file(path), {"reference": REFERENCE}, registry, ["current"])
    assert (result.status, result.detail) == (
        Status.ERROR,
        f"{path}: mv: setup[1]: move.object: unknown object 'nobody' (known: ab)",
    )


def test_an_alias_a_refused_step_would_give_names_nothing(tmp_path: Path, registry: VersionRegistry) -> None:
    # A step that expects an error gives no object, so its alias is no alias when a later step runs.
    text = FILE.replace("as: ab}", "as: ab}\n      - copy_card: {object: ab, as: copy, expect_error: illegal_zone}")
    text = text.replace("{mana_values: ab, expect: EXPECTED}", "{zone: copy, expect: hand}")
    path = _write(tmp_path, text)
    (scenario,) = load_file(path).scenarios
    assert scenario.problem == f"{path}: mv: checks[0]: zone: unknown object 'copy' (known: ab)"


def test_shared_scenarios_pass_on_reference_host(registry: VersionRegistry) -> None:
    if not SHARED.is_dir():
        pytest.skip("the shared example scenarios are not beside this checkout")
    results = [
        r
        for path in sorted(SHARED.glob("*.yaml"))
        for r in iter_file(load_file(path), {"reference": REFERENCE}, registry)
    ]
    assert [r.detail for r in results if r.status is not Status.PASS] == []


class CrashingEngine(ReferenceHost):
    """An engine that raises its own exception while casting."""

    def cast(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        raise ValueError("Action not allowed: No legal targets available")


def test_engine_exception_is_a_host_error_naming_the_method_and_the_run_goes_on(
    tmp_path: Path, registry: VersionRegistry
) -> None:
    text = FILE.replace("    checks:", "      - cast: {object: ab, half: left}\n    checks:").replace(
        "EXPECTED", "[1, 4]"
    )
    results = list(
        iter_file(
            load_file(_write(tmp_path, text)),
            {"crashing": AdapterInfo("crashing", "", lambda _: CrashingEngine())},
            registry,
        )
    )
    assert [r.status for r in results] == [Status.FAIL, Status.FAIL]
    assert results[0].detail == (
        "HostError: host 'reference' raised ValueError in Host.cast: Action not allowed: No legal targets available"
    )


class ChangesThenRefuses(ReferenceHost):
    """A host that makes a copy and then refuses: a refused step must leave the game as it was."""

    def copy_card(self, obj: ObjectId) -> ObjectId:
        super().copy_card(obj)
        raise IllegalZone("refused after the copy was made", (), "")


def test_expected_error_must_leave_the_whole_game_unchanged(tmp_path: Path, registry: VersionRegistry) -> None:
    text = FILE.replace(
        "    checks:", "      - copy_card: {object: ab, expect_error: illegal_zone}\n    checks:"
    ).replace("EXPECTED", "[1, 4]")
    results = list(
        iter_file(
            load_file(_write(tmp_path, text)),
            {"changing": AdapterInfo("changing", "", lambda _: ChangesThenRefuses())},
            registry,
            ["classic-2009"],
        )
    )
    assert results[0].status is Status.FAIL
    assert "refused, but the game changed" in results[0].detail
