"""Malformed scenario files, generated: reading one raises ScenarioError and nothing else, and a
file that reads runs to a result for every scenario, whatever its steps say; only a scenario the
loader could not read, or whose rule version the registry does not know, is in error."""

from __future__ import annotations

import copy
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from splitcards.adapters.reference.plugin import new_game
from splitcards.errors import ScenarioError
from splitcards.game.configuration.registry import load_registry
from splitcards.game.contract import AdapterInfo
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.tools.conformance.runner import Status, iter_file, plan
from splitcards.tools.conformance.scenario import parse

REFERENCE = AdapterInfo("reference", "the reference host", new_game)

BUNDLED = Path(str(resources.files("splitcards.tools.conformance.bundled") / "rooms.yaml"))
VALID: dict[str, Any] = yaml.safe_load(BUNDLED.read_text(encoding="utf-8"))
REGISTRY = load_registry()
PM = make_plugin_manager(load_entry_points=False)

scalars = st.none() | st.booleans() | st.integers(-3, 10**20) | st.floats(allow_nan=True) | st.text(max_size=12)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8) | st.integers(), inner, max_size=3),
    max_leaves=12,
)


def _paths(node: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [here]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*here, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _paths(value, (*here, i))
    return found


PATHS = _paths(VALID)[1:]


@st.composite
def mutated(draw: st.DrawFn) -> Any:
    document = copy.deepcopy(VALID)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(PATHS))
        node = document
        try:
            for key in path[:-1]:
                node = node[key]
            if draw(st.booleans()):
                node[path[-1]] = draw(values)
            else:
                del node[path[-1]]
        except (KeyError, IndexError, TypeError):
            continue
    return document


def _read_and_run(document: Any) -> None:
    try:
        scenario_file = parse(document, "generated.yaml")
    except ScenarioError:
        return
    # A rule-version name is a name: an empty one is the scenario's problem, not a version unknown.
    assert all(all(s.rules) for s in scenario_file.scenarios)
    results = list(iter_file(scenario_file, {"reference": REFERENCE}, REGISTRY, pm=PM))
    assert {r.scenario for r in results} == {s.id for s in scenario_file.scenarios}
    # Any other error result is an exception that is not the package's own: a scenario may fail, never crash.
    # A rule version the registry does not know is the scenario's problem too (docs/format.md).
    unread = {run.scenario.id for run in plan(scenario_file, REGISTRY) if run.scenario.problem or run.version is None}
    assert [r.detail for r in results if r.status is Status.ERROR and r.scenario not in unread] == []
    # Every value a run reads was read by the loader: no run meets a problem of its file half-way.
    midway = [r.detail for r in results if r.scenario not in unread]
    assert [detail for detail in midway if detail.startswith(("ScenarioError", "generated.yaml"))] == []


def _with_rules(*names: str) -> Any:
    document = copy.deepcopy(VALID)
    document["scenarios"][0]["rules"] = list(names)
    return document


def _with_value(path: tuple[Any, ...], value: Any) -> Any:
    document = copy.deepcopy(VALID)
    node = document
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return document


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
@example(_with_rules(""))
@example(_with_rules("current", ""))
@example(_with_rules("no-such-version"))
# A step's value that was read only when the step ran (a failure of the run, not the scenario's problem).
@example(_with_value(("scenarios", 0, "setup", 0, "create", "zone"), None))
def test_mutated_scenario_files_give_scenario_errors_or_results(document: Any) -> None:
    _read_and_run(document)


@settings(max_examples=100, deadline=None)
@given(values)
def test_arbitrary_documents_give_scenario_errors(document: Any) -> None:
    _read_and_run(document)
