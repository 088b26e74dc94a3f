from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence

import pluggy
import pytest

from splitcards.adapters.reference import ReferenceHost
from splitcards.errors import IllegalAction, IllegalCast, PluginFailure
from splitcards.game.contract import CastRequest
from splitcards.game.plugins.manager import BLOCK_ENV, BUILTIN_NAME, make_plugin_manager
from splitcards.game.table import Table
from splitcards.hooks import hookimpl, spec
from splitcards.rules.card import Card
from splitcards.rules.model import CastOption, Event, ObjectId, ObjectView, SpellFacts, Timing, Zone
from splitcards.rules.versions import RuleVersion

SPECS = [f for name, f in inspect.getmembers(spec, inspect.isfunction) if hasattr(f, "splitcards_spec")]


def test_required_hooks_exist() -> None:
    names = {f.__name__ for f in SPECS}
    assert {"on_cast", "on_enter_battlefield", "on_name_choice", "on_unlock", "on_lock", "on_splice"} <= names
    assert {"on_leave_stack", "splitcards_register_adapters"} <= names


def test_every_hook_is_importable_from_spec_and_is_one_of_its_kind() -> None:
    # spec is the public import path of every hook; the other modules define them by kind.
    by_module: dict[str, set[str]] = {}
    for hook in SPECS:
        by_module.setdefault(hook.__module__, set()).add(hook.__name__)
    assert by_module == {
        "splitcards.hooks.spec": {"splitcards_register_adapters", "splitcards_rule_files"},
        "splitcards.hooks.checks": {
            "check_card",
            "check_cast",
            "check_destination",
            "check_plot",
            "check_resolve",
            "check_turn",
        },
        "splitcards.hooks.characteristics": {"decide_characteristic", "decide_comparison", "decide_has_name"},
        "splitcards.hooks.views": {"decide_moved_view", "decide_permanent_view", "decide_spell_view"},
        "splitcards.hooks.questions": {"decide_citations", "decide_move_kinds", "decide_splice_zones"},
        "splitcards.hooks.decisions": {
            "decide_cast",
            "decide_controller",
            "decide_copy",
            "decide_cost_effects",
            "decide_described_names",
            "decide_name",
            "decide_spliceable",
            "decide_targets",
            "on_enter_battlefield",
            "on_leave_stack",
            "on_name_choice",
            "on_resolve",
        },
        "splitcards.hooks.reports": {"on_cast", "on_entered_battlefield", "on_name_chosen", "on_splice"},
        "splitcards.hooks.faces": {
            "check_cast_face_down",
            "check_face_down",
            "decide_face_down_spell",
            "decide_face_up_cost",
            "check_face_up",
            "decide_become_copy",
            "decide_face_down_view",
            "decide_face_up_view",
        },
        "splitcards.hooks.library": {"decide_cascade", "decide_discover", "decide_storm"},
        "splitcards.hooks.doors": {
            "check_lock",
            "check_unlock",
            "decide_doors",
            "decide_unlock_cost",
            "on_lock",
            "on_unlock",
        },
    }
    assert all(getattr(spec, hook.__name__) is hook for hook in SPECS)


@pytest.mark.parametrize("hook", SPECS, ids=lambda f: f.__name__)
def test_every_spec_is_documented(hook: Callable[..., object]) -> None:
    doc = inspect.getdoc(hook) or ""
    assert doc and doc.splitlines()[0].endswith("."), "an imperative one-line summary"
    assert ":return:" in doc
    params = list(inspect.signature(hook).parameters)
    assert [p for p in params if f":param {p}:" in doc] == params
    first = hook.splitcards_spec.get("firstresult", False)  # type: ignore[attr-defined]
    assert ("Stops at first non-None result." in doc) == first


def test_manager_registers_builtins_and_is_new_each_time() -> None:
    a, b = make_plugin_manager(load_entry_points=False), make_plugin_manager(load_entry_points=False)
    assert a is not b
    assert a.has_plugin(BUILTIN_NAME)


def test_block_list_env_var(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BLOCK_ENV, "reference")
    pm = make_plugin_manager()
    assert pm.is_blocked("reference")
    monkeypatch.setenv(BLOCK_ENV, "*")
    # "*" blocks what other distributions install, never the hosts splitcards ships.
    assert make_plugin_manager().get_plugin("reference") is not None


