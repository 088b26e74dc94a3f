from __future__ import annotations

import os
import re
import threading
from importlib import resources
from pathlib import Path
from typing import Any

import pluggy
import pytest

from splitcards.errors import RulesConfigError
from splitcards.game.configuration import registry
from splitcards.game.configuration.registry import VersionRegistry, load_registry
from splitcards.game.configuration.settings import RULES_ENV
from splitcards.game.plugins import manager
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.hooks import hookimpl
from splitcards.rules.versions import RuleVersion

VERSIONS = ["invasion-2000", "classic-2009", "classic-2013", "amonkhet-2017", "duskmourn-2024"]


def test_every_edition_is_shipped(registry: VersionRegistry) -> None:
    assert sorted(registry.names()) == sorted(VERSIONS)
    assert registry.get("current").name == "duskmourn-2024"


def test_default_is_current_and_env_var_overrides(registry: VersionRegistry, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(RULES_ENV, raising=False)
    assert registry.get().name == "duskmourn-2024"
    monkeypatch.setenv(RULES_ENV, "classic-2009")
    assert registry.get().name == "classic-2009"
    monkeypatch.setenv(RULES_ENV, "classic-1999")
    with pytest.raises(RulesConfigError, match=rf"classic-1999.*\${RULES_ENV}"):
        registry.get()


def test_features_per_edition(v: dict[str, RuleVersion]) -> None:
    assert [v[n].fuse for n in VERSIONS] == [False, False, True, True, True]
    assert [v[n].aftermath for n in VERSIONS] == [False, False, False, True, True]
    assert [v[n].rooms for n in VERSIONS] == [False, False, False, False, True]


def test_naming_both_halves_only_until_april_2013(v: dict[str, RuleVersion]) -> None:
    assert [v[n].name_both_halves for n in VERSIONS] == [True, True, False, False, False]


def test_702_34a_flashback_casts_only_instants_and_sorceries_from_2021(v: dict[str, RuleVersion]) -> None:
    assert [v[n].flashback_instant_or_sorcery_only for n in VERSIONS] == [False, False, False, False, True]
    assert [v[n].cite("flashback") for n in VERSIONS] == [
        ("502.22a",),
        ("702.31a",),
        ("702.33a",),
        ("702.33a",),
        ("702.34a",),
    ]
    assert [v[n].cite("alternative_costs") for n in VERSIONS] == [
        ("409.1b",),
        ("601.2b", "116.9a"),
        ("601.2b", "117.9a"),
        ("601.2b", "117.9a"),
        ("601.2b", "118.9a"),
    ]


def test_house_rule_sets_what_flashback_casts(tmp_path: Path) -> None:
    path = _write(
        tmp_path, "h.yaml", "version: h\nextends: amonkhet-2017\ncasting: {flashback: instant_or_sorcery_spell}\n"
    )
    assert load_registry().get(str(path)).flashback_instant_or_sorcery_only


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
        (
            "version: h\nextends: current\ncasting: {flashback: sometimes}\n",
            "casting.flashback: 'sometimes' is not allowed (allowed: instant_or_sorcery_spell, any_card)",
        ),
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


# -- plugins' rule files ----------------------------------------------------------------------

HOUSE = "version: house\nextends: current\naliases: [table-talk]\nnaming: {choose: both_halves}\n"


class RuleFiles:
    def __init__(self, *paths: Path) -> None:
        self.paths = list(paths)

    @hookimpl
    def splitcards_rule_files(self) -> list[Path]:
        return self.paths


def _manager(*paths: Path) -> pluggy.PluginManager:
    return make_plugin_manager([RuleFiles(*paths)], load_entry_points=False)


def state(registry: VersionRegistry) -> tuple[Any, ...]:
    return (
        dict(registry.versions),
        dict(registry.aliases),
        dict(registry.raws),
        dict(registry.origins),
        registry.default_name,
    )


def test_library_registry_has_the_plugins_rule_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pm = _manager(_write(tmp_path, "house.yaml", HOUSE))
    assert load_registry(pm=pm).get("table-talk").name_both_halves
    monkeypatch.setattr(manager, "default_manager", lambda: pm)
    monkeypatch.setenv(RULES_ENV, "house")
    assert load_registry().get().name == "house"


def test_registry_is_built_once_and_follows_the_env_var(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pm = _manager(_write(tmp_path, "house.yaml", HOUSE))
    first, second = load_registry(pm=pm), load_registry(pm=pm)
    assert first is not second
    assert first.get("house") is second.get("house")
    monkeypatch.setenv(RULES_ENV, "classic-2009")
    assert first.get().name == "classic-2009"
    monkeypatch.setenv(RULES_ENV, "house")
    assert first.get().name == "house"
    monkeypatch.setenv(RULES_ENV, str(_write(tmp_path, "mine.yaml", "version: mine\nextends: house\n")))
    assert first.get().name == "mine"
    assert "mine" not in second.versions
    assert "mine" not in load_registry(pm=pm).versions


def test_plugin_registered_later_is_seen(tmp_path: Path) -> None:
    pm = make_plugin_manager(load_entry_points=False)
    assert "house" not in load_registry(pm=pm).versions
    pm.register(RuleFiles(_write(tmp_path, "house.yaml", HOUSE)))
    assert "house" in load_registry(pm=pm).versions


def test_plugin_settings_file_cannot_change_the_default(tmp_path: Path) -> None:
    settings = _write(tmp_path, "settings.yaml", "default_version: classic-2009\n")
    with pytest.raises(RulesConfigError, match=rf"{settings}: default_version: unknown key"):
        load_registry(pm=_manager(settings))
    assert load_registry(pm=make_plugin_manager(load_entry_points=False)).get().name == "duskmourn-2024"


def test_unknown_default_version_names_settings_and_key(tmp_path: Path) -> None:
    for path in resources.files("splitcards.config").iterdir():
        if path.name.endswith(".yaml"):
            (tmp_path / path.name).write_bytes(path.read_bytes())
    _write(tmp_path, "settings.yaml", "default_version: nothing\n")
    with pytest.raises(RulesConfigError, match=r"settings\.yaml: default_version: unknown rule version 'nothing'"):
        registry._load_shipped(tmp_path)


# -- no version takes another's name ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("version: h\nextends: current\naliases: [amonkhet-2017]\n", "aliases: 'amonkhet-2017' already names"),
        ("version: h\nextends: current\naliases: [current]\n", "aliases: 'current' already names version 'duskmourn"),
        ("version: current\nextends: classic-2009\n", "version: 'current' already names version 'duskmourn-2024'"),
        ("version: classic-2009\nextends: current\n", "version: 'classic-2009' is already defined"),
        ("version: h\nextends: current\naliases: [h]\n", "aliases: 'h' already names version 'h'"),
        ("version: h\nextends: current\naliases: [x, x]\n", "aliases: 'x' already names version 'h'"),
    ],
)
def test_house_rule_cannot_take_another_versions_name(tmp_path: Path, text: str, message: str) -> None:
    path = _write(tmp_path, "house.yaml", text)
    registry = load_registry()
    before = state(registry)
    with pytest.raises(RulesConfigError, match=message) as info:
        registry.add_file(path)
    assert str(path) in str(info.value)
    assert state(registry) == before
    with pytest.raises(RulesConfigError, match=message):
        load_registry(pm=_manager(path))


