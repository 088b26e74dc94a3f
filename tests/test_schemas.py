"""The JSON Schemas shipped in ``splitcards.tools.schemas`` accept every file the loaders accept, refuse
wrong ones, and say what the loaders' own tables say (step, query and key names, choices)."""

from __future__ import annotations

import dataclasses
import json
import typing
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from splitcards.errors import RulesConfigError, ScenarioError
from splitcards.game.configuration import registry
from splitcards.game.configuration.registry import VersionRegistry, load_registry
from splitcards.game.plugins.hosts import adapters
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.rules import versionfile
from splitcards.tools import schemas
from splitcards.tools.conformance import scenario
from splitcards.tools.schemas import scenario as scenario_schema
from splitcards.wire import methods
from splitcards.wire.forms import Reader, encode, fields_of
from splitcards.wire.server import Server

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted(
    Path(str(p)) for p in resources.files("splitcards.tools.conformance.bundled").iterdir() if p.name.endswith(".yaml")
)
EXAMPLES = sorted((ROOT.parent / "shared" / "conformance" / "scenarios").glob("*.yaml"))
VERSION_FILES = sorted(p for p in (ROOT / "config").glob("*.yaml") if p.name != registry.SETTINGS_FILE)


def _validator(name: str) -> jsonschema.Draft202012Validator:
    schema = schemas.load(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _errors(name: str, document: Any) -> list[str]:
    return [error.message for error in _validator(name).iter_errors(document)]


def _problems(path: Path) -> list[str]:
    """What the loader refuses in a scenario file: the whole file, or each scenario it can't read."""
    try:
        read = scenario.load_file(path)
    except ScenarioError as exc:
        return [str(exc)]
    return [s.problem for s in read.scenarios if s.problem]


def _yaml(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def test_text_is_the_schema_as_json() -> None:
    assert schemas.NAMES == ("scenario", "version", "record", "protocol", "service", "openapi")
    for name in schemas.NAMES:
        document = json.loads(schemas.text(name))
        if name == "openapi":
            # The service over HTTP is described by an OpenAPI 3.1 document, whose schemas are 2020-12's.
            assert document["openapi"] == "3.1.0"
        else:
            assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert document == schemas.load(name)
    allowed = "scenario, version, record, protocol, service, openapi"
    with pytest.raises(ValueError, match=f"unknown schema 'settings' \\(allowed: {allowed}\\)"):
        schemas.text("settings")


@pytest.mark.parametrize("path", BUNDLED + EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_scenario_file_validates(path: Path) -> None:
    assert _problems(path) == []
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
    assert _problems(path) != []


@pytest.mark.parametrize(
    ("written", "read"), [("1", "1"), ("1.0", "1"), ('"1"', "1"), ("1.1", "1.1"), ('"1.1"', "1.1")]
)
def test_a_format_is_read_alike_by_both(tmp_path: Path, written: str, read: str) -> None:
    text = SCENARIO.replace("format: 1", f"format: {written}")
    assert _errors("scenario", yaml.safe_load(text)) == []
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    assert scenario.load_file(path).format == read


ADDITIONS_1_1 = {
    "x": "      - cast: {object: g, x: 2}\n",
    "cost_change": '      - unlock: {object: g, door: left, cost_change: ["-{1}", "+{U}"]}\n',
    "choose_name": "      - choose_name: {card: Grizzly Bears, name: [Grizzly Bears], player: p2}\n",
    "illegal_choice": "      - choose_name: {card: Grizzly Bears, name: Bears, expect_error: illegal_choice}\n",
    "last_cost": "      - {last_cost: {}, expect: null}\n",
}


@pytest.mark.parametrize("addition", ADDITIONS_1_1)
def test_format_1_1_additions_are_refused_in_format_1(tmp_path: Path, addition: str) -> None:
    # A step goes after the create step, a check after the names check.
    anchor = "expect: [Grizzly Bears]}\n" if addition == "last_cost" else "as: g}\n"
    text = SCENARIO.replace(anchor, anchor + ADDITIONS_1_1[addition])
    path = tmp_path / "s.yaml"
    for fmt in ("1.1", "1"):
        path.write_text(text.replace("format: 1", f"format: {fmt}"), encoding="utf-8")
        if fmt == "1.1":
            assert _problems(path) == []
            assert _errors("scenario", _yaml(path)) == []
        else:
            assert _problems(path) != []
            assert _errors("scenario", _yaml(path)) != []


def test_only_the_special_action_pays_an_unlock_cost() -> None:
    text = SCENARIO.replace("format: 1", "format: 1.1").replace(
        "as: g}\n", 'as: g}\n      - unlock: {object: g, door: left, by: effect, cost_change: "-{1}"}\n'
    )
    assert _errors("scenario", yaml.safe_load(text)) != []
    assert _errors("scenario", yaml.safe_load(text.replace("by: effect", "by: special_action"))) == []


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
        f"{key!r} is a required property" for key in sorted(versionfile.FEATURE_CITATIONS["fuse"])
    ]


# -- the schemas say what the loaders' tables say -------------------------------------------


def test_scenario_schema_describes_every_field_and_query_of_the_loader() -> None:
    fields = {field for required, optional in scenario.STEP_FIELDS.values() for field in required | optional}
    assert set(scenario_schema.FIELDS) == fields
    assert set(scenario_schema.QUERY_ARGUMENTS) | scenario_schema.OBJECT_QUERIES == scenario.QUERIES
    assert not set(scenario_schema.QUERY_ARGUMENTS) & scenario_schema.OBJECT_QUERIES


def _as_loader_schema(node: dict[str, Any], defs: dict[str, Any]) -> Any:
    """A schema node in the shape of ``versionfile.KEYS``: a dict of keys, ``[type]`` or a type."""
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
    assert _as_loader_schema(schema, schema["$defs"]) == versionfile.KEYS
    assert tuple(schema["then"]["required"]) == versionfile.REQUIRED_KEYS


# -- the protocol's schema says what the wire reads ----------------------------------------------


def _protocol_types() -> dict[str, type]:
    """Every dataclass the protocol carries, by name: the methods' params and results, and the
    params of what an engine may send unasked, with the types of their fields."""
    found: dict[str, type] = {}

    def add(tp: Any) -> None:
        for arg in typing.get_args(tp):
            add(arg)
        if isinstance(tp, type) and dataclasses.is_dataclass(tp) and tp.__name__ not in found:
            found[tp.__name__] = tp
            for _, field, _ in fields_of(tp):
                add(field)

    for method in methods.METHODS.values():
        for _, tp in method.params:
            add(tp)
        add(method.result)
    add(methods.LogMessage)
    return found


def _least(node: dict[str, Any], defs: dict[str, Any]) -> Any:
    """The smallest value a schema node accepts: an object with its required keys only."""
    if "$ref" in node:
        return _least(defs[node["$ref"].rsplit("/", 1)[1]], defs)
    if "anyOf" in node:
        options = node["anyOf"]
        return None if {"type": "null"} in options else _least(options[0], defs)
    if "enum" in node:
        return node["enum"][0]
    kind = node["type"]
    if kind == "object":
        return {key: _least(node["properties"][key], defs) for key in node["required"]}
    if kind == "array":
        return [_least(item, defs) for item in node.get("prefixItems", [])]
    if kind == "string":
        return "{1}" if "pattern" in node else "x"
    return {"integer": 0, "boolean": False}[kind]


def test_each_default_of_the_protocol_schema_is_what_the_reader_takes(registry: VersionRegistry) -> None:
    protocol = schemas.load("protocol")
    defs = protocol["$defs"]
    types = _protocol_types()
    checked = []
    for name, definition in defs.items():
        if definition.get("type") != "object" or "." in name:
            continue
        properties, required = definition["properties"], definition["required"]
        defaults = {key: node["default"] for key, node in properties.items() if "default" in node}
        # Every key that may be left out has a default, and a required one has none.
        assert sorted(defaults) == sorted(set(properties) - set(required)), name
        # Read with every optional key left out: each field is the schema's default.
        value = Reader().read(types[name], _least(definition, defs), name)
        for key, default in defaults.items():
            assert encode(getattr(value, key)) == default, f"{name}.{key}"
            checked.append(f"{name}.{key}")
    assert {"Resolution.performed_by", "Resolution.controller", "Timing.phase", "Half.colors"} <= set(checked)
    # A request's params left out are read as {}, by the server of the wire.
    info = adapters(make_plugin_manager())["reference"]
    for name, definition in defs.items():
        if name.endswith(".request"):
            assert definition["properties"]["params"]["default"] == {}
            method = name.removesuffix(".request")
            message: dict[str, Any] = {"jsonrpc": "2.0", "id": 1, "method": method}
            left_out = Server(info, registry, "1").answer(message)
            given = Server(info, registry, "1").answer({**message, "params": {}})
            assert left_out == given, method


def test_the_protocol_schema_has_what_an_engine_may_send_unasked() -> None:
    protocol = schemas.load("protocol")
    jsonschema.Draft202012Validator.check_schema(protocol)
    validator = jsonschema.Draft202012Validator(protocol)
    log = {"jsonrpc": "2.0", "method": "$/log", "params": {"message": "loading cards", "level": "info"}}
    only_log = validator.evolve(schema={"$ref": "#/$defs/$~1log.notification", "$defs": protocol["$defs"]})
    for accepted in (log, {**log, "params": {"message": "no level"}}, {**log, "params": {"message": "m", "new": 1}}):
        assert validator.is_valid(accepted) and only_log.is_valid(accepted), accepted
    refused = [
        {**log, "id": 1},  # a request: the client serves none
        {**log, "params": {"level": "info"}},
        {**log, "params": {"message": 3}},
        {"jsonrpc": "2.0", "method": "$/log"},
    ]
    for message in refused:
        assert not validator.is_valid(message), message
    assert protocol["$defs"]["$/log.notification"]["properties"]["params"] == {"$ref": "#/$defs/LogMessage"}
    assert methods.LOG == "$/log"
