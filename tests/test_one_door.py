"""One door into the rules: every check and decision the game makes is a hook's answer.

The whole bundled conformance suite runs on the reference host under a profiler that watches
every call into :mod:`splitcards.rules`: a call whose nearest caller outside the rules is in
:mod:`splitcards.game` must be made by a hook implementation (the built-in rules' forward to one
rules function each). The Table, its questions, the plugin machinery and the reference host's
body call nothing else there: no function, no method, no property. Making, comparing, hashing and
showing the rules' values (a dataclass's ``__init__``, ``__eq__``, ``__hash__``, ``__repr__``) is
no decision, and is not counted.

The hooks are called through pluggy, so its call monitoring sees every one, the built-in rules'
included.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from importlib import resources
from pathlib import Path
from types import CodeType, FrameType

from splitcards.adapters.reference import ReferenceHost
from splitcards.adapters.reference.plugin import new_game
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.contract import AdapterInfo
from splitcards.game.plugins import builtin
from splitcards.game.plugins.manager import BUILTIN_NAME, make_plugin_manager
from splitcards.game.table import Table
from splitcards.rules.card import Card
from splitcards.rules.model import CastOption, Zone
from splitcards.rules.versions import RuleVersion
from splitcards.tools.conformance.runner import Status, iter_file
from splitcards.tools.conformance.scenario import load_file

REFERENCE = AdapterInfo("reference", "the reference host", new_game)
BUNDLED = sorted(
    Path(str(p)) for p in resources.files("splitcards.tools.conformance.bundled").iterdir() if p.name.endswith(".yaml")
)
# What makes, compares, hashes or shows a value: no decision.
VALUES = frozenset(
    {
        "__init__",
        "__new__",
        "__post_init__",
        "__eq__",
        "__ne__",
        "__hash__",
        "__repr__",
        "__str__",
        "__format__",
        "__setattr__",
        "__delattr__",
        "__getstate__",
        "__setstate__",
        "__reduce__",
        "__reduce_ex__",
        "__copy__",
        "__deepcopy__",
    }
)


def _implementations() -> frozenset[CodeType]:
    """The code of every hook implementation in the game: the built-in rules' (as written, under
    the marker's recording function)."""
    marked = [f for f in vars(builtin).values() if callable(f) and hasattr(f, "splitcards_impl")]
    return frozenset(getattr(f, "__wrapped__", f).__code__ for f in marked)


class Door:
    """A profile function counting the calls into the rules: through a hook implementation of the
    game, and those the game makes otherwise (each by caller and callee)."""

    def __init__(self) -> None:
        self.implementations = _implementations()
        self.through_hooks = 0
        self.breaches: Counter[tuple[str, str]] = Counter()

    def __call__(self, frame: FrameType, event: str, arg: object) -> None:
        if event != "call" or not frame.f_globals.get("__name__", "").startswith("splitcards.rules"):
            return
        caller = frame.f_back
        if caller is None:
            return
        where = caller.f_globals.get("__name__", "")
        # Only the way in: the nearest caller outside the rules is the one asked about.
        if where.startswith("splitcards.rules") or not where.startswith("splitcards.game"):
            return
        if caller.f_code in self.implementations:
            self.through_hooks += 1
        elif frame.f_code.co_name not in VALUES:
            self.breaches[(f"{where}.{caller.f_code.co_qualname}", frame.f_code.co_qualname)] += 1


def test_the_game_calls_the_rules_only_through_hook_implementations(registry: VersionRegistry) -> None:
    door = Door()
    sys.setprofile(door)
    try:
        results = [r for path in BUNDLED for r in iter_file(load_file(path), {"reference": REFERENCE}, registry)]
    finally:
        sys.setprofile(None)
    assert [f"{r.scenario} [{r.version}]: {r.detail}" for r in results if r.status is Status.FAIL] == []
    assert dict(door.breaches) == {}
    # The profile saw the rules at work, every time through a hook.
    assert door.through_hooks > 1000


def test_pluggys_call_monitoring_sees_every_hook_call_the_built_in_rules_included(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    pm = make_plugin_manager(load_entry_points=False)
    seen: list[tuple[str, tuple[str, ...]]] = []
    undo = pm.add_hookcall_monitoring(
        lambda name, impls, kwargs: seen.append((name, tuple(i.plugin_name for i in impls))), lambda *_: None
    )
    table = Table(ReferenceHost(), v["duskmourn-2024"], pm)
    fire_ice = table.create(cards["Fire // Ice"], Zone.HAND)
    table.cast(fire_ice, CastOption.LEFT)
    table.resolve()
    undo()
    assert [name for name, _ in seen] == [
        "check_card",
        "check_destination",
        "decide_cost_effects",
        "decide_targets",
        "check_cast",
        "decide_cast",
        "decide_spell_view",
        "on_cast",
        "check_resolve",
        "on_resolve",
        "check_destination",
        "on_leave_stack",
        "check_destination",
        "decide_controller",
    ]
    assert {impls for name, impls in seen if name != "decide_cost_effects"} == {(BUILTIN_NAME,)}


def test_pluggys_tracing_writes_the_built_in_rules_calls(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    pm = make_plugin_manager(load_entry_points=False)
    written: list[str] = []
    pm.trace.root.setwriter(written.append)
    undo = pm.enable_tracing()
    table = Table(ReferenceHost(), v["duskmourn-2024"], pm)
    table.name_choices(cards["Fire // Ice"])
    undo()
    assert any("on_name_choice" in line for line in written)
    assert any("decide_citations" in line for line in written)


def test_importing_the_table_loads_no_built_in_rules_and_no_yaml() -> None:
    # The built-in rules load with the first plugin manager, the settings' YAML reader with the
    # first setting read: an engine that imports the Table pays for neither until it plays.
    code = (
        "import sys; from splitcards import Table; "
        "print(sorted(m for m in ('splitcards.game.plugins.builtin', 'splitcards.rules.casting',"
        " 'splitcards.rules.characteristics', 'yaml') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