def test_shipped_version_cannot_be_replaced(tmp_path: Path) -> None:
    registry = load_registry()
    shipped = Path(registry.origins["classic-2009"])
    assert registry.add_file(shipped) is registry.get("classic-2009")
    copy = _write(tmp_path, "classic-2009.yaml", shipped.read_text(encoding="utf-8"))
    with pytest.raises(RulesConfigError, match="'classic-2009' is already defined"):
        registry.add_file(copy)


def test_changed_house_rule_file_replaces_its_version(tmp_path: Path) -> None:
    registry = load_registry()
    path = _write(tmp_path, "house.yaml", HOUSE)
    child = _write(tmp_path, "child.yaml", "version: child\nextends: house\n")
    house = registry.add_file(path)
    assert registry.add_file(path) is house
    assert registry.add_file(child).name_both_halves
    _write(tmp_path, "house.yaml", "version: house\nextends: current\naliases: [quiet]\n")
    assert not registry.add_file(path).name_both_halves
    assert not registry.get("child").name_both_halves
    assert registry.get("quiet").name == "house"
    with pytest.raises(RulesConfigError, match="unknown rule version 'table-talk'"):
        registry.get("table-talk")
    before = state(registry)
    _write(tmp_path, "house.yaml", "version: house\nextends: child\n")
    with pytest.raises(RulesConfigError, match="extends: cycle"):
        registry.add_file(path)
    assert state(registry) == before


