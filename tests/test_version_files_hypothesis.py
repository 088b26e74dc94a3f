"""Malformed rule-version files, generated: the only errors are splitcards' own, and a refused
file leaves the registry as it was."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from splitcards.errors import SplitcardsError
from splitcards.game.configuration.registry import VersionRegistry, load_registry
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.rules.versionfile import ALL_CITATIONS
from splitcards.rules.versions import RuleVersion

PM = make_plugin_manager(load_entry_points=False)
KEYS = ["version", "extends", "aliases", "edition", "description", "features", "characteristics", "naming", "rules"]
SUBKEYS = ["fuse", "aftermath", "rooms", "off_stack", "fused_spell", "multicolored", "choose", *sorted(ALL_CITATIONS)]
FAST = settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from(["current", "house", "classic-2009", "combined", "both_halves", "709.4", "", "x.yaml"])
    | st.dates()
    | st.binary(max_size=8)
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(KEYS + SUBKEYS) | st.text(), inner),
    max_leaves=12,
)
mappings = st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=8), values, max_size=6)
documents = st.one_of(mappings, mappings, mappings, values)
yaml_text = st.text(alphabet="{}[],:-?&*!|>'\"#%@ \n\tab01.~<=", max_size=120)


def complete(version: RuleVersion) -> dict[str, Any]:
    """A version file that extends nothing, as written from a loaded version."""
    return {
        "version": "house",
        "edition": version.edition,
        "description": version.description,
        "features": {"fuse": version.fuse, "aftermath": version.aftermath, "rooms": version.rooms},
        "characteristics": {
            "off_stack": "combined" if version.off_stack_combined else "separate",
            "fused_spell": "combined" if version.fused_spell_combined else "separate",
            "multicolored": "every_split_card" if version.every_split_card_multicolored else "different_colors",
        },
        "naming": {"choose": "both_halves" if version.name_both_halves else "one_half"},
        "rules": {key: list(numbers) for key, numbers in version.citations.items()},
    }


BASES = [
    {"version": "house", "extends": "current", "aliases": ["ours"], "naming": {"choose": "both_halves"}},
    complete(load_registry(pm=PM).get("current")),
    complete(load_registry(pm=PM).get("invasion-2000")),
]


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    """A valid version file with keys deleted, replaced by other values, or added."""
    doc: dict[str, Any] = yaml.safe_load(yaml.safe_dump(draw(st.sampled_from(BASES))))
    for _ in range(draw(st.integers(1, 3))):
        section: dict[Any, Any] = doc
        nested = [k for k, v in doc.items() if isinstance(v, dict)]
        go_deeper = draw(st.booleans())
        if nested and go_deeper:
            section = doc[draw(st.sampled_from(nested))]
        action = draw(st.sampled_from(["delete", "replace", "add"]))
        if action == "add" or not section:
            section[draw(st.sampled_from(KEYS + SUBKEYS) | st.text(max_size=8))] = draw(values)
        elif action == "delete":
            del section[draw(st.sampled_from(sorted(section, key=str)))]
        else:
            section[draw(st.sampled_from(sorted(section, key=str)))] = draw(values)
    return doc


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("versions")


def state(registry: VersionRegistry) -> tuple[Any, ...]:
    return dict(registry.versions), dict(registry.aliases), dict(registry.raws), dict(registry.origins)


def add(folder: Path, data: bytes) -> None:
    """Add the file to a fresh registry: success, or a splitcards error and nothing changed."""
    path = folder / "house.yaml"
    path.write_bytes(data)
    registry = load_registry(pm=PM)
    before = state(registry)
    try:
        version = registry.add_file(path)
    except SplitcardsError as exc:
        assert str(exc).startswith(str(path))
        assert len(str(exc)) < 2000
        assert state(registry) == before
    else:
        assert registry.get(version.name) is version


@FAST
@given(documents)
def test_random_documents(folder: Path, doc: Any) -> None:
    add(folder, yaml.safe_dump(doc, allow_unicode=True).encode())


@FAST
@given(mutated())
def test_mutated_version_files(folder: Path, doc: dict[str, Any]) -> None:
    add(folder, yaml.safe_dump(doc, allow_unicode=True).encode())


@FAST
@given(yaml_text)
def test_random_yaml_text(folder: Path, text: str) -> None:
    add(folder, text.encode())


@FAST
@given(st.sampled_from(BASES), st.binary(min_size=1, max_size=16), st.integers(0, 4000), st.booleans())
def test_random_bytes_in_a_version_file(folder: Path, base: dict[str, Any], noise: bytes, at: int, cut: bool) -> None:
    data = yaml.safe_dump(base).encode()
    at %= len(data)
    add(folder, data[:at] if cut else data[:at] + noise + data[at:])
