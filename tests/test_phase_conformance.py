"""The public conformance scenarios and the bundled suite, on real phase games.

Every run must pass, except the runs named in :data:`NOT_SUPPORTED`, which must answer
``not_supported`` for the reason given there (docs/phase.md lists them): a run that stops passing
fails, and so does a listed run that starts to pass or answers ``not_supported`` for another reason.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

pytest.importorskip("phase", reason="phase-python is not installed (pip install 'splitcards[phase]')")

from splitcards.game.configuration.registry import load_registry
from splitcards.game.contract import AdapterInfo
from splitcards.game.plugins.hosts import adapters
from splitcards.game.plugins.manager import default_manager
from splitcards.tools.conformance.runner import Result, Status, iter_file
from splitcards.tools.conformance.scenario import load_file

SHARED = Path(__file__).resolve().parents[2] / "shared/conformance/scenarios"
BUNDLED = sorted(
    Path(str(p)) for p in resources.files("splitcards.tools.conformance.bundled").iterdir() if p.name.endswith(".yaml")
)

# (file, scenario) -> the host's declaration that makes the run not_supported, under every rule version.
NOT_SUPPORTED: dict[tuple[str, str], str] = {
    # phase never offers these splices (deviation splice-onto-misread), as the adapter declares.
    ("splice_targets.yaml", "horobis-whisper-needs-a-nonblack-creature"): "phase.lacks[splice_other_cost]",
    ("splice_targets.yaml", "everdream-splices-onto-any-instant"): "phase.lacks[splice_onto_card_type]",
    # phase can't grant flash.
    ("permissions.yaml", "flash-granted-to-a-sorcery-half"): "phase.lacks[flash]",
    ("permissions.yaml", "flash-still-needs-priority"): "phase.lacks[flash]",
    # phase can't put a given card face down or turn it face up, nor make a permanent a copy.
    ("face_down_and_copies.yaml", "forge-6921-manifested-room-is-face-down-2-2"): "phase.lacks[face_down]",
    ("face_down_and_copies.yaml", "forge-7742-manifest-dread-and-cloak-hide-the-room"): "phase.lacks[face_down]",
    ("face_down_and_copies.yaml", "forge-8733-room-turned-face-up-has-no-door-unlocked"): "phase.lacks[face_down]",
    ("face_down_and_copies.yaml", "manifested-room-not-turned-face-up-by-the-special-action"): "phase.lacks[face_down]",
    ("face_down_and_copies.yaml", "manifested-split-card-is-face-down-under-every-manifest"): "phase.lacks[face_down]",
    ("face_down_and_copies.yaml", "split-instant-manifested-is-not-turned-face-up"): "phase.lacks[face_down]",
    ("face_down_and_copies.yaml", "no-manifest-before-fate-reforged"): "phase.lacks[face_down]",
    ("face_down_and_copies.yaml", "no-cloak-or-manifest-dread-before-2024"): "phase.lacks[face_down]",
    ("face_down_and_copies.yaml", "face-down-card-leaving-is-face-up-in-the-graveyard"): "phase.lacks[face_down]",
    ("face_down_and_copies.yaml", "only-a-card-outside-the-battlefield-is-manifested"): "phase.lacks[face_down]",
    ("face_down_and_copies.yaml", "only-a-card-is-cloaked-or-manifested-by-dread"): "phase.lacks[face_down]",
    ("face_down_and_copies.yaml", "a-face-up-permanent-is-not-turned-face-up"): "phase.lacks[face_down]",
    ("face_down_and_copies.yaml", "face-down-room-becoming-a-copy-stays-face-down"): "phase.lacks[face_down]",
    ("face_down_and_copies.yaml", "a-permanent-becomes-a-copy-under-every-version"): "phase.lacks[become_copy]",
    ("face_down_and_copies.yaml", "only-a-permanent-becomes-a-copy-of-a-permanent"): "phase.lacks[become_copy]",
    ("face_down_and_copies.yaml", "room-becoming-a-copy-keeps-its-unlocked-door"): "phase.lacks[become_copy]",
    ("face_down_and_copies.yaml", "room-becoming-a-copy-versus-entering-as-one"): "phase.lacks[become_copy]",
    ("face_down_and_copies.yaml", "a-permanent-that-left-is-known-as-it-last-was"): "phase.lacks[become_copy]",
    # phase casts a card only as its owner, keeps no turn number, and keeps no library in order.
    ("casters_and_permissions.yaml", "plot-then-cast-on-a-later-turn"): "phase.lacks[turn_numbers]",
    ("casters_and_permissions.yaml", "xmage-12901-a-split-card-plotted-by-an-effect"): "phase.lacks[turn_numbers]",
    ("casters_and_permissions.yaml", "xmage-3867-no-fuse-from-an-opponents-hand"): "phase.deviations[caster-is-owner]",
    (
        "casters_and_permissions.yaml",
        "xmage-5618-aftermath-half-from-an-opponents-graveyard",
    ): "phase.deviations[caster-is-owner]",
    (
        "casters_and_permissions.yaml",
        "xmage-5618-colorless-mana-pays-generic-only",
    ): "phase.deviations[caster-is-owner]",
    (
        "casters_and_permissions.yaml",
        "xmage-5618-opponents-graveyard-mana-of-any-type",
    ): "phase.deviations[caster-is-owner]",
    ("storm_and_cascade.yaml", "cascade-is-not-in-the-2008-rules"): "phase.lacks[library_order]",
    ("storm_and_cascade.yaml", "cascade-with-no-hit-puts-every-card-on-the-bottom"): "phase.lacks[library_order]",
    ("storm_and_cascade.yaml", "discover-five-casts-battery"): "phase.lacks[library_order]",
    ("storm_and_cascade.yaml", "discover-four-puts-the-card-into-the-hand"): "phase.lacks[library_order]",
    ("storm_and_cascade.yaml", "discover-is-not-in-older-rules"): "phase.lacks[library_order]",
    (
        "storm_and_cascade.yaml",
        "maelstrom-wanderer-hits-research-development-either-half",
    ): "phase.lacks[library_order]",
    (
        "storm_and_cascade.yaml",
        "violent-outburst-hits-boom-and-may-cast-bust-before-amonkhet",
    ): "phase.lacks[library_order]",
    ("storm_and_cascade.yaml", "violent-outburst-misses-boom-bust-since-amonkhet"): "phase.lacks[library_order]",
    # A face-down spell resolves into a face-down permanent, which phase can't be given (708.4).
    ("morph.yaml", "forge-6921-room-cast-with-morph-is-a-face-down-2-2-spell"): "phase.lacks[face_down]",
    ("morph.yaml", "forge-7742-room-cast-face-down-resolves-into-a-face-down-permanent"): "phase.lacks[face_down]",
    ("morph.yaml", "forge-8733-morph-room-turned-face-up-has-no-door-unlocked"): "phase.lacks[face_down]",
    ("morph.yaml", "disguised-room-turned-face-up-for-its-disguise-cost"): "phase.lacks[face_down]",
    ("morph.yaml", "split-card-cast-with-morph-under-every-edition"): "phase.lacks[face_down]",
    ("morph.yaml", "morph-split-instant-turned-face-up-by-the-special-action"): "phase.lacks[face_down]",
}

# A bundled-suite-style file for what the adapter does beyond the bundled suite.
COPIES = """\
format: 1
cards:
  Fire // Ice:
    - {name: Fire // Ice, faceName: Fire, side: a, layout: split, manaCost: "{1}{R}", type: Instant,
       types: [Instant], colors: [R], text: Fire deals 2 damage divided as you choose among one or two targets.}
    - {name: Fire // Ice, faceName: Ice, side: b, layout: split, manaCost: "{1}{U}", type: Instant,
       types: [Instant], colors: [U], text: "Tap target permanent.\\nDraw a card."}
