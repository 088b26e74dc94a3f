"""Scenario format 1.2: its additions are unknown to files of 1 and 1.1, they run, and the rules
behind them answer as the Comprehensive Rules do."""

from __future__ import annotations

from pathlib import Path

import pytest

from splitcards.adapters.reference.plugin import new_game
from splitcards.cards.loaders import card_from_mtgjson
from splitcards.errors import IllegalCast
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.contract import AdapterInfo, KnownDeviation
from splitcards.rules import characteristics as ch
from splitcards.rules import costs, targets
from splitcards.rules.card import Card
from splitcards.rules.conditions import Condition
from splitcards.rules.costs import CostEffect
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption, ObjectView, SpellFacts, Zone
from splitcards.rules.versions import RuleVersion
from splitcards.tools.conformance.runner import Status, iter_file
from splitcards.tools.conformance.scenario import load_file

REFERENCE = AdapterInfo("reference", "the reference host", new_game)

CARDS = """
cards:
  Fire // Ice:
    - {name: Fire // Ice, faceName: Fire, side: a, layout: split, manaCost: "{1}{R}", types: [Instant], colors: [R]}
    - {name: Fire // Ice, faceName: Ice, side: b, layout: split, manaCost: "{1}{U}", types: [Instant], colors: [U]}
  Bottomless Pool // Locker Room:
    - {name: Bottomless Pool // Locker Room, faceName: Bottomless Pool, side: a, layout: split, manaCost: '{U}',
       types: [Enchantment], subtypes: [Room], colors: [U], text: "When you unlock this door, draw a card."}
    - {name: Bottomless Pool // Locker Room, faceName: Locker Room, side: b, layout: split, manaCost: '{4}{U}',
       types: [Enchantment], subtypes: [Room], colors: [U], text: "Draw a card."}
"""


def _file(tmp_path: Path, fmt: str, setup: str, checks: str = "[]", rules: str = "[current]") -> Path:
    text = (
        f"format: {fmt}\n{CARDS}\nscenarios:\n  - id: s\n    rules: {rules}\n    setup: {setup}\n    checks: {checks}\n"
    )
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _run(path: Path, registry: VersionRegistry) -> tuple[Status, str]:
    (result,) = list(iter_file(load_file(path), {"reference": REFERENCE}, registry))
    return result.status, result.detail


FI = "{create: {card: Fire // Ice, zone: hand, as: fi}}"
ROOM = "{create: {card: Bottomless Pool // Locker Room, zone: battlefield, as: r}}"


@pytest.mark.parametrize(
    ("setup", "checks", "refused"),
    [
        (f"[{FI}, {{cast: {{object: fi, half: left, without_paying: true}}}}]", "[]", "cast.without_paying: unknown"),
        (f"[{FI}, {{cast: {{object: fi, half: left, from: hand}}}}]", "[]", "cast.from: unknown field"),
        (f"[{FI}, {{cast: {{object: fi, half: left, flashback: true}}}}]", "[]", "cast.flashback: unknown field"),
        (f"[{FI}, {{cast: {{object: fi, half: left, flash: true}}}}]", "[]", "cast.flash: unknown field"),
        (f"[{FI}, {{cast: {{object: fi, half: left, hybrid: []}}}}]", "[]", "cast.hybrid: unknown field"),
        (f"[{FI}, {{copy_card: {{object: fi, cast: true, x: 0}}}}]", "[]", "copy_card.x: unknown field"),
        (f"[{FI}]", "[{can_target: {object: fi, target: card}, expect: true}]", "unknown query 'can_target'"),
    ],
)
@pytest.mark.parametrize("fmt", ["1", "1.1"])
def test_older_formats_have_none_of_the_additions(
    tmp_path: Path, fmt: str, setup: str, checks: str, refused: str
) -> None:
    (scenario,) = load_file(_file(tmp_path, fmt, setup, checks)).scenarios
    assert refused in scenario.problem
    read = load_file(_file(tmp_path, "1.2", setup, checks))
    assert (read.format, read.scenarios[0].problem) == ("1.2", "")


