"""Every field of every step, and every query's argument, given a value of the wrong kind: the
loader makes it the scenario's problem, naming the file and the key, before anything runs.

The cases are walked from the loader's own tables (``STEP_FIELDS``, ``QUERIES``) and the JSON
Schema's (``FIELDS``, ``QUERY_ARGUMENTS``), so a field or a query added to the format is covered
without a word here. What the schema refuses the loader refuses; a value the schema accepts may
still be the scenario's problem (an alias no earlier step gives), and otherwise it runs to a
result that is no ``error``: never an exception met half-way through a run.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import jsonschema
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from splitcards.adapters.reference.plugin import new_game
from splitcards.game.configuration.registry import load_registry
from splitcards.game.contract import AdapterInfo
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.tools.conformance.fields import READERS
from splitcards.tools.conformance.runner import Status, iter_file
from splitcards.tools.conformance.scenario import FORMATS, QUERIES, STEP_FIELDS, parse, unknown_in
from splitcards.tools.conformance.values import ATTRIBUTES, STEP_KINDS
from splitcards.tools.schemas import scenario as scenario_schema

REFERENCE = AdapterInfo("reference", "the reference host", new_game)
REGISTRY = load_registry()
PM = make_plugin_manager(load_entry_points=False)
VALIDATOR = jsonschema.Draft202012Validator(scenario_schema.schema())
WHERE = "generated.yaml"

CARDS = {
    "Fire // Ice": [
        {"name": "Fire // Ice", "faceName": "Fire", "side": "a", "layout": "split", "manaCost": "{1}{R}",
         "types": ["Instant"], "colors": ["R"]},
        {"name": "Fire // Ice", "faceName": "Ice", "side": "b", "layout": "split", "manaCost": "{1}{U}",
         "types": ["Instant"], "colors": ["U"]},
    ],
}  # fmt: skip
# The step before the one under test, which gives the alias the required fields name.
FIRST = {"create": {"card": "Fire // Ice", "zone": "hand", "as": "fi"}}
# A value each required field takes, by field name; and each query's argument.
REQUIRED = {
    "card": "Fire // Ice",
    "zone": "hand",
    "object": "fi",
    "door": "left",
    "name": "Fire",
    "of": "fi",
    "player": "p2",
    "n": 3,
}
ARGUMENTS: dict[str, Any] = {
    "has_name": {"object": "fi", "name": "Fire"},
    "can_target": {"object": "fi", "target": "card"},
    "name_choices": "Fire // Ice",
    "compare": {"object": "fi", "characteristic": "mana_value", "op": "==", "value": 2},
    "value_of": {"object": "fi", "characteristic": "mana_value"},
    "castable": {"object": "fi"},
    "target_choices": {"object": "fi", "half": "right"},
    "moves": {"player": "p1", "objects": ["fi"]},
    "can_unlock": {"object": "fi", "door": "left"},
    "last_known": {"object": "fi", "characteristic": "mana_values"},
    "events": {},
    "last_cost": {},
}
# Values of the wrong kind for most fields: empty, null, negative, a number where a name belongs,
# a name no table knows, nesting where a scalar belongs, and the other way round.
WRONG: tuple[Any, ...] = (
    "",
    None,
    -1,
    0,
    1.5,
    True,
    10**30,
    "x" * 1000,
    "p3",
    [],
    [None],
    [""],
    [7],
    {},
    {"k": None},
    {"change": "+{1}"},
)
scalars = st.none() | st.booleans() | st.integers(-3, 10**20) | st.floats(allow_nan=True) | st.text(max_size=12)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8) | st.integers(), inner, max_size=3),
    max_leaves=8,
)
wrong = st.sampled_from(WRONG) | values

# Every field of every step, and its whole mapping of fields (None), in each format that knows it.
STEP_CASES = [
    (fmt, kind, field)
    for fmt in FORMATS
    for kind, (required, optional) in STEP_FIELDS.items()
    for field in [None, *sorted(required | optional | {"expect_error"})]
    if kind not in unknown_in(fmt).steps and (kind, field) not in unknown_in(fmt).fields
]
# Every query's argument (None) and each key of a mapping argument, in each format that knows it.
CHECK_CASES = [
    (fmt, query, key)
    for fmt in FORMATS
    for query in sorted(QUERIES - unknown_in(fmt).queries)
    for key in [None, *sorted(scenario_schema.QUERY_ARGUMENTS.get(query, {}).get("properties", {}))]
]


def _document(fmt: str, setup: list[Any], checks: list[Any]) -> dict[str, Any]:
    scenario = {"id": "s", "rules": ["current"], "setup": setup, "checks": checks}
    return {"format": fmt, "cards": CARDS, "scenarios": [scenario]}


def _with_step(fmt: str, kind: str, field: str | None, value: Any) -> dict[str, Any]:
    fields = {name: REQUIRED[name] for name in sorted(STEP_FIELDS[kind][0])}
    return _document(fmt, [FIRST, {kind: value if field is None else {**fields, field: value}}], [])


def _with_check(fmt: str, query: str, key: str | None, value: Any) -> dict[str, Any]:
    argument = ARGUMENTS.get(query, "fi")
    if key is not None:
        argument = {**argument, key: value}
    return _document(fmt, [FIRST], [{query: value if key is None else argument, "expect": None}])


def _json_keys(node: Any) -> bool:
    if isinstance(node, dict):
        return all(isinstance(k, str) and _json_keys(v) for k, v in node.items())
    return all(_json_keys(v) for v in node) if isinstance(node, list) else True


def _judged(document: dict[str, Any], where: str, key: str) -> None:
    """A value is the scenario's problem naming the file and ``key``; or the schema accepts it too,
    and the scenario runs to results none of which is an ``error``."""
    # A value inside a scenario is never the whole file's problem.
    (scenario,) = parse(document, WHERE).scenarios
    results = list(iter_file(parse(document, WHERE), {"reference": REFERENCE}, REGISTRY, pm=PM))
    if scenario.problem:
        assert scenario.problem.startswith(f"{WHERE}: s: {where}: {key}"), scenario.problem
        assert [(r.status, r.detail) for r in results] == [(Status.ERROR, scenario.problem)]
        return
    # What the loader reads, the schema accepts: what the schema refuses, the loader refuses. (A
    # JSON document's keys are strings.)
    assert _json_keys(document), "a key that is not a string"
    assert [error.message for error in VALIDATOR.iter_errors(document)] == []
    assert [r.detail for r in results if r.status is Status.ERROR] == []


def test_the_cases_start_from_scenarios_that_read() -> None:
    for fmt, kind, field in STEP_CASES:
        if field is None:
            fields = {name: REQUIRED[name] for name in STEP_FIELDS[kind][0]}
            assert parse(_with_step(fmt, kind, None, fields), WHERE).scenarios[0].problem == ""
    for fmt, query, key in CHECK_CASES:
        if key is None:
            argument = ARGUMENTS.get(query, "fi")
            assert parse(_with_check(fmt, query, None, argument), WHERE).scenarios[0].problem == ""


def test_every_step_field_has_a_reader_and_a_place_in_its_step() -> None:
    assert set(READERS) == {field for required, optional in STEP_FIELDS.values() for field in required | optional}
    for kind, (required, optional) in STEP_FIELDS.items():
        record = STEP_KINDS[kind]
        assert {f.name for f in dataclasses.fields(record)} == {ATTRIBUTES.get(f, f) for f in required | optional}
        # A required field has no default; an optional one has.
        assert {f.name for f in dataclasses.fields(record) if f.default is dataclasses.MISSING} == {
            ATTRIBUTES.get(f, f) for f in required
        }


def test_every_field_and_argument_refuses_every_wrong_kind() -> None:
    for fmt, kind, field in STEP_CASES:
        for value in WRONG:
            _judged(_with_step(fmt, kind, field, value), "setup[1]", _step_key(kind, field))
    for fmt, query, key in CHECK_CASES:
        for value in WRONG:
            _judged(_with_check(fmt, query, key, value), "checks[0]", _check_key(query, key))


def _step_key(kind: str, field: str | None) -> str:
    return kind if field is None else f"{kind}.{field}"


def _check_key(query: str, key: str | None) -> str:
    return query if key is None else f"{query}.{key}"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(STEP_CASES), wrong)
# Found by this test: an alias that is no string, or null, was read when its step ran.
@example(("1", "create", "as"), {0: None})
@example(("1", "create", "as"), None)
def test_a_wrong_value_of_a_step_field_is_the_scenarios_problem(case: tuple[str, str, str | None], value: Any) -> None:
    fmt, kind, field = case
    _judged(_with_step(fmt, kind, field, value), "setup[1]", _step_key(kind, field))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CHECK_CASES), wrong)
# Found by this test: a query's object that is no alias was read when the check ran.
@example(("1", "abilities_of", None), {0: None})
@example(("1", "abilities_of", None), None)
def test_a_wrong_argument_of_a_query_is_the_scenarios_problem(case: tuple[str, str, str | None], value: Any) -> None:
    fmt, query, key = case
    _judged(_with_check(fmt, query, key, value), "checks[0]", _check_key(query, key))