scenarios:
  - id: copy-of-spell-resolves-and-ceases-to-exist
    rules: [classic-2009, duskmourn-2024]
    source: 'CR 707.10a (a copy of a spell in a zone other than the stack ceases to exist), 608.2n'
    setup:
      - create: {card: Fire // Ice, zone: hand, as: fi}
      - cast: {object: fi, half: right, as: ice}
      - copy_spell: {object: ice, as: ice_copy}
      - resolve: {object: ice_copy}
    checks:
      - {zone: fi, expect: stack}
      - {names: fi, expect: [Ice]}
      - events: {since: ice_copy}
        expect: []
  - id: spell-resolves-after-its-copy
    rules: [duskmourn-2024]
    source: 'CR 707.10a, 608.2n (the card of an instant goes to its owner''s graveyard)'
    setup:
      - create: {card: Fire // Ice, zone: hand, as: fi}
      - cast: {object: fi, half: left, as: fire}
      - copy_spell: {object: fire, as: fire_copy}
      - resolve: {}
      - resolve: {}
    checks:
      - {zone: fi, expect: graveyard}
      - {names: fi, expect: [Fire, Ice]}
"""


def _run(path: Path) -> list[Result]:
    return list(iter_file(load_file(path), {"phase": _phase()}, load_registry()))


def _phase() -> AdapterInfo:
    return adapters(default_manager())["phase"]


def _unexpected(path: Path, results: list[Result]) -> list[str]:
    """The runs whose result is not the one this test expects."""
    out = []
    for r in results:
        reason = NOT_SUPPORTED.get((path.name, r.scenario))
        if reason is None and r.status is not Status.PASS:
            out.append(f"{r.scenario} [{r.version}]: {r.status}: {r.detail}")
        elif reason is not None and (r.status, r.declared) != (Status.NOT_SUPPORTED, reason):
            out.append(f"{r.scenario} [{r.version}]: expected not_supported ({reason}), got {r.status}: {r.detail}")
    return out


def _check(path: Path) -> None:
    results = _run(path)
    listed = {scenario for file, scenario in NOT_SUPPORTED if file == path.name}
    assert listed <= {r.scenario for r in results}, "a scenario listed in NOT_SUPPORTED is not in the file"
    assert _unexpected(path, results) == []
    passed = sum(r.status is Status.PASS for r in results)
    assert passed == len(results) - sum(r.scenario in listed for r in results) > 0


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared conformance folder is absent")
@pytest.mark.parametrize("name", sorted(p.name for p in SHARED.glob("*.yaml")) if SHARED.is_dir() else [])
def test_public_scenarios_pass_on_phase(name: str) -> None:
    _check(SHARED / name)


@pytest.mark.parametrize("path", BUNDLED, ids=[p.name for p in BUNDLED])
def test_bundled_scenarios_pass_on_phase(path: Path) -> None:
    _check(path)


def test_not_supported_runs_are_named_in_bundled_files() -> None:
    files = {p.name: load_file(p) for p in BUNDLED}
    for file, scenario in NOT_SUPPORTED:
        assert scenario in {s.id for s in files[file].scenarios}


def test_copies_of_spells_resolve_on_phase(tmp_path: Path) -> None:
    path = tmp_path / "copy_resolution.yaml"
    path.write_text(COPIES, encoding="utf-8")
    results = _run(path)
    assert [(r.scenario, r.version, r.status) for r in results] == [
        ("copy-of-spell-resolves-and-ceases-to-exist", "classic-2009", Status.PASS),
        ("copy-of-spell-resolves-and-ceases-to-exist", "duskmourn-2024", Status.PASS),
        ("spell-resolves-after-its-copy", "duskmourn-2024", Status.PASS),
    ]
