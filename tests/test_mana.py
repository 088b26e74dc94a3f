from __future__ import annotations

import pytest

from splitcards.rules.mana import COLORLESS, ManaCost, ManaSymbol, card_colors, could_pay, in_color_order, same_cost


def test_202_3_mana_value_of_generic_and_colored() -> None:
    assert ManaCost.parse("{3}{R}{G}").mana_value == 5


def test_202_3e_x_counts_zero_off_the_stack() -> None:
    assert ManaCost.parse("{X}{X}{R}").mana_value == 1


def test_202_3f_hybrid_counts_its_largest_part() -> None:
    assert ManaCost.parse("{2/W}{2/W}{W/U}").mana_value == 5


def test_107_4f_phyrexian_and_snow_and_colorless_count_one() -> None:
    assert ManaCost.parse("{W/P}{S}{C}{G/U/P}").mana_value == 4


def test_202_2_colors_come_from_colored_symbols() -> None:
    assert ManaCost.parse("{2}{W/U}{B/P}").colors == frozenset({"W", "U", "B"})


def test_202_2_a_card_without_listed_colors_takes_those_of_its_cost() -> None:
    # Boros Reckoner's {R/W}{R/W}{R/W} makes it red and white; {2/U} makes a card blue.
    assert card_colors(ManaCost.parse("{R/W}{R/W}{R/W}")) == {"R", "W"}
    assert card_colors(ManaCost.parse("{2/U}{3}")) == {"U"}
    assert card_colors(ManaCost.parse("{C}{S}{4}")) == frozenset()


def test_204_a_color_indicator_adds_its_colors() -> None:
    # Ancestral Vision has no mana cost and a blue color indicator; Dryad Arbor, green with none.
    assert card_colors(None, ["U"]) == {"U"}
    assert card_colors(None) == frozenset()
    assert card_colors(ManaCost.parse("{1}{R}"), ["G"]) == {"R", "G"}


def test_105_1_colors_are_listed_white_blue_black_red_green() -> None:
    assert in_color_order({"G", "W", "R"}) == ["W", "R", "G"]


def test_709_4b_combined_cost_sums_generic_and_keeps_symbols() -> None:
    combined = ManaCost.parse("{1}{R}") + ManaCost.parse("{1}{U}")
    assert str(combined) == "{2}{U}{R}"
    assert combined.mana_value == 4


def test_709_4b_each_half_keeps_its_own_symbols() -> None:
    fire, ice = ManaCost.parse("{1}{R}"), ManaCost.parse("{1}{U}")
    assert [str(s) for s in fire.symbols + ice.symbols] == ["{1}", "{R}", "{1}", "{U}"]


def test_costs_compare_as_multisets_with_generic_summed() -> None:
    assert same_cost("{3}{R}{G}", "{3}{G}{R}")
    assert same_cost("{1}{2}{U}", "{3}{U}")
    assert not same_cost("{3}{R}", "{3}{R}{R}")


@pytest.mark.parametrize("text", ["{R", "{Q}", "R", "{W/W/W}", "{1}{R}x"])
def test_malformed_cost_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        ManaCost.parse(text)


def test_symbol_repr_round_trips() -> None:
    cost = ManaCost.parse("{X}{2/W}{G}")
    assert eval(repr(cost)) == cost
    assert ManaSymbol("X").value == 0


@pytest.mark.parametrize("text", ["{Y}", "{Z}", "{Y}{Z}", "{X}{Y}", "{٣}"])
def test_107_4_x_is_the_only_variable_symbol_and_digits_are_ascii(text: str) -> None:
    with pytest.raises(ValueError, match="unknown mana symbol"):
        ManaCost.parse(text)


def test_a_generic_symbol_larger_than_any_card_prints_is_refused_briefly() -> None:
    assert ManaCost.parse("{1000000}").mana_value == 1_000_000
    with pytest.raises(ValueError, match=r"generic mana symbol '\{1000001\}' is over 1000000"):
        ManaCost.parse("{1000001}")
    with pytest.raises(ValueError, match=r"generic mana symbol '\{5555.*\.\.\.' is over 1000000") as info:
        ManaCost.parse("{" + "5" * 5000 + "}")
    assert len(str(info.value)) < 100
    with pytest.raises(ValueError, match=r"^not a mana cost: '\{R.*\.\.\.'$"):
        ManaCost.parse("{R" + "x" * 5000)


PLAINS, MOUNTAIN, ISLAND = frozenset({"W"}), frozenset({"R"}), frozenset({"U"})


def test_601_2h_a_color_no_source_makes_is_unpayable_whatever_the_count() -> None:
    # Ribbons of the Reaper... {X}{B}{B} with six Plains and Mountains: two black mana can't be made.
    assert not could_pay(ManaCost.parse("{X}{B}{B}"), [PLAINS, MOUNTAIN] * 3)


def test_107_3_x_is_paid_at_its_least() -> None:
    assert could_pay(ManaCost.parse("{X}{R}"), [MOUNTAIN])


def test_601_2h_each_colored_symbol_needs_a_source_of_its_own() -> None:
    assert not could_pay(ManaCost.parse("{R}{R}"), [MOUNTAIN, PLAINS])
    assert could_pay(ManaCost.parse("{1}{R}"), [MOUNTAIN, PLAINS])
    assert not could_pay(ManaCost.parse("{2}{R}"), [MOUNTAIN, PLAINS])


def test_107_4e_hybrid_takes_either_color_each_source_once() -> None:
    # {R/W}{W}: the Plains must pay {W}, so the Mountain pays the hybrid symbol.
    assert could_pay(ManaCost.parse("{R/W}{W}"), [PLAINS, MOUNTAIN])
    assert not could_pay(ManaCost.parse("{R/W}{W}"), [PLAINS, ISLAND])


def test_106_1b_colorless_symbol_needs_colorless_mana() -> None:
    assert not could_pay(ManaCost.parse("{C}"), [MOUNTAIN])
    assert could_pay(ManaCost.parse("{C}"), [frozenset({COLORLESS})])
