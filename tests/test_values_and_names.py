"""The rulings on a split card's values and names, version by version: a value used without a
comparison (505.5, 708.5, 708.5a, 709.4b), two objects compared (708.6a-b, 709.4), casts forbidden
by name (709.4a, 709.3b, 702.102b) and a card name with certain characteristics (201.4b)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import yaml

from splitcards.adapters.reference.host import ReferenceHost
from splitcards.errors import IllegalChoice, PluginFailure, Prohibited, UnknownQuery
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.hooks import hookimpl
from splitcards.rules import characteristics as ch
from splitcards.rules.card import Card
from splitcards.rules.conditions import Condition
from splitcards.rules.model import Answer, CastOption, Player, Zone
from splitcards.rules.versions import RuleVersion
from splitcards.tools.conformance.scenario import parse

OLD = ("invasion-2000", "classic-2009")


@pytest.mark.parametrize("version", OLD)
def test_505_5_and_708_5_give_no_single_value(
    table: Callable[[str], Table], cards: dict[str, Card], version: str
) -> None:
    t = table(version)
    answer = ch.single_value(t.view(t.create(cards["Assault // Battery"], Zone.EXILE)), t.rules)
    assert answer.value is None
    assert answer.rules == ()
    assert t.rules.no_text("value_without_comparison") is not None


def test_708_5a_single_value_is_the_sum(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("classic-2013")
    answer = ch.single_value(t.view(t.create(cards["Destined // Lead"], Zone.LIBRARY)), t.rules)
    assert answer.value == 6
    assert "708.5a" in answer.rules


def test_709_4b_single_value_is_the_combined_one(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    answer = ch.single_value(t.view(t.create(cards["Assault // Battery"], Zone.GRAVEYARD)), t.rules)
    assert answer.value == 5
    assert "709.4b" in answer.rules


def test_single_value_of_one_answer_needs_no_rule(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("invasion-2000")
    assert ch.single_value(t.view(t.create(cards["Grizzly Bears"], Zone.LIBRARY)), t.rules).value == 2
    spell = t.cast(t.create(cards["Assault // Battery"], Zone.HAND), CastOption.RIGHT)
    assert ch.single_value(t.view(spell), t.rules).value == 4


def _counterbalance(t: Table, cards: dict[str, Card], spell: str) -> tuple[bool, bool]:
    revealed = t.view(t.create(cards["Wear // Tear"], Zone.LIBRARY, Player.P2))
    other = t.view(t.create(cards[spell], Zone.HAND))
    same = ch.compare_objects(other, revealed, t.rules, "mana_value", "==")
    different = ch.compare_objects(other, revealed, t.rules, "mana_value", "!=")
    assert isinstance(same, Answer) and isinstance(different, Answer)
    return same.value, different.value


def test_708_6a_counterbalance_matches_either_half(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("classic-2009")
    # Ornithopter's mana value is 0, Glorious Anthem's 3: neither is a half's (Wear 2, Tear 1).
    assert _counterbalance(t, cards, "Ornithopter") == (False, True)
    assert _counterbalance(t, cards, "Glorious Anthem") == (False, True)
    assert _counterbalance(t, cards, "Grizzly Bears") == (True, False)


def test_709_4_counterbalance_matches_the_combined_value(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    assert _counterbalance(t, cards, "Grizzly Bears") == (False, True)
    assert _counterbalance(t, cards, "Glorious Anthem") == (True, False)


def test_708_6b_different_names_only_without_a_name_in_common(
    table: Callable[[str], Table], cards: dict[str, Card]
) -> None:
    t = table("classic-2009")
    wear_tear = t.view(t.create(cards["Wear // Tear"], Zone.HAND))
    again = t.view(t.create(cards["Wear // Tear"], Zone.LIBRARY))
    fire_ice = t.view(t.create(cards["Fire // Ice"], Zone.LIBRARY))
    same = ch.compare_objects(wear_tear, again, t.rules, "name", "!=")
    assert isinstance(same, Answer) and same.value is False
    assert "708.6b" in same.rules
    found = ch.compare_objects(wear_tear, fire_ice, t.rules, "name", "!=")
    assert isinstance(found, Answer) and found.value is True


def test_names_compare_only_by_equality(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    view = t.view(t.create(cards["Wear // Tear"], Zone.HAND))
    assert isinstance(ch.compare_objects(view, view, t.rules, "name", "<"), UnknownQuery)
    assert isinstance(ch.compare_objects(view, view, t.rules, "color", "=="), UnknownQuery)


def test_201_4b_a_described_name_is_judged_by_its_half(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    red = Condition(colors=("R",))
    assert t.name_choices(cards["Fire // Ice"], red).value == (("Fire",),)
    assert "201.4b" in t.name_choices(cards["Fire // Ice"], red).rules
    with pytest.raises(IllegalChoice):
        t.choose_name(cards["Fire // Ice"], ["Ice"], described=red)
    assert t.choose_name(cards["Fire // Ice"], ["Fire"], described=red) == ("Fire",)


@pytest.mark.parametrize("version", [*OLD, "classic-2013"])
def test_described_name_unwritten_before_2017(
    table: Callable[[str], Table], cards: dict[str, Card], version: str
) -> None:
    t = table(version)
    with pytest.raises(IllegalChoice, match=r"2017-04-28"):
        t.name_choices(cards["Fire // Ice"], Condition(colors=("R",)))
    # Where both halves match the description, every reading gives the same answer.
    both = t.name_choices(cards["Wear // Tear"], Condition(not_types=("Creature", "Land"))).value
    assert sorted(name for choice in both for name in choice) == ["Tear", "Wear"]


def test_709_3b_prohibition_leaves_the_other_half(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    wt = t.create(cards["Wear // Tear"], Zone.HAND)
    t.prohibit(["Wear"], Player.P1)
    assert t.castable(wt).value == (CastOption.RIGHT,)
    refusal = t.cast_refusal(wt, CastOption.FUSED)
    assert isinstance(refusal, Prohibited) and refusal.kind == "prohibited"


def test_prohibition_binds_only_its_player(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    wt = t.create(cards["Wear // Tear"], Zone.HAND)
    t.prohibit(["Wear"], Player.P2)
    assert CastOption.LEFT in t.castable(wt).value


def test_708_7_both_halves_named_forbid_each_half(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("classic-2009")
    wt = t.create(cards["Wear // Tear"], Zone.HAND)
    t.prohibit(["Wear", "Tear"], Player.P1)
    assert t.castable(wt).value == ()
    with pytest.raises(Prohibited, match=r"708\.7"):
        t.cast(wt, CastOption.RIGHT)
    assert t.view(wt).zone is Zone.HAND


def _problem(fmt: str, setup: str, checks: str) -> str:
    document = f"""
