"""The rules of copies (707.10, 707.12, 709.3c, 709.5b) and of the stack, asked directly: each
answers a decision or returns its refusal, and never raises to say no."""

from __future__ import annotations

import pytest

from splitcards.errors import IllegalZone
from splitcards.rules import copies, stack
from splitcards.rules.card import Card, Side
from splitcards.rules.copies import CopyOf
from splitcards.rules.model import CastOption, ObjectView, Player, SpellFacts, Spliced, Zone
from splitcards.rules.versions import RuleVersion

CURRENT = "duskmourn-2024"


def test_707_10_a_spell_copy_keeps_the_half_and_x_but_not_the_splices(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    spliced = (Spliced("ray", cards["Glacial Ray"].halves[0]),)
    facts = SpellFacts(CastOption.RIGHT, cast_from=Zone.HAND, spliced=spliced, caster=Player.P2, x=3)
    spell = ObjectView(cards["Fire // Ice"], Zone.STACK, Player.P1, Player.P2, facts)
    copy = copies.copy_of(spell, CopyOf.SPELL, v[CURRENT])
    assert isinstance(copy, ObjectView)
    assert copy.spell == SpellFacts(
        CastOption.RIGHT, cast=False, cast_from=None, spliced=(), copy=True, caster=Player.P2, x=3
    )


def test_707_10_a_spell_copy_is_owned_and_controlled_by_the_originals_controller(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    # p2 cast p1's card: the copy is put on the stack under p2's control, so p2 owns it (108.3).
    facts = SpellFacts(CastOption.RIGHT, cast_from=Zone.GRAVEYARD, caster=Player.P2)
    spell = ObjectView(cards["Fire // Ice"], Zone.STACK, Player.P1, Player.P2, facts)
    copy = copies.copy_of(spell, CopyOf.SPELL, v[CURRENT])
    assert isinstance(copy, ObjectView)
    assert (copy.owner, copy.controller, copy.copy, copy.token) == (Player.P2, Player.P2, True, False)


def test_707_10_only_a_spell_on_the_stack_is_copied_as_a_spell(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    refusal = copies.copy_of(ObjectView(cards["Fire // Ice"], Zone.HAND), CopyOf.SPELL, v[CURRENT])
    assert isinstance(refusal, IllegalZone)
    assert "not a spell on the stack" in str(refusal)
    assert "707.10" in refusal.rules


@pytest.mark.parametrize("zone", [Zone.STACK, Zone.BATTLEFIELD])
def test_707_12_a_card_is_copied_outside_the_stack_and_the_battlefield(
    zone: Zone, v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    refusal = copies.copy_of(ObjectView(cards["Fire // Ice"], zone), CopyOf.CARD, v[CURRENT])
    assert isinstance(refusal, IllegalZone)
    assert "707.12" in refusal.rules
    in_graveyard = ObjectView(cards["Fire // Ice"], Zone.GRAVEYARD)
    assert copies.copy_of(in_graveyard, CopyOf.CARD, v[CURRENT]) == ObjectView(
        cards["Fire // Ice"], Zone.GRAVEYARD, copy=True
    )


def test_707_12_a_card_copy_that_is_cast_is_its_owners(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    card = ObjectView(cards["Fire // Ice"], Zone.GRAVEYARD, owner=Player.P2, controller=Player.P1)
    assert copies.copy_of(card, CopyOf.CARD_TO_CAST, v[CURRENT]) == ObjectView(
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
    copy = copies.copy_of(room, CopyOf.PERMANENT, v[CURRENT])
    assert copy == ObjectView(room.card, Zone.BATTLEFIELD, Player.P2, Player.P2, token=True)
    refusal = copies.copy_of(ObjectView(room.card, Zone.HAND), CopyOf.PERMANENT, v[CURRENT])
    assert isinstance(refusal, IllegalZone)
    assert "is not a permanent" in str(refusal)


def test_608_only_the_top_of_the_stack_resolves(v: dict[str, RuleVersion]) -> None:
    rules = v[CURRENT]
    assert stack.resolve_refusal(["bottom", "top"], None, rules) is None
    assert stack.resolve_refusal(["bottom", "top"], "top", rules) is None
    assert "only the top object" in str(stack.resolve_refusal(["bottom", "top"], "bottom", rules))
    assert "the stack is empty" in str(stack.resolve_refusal([], None, rules))


def test_601_2a_a_spell_is_its_casters_and_the_permanent_its_controllers(cards: dict[str, Card]) -> None:
    card = ObjectView(cards["Grizzly Bears"], Zone.HAND, owner=Player.P1)
    facts = SpellFacts(CastOption.WHOLE, cast_from=Zone.HAND, caster=Player.P2)
    spell = card.on_stack(facts, Player.P2)
    assert (spell.zone, spell.owner, spell.controller, spell.spell) == (Zone.STACK, Player.P1, Player.P2, facts)
    permanent = spell.entering(token=False)
    assert permanent == ObjectView(cards["Grizzly Bears"], Zone.BATTLEFIELD, Player.P1, Player.P2)
