from __future__ import annotations

from collections.abc import Callable

import pytest

from splitcards.errors import IllegalChoice
from splitcards.game.table import Table
from splitcards.rules import characteristics as ch
from splitcards.rules.card import Card
from splitcards.rules.model import CastOption, ObjectView, Zone


def _view(table: Table, card: Card, zone: Zone = Zone.LIBRARY) -> ObjectView:
    return table.view(table.create(card, zone))


def test_709_4b_combined_mana_value_and_cost(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    view = _view(t, cards["Assault // Battery"])
    assert ch.mana_values(view, t.rules).value == (5,)
    assert str(ch.mana_costs(view, t.rules).value[0]) == "{3}{R}{G}"
    assert "709.4" in ch.mana_values(view, t.rules).rules


def test_708_5_two_answers_off_the_stack_under_classic_rules(
    table: Callable[[str], Table], cards: dict[str, Card]
) -> None:
    t = table("classic-2009")
    view = _view(t, cards["Assault // Battery"])
    answer = ch.mana_values(view, t.rules)
    assert answer.value == (1, 4)
    assert answer.rules == ("708.2", "708.5")
    assert answer.version == "classic-2009"


def test_505_3_every_split_card_multicolored_in_2000(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("invasion-2000")
    assert ch.multicolored(_view(t, cards["Boom // Bust"]), t.rules).value is True


def test_708_3_boom_bust_monocolored_from_2007_wording(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    for name in ("classic-2009", "duskmourn-2024"):
        t = table(name)
        assert ch.multicolored(_view(t, cards["Boom // Bust"]), t.rules).value is False


def test_708_6a_relative_comparison_yes_if_either_half(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("classic-2013")
    obj = t.create(cards["Research // Development"], Zone.LIBRARY)
    # Sunforger: red or white instant with mana value 4 or less (708.6c example).
    assert t.compare(obj, "mana_value", "<=", 4).value
    assert t.compare(obj, "color", "==", "R").value


def test_708_6b_negative_comparison_is_no_when_positive_is_yes(
    table: Callable[[str], Table], cards: dict[str, Card]
) -> None:
    t = table("classic-2009")
    obj = t.create(cards["Assault // Battery"], Zone.HAND)
    assert t.compare(obj, "mana_value", "!=", 4).value is False
    assert t.compare(obj, "mana_value", "!=", 5).value is True
    assert t.compare(obj, "mana_value", "!=", 5).rules[-1] == "708.6b"


def test_709_4_research_development_is_one_value_after_2017(
    table: Callable[[str], Table], cards: dict[str, Card]
) -> None:
    t = table("amonkhet-2017")
    obj = t.create(cards["Research // Development"], Zone.LIBRARY)
    assert t.compare(obj, "mana_value", "<=", 4).value is False
    assert t.compare(obj, "mana_value", "==", 7).value is True


def test_708_5a_value_without_comparison_is_the_sum(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("classic-2013")
    answer = ch.value_without_comparison(_view(t, cards["Assault // Battery"]), t.rules)
    assert answer.value == 5
    assert "708.5a" in answer.rules


def test_709_4b_symbols_kept_per_half(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    view = _view(t, cards["Fire // Ice"], Zone.GRAVEYARD)
    assert ch.mana_symbols(view, t.rules).value == ("{1}", "{1}", "{R}", "{U}")
    assert str(ch.mana_costs(view, t.rules).value[0]) == "{2}{U}{R}"


def test_709_4c_each_card_type_of_either_half(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("amonkhet-2017")
    view = _view(t, cards["Destined // Lead"], Zone.GRAVEYARD)
    assert ch.card_types(view, t.rules).value == ("Instant", "Sorcery")


def test_709_3b_spell_has_only_the_cast_half(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    spell = t.cast(t.create(cards["Assault // Battery"], Zone.HAND), CastOption.RIGHT)
    view = t.view(spell)
    assert ch.names(view, t.rules).value == ("Battery",)
    assert ch.colors(view, t.rules).value == frozenset({"G"})
    assert ch.mana_values(view, t.rules).value == (4,)
    assert "709.3b" in ch.names(view, t.rules).rules


def test_708_2_fused_spell_two_costs_one_value_in_2013(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("classic-2013")
    spell = t.cast(t.create(cards["Breaking // Entering"], Zone.HAND), CastOption.FUSED)
    view = t.view(spell)
    assert [str(c) for c in ch.mana_costs(view, t.rules).value] == ["{U}{B}", "{4}{B}{R}"]
    # Spell Blast must choose X = 8 for the fused spell (708.5 example).
    assert ch.mana_values(view, t.rules).value == (8,)
    assert t.compare(spell, "mana_value", "==", 8).value
    assert not t.compare(spell, "mana_value", "==", 2).value


def test_709_4d_fused_spell_combined_after_2017(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    spell = t.cast(t.create(cards["Breaking // Entering"], Zone.HAND), CastOption.FUSED)
    view = t.view(spell)
    assert [str(c) for c in ch.mana_costs(view, t.rules).value] == ["{4}{U}{B}{B}{R}"]
    assert ch.mana_values(view, t.rules).value == (8,)
    assert ch.multicolored(view, t.rules).value


def test_709_4_card_back_to_combined_after_leaving_stack(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    obj = t.create(cards["Fire // Ice"], Zone.HAND)
    t.cast(obj, CastOption.LEFT)
    t.resolve()
    view = t.view(obj)
    assert view.zone is Zone.GRAVEYARD
    assert ch.names(view, t.rules).value == ("Fire", "Ice")
    assert ch.mana_values(view, t.rules).value == (4,)


def test_one_faced_card_answers_without_split_rules(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("classic-2009")
    view = _view(t, cards["Glacial Ray"], Zone.HAND)
    assert ch.mana_values(view, t.rules).value == (2,)
    assert ch.names(view, t.rules).rules == ()


def test_709_4a_name_choices_by_version(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    fire_ice = cards["Fire // Ice"]
    assert table("invasion-2000").name_choices(fire_ice).value == (("Fire", "Ice"),)
    assert table("classic-2009").name_choices(fire_ice).value == (("Fire", "Ice"),)
    assert table("classic-2013").name_choices(fire_ice).value == (("Fire",), ("Ice",))
    assert table("duskmourn-2024").name_choices(fire_ice).rules == ("709.4a", "201.4b")


def test_708_7_chosen_both_halves_match_either_name(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("classic-2009")
    ice = t.cast(t.create(cards["Fire // Ice"], Zone.HAND), CastOption.RIGHT)
    assert ch.has_chosen_name(t.view(ice), t.rules, ("Fire", "Ice")).value
    assert not ch.has_chosen_name(t.view(ice), t.rules, ("Fire",)).value


def test_choose_name_refuses_an_illegal_answer(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    assert t.choose_name(cards["Fire // Ice"], ["Ice"]) == ("Ice",)
    before = list(t.events)
    with pytest.raises(IllegalChoice, match=r"709\.4a"):
        t.choose_name(cards["Fire // Ice"], ["Fire", "Ice"])
    assert t.events == before