def test_two_threads_adding_one_name_from_two_files(tmp_path: Path) -> None:
    paths = [_write(tmp_path, f"{i}.yaml", "version: h\nextends: current\n") for i in range(2)]
    for _ in range(20):
        registry = load_registry()
        barrier = threading.Barrier(2)
        outcomes: list[str] = []

        def add(path: Path, registry: VersionRegistry, barrier: threading.Barrier, outcomes: list[str]) -> None:
            barrier.wait()
            try:
                registry.add_file(path)
                outcomes.append("ok")
            except RulesConfigError:
                outcomes.append("refused")

        threads = [threading.Thread(target=add, args=(path, registry, barrier, outcomes)) for path in paths]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(outcomes) == ["ok", "refused"]
        assert registry.get("h").source in map(str, paths)


# -- files that are not version files -------------------------------------------------------------

BILLION_LAUGHS = "version: h\nextends: current\ndescription: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + (
    "".join(f"x{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 10))
)
MERGE_BOMB = "m0: &m0 {a: 1}\n" + "".join(
    f"m{i}: &m{i} {{<<: [*m{i - 1}, *m{i - 1}, *m{i - 1}]}}\n" for i in range(1, 40)
)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("version: h\n".encode("utf-16"), "not UTF-8 text"),
        (bytes(range(128, 256)), "not UTF-8 text"),
        (b"version: h\x00\n", "malformed YAML: unacceptable character"),
        (("[" * 100_000 + "]" * 100_000).encode(), "nested more than"),
        (("a: " + "{a: " * 100_000 + "1" + "}" * 100_000).encode(), "nested more than"),
        (BILLION_LAUGHS.encode(), "once aliases are expanded"),
        (MERGE_BOMB.encode(), "once aliases are expanded"),
        (b"a: &a [*a]\n", "refers to itself"),
        (b"version: !!timestamp soon\n", "malformed YAML"),
        (b"version: !!bool maybe\n", "malformed YAML"),
        (b"version: !!binary '***'\n", "version: must be a str, got b''"),
        (b"version: " + b"9" * 5000 + b"\n", "malformed YAML"),
        (b"? [a]\n: 1\n", "unhashable key"),
        (b"a: *nowhere\n", "undefined alias"),
        (b"version: h\n---\nversion: i\n", "single document"),
        (b"version: 1" + b":0" * 3000 + b"\n", "version: must be a str, got <int>"),
        (b"", "top level must be a mapping"),
        (b"[]", "top level must be a mapping"),
        (b"just text", "top level must be a mapping"),
        (b"version: ''\n", "version: '' is not a version name"),
        (b"version: h.yaml\n", "version: 'h.yaml' is not a version name"),
        (b"version: h\naliases: [' ']\n", "aliases: ' ' is not a version name"),
        (b"version: h\nextends: current\nedition: 2030-01-01\n", "edition: must be a str, got datetime.date"),
        (b"version: h\nextends: current\nrules: null\n", "rules: must be a mapping"),
        (b"version: h\nextends: current\naliases: current\n", "aliases: must be a list of str"),
        (b"version: h\nextends: current\nfeatures: {fuse: 1}\n", "features.fuse: must be a bool, got 1"),
        (b"version: h\nextends: current\n1: x\n", "1: unknown key"),
        (b"version: h\nextends: [current]\n", "extends: must be a str"),
    ],
)
def test_malformed_file_is_a_rules_config_error(tmp_path: Path, data: bytes, message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_bytes(data)
    registry = load_registry()
    before = state(registry)
    with pytest.raises(RulesConfigError, match=re.escape(message)) as info:
        registry.add_file(path)
    assert str(info.value).startswith(f"{path}: ")
    assert len(str(info.value)) < 1000
    assert state(registry) == before


def test_invalid_huge_value_is_not_printed_whole(tmp_path: Path) -> None:
    path = _write(tmp_path, "house.yaml", "version: h\nextends: current\ndescription: [" + "x, " * 50_000 + "]\n")
    with pytest.raises(RulesConfigError, match=r"description: must be a str, got \['x', 'x'") as info:
        load_registry().add_file(path)
    assert len(str(info.value)) < 300


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    with pytest.raises(RulesConfigError, match="not a regular file"):
        load_registry().get(str(fifo))


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/null"])
def test_device_is_refused(path: str) -> None:
    if not Path(path).exists():
        pytest.skip(f"no {path}")
    with pytest.raises(RulesConfigError, match=f"{path}: not a regular file"):
        load_registry().add_file(Path(path))


def test_directory_missing_and_huge_files_are_refused(tmp_path: Path) -> None:
    registry = load_registry()
    with pytest.raises(RulesConfigError, match="not a regular file"):
        registry.add_file(tmp_path)
    with pytest.raises(RulesConfigError, match="cannot read"):
        registry.add_file(tmp_path / "missing.yaml")
    huge = tmp_path / "huge.yaml"
    with huge.open("wb") as file:
        file.truncate(10**10)  # sparse: no disk used
    with pytest.raises(RulesConfigError, match="larger than"):
        registry.add_file(huge)


def test_get_refuses_a_name_that_is_not_a_string(registry: VersionRegistry) -> None:
    with pytest.raises(RulesConfigError, match="must be a version name"):
        registry.get(5)  # type: ignore[arg-type]


def test_every_citation_key_a_version_file_must_give_is_cited_by_the_rules() -> None:
    # A key no rule cites is a rule number every version file must keep true for nothing.
    import splitcards
    from splitcards.rules.versionfile import ALL_CITATIONS

    roots = [Path(p) for p in splitcards.__path__] + [Path(__file__).parents[1] / "adapters"]
    code = "".join(
        path.read_text(encoding="utf-8")
        for root in roots
        for path in root.rglob("*.py")
        if path.name != "versions.py" or path.parent.name != "rules"
    )
    assert sorted(key for key in ALL_CITATIONS if f'"{key}"' not in code) == []


def test_a_decision_without_text_is_said_so_and_cites_nothing(tmp_path: Path) -> None:
    unwritten = "version: h\nextends: current\nunwritten: {flash: 'this edition says nothing of flash'}\n"
    house = load_registry().get(str(_write(tmp_path, "h.yaml", unwritten)))
    assert house.no_text("flash") == "this edition says nothing of flash"
    assert house.cite("flash", "timing") == ("117.1a", "304.1", "307.1")
    assert load_registry().get("current").no_text("flash") is None
    # A nearer file citing it writes it again.
    cited = _write(tmp_path, "h2.yaml", "version: h2\nextends: h\nrules: {flash: ['702.8a']}\n")
    again = load_registry([tmp_path / "h.yaml", cited]).get("h2")
    assert (again.cite("flash"), again.no_text("flash")) == (("702.8a",), None)


def test_a_decision_both_cited_and_unwritten_is_refused(tmp_path: Path) -> None:
    text = "version: h\nextends: current\nrules: {flash: ['702.8a']}\nunwritten: {flash: none}\n"
    with pytest.raises(RulesConfigError, match=r"h\.yaml: unwritten\.flash: also cited in rules"):
        load_registry().get(str(_write(tmp_path, "h.yaml", text)))