def test_format_1_1_refuses_a_spell_cost_effect(tmp_path: Path, registry: VersionRegistry) -> None:
    step = "{cast: {object: fi, half: left, cost_change: {change: '+{1}', spells: {}}}}"
    status, detail = _run(_file(tmp_path, "1.1", f"[{FI}, {step}]"), registry)
    assert status is Status.ERROR  # read by the loader: the scenario's problem (docs/format.md)
    assert "cast.cost_change" in detail
    checks = "[{last_cost: {}, expect: '{2}{R}'}]"
    assert _run(_file(tmp_path, "1.2", f"[{FI}, {step}]", checks), registry) == (Status.PASS, "")


def test_format_1_1_refuses_both_doors(tmp_path: Path, registry: VersionRegistry) -> None:
    setup = f"[{ROOM}, {{unlock: {{object: r, door: both, by: effect}}}}]"
    status, detail = _run(_file(tmp_path, "1.1", setup), registry)
    assert status is Status.ERROR  # read by the loader: the scenario's problem (docs/format.md)
    assert "setup[1]: unlock.door: 'both' (allowed: left, right)" in detail
    assert _run(_file(tmp_path, "1.2", setup, "[{unlocked: r, expect: [left, right]}]"), registry) == (Status.PASS, "")


def test_709_5e_both_doors_only_by_an_effect(tmp_path: Path, registry: VersionRegistry) -> None:
    setup = f"[{ROOM}, {{unlock: {{object: r, door: both}}}}]"
    status, detail = _run(_file(tmp_path, "1.2", setup), registry)
    assert status is Status.ERROR  # read by the loader: the scenario's problem (docs/format.md)
    assert "setup[1]: unlock.door: both doors at once only by an effect" in detail


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ("{change: '+{1}'}", "a mapping of change and spells"),
        ("{change: '{1}', spells: {}}", "cost_change.change: '{1}'"),
        ("{change: '+{1}', spells: {colours: [R]}}", "spells.colours: unknown key"),
        ("{change: '+{1}', spells: {colors: [Q]}}", "colors: ['Q']"),
        ("{change: '+{1}', spells: {mana_value: 3}}", "spells.mana_value: must be {op, value}"),
        ("{change: '+{1}', spells: null}", "spells: must be a mapping (an empty one, {}, for every spell)"),
        ("{change: '+{1}', spells: {name: []}}", "spells.name: an empty list names nothing"),
        ("{change: '+{1}', spells: {not_types: []}}", "spells.not_types: an empty list names nothing"),
    ],
)
def test_bad_spell_cost_effects_name_the_key(
    tmp_path: Path, registry: VersionRegistry, change: str, problem: str
) -> None:
    step = f"{{cast: {{object: fi, half: left, cost_change: {change}}}}}"
    status, detail = _run(_file(tmp_path, "1.2", f"[{FI}, {step}]"), registry)
    assert status is Status.ERROR
    assert problem in detail


def test_a_refused_1_2_step_changes_nothing(tmp_path: Path, registry: VersionRegistry) -> None:
    setup = f"[{FI}, {{cast: {{object: fi, half: left, flashback: true, expect_error: illegal_zone}}}}]"
    checks = "[{zone: fi, expect: hand}, {last_cost: {}, expect: null}, {events: {}, expect: []}]"
    assert _run(_file(tmp_path, "1.2", setup, checks), registry) == (Status.PASS, "")


# -- the rules behind them --------------------------------------------------------------------


def _fire_ice() -> Card:
    faces = [
        {"name": "Fire // Ice", "faceName": "Fire", "side": "a", "layout": "split", "manaCost": "{1}{R}",
         "types": ["Instant"], "colors": ["R"]},
        {"name": "Fire // Ice", "faceName": "Ice", "side": "b", "layout": "split", "manaCost": "{1}{U}",
         "types": ["Instant"], "colors": ["U"]},
    ]  # fmt: skip
    return card_from_mtgjson(faces, "Fire // Ice")


