"""The JSON Schemas shipped in ``splitcards.schemas`` accept every file the loaders accept, refuse
wrong ones, and say what the loaders' own tables say (step, query and key names, choices)."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from splitcards import schemas, versions
from splitcards.card import Side
from splitcards.conformance import scenario
from splitcards.errors import RulesConfigError, ScenarioError
from splitcards.model import CastOption, Phase, Player, UnlockBy, Zone
from splitcards.versions import load_registry

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted(
    Path(str(p)) for p in resources.files("splitcards.conformance.bundled").iterdir() if p.name.endswith(".yaml")
)
EXAMPLES = sorted((ROOT.parent / "shared" / "conformance" / "scenarios").glob("*.yaml"))
VERSION_FILES = sorted(p for p in (ROOT / "config").glob("*.yaml") if p.name != versions.SETTINGS_FILE)


def _validator(name: str) -> jsonschema.Draft202012Validator:
    schema = schemas.load(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _errors(name: str, document: Any) -> list[str]:
    return [error.message for error in _validator(name).iter_errors(document)]


def _yaml(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def test_text_is_the_schema_as_json() -> None:
    assert schemas.NAMES == ("scenario", "version")
    for name in schemas.NAMES:
        document = json.loads(schemas.text(name))
        assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert document == schemas.load(name)
    with pytest.raises(ValueError, match="unknown schema 'settings' \\(allowed: scenario, version\\)"):
        schemas.text("settings")


@pytest.mark.parametrize("path", BUNDLED + EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_scenario_file_validates(path: Path) -> None:
    scenario.load_file(path)
    assert _errors("scenario", _yaml(path)) == []


@pytest.mark.parametrize("path", VERSION_FILES, ids=lambda p: p.name)
def test_every_version_file_validates(path: Path) -> None:
    assert _errors("version", _yaml(path)) == []


SCENARIO = """
format: 1
cards:
  Grizzly Bears: [{name: Grizzly Bears, manaCost: "{1}{G}", types: [Creature], colors: [G]}]
scenarios:
  - id: a
    rules: [current]
    setup:
      - create: {card: Grizzly Bears, zone: hand, as: g}
    checks:
      - {names: g, expect: [Grizzly Bears]}
"""


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("format: 1", "format: 2"),
        ("    rules: [current]", "    rules: []"),
        ("create: {", "fly: {"),
        ("as: g}", "as: g, colour: red}"),
        ("as: g}", "as: g, expect_error: illegal_flight}"),
        ("create: {card: Grizzly Bears, zone: hand, as: g}", "create: {zone: hand, as: g}"),
        ("{names: g, expect: [Grizzly Bears]}", "{names: g}"),
        ("{names: g, expect: [Grizzly Bears]}", "{names: g, zone: g, expect: hand}"),
        ("{names: g, expect: [Grizzly Bears]}", "{expect: hand}"),
        ("types: [Creature]", "types: []"),
        ("  - id: a", "  - id: a\n    colour: red"),
    ],
)
def test_wrong_scenario_file_is_refused_by_both(tmp_path: Path, old: str, new: str) -> None:
    assert _errors("scenario", yaml.safe_load(SCENARIO)) == []
    text = SCENARIO.replace(old, new)
    assert _errors("scenario", yaml.safe_load(text)) != []
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError):
        scenario.load_file(path)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("extends: classic-2013", "extend: classic-2013"),
        ("  off_stack: combined", "  off_stack: both"),
        ("  aftermath: true", "  aftermath: yes please"),
        ('  fuse: ["702.101a"]', "  fuse: 702.101"),
        ("version: amonkhet-2017", "version: amonkhet.yaml"),
        ("extends: classic-2013\n", ""),  # a file without a parent names every key
    ],
)
def test_wrong_version_file_is_refused_by_both(tmp_path: Path, old: str, new: str) -> None:
    good = (ROOT / "config" / "amonkhet-2017.yaml").read_text(encoding="utf-8")
    assert old in good
    text = good.replace(old, new)
    assert _errors("version", yaml.safe_load(text)) != []
    path = tmp_path / "house.yaml"
    path.write_text(text.replace("version: amonkhet-2017", "version: house"), encoding="utf-8")
    with pytest.raises(RulesConfigError):
        load_registry().add_file(path)


def test_a_root_version_file_needs_the_citations_of_its_features() -> None:
    root = _yaml(ROOT / "config" / "invasion-2000.yaml")
    root["features"]["fuse"] = True
    assert _errors("version", root) == [
        f"{key!r} is a required property" for key in sorted(versions.FEATURE_CITATIONS["fuse"])
    ]


# -- the schemas say what the loaders' tables say -------------------------------------------


def _values(kind: Any) -> list[str]:
    return [member.value for member in kind]


def test_scenario_schema_agrees_with_the_loader() -> None:
    defs = schemas.load("scenario")["$defs"]
    assert set(defs["step"]["properties"]) == set(scenario.STEP_FIELDS)
    for step, (required, optional) in scenario.STEP_FIELDS.items():
        fields = defs[f"step_{step}"]
        assert set(fields["required"]) == required, step
        assert set(fields["properties"]) == required | optional | {"expect_error"}, step
    assert set(defs["error_kind"]["enum"]) == scenario.ERROR_KINDS | {None}
    assert set(defs["check"]["properties"]) == scenario.QUERIES | {"expect"}
    assert [one["required"] for one in defs["check"]["oneOf"]] == [
        [q] for q in defs["check"]["properties"] if q != "expect"
    ]
    assert defs["zone"]["enum"] == _values(Zone)
    assert defs["player"]["enum"] == _values(Player)
    assert defs["phase"]["enum"] == _values(Phase)
    assert defs["half"]["enum"] == _values(CastOption)
    assert defs["door"]["enum"] == _values(Side)
    assert defs["step_unlock"]["properties"]["by"]["enum"] == [v for v in _values(UnlockBy) if v != UnlockBy.CAST]


def _as_loader_schema(node: dict[str, Any], defs: dict[str, Any]) -> Any:
    """A schema node in the shape of ``versions._SCHEMA``: a dict of keys, ``[type]`` or a type."""
    if "$ref" in node:
        return _as_loader_schema(defs[node["$ref"].rsplit("/", 1)[1]], defs)
    if "enum" in node:
        return str
    kind = node["type"]
    if kind == "object":
        return {key: _as_loader_schema(sub, defs) for key, sub in node["properties"].items()}
    if kind == "array":
        return [_as_loader_schema(node["items"], defs)]
    return {"string": str, "boolean": bool}[kind]


def test_version_schema_is_the_loaders_table() -> None:
    schema = schemas.load("version")
    assert _as_loader_schema(schema, schema["$defs"]) == versions._SCHEMA
    assert tuple(schema["then"]["required"]) == versions._REQUIRED_TOP
