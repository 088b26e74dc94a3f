"""Declared capabilities and deviations: a gap stops a run before it starts, a known deviation is
judged like a strict xfail, and a deviation met at run time is reported as declared."""

from __future__ import annotations

from pathlib import Path

from splitcards.adapters.reference import ReferenceHost
from splitcards.adapters.reference.plugin import new_game
from splitcards.errors import NotSupported
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.contract import AdapterInfo, Capability, Gap, Host, KnownDeviation
from splitcards.rules.versions import RuleVersion
from splitcards.tools.conformance.needs import needs
from splitcards.tools.conformance.runner import Status, run_file
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
    return {r.scenario: (r.status, r.declared, r.detail) for r in run_file(load_file(path), {"x": info}, registry)}


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