def test_601_2f_spell_cost_effects_summed_once(v: dict[str, RuleVersion]) -> None:
    ice = ObjectView(_fire_ice(), Zone.STACK, spell=SpellFacts(CastOption.RIGHT))
    effects = (
        CostEffect(ManaCost.parse("{1}"), True, Condition(not_types=("Creature",))),
        CostEffect(ManaCost.parse("{2}"), False, Condition(colors=("R",))),
        CostEffect(ManaCost.parse("{1}"), False, Condition(colors=("U",))),
    )
    more, less, cited = costs.applying(effects, ice, v["duskmourn-2024"])
    assert (str(more), str(less)) == ("{1}", "{1}")
    assert "601.2f" in cited


def test_116_2m_spell_cost_effects_not_on_an_unlock(v: dict[str, RuleVersion]) -> None:
    effects = (CostEffect(ManaCost.parse("{1}"), True, Condition()), CostEffect(ManaCost.parse("{1}"), False))
    more, less, cited = costs.applying(effects, None, v["duskmourn-2024"])
    assert (more, str(less)) == (None, "{1}")
    assert cited == ("116.2m", "709.5e")


def test_601_2b_hybrid_equivalent(v: dict[str, RuleVersion]) -> None:
    cost = ManaCost.parse("{U/R}{2/W}")
    assert str(costs.with_hybrid(cost, ["R", "2"], "x", v["duskmourn-2024"])) == "{2}{R}"
    refused = costs.with_hybrid(cost, ["G", "W"], "x", v["duskmourn-2024"])
    assert isinstance(refused, IllegalCast) and "can't be paid as" in str(refused)


def test_118_7_reduction_by_a_missing_color_takes_nothing_without_generic() -> None:
    assert str(costs.changed(ManaCost.parse("{R}{R}"), None, ManaCost.parse("{U}"))) == "{R}{R}"


def test_708_6a_old_split_card_target_by_either_half(v: dict[str, RuleVersion]) -> None:
    in_graveyard = ObjectView(_fire_ice(), Zone.GRAVEYARD)
    assert targets.can_target(in_graveyard, "card", Condition(colors=("U",)), v["classic-2009"]).value
    assert not targets.can_target(in_graveyard, "spell", Condition(), v["classic-2009"]).value


def test_505_7_both_halves_in_either_order(v: dict[str, RuleVersion]) -> None:
    legal = ch.name_choices(_fire_ice(), v["classic-2009"]).value
    assert ch.legal_choice(["Ice", "Fire"], legal) == ("Fire", "Ice")
    assert ch.legal_choice(["Ice", "Ice"], legal) is None


@pytest.mark.parametrize(
    ("setup", "checks", "problem"),
    [
        (f"[{FI}, {{cast: {{object: fi, half: left, x: 1000000000000000000000000000000}}}}]", "[]", "cast.x: a number"),
        (f"[{FI}, {{cast: {{object: fi, half: left, x: -1}}}}]", "[]", "cast.x: -1 (allowed: a whole number from 0"),
        (f"[{FI}]", "[{has_name: {object: fi, name: 5}, expect: false}]", "has_name.name: must be a name"),
        (f"[{FI}]", "[{has_name: {object: fi, name: null}, expect: false}]", "has_name.name: must be a name"),
        (f"[{FI}]", "[{has_name: {object: fi, name: []}, expect: false}]", "has_name.name: must be a name"),
    ],
)
def test_a_bad_value_is_an_error_of_the_scenario_named_by_the_loader(
    tmp_path: Path, registry: VersionRegistry, setup: str, checks: str, problem: str
) -> None:
    path = _file(tmp_path, "1.2", setup, checks)
    (scenario,) = load_file(path).scenarios
    assert problem in scenario.problem
    assert _run(path, registry)[0] is Status.ERROR


def test_a_bad_value_stays_an_error_under_a_declared_deviation(tmp_path: Path, registry: VersionRegistry) -> None:
    path = _file(tmp_path, "1.2", f"[{FI}, {{cast: {{object: fi, half: left, x: -1}}}}]")
    covering = AdapterInfo(
        "reference", "the reference host", new_game, deviations=(KnownDeviation("any", "covers it all", ("*",)),)
    )
    (result,) = list(iter_file(load_file(path), {"reference": covering}, registry))
    assert (result.status, result.declared) == (Status.ERROR, "")
    assert "cast.x: -1" in result.detail