class Exploding:
    @hookimpl
    def on_cast(self, rules: RuleVersion, spell: ObjectId, view: ObjectView, facts: SpellFacts) -> Sequence[Event]:
        raise RuntimeError("boom")


def test_raising_report_plugin_is_named_after_the_cast_happened(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    pm = make_plugin_manager(load_entry_points=False)
    pm.register(Exploding(), name="exploding")
    t = Table(ReferenceHost(), v["duskmourn-2024"], pm, judge_targets=False)
    obj = t.create(cards["Fire // Ice"], Zone.HAND)
    with pytest.raises(PluginFailure) as info:
        t.cast(obj, CastOption.LEFT)
    assert (info.value.plugin, info.value.hook, info.value.happened) == ("exploding", "on_cast", True)
    # on_cast reports a cast that happened: the spell is on the stack.
    assert t.host.stack() == [obj]


class NoFire:
    """A house rule: nobody may cast Fire."""

    @hookimpl
    def check_cast(
        self, rules: RuleVersion, request: CastRequest, timing: Timing, board: Sequence[ObjectView]
    ) -> IllegalAction | None:
        if (
            request.view.card.is_split
            and request.option is CastOption.LEFT
            and request.view.card.halves[0].name == "Fire"
        ):
            return IllegalCast("house rule: Fire is banned", ("house",), rules.name)
        return None


def test_plugin_refusal_applies_to_casting_and_castable(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    pm = make_plugin_manager(load_entry_points=False, plugins=[NoFire()])
    t = Table(ReferenceHost(), v["duskmourn-2024"], pm, judge_targets=False)
    obj = t.create(cards["Fire // Ice"], Zone.HAND)
    assert t.castable(obj).value == (CastOption.RIGHT,)
    with pytest.raises(IllegalCast, match="house rule"):
        t.cast(obj, CastOption.LEFT)


class SeesVersion:
    def __init__(self) -> None:
        self.seen: list[str] = []

    @hookimpl
    def on_name_choice(self, rules: RuleVersion, card: Card) -> None:
        self.seen.append(rules.name)


def test_active_version_reaches_plugins_and_changes_results(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    watcher = SeesVersion()
    pm: pluggy.PluginManager = make_plugin_manager(load_entry_points=False, plugins=[watcher])
    old = Table(ReferenceHost(), v["classic-2009"], pm, judge_targets=False).name_choices(cards["Fire // Ice"]).value
    new = Table(ReferenceHost(), v["duskmourn-2024"], pm, judge_targets=False).name_choices(cards["Fire // Ice"]).value
    assert watcher.seen == ["classic-2009", "duskmourn-2024"]
    assert old == (("Fire", "Ice"),)
    assert new == (("Fire",), ("Ice",))


class ExileEverything:
    """A house rule: every spell is exiled as it leaves the stack."""

    @hookimpl
    def on_leave_stack(self, rules: RuleVersion, spell: ObjectId, view: ObjectView, destination: Zone) -> Zone:
        return Zone.EXILE


def test_on_leave_stack_replaces_destination_on_resolve_and_move(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    pm = make_plugin_manager(load_entry_points=False, plugins=[ExileEverything()])
    t = Table(ReferenceHost(), v["duskmourn-2024"], pm, judge_targets=False)
    resolved = t.create(cards["Fire // Ice"], Zone.HAND)
    t.cast(resolved, CastOption.LEFT)
    assert t.resolve().destination is Zone.EXILE
    assert t.view(resolved).zone is Zone.EXILE
    countered = t.create(cards["Fire // Ice"], Zone.HAND)
    t.cast(countered, CastOption.RIGHT)
    assert t.move(countered, Zone.GRAVEYARD) is Zone.EXILE


class Misspelled:
    @hookimpl
    def on_casts(self, rules: RuleVersion) -> None:
        """A hook that does not exist."""


def test_misspelled_hook_is_a_plugin_failure_naming_it() -> None:
    with pytest.raises(PluginFailure, match="plugin 'Misspelled'") as info:
        make_plugin_manager(load_entry_points=False, plugins=[Misspelled()])
    assert "on_casts" in str(info.value)


def test_plugin_registered_twice_is_a_plugin_failure() -> None:
    plugin = NoFire()
    with pytest.raises(PluginFailure, match="<register>"):
        make_plugin_manager(load_entry_points=False, plugins=[plugin, plugin])
