from __future__ import annotations

from pathlib import Path

import pytest

from splitcards.errors import RulesConfigError
from splitcards.versions import ENV_VAR, RuleVersion, VersionRegistry, load_registry

VERSIONS = ["invasion-2000", "classic-2009", "classic-2013", "amonkhet-2017", "duskmourn-2024"]


def test_every_edition_is_shipped(registry: VersionRegistry) -> None:
    assert sorted(registry.names()) == sorted(VERSIONS)
    assert registry.get("current").name == "duskmourn-2024"


def test_default_is_current_and_env_var_overrides(registry: VersionRegistry, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert registry.get().name == "duskmourn-2024"
    monkeypatch.setenv(ENV_VAR, "classic-2009")
    assert registry.get().name == "classic-2009"
    monkeypatch.setenv(ENV_VAR, "classic-1999")
    with pytest.raises(RulesConfigError, match=rf"classic-1999.*\${ENV_VAR}"):
        registry.get()


def test_features_per_edition(v: dict[str, RuleVersion]) -> None:
    assert [v[n].fuse for n in VERSIONS] == [False, False, True, True, True]
    assert [v[n].aftermath for n in VERSIONS] == [False, False, False, True, True]
    assert [v[n].rooms for n in VERSIONS] == [False, False, False, False, True]


def test_naming_both_halves_only_until_april_2013(v: dict[str, RuleVersion]) -> None:
    assert [v[n].name_both_halves for n in VERSIONS] == [True, True, False, False, False]


def test_citations_follow_each_editions_numbering(v: dict[str, RuleVersion]) -> None:
    assert v["invasion-2000"].cite("name_choice") == ("505.7",)
    assert v["classic-2009"].cite("name_choice") == ("708.7",)
    assert v["amonkhet-2017"].cite("aftermath") == ("702.126a",)
    assert v["duskmourn-2024"].cite("aftermath") == ("702.127a",)
    assert v["duskmourn-2024"].cite("unlock_action") == ("709.5e", "116.2m")


def test_unknown_version_lists_the_allowed_names(registry: VersionRegistry) -> None:
    with pytest.raises(RulesConfigError, match="allowed: amonkhet-2017, classic-2009"):
        registry.get("mirage-1996")


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_house_rule_extends_a_shipped_version(tmp_path: Path) -> None:
    path = _write(tmp_path, "house.yaml", "version: house\nextends: current\nnaming: {choose: both_halves}\n")
    registry = load_registry()
    house = registry.get(str(path))
    assert house.name == "house"
    assert house.name_both_halves and house.rooms
    assert registry.get("house") is house


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("version: h\nextends: current\nnaming: [both\n", "malformed YAML"),
        ("- just a list\n", "top level must be a mapping"),
        ("version: h\nextends: current\nspeed: fast\n", "speed: unknown key"),
        ("version: h\nextends: current\nfeatures: {fuse: yes please}\n", "features.fuse: must be a bool"),
        ("version: h\nextends: current\nfeatures: {flying: true}\n", "features.flying: unknown key"),
        ("version: h\nextends: current\nnaming: {choose: all}\n", "naming.choose: 'all' is not allowed"),
        ("version: h\nextends: mirage-1996\n", "extends: unknown version 'mirage-1996'"),
        ("version: h\nextends: h\n", "extends: cycle h -> h"),
        ("version: h\nextends: current\nrules: {fuse: 702.102a}\n", "rules.fuse: must be a list of str"),
        ("version: h\nextends: current\nrules: {teleport: [1.1]}\n", "rules.teleport: unknown key"),
        ("extends: current\n", "version: missing"),
    ],
)
def test_bad_version_file_names_file_and_key(tmp_path: Path, text: str, message: str) -> None:
    path = _write(tmp_path, "house.yaml", text)
    with pytest.raises(RulesConfigError) as info:
        load_registry().get(str(path))
    assert str(path) in str(info.value)
    assert message in str(info.value)


def test_version_without_parent_must_be_complete(tmp_path: Path) -> None:
    path = _write(tmp_path, "bare.yaml", "version: bare\nedition: '2030-01-01'\ndescription: x\n")
    with pytest.raises(RulesConfigError, match="features: missing"):
        load_registry().get(str(path))


def test_enabling_rooms_requires_their_citations(tmp_path: Path) -> None:
    path = _write(tmp_path, "h.yaml", "version: h\nextends: classic-2013\nfeatures: {rooms: true}\n")
    with pytest.raises(RulesConfigError, match="missing citations for fully_unlocked"):
        load_registry().get(str(path))


def test_cycle_between_two_files(tmp_path: Path) -> None:
    a = _write(tmp_path, "a.yaml", "version: a\nextends: b\n")
    b = _write(tmp_path, "b.yaml", "version: b\nextends: a\n")
    with pytest.raises(RulesConfigError, match="cycle"):
        load_registry([a, b])


def test_same_version_name_twice_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "dup.yaml", "version: classic-2009\nextends: current\n")
    with pytest.raises(RulesConfigError, match="already defined"):
        load_registry([path])
