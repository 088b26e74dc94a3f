"""Declared capabilities and deviations: a gap stops a run before it starts, a known deviation is
judged like a strict xfail, and a deviation met at run time is reported as declared."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from splitcards.adapters.reference import ReferenceHost
from splitcards.adapters.reference.plugin import new_game
from splitcards.errors import NotSupported, RulesConfigError
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.contract import AdapterInfo, Capability, Gap, Host, KnownDeviation
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.hooks import hookimpl
from splitcards.rules.versions import RuleVersion
from splitcards.tools.cli import main
from splitcards.tools.conformance.declarations import resolved, unmatched
from splitcards.tools.conformance.needs import needs
from splitcards.tools.conformance.runner import Status, iter_file
from splitcards.tools.conformance.scenario import load_file

FILE = """\
format: 1
cards:
  Bottomless Pool // Locker Room:
    - {name: Bottomless Pool // Locker Room, faceName: Bottomless Pool, side: a, layout: split, manaCost: '{U}',
       types: [Enchantment], subtypes: [Room], colors: [U], text: "When you unlock this door, draw a card."}
    - {name: Bottomless Pool // Locker Room, faceName: Locker Room, side: b, layout: split, manaCost: '{4}{U}',
       types: [Enchantment], subtypes: [Room], colors: [U], text: "Draw a card."}
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
      - copy_spell: {object: ice, as: copy}
    checks:
      - {names: ice, expect: [Ice]}
  - id: ice-is-wrong
    rules: [current]
    setup:
      - create: {card: Fire // Ice, zone: hand, as: fi}
      - cast: {object: fi, half: right, as: ice}
    checks:
      - {names: ice, expect: [Fire]}
"""


def _results(tmp_path: Path, info: AdapterInfo, registry: VersionRegistry) -> dict[str, tuple[Status, str, str]]:
    path = tmp_path / "declared.yaml"
    path.write_text(FILE, encoding="utf-8")
    return {
        r.scenario: (r.status, r.declared, r.detail) for r in list(iter_file(load_file(path), {"x": info}, registry))
    }


def _never(rules: RuleVersion) -> Host:
    raise AssertionError("a declared gap must stop the run before a game is made")


def test_needs_are_read_from_steps_and_cards(tmp_path: Path) -> None:
    path = tmp_path / "declared.yaml"
    path.write_text(FILE, encoding="utf-8")
    room, ice, _ = load_file(path).scenarios
    assert set(needs(room, load_file(path).cards)) == {Capability.ROOMS}
    assert needs(ice, load_file(path).cards) == {Capability.COPY_SPELL: "setup[2] copy_spell"}


def test_a_declared_gap_is_not_supported_without_running(tmp_path: Path, registry: VersionRegistry) -> None:
    info = AdapterInfo("x", "no Rooms", _never, lacks=(Gap(Capability.ROOMS, "this engine has no Rooms"),))
    found = _results(tmp_path, info, registry)
    status, declared, detail = found["room-unlocks"]
    assert (status, declared) == (Status.NOT_SUPPORTED, "x.lacks[rooms]")
    assert "this engine has no Rooms" in detail


def test_a_known_deviation_that_happens_is_not_supported(tmp_path: Path, registry: VersionRegistry) -> None:
    deviation = KnownDeviation("names-wrong", "the engine names Ice Fire", ("declared.yaml::ice-is-w*",))
    found = _results(tmp_path, AdapterInfo("x", "", new_game, deviations=(deviation,)), registry)
    assert found["ice-is-wrong"][:2] == (Status.NOT_SUPPORTED, "x.deviations[names-wrong]")
    assert found["ice-is-cast"][:2] == (Status.PASS, "")


def test_a_known_deviation_that_no_longer_happens_fails(tmp_path: Path, registry: VersionRegistry) -> None:
    deviation = KnownDeviation("copies-broken", "copies never resolve", ("*::ice-is-cast",), rules=("duskmourn-2024",))
    status, declared, detail = _results(tmp_path, AdapterInfo("x", "", new_game, deviations=(deviation,)), registry)[
        "ice-is-cast"
    ]
    assert (status, declared) == (Status.FAIL, "x.deviations[copies-broken]")
    assert "the declaration is out of date" in detail


def test_a_deviation_met_at_run_time_is_reported_as_declared(tmp_path: Path, registry: VersionRegistry) -> None:
    class NoCopies(ReferenceHost):
        def copy_spell(self, obj: str, spell: object) -> str:
            raise NotSupported("no copies here (deviation no-copies)")

    def no_copies(rules: RuleVersion) -> Host:
        return NoCopies()

    info = AdapterInfo("x", "", no_copies, deviations=(KnownDeviation("no-copies", "copies are refused", ()),))
    found = _results(tmp_path, info, registry)
    assert found["ice-is-cast"][:2] == (Status.NOT_SUPPORTED, "x.deviations[no-copies]")


def test_a_scenario_pattern_matches_the_end_of_the_files_path() -> None:
    in_folder = KnownDeviation("d", "r", ("scenarios/ledger.yaml::pay-*",))
    assert in_folder.covers("/srv/suite/scenarios/ledger.yaml", "pay-twice", "duskmourn-2024")
    assert not in_folder.covers("/srv/suite/other/ledger.yaml", "pay-twice", "duskmourn-2024")
    assert not in_folder.covers("/srv/suite/scenarios/ledger.yaml", "refund", "duskmourn-2024")
    by_name = KnownDeviation("d", "r", ("ledger.yaml::pay-*",))
    assert by_name.covers("/srv/suite/other/ledger.yaml", "pay-twice", "duskmourn-2024")
    # A pattern without a scenario part is matched on "name::scenario", as before.
    assert KnownDeviation("d", "r", ("ledger*",)).covers("/srv/ledger.yaml", "pay-twice", "duskmourn-2024")


def test_a_deviations_rule_versions_resolve_as_the_registry_resolves_them(
    tmp_path: Path, registry: VersionRegistry
) -> None:
    deviation = KnownDeviation("names-wrong", "the engine names Ice Fire", ("*::ice-is-wrong",), rules=("current",))
    info = resolved(AdapterInfo("x", "", new_game, deviations=(deviation,)), registry)
    assert info.deviations[0].rules == ("duskmourn-2024",)
    assert _results(tmp_path, info, registry)["ice-is-wrong"][:2] == (Status.NOT_SUPPORTED, "x.deviations[names-wrong]")
    typo = KnownDeviation("names-wrong", "", ("*::ice-is-wrong",), rules=("curent",))
    with pytest.raises(RulesConfigError) as refused:
        resolved(AdapterInfo("x", "", new_game, deviations=(typo,)), registry)
    assert str(refused.value).startswith(
        "host 'x' declares the deviation 'names-wrong' under rules: unknown rule version 'curent' (did you mean"
        " 'current'"
    )


def test_a_deviation_covering_no_run_of_a_file_it_names_is_out_of_date(
    tmp_path: Path, registry: VersionRegistry
) -> None:
    path = tmp_path / "declared.yaml"
    path.write_text(FILE, encoding="utf-8")
    file = load_file(path)
    deviations = (
        KnownDeviation("covers", "", ("declared.yaml::ice-is-wrong",)),
        KnownDeviation("renamed", "", ("declared.yaml::ice-is-rong",)),
        KnownDeviation("other-version", "", ("declared.yaml::ice-is-wrong",), rules=("classic-2009",)),
        KnownDeviation("other-file", "", ("ledger.yaml::*",)),
        KnownDeviation("at-run-time", "", ()),
    )
    found = unmatched(AdapterInfo("x", "", new_game, deviations=deviations), [file], registry)
    assert found == [
        "host 'x' declares the deviation 'renamed' for declared.yaml::ice-is-rong, which covers no run of"
        " declared.yaml: the declaration is out of date",
        "host 'x' declares the deviation 'other-version' for declared.yaml::ice-is-wrong under classic-2009, which"
        " covers no run of declared.yaml: the declaration is out of date",
    ]
    # A run of other files judges none of them.
    assert unmatched(AdapterInfo("x", "", new_game, deviations=deviations), [], registry) == []


class _Declaring:
    @hookimpl
    def splitcards_register_adapters(self) -> list[AdapterInfo]:
        deviations = (
            KnownDeviation("names-wrong", "the engine names Ice Fire", ("declared.yaml::ice-is-wrong",)),
            KnownDeviation("renamed", "its scenario was renamed", ("declared.yaml::ice-is-rong",)),
        )
        return [AdapterInfo("declaring", "declares one deviation too many", new_game, deviations=deviations)]


def _conformance_of_declaring(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *options: str) -> int:
    pm = make_plugin_manager([_Declaring()], load_entry_points=False)
    monkeypatch.setattr("splitcards.tools.cli.make_plugin_manager", lambda: pm)
    path = tmp_path / "declared.yaml"
    path.write_text(FILE, encoding="utf-8")
    return main(["conformance", str(path), "--host", "declaring", *options])


def test_the_conformance_command_reports_an_out_of_date_declaration_and_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _conformance_of_declaring(tmp_path, monkeypatch) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-2:] == [
        "DECLARED      host 'declaring' declares the deviation 'renamed' for declared.yaml::ice-is-rong, which covers"
        " no run of declared.yaml: the declaration is out of date",
        "2 pass, 0 fail, 1 not_supported, 0 error, 1 declarations out of date",
    ]


class _Typo:
    @hookimpl
    def splitcards_register_adapters(self) -> list[AdapterInfo]:
        deviation = KnownDeviation("names-wrong", "", ("declared.yaml::ice-is-wrong",), rules=("curent",))
        return [AdapterInfo("typo", "declares an unknown rule version", new_game, deviations=(deviation,))]


def test_config_check_names_a_deviations_unknown_rule_version(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pm = make_plugin_manager([_Typo()], load_entry_points=False)
    monkeypatch.setattr("splitcards.tools.cli.config.make_plugin_manager", lambda **_: pm)
    assert main(["config", "--check"]) == 2
    assert (
        "host 'typo' declares the deviation 'names-wrong' under rules: unknown rule version 'curent' (did you mean"
        " 'current'" in capsys.readouterr().out
    )


def test_the_jsonl_totals_list_the_out_of_date_declarations(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _conformance_of_declaring(tmp_path, monkeypatch, "--format", "jsonl") == 1
    totals = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert totals["declarations_out_of_date"] == [
        "host 'declaring' declares the deviation 'renamed' for declared.yaml::ice-is-rong, which covers no run of"
        " declared.yaml: the declaration is out of date"
    ]
