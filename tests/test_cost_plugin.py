"""A cost effect written as a plugin: Thalia, Guardian of Thraben ("Noncreature spells cost {1}
more to cast.") puts its effect in force through ``decide_cost_effects``, and the Table charges
it, the conformance runner checks it on every host, and a game's decision to cast pays it."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from splitcards.adapters.reference import ReferenceHost
from splitcards.adapters.reference.plugin import new_game
from splitcards.errors import PluginFailure
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.contract import AdapterInfo, CastRequest
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.hooks import hookimpl
from splitcards.rules.card import Card
from splitcards.rules.conditions import Condition
from splitcards.rules.costs import CostEffect
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption, Zone
from splitcards.rules.versions import RuleVersion
from splitcards.tools.conformance.runner import Status, iter_file
from splitcards.tools.conformance.scenario import load_file

REFERENCE = AdapterInfo("reference", "the reference host", new_game)

SCENARIOS = Path(__file__).parent / "data" / "thalia.yaml"
CURRENT = "duskmourn-2024"


class Thalia:
    """Thalia, Guardian of Thraben: noncreature spells cost {1} more to cast (601.2f)."""

    @hookimpl
    def decide_cost_effects(self, rules: RuleVersion, request: CastRequest) -> Sequence[CostEffect]:
        return [CostEffect(ManaCost.parse("{1}"), increase=True, spells=Condition(not_types=("Creature",)))]


class Garbage:
    @hookimpl
    def decide_cost_effects(self, rules: RuleVersion, request: CastRequest) -> object:
        return ["{1}"]


def _table(rules: RuleVersion, *plugins: object) -> Table:
    return Table(
        ReferenceHost(), rules, make_plugin_manager(list(plugins), load_entry_points=False), judge_targets=False
    )


def test_601_2f_thalia_charges_one_more_for_fire_and_nothing_more_for_a_creature(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    table = _table(v[CURRENT], Thalia())
    fire = table.create(cards["Fire // Ice"], Zone.HAND)
    table.cast(fire, CastOption.LEFT)
    assert str(table.last_cost) == "{2}{R}"
    table.resolve()
    bears = table.create(cards["Grizzly Bears"], Zone.HAND)
    table.cast(bears)
    assert str(table.last_cost) == "{1}{G}"


def test_601_2f_a_fused_spell_pays_the_increase_once(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    # Wear {1}{R} and Tear {W}: one total, {1}{R}{W} (702.102c), and {1} more on it.
    table = _table(v[CURRENT], Thalia())
    wear_tear = table.create(cards["Wear // Tear"], Zone.HAND)
    decision = table.cast_decision(wear_tear, CastOption.FUSED)
    assert str(decision.total_cost) == "{2}{W}{R}"  # in WUBRG order
    assert "601.2f" in decision.rules


def test_118_7_thalia_s_increase_comes_before_a_reduction(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    # Fire {1}{R}, {1} more, {2} less: {2}{R} then {R}; a reduction taken first would leave {1}{R}.
    table = _table(v[CURRENT], Thalia())
    fire = table.create(cards["Fire // Ice"], Zone.HAND)
    table.cast(fire, CastOption.LEFT, cost_reduction=ManaCost.parse("{2}"))
    assert str(table.last_cost) == "{R}"


def test_the_scenarios_fail_without_the_plugin(registry: VersionRegistry) -> None:
    results = list(iter_file(load_file(SCENARIOS), {"reference": REFERENCE}, registry))
    failed = {r.scenario for r in results if r.status is Status.FAIL}
    assert failed == {"thalia-taxes-one-half", "thalia-taxes-a-fused-spell-once", "thalia-taxes-a-door-cast-as-a-spell"}


def test_the_scenarios_pass_with_the_plugin_on_every_host(host: AdapterInfo, registry: VersionRegistry) -> None:
    pm = make_plugin_manager([Thalia()])
    results = list(iter_file(load_file(SCENARIOS), {host.name: host}, registry, pm=pm))
    assert [(r.scenario, r.version, r.detail) for r in results if r.status is not Status.PASS] == []
    assert len(results) == 12


def test_a_plugin_answering_no_cost_effect_is_a_plugin_failure_and_the_game_is_unchanged(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    table = _table(v[CURRENT], Garbage())
    fire = table.create(cards["Fire // Ice"], Zone.HAND)
    before = table.snapshot()
    with pytest.raises(PluginFailure, match="decide_cost_effects") as failed:
        table.cast(fire, CastOption.LEFT)
    assert "Garbage" in failed.value.plugin
    assert table.snapshot() == before
