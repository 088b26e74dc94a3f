"""What a permission lets a player cast, and which ways of casting one spell combine
(:mod:`splitcards.rules.permissions`)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from splitcards.errors import IllegalCast, IllegalZone
from splitcards.game.table import Table
from splitcards.rules.actions import CastGrants, CastRequest
from splitcards.rules.card import Card, Side
from splitcards.rules.model import CastOption, ObjectView, Player, Zone
from splitcards.rules.permissions import (
    KINDS,
    CastingMethod,
    Kind,
    aftermath_cast,
    has_aftermath,
    methods_of,
    own_zones,
    refusal,
)
from splitcards.rules.versions import RuleVersion

L, R, F, W = CastOption.LEFT, CastOption.RIGHT, CastOption.FUSED, CastOption.WHOLE
FLASHBACK = CastGrants(flashback=True)
# The rule that allows one alternative cost per spell, by the numbering of each version's edition.
ONE_ALTERNATIVE_COST = {
    "invasion-2000": "409.1b",
    "classic-2009": "116.9a",
    "classic-2013": "117.9a",
    "amonkhet-2017": "117.9a",
    "duskmourn-2024": "118.9a",
}
FLASHBACK_RULE = {
    "invasion-2000": "502.22a",
    "classic-2009": "702.31a",
    "classic-2013": "702.33a",
    "amonkhet-2017": "702.33a",
    "duskmourn-2024": "702.34a",
}


def test_each_way_of_casting_is_what_the_rules_call_it() -> None:
    assert KINDS[CastingMethod.WITHOUT_PAYING] == {Kind.ALTERNATIVE_COST}
    assert KINDS[CastingMethod.FLASHBACK] == {Kind.PERMISSION, Kind.ALTERNATIVE_COST}
    assert KINDS[CastingMethod.SPLICE] == {Kind.ADDITIONAL_COST}
    assert KINDS[CastingMethod.FUSE] == {Kind.PERMISSION}
    assert KINDS[CastingMethod.AFTERMATH] == {Kind.PERMISSION}
    assert KINDS[CastingMethod.FROM_ZONE] == {Kind.PERMISSION}
    assert KINDS[CastingMethod.FLASH] == {Kind.PERMISSION}
    assert KINDS[CastingMethod.COST_CHANGE] == {Kind.COST_CHANGE}
    assert set(KINDS) == set(CastingMethod)


@pytest.mark.parametrize("version", sorted(ONE_ALTERNATIVE_COST))
def test_601_2b_free_cast_with_flashback_is_refused(
    version: str, table: Callable[[str], Table], cards: dict[str, Card]
) -> None:
    t = table(version)
    bust = t.create(cards["Boom // Bust"], Zone.GRAVEYARD)
    before = t.snapshot()
    with pytest.raises(IllegalCast, match="alternative costs") as refused:
        t.cast(bust, R, without_paying=True, grants=FLASHBACK)
    assert ONE_ALTERNATIVE_COST[version] in refused.value.rules
    assert FLASHBACK_RULE[version] in refused.value.rules
    assert t.snapshot() == before
    t.cast(bust, R, grants=FLASHBACK)
    assert str(t.last_cost) == "{5}{R}"


def test_118_9a_free_cast_with_flashback_refused_from_any_permission(
    table: Callable[[str], Table], cards: dict[str, Card]
) -> None:
    t = table("duskmourn-2024")
    bust = t.create(cards["Boom // Bust"], Zone.GRAVEYARD)
    with pytest.raises(IllegalCast, match=r"118\.9a"):
        t.cast(bust, R, permission=Zone.GRAVEYARD, without_paying=True, grants=FLASHBACK)
    # Cast from the graveyard by another permission, without paying: one alternative cost.
    spell = t.cast(bust, R, permission=Zone.GRAVEYARD, without_paying=True)
    assert t.last_cost is None
    facts = t.view(spell).spell
    assert facts is not None
    assert not facts.flashback


def test_702_34a_flashback_casts_no_door_of_a_room(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    room = t.create(cards["Bottomless Pool // Locker Room"], Zone.GRAVEYARD)
    before = t.snapshot()
    for door in (L, R):
        with pytest.raises(IllegalZone, match="enchantment spell") as refused:
            t.cast(room, door, grants=FLASHBACK)
        assert "702.34a" in refused.value.rules
    with pytest.raises(IllegalZone, match=r"702\.34a"):
        t.cast(room, L, permission=Zone.GRAVEYARD, grants=FLASHBACK)
    assert t.snapshot() == before
    # An effect that lets permanent spells be cast from a graveyard is no flashback.
    t.cast(room, L, permission=Zone.GRAVEYARD)
    assert str(t.last_cost) == "{U}"


@pytest.mark.parametrize(("version", "allowed"), [("amonkhet-2017", True), ("duskmourn-2024", False)])
def test_702_34a_flashback_of_a_creature_card_by_edition(
    version: str, allowed: bool, table: Callable[[str], Table], cards: dict[str, Card]
) -> None:
    t = table(version)
    bears = t.create(cards["Grizzly Bears"], Zone.GRAVEYARD)
    assert t.rules.flashback_instant_or_sorcery_only is not allowed
    if allowed:
        t.cast(bears, grants=FLASHBACK)
        assert t.view(bears).zone is Zone.STACK
        # Its card would leave the stack for the battlefield: flashback exiles it instead.
        outcome = t.resolve()
        assert outcome.destination is Zone.EXILE
        assert "702.33a" in outcome.rules
        assert t.view(bears).zone is Zone.EXILE
    else:
        with pytest.raises(IllegalZone, match="creature spell"):
            t.cast(bears, grants=FLASHBACK)


def test_702_102a_fused_free_cast_is_one_alternative_cost(
    table: Callable[[str], Table], cards: dict[str, Card]
) -> None:
    t = table("duskmourn-2024")
    t.cast(t.create(cards["Breaking // Entering"], Zone.HAND), F, without_paying=True)
    assert t.last_cost is None


def test_702_102a_fused_never_with_flashback(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    in_hand = t.create(cards["Breaking // Entering"], Zone.HAND)
    with pytest.raises(IllegalZone, match=r"702\.102a.*702\.34a"):
        t.cast(in_hand, F, grants=FLASHBACK)


def test_702_47a_splice_is_paid_with_flashback(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    mists = t.create(cards["Reach Through Mists"], Zone.GRAVEYARD)
    ray = t.create(cards["Glacial Ray"], Zone.HAND)
    t.create(cards["Grizzly Bears"], Zone.BATTLEFIELD, Player.P2)
    t.cast(mists, splice=[ray], grants=FLASHBACK)
    assert str(t.last_cost) == "{1}{U}{R}"


def test_702_127a_aftermath_half_with_flashback_and_free(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    lead = t.create(cards["Destined // Lead"], Zone.GRAVEYARD)
    with pytest.raises(IllegalCast, match=r"118\.9a"):
        t.cast(lead, R, without_paying=True, grants=FLASHBACK)
    # Aftermath is a permission, not a cost: with one alternative cost the cast is legal.
    t.cast(lead, R, without_paying=True)
    assert t.last_cost is None


def test_methods_of_a_request(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    rules = v["duskmourn-2024"]
    view = ObjectView(cards["Destined // Lead"], Zone.GRAVEYARD, Player.P1, Player.P1)
    request = CastRequest("1", view, R, Player.P1, without_paying=True, flashback=True)
    assert methods_of(request, rules) == (
        CastingMethod.WITHOUT_PAYING,
        CastingMethod.FLASHBACK,
        CastingMethod.AFTERMATH,
    )
    found = refusal(request, rules)
    assert isinstance(found, IllegalCast)
    assert found.rules == ("601.2b", "118.9a", "118.9", "107.3b", "601.2f", "702.34a")
    assert refusal(CastRequest("1", view, R, Player.P1, flashback=True), rules) is None


def test_702_127a_an_aftermath_card_is_cast_from_a_graveyard_by_itself(
    cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    answer = own_zones(cards["Spring // Mind"], v["duskmourn-2024"])
    assert answer.value == {Zone.GRAVEYARD}
    assert "702.127a" in answer.rules


def test_702_127a_no_aftermath_no_graveyard_cast_of_its_own(cards: dict[str, Card], v: dict[str, RuleVersion]) -> None:
    # Before aftermath existed its half is an ordinary half; a plain split card has no such way.
    assert own_zones(cards["Spring // Mind"], v["classic-2013"]).value == frozenset()
    assert own_zones(cards["Fire // Ice"], v["duskmourn-2024"]).value == frozenset()


def test_702_127a_an_aftermath_half_is_one_only_under_a_version_with_aftermath(
    cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    spring_mind = cards["Spring // Mind"]
    assert has_aftermath(spring_mind.halves, v["amonkhet-2017"]) is True
    assert has_aftermath(spring_mind.halves, v["duskmourn-2024"]) is True
    assert has_aftermath((spring_mind.half(Side.LEFT),), v["duskmourn-2024"]) is False
    assert has_aftermath(spring_mind.halves, v["classic-2013"]) is False
    assert has_aftermath(cards["Fire // Ice"].halves, v["duskmourn-2024"]) is False


def test_702_127a_only_a_cast_of_the_aftermath_half_is_an_aftermath_cast(
    cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    view = ObjectView(cards["Spring // Mind"], Zone.GRAVEYARD, Player.P1, Player.P1)
    assert aftermath_cast(view, R, v["amonkhet-2017"]) is True
    assert aftermath_cast(view, L, v["amonkhet-2017"]) is False
    assert aftermath_cast(view, R, v["classic-2013"]) is False