format: {fmt}
cards:
  Wear // Tear:
    - {{name: Wear // Tear, faceName: Wear, side: a, layout: split, manaCost: '{{1}}{{R}}', types: [Instant]}}
    - {{name: Wear // Tear, faceName: Tear, side: b, layout: split, manaCost: '{{W}}', types: [Instant]}}
scenarios:
  - {{id: s, rules: [current], setup: {setup}, checks: {checks}}}
"""
    (scenario,) = parse(yaml.safe_load(document), "f.yaml").scenarios
    return scenario.problem


def test_format_1_2_knows_nothing_of_what_1_3_adds_to_values_and_names() -> None:
    create = "[{create: {card: Wear // Tear, zone: hand, as: wt}}]"
    assert "unknown step" in _problem("1.2", "[{prohibit: {name: Wear, player: p2}}]", "[]")
    compared = "[{compare: {object: wt, characteristic: mana_value, op: '==', other: wt}, expect: true}]"
    assert "compare.other" in _problem("1.2", create, compared)
    assert "value_of" in _problem("1.2", create, "[{value_of: {object: wt, characteristic: mana_value}, expect: 3}]")
    described = "[{name_choices: {card: Wear // Tear, with: {colors: [R]}}, expect: [[Wear]]}]"
    assert "unknown card" in _problem("1.2", "[]", described)
    assert _problem("1.3", create, compared) == ""
    assert _problem("1.3", "[]", described) == ""


def test_a_plugins_described_names_are_legal_ones(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    class Loose:
        @hookimpl
        def decide_described_names(self, rules: RuleVersion) -> Answer[tuple[tuple[str, ...], ...]]:
            return Answer((("Lightning Bolt",),), (), rules.name)

    pm = make_plugin_manager(load_entry_points=False)
    pm.register(Loose())
    t = Table(ReferenceHost(), v["duskmourn-2024"], pm)
    with pytest.raises(PluginFailure, match="decide_described_names"):
        t.name_choices(cards["Fire // Ice"], Condition(colors=("R",)))
