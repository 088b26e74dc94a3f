"""The rules of copies (707.10, 707.12, 709.3c, 709.5b) and of the stack, asked directly."""

from __future__ import annotations

import pytest

from splitcards.errors import IllegalTiming, IllegalZone
from splitcards.rules import copies, stack
from splitcards.rules.card import Card, Side
from splitcards.rules.model import CastOption, ObjectView, Player, SpellFacts, Spliced, Zone
from splitcards.rules.versions import RuleVersion

CURRENT = "duskmourn-2024"


def test_707_10_a_spell_copy_keeps_the_half_and_x_but_not_the_splices(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    spliced = (Spliced("ray", cards["Glacial Ray"].halves[0]),)
    facts = SpellFacts(CastOption.RIGHT, cast_from=Zone.HAND, spliced=spliced, caster=Player.P2, x=3)
    spell = ObjectView(cards["Fire // Ice"], Zone.STACK, Player.P1, Player.P2, facts)
    assert copies.spell_copy(spell, v[CURRENT]) == SpellFacts(
        CastOption.RIGHT, cast=False, cast_from=None, spliced=(), copy=True, x=3
    )


def test_707_10_only_a_spell_on_the_stack_is_copied_as_a_spell(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    with pytest.raises(IllegalZone, match="not a spell on the stack") as raised:
        copies.spell_copy(ObjectView(cards["Fire // Ice"], Zone.HAND), v[CURRENT])
    assert "707.10" in raised.value.rules


@pytest.mark.parametrize("zone", [Zone.STACK, Zone.BATTLEFIELD])
def test_707_12_a_card_is_copied_outside_the_stack_and_the_battlefield(
    zone: Zone, v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    with pytest.raises(IllegalZone) as raised:
        copies.check_card_to_copy(ObjectView(cards["Fire // Ice"], zone), v[CURRENT])
    assert "707.12" in raised.value.rules
    copies.check_card_to_copy(ObjectView(cards["Fire // Ice"], Zone.GRAVEYARD), v[CURRENT])


def test_707_12_a_card_copy_that_is_cast_is_its_owners(cards: dict[str, Card]) -> None:
    card = ObjectView(cards["Fire // Ice"], Zone.GRAVEYARD, owner=Player.P2, controller=Player.P1)
    assert copies.card_copy_to_cast(card) == ObjectView(
        cards["Fire // Ice"], Zone.GRAVEYARD, owner=Player.P2, controller=Player.P2, copy=True
    )


def test_709_5b_a_permanent_copy_has_the_halves_and_no_designation(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    room = ObjectView(
        cards["Bottomless Pool // Locker Room"],
        Zone.BATTLEFIELD,
        owner=Player.P1,
        controller=Player.P2,
        unlocked=frozenset({Side.LEFT}),
    )
    copy = copies.permanent_copy(room, v[CURRENT])
    assert copy == ObjectView(room.card, Zone.BATTLEFIELD, Player.P2, Player.P2, token=True)
    with pytest.raises(IllegalZone, match="is not a permanent"):
        copies.permanent_copy(ObjectView(room.card, Zone.HAND), v[CURRENT])


def test_608_only_the_top_of_the_stack_resolves(v: dict[str, RuleVersion]) -> None:
    rules = v[CURRENT]
    assert stack.resolving(["bottom", "top"], None, rules) == "top"
    assert stack.resolving(["bottom", "top"], "top", rules) == "top"
    with pytest.raises(IllegalTiming, match="only the top object"):
        stack.resolving(["bottom", "top"], "bottom", rules)
    with pytest.raises(IllegalTiming, match="the stack is empty"):
        stack.resolving([], None, rules)


def test_601_2a_a_spell_is_its_casters_and_the_permanent_its_controllers(cards: dict[str, Card]) -> None:
    card = ObjectView(cards["Grizzly Bears"], Zone.HAND, owner=Player.P1)
    facts = SpellFacts(CastOption.WHOLE, cast_from=Zone.HAND, caster=Player.P2)
    spell = stack.spell_view(card, facts, Player.P2)
    assert (spell.zone, spell.owner, spell.controller, spell.spell) == (Zone.STACK, Player.P1, Player.P2, facts)
    permanent = stack.entering_view(spell, token=False)
    assert permanent == ObjectView(cards["Grizzly Bears"], Zone.BATTLEFIELD, Player.P1, Player.P2)
