from __future__ import annotations

from collections.abc import Callable

import pytest

from splitcards.errors import IllegalCast, IllegalSplice, IllegalTiming, IllegalZone
from splitcards.game.table import Table
from splitcards.rules.card import Card
from splitcards.rules.costs import payable
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption, Phase, Player, Zone
from splitcards.rules.versions import RuleVersion

L, R, F = CastOption.LEFT, CastOption.RIGHT, CastOption.FUSED


def _snapshot(t: Table) -> tuple[object, ...]:
    return tuple(t.view(o) for o in t.host.objects()), tuple(t.host.stack()), tuple(t.events)


def test_709_3a_halves_castable_from_hand(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    assert t.castable(t.create(cards["Fire // Ice"], Zone.HAND)).value == (L, R)


def test_702_102a_fuse_only_from_casters_own_hand(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    theirs = t.create(cards["Wear // Tear"], Zone.HAND, Player.P2)
    before = _snapshot(t)
    with pytest.raises(IllegalZone, match=r"702.102a"):
        t.cast(theirs, F, caster=Player.P1, permission=Zone.HAND)
    assert _snapshot(t) == before
    spell = t.cast(theirs, L, caster=Player.P1, permission=Zone.HAND)
    assert t.view(spell).controller is Player.P1


def test_702_102c_fused_total_cost_includes_both_halves(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    t.cast(t.create(cards["Breaking // Entering"], Zone.HAND), F)
    assert str(t.last_cost) == "{4}{U}{B}{B}{R}"


def test_702_102d_fused_spell_follows_left_then_right(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("classic-2013")
    t.cast(t.create(cards["Wear // Tear"], Zone.HAND), F)
    outcome = t.resolve()
    assert outcome.instructions == ("Wear", "Tear")
    assert "702.101d" in outcome.rules


def test_fuse_does_not_exist_before_2013(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("classic-2009")
    obj = t.create(cards["Wear // Tear"], Zone.HAND)
    assert t.castable(obj).value == (L, R)
    with pytest.raises(IllegalCast, match="classic-2009"):
        t.cast(obj, F)


def test_707_10_copy_of_fused_spell_is_fused_and_not_cast(
    table: Callable[[str], Table], cards: dict[str, Card]
) -> None:
    t = table("duskmourn-2024")
    spell = t.cast(t.create(cards["Wear // Tear"], Zone.HAND), F)
    copy = t.copy_spell(spell)
    facts = t.view(copy).spell
    assert facts is not None and facts.option is F and not facts.cast
    assert t.characteristic(copy, "names").value == ("Wear", "Tear")
    assert [e.kind for e in t.events] == ["cast"]


def test_709_3c_cast_copy_from_exile_cannot_be_fused(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    exiled = t.create(cards["Wear // Tear"], Zone.EXILE)
    copy = t.copy_card(exiled)
    assert t.castable(copy, Zone.EXILE).value == (L, R)
    with pytest.raises(IllegalZone):
        t.copy_card(exiled, cast=True, option=F)
    cast_copy = t.copy_card(exiled, cast=True, option=R)
    assert t.view(cast_copy).zone is Zone.STACK


def test_702_127a_aftermath_zones(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("amonkhet-2017")
    in_hand = t.create(cards["Destined // Lead"], Zone.HAND)
    in_yard = t.create(cards["Destined // Lead"], Zone.GRAVEYARD)
    in_exile = t.create(cards["Destined // Lead"], Zone.EXILE)
    assert t.castable(in_hand).value == (L,)
    assert t.castable(in_yard).value == (R,)
    assert t.castable(in_yard, Zone.GRAVEYARD).value == (L, R)
    assert t.castable(in_exile, Zone.EXILE).value == (L,)
    with pytest.raises(IllegalZone, match=r"702.126a"):
        t.cast(in_hand, R)


def test_702_127a_aftermath_half_exiled_whenever_it_leaves_the_stack(
    table: Callable[[str], Table], cards: dict[str, Card]
) -> None:
    t = table("duskmourn-2024")
    resolved = t.create(cards["Destined // Lead"], Zone.GRAVEYARD)
    t.cast(resolved, R)
    assert t.resolve().destination is Zone.EXILE
    countered = t.create(cards["Destined // Lead"], Zone.GRAVEYARD)
    t.cast(countered, R)
    assert t.move(countered, Zone.HAND) is Zone.EXILE
    assert t.view(countered).zone is Zone.EXILE


def test_702_127a_first_half_cast_from_graveyard_is_not_exiled(
    table: Callable[[str], Table], cards: dict[str, Card]
) -> None:
    t = table("duskmourn-2024")
    obj = t.create(cards["Destined // Lead"], Zone.GRAVEYARD)
    t.cast(obj, L, permission=Zone.GRAVEYARD)
    assert t.resolve().destination is Zone.GRAVEYARD


def test_aftermath_card_exists_before_2017_without_its_keyword(
    table: Callable[[str], Table], cards: dict[str, Card]
) -> None:
    t = table("classic-2013")
    in_hand = t.create(cards["Destined // Lead"], Zone.HAND)
    in_graveyard = t.create(cards["Destined // Lead"], Zone.GRAVEYARD)
    assert t.characteristic(in_hand, "mana_values").value == (2, 4)
    assert t.castable(in_hand).value == (L, R)
    with pytest.raises(IllegalZone, match="'classic-2013' has no aftermath"):
        t.cast(in_graveyard, R)


def test_307_1_sorcery_half_needs_main_phase_and_empty_stack(
    table: Callable[[str], Table], cards: dict[str, Card]
) -> None:
    t = table("classic-2009")
    ab = t.create(cards["Assault // Battery"], Zone.HAND)
    t.set_turn(phase=Phase.COMBAT)
    before = _snapshot(t)
    with pytest.raises(IllegalTiming, match=r"307.1"):
        t.cast(ab, L)
    assert _snapshot(t) == before
    t.set_turn(phase=Phase.MAIN2)
    assert t.castable(ab).value == (L, R)


def test_117_1_no_cast_without_priority(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    fi = t.create(cards["Fire // Ice"], Zone.HAND)
    t.set_turn(priority=Player.P2)
    assert t.castable(fi).value == ()
    with pytest.raises(IllegalTiming):
        t.cast(fi, L)


def test_702_47a_splice_adds_text_and_cost(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    rtm = t.create(cards["Reach Through Mists"], Zone.HAND)
    ray = t.create(cards["Glacial Ray"], Zone.HAND)
    ritual = t.create(cards["Desperate Ritual"], Zone.HAND)
    spell = t.cast(rtm, splice=[ritual, ray])
    assert t.characteristic(spell, "abilities_of").value == ("Reach Through Mists", "Desperate Ritual", "Glacial Ray")
    assert t.characteristic(spell, "colors").value == frozenset({"U"})
    assert str(t.last_cost) == "{2}{U}{R}{R}"
    assert [e.kind for e in t.events] == ["spliced", "spliced", "cast"]
    outcome = t.resolve()
    assert outcome.instructions == ("Reach Through Mists", "Desperate Ritual", "Glacial Ray")
    # "Glacial Ray deals 2 damage" is done by the spell, Reach Through Mists (702.47c).
    assert outcome.performed_by == ("Reach Through Mists",)
    assert "702.47c" in outcome.rules


def test_702_47a_splice_cost_paid_even_without_paying_mana_cost(
    table: Callable[[str], Table], cards: dict[str, Card]
) -> None:
    t = table("duskmourn-2024")
    rtm = t.create(cards["Reach Through Mists"], Zone.HAND)
    ray = t.create(cards["Glacial Ray"], Zone.HAND)
    t.cast(rtm, splice=[ray], without_paying=True)
    assert str(t.last_cost) == "{1}{R}"


def test_702_47b_splice_needs_its_targets(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    rtm = t.create(cards["Reach Through Mists"], Zone.HAND)
    whisper = t.create(cards["Horobi's Whisper"], Zone.HAND)
    before = _snapshot(t)
    with pytest.raises(IllegalSplice, match="target nonblack creature"):
        t.cast(rtm, splice=[whisper])
    assert _snapshot(t) == before
    t.create(cards["Grizzly Bears"], Zone.BATTLEFIELD, Player.P2)
    spell = t.cast(rtm, splice=[whisper])
    assert t.last_cost is not None and str(t.last_cost) == "{U}"
    assert t.characteristic(spell, "abilities_of").value == ("Reach Through Mists", "Horobi's Whisper")


def test_702_47b_same_card_once_and_only_from_hand(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("classic-2013")
    rtm = t.create(cards["Reach Through Mists"], Zone.HAND)
    ray = t.create(cards["Glacial Ray"], Zone.HAND)
    with pytest.raises(IllegalSplice, match=r"702.46b"):
        t.cast(rtm, splice=[ray, ray])
    theirs = t.create(cards["Glacial Ray"], Zone.HAND, Player.P2)
    with pytest.raises(IllegalSplice, match="caster's hand"):
        t.cast(rtm, splice=[theirs])
    assert t.events == []


def test_702_47e_splice_lost_when_spell_leaves_stack(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    rtm = t.create(cards["Reach Through Mists"], Zone.HAND)
    ray = t.create(cards["Glacial Ray"], Zone.HAND)
    t.cast(rtm, splice=[ray])
    t.move(rtm, Zone.GRAVEYARD)
    assert t.characteristic(rtm, "abilities_of").value == ("Reach Through Mists",)
    assert t.view(ray).zone is Zone.HAND


def test_707_2_copy_of_spliced_spell_lacks_spliced_text(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    rtm = t.create(cards["Reach Through Mists"], Zone.HAND)
    ray = t.create(cards["Glacial Ray"], Zone.HAND)
    spell = t.cast(rtm, splice=[ray])
    copy = t.copy_spell(spell)
    assert t.characteristic(copy, "abilities_of").value == ("Reach Through Mists",)


def test_copy_of_half_spell_is_that_half(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    spell = t.cast(t.create(cards["Assault // Battery"], Zone.HAND), L)
    copy = t.copy_spell(spell)
    assert t.characteristic(copy, "names").value == ("Assault",)
    t.resolve()
    with pytest.raises(KeyError):
        t.view(copy)


def test_resolve_empty_stack_is_refused(table: Callable[[str], Table]) -> None:
    with pytest.raises(IllegalTiming):
        table("duskmourn-2024").resolve()


def test_601_2h_payable_cites_the_total_cost_and_x(v: dict[str, RuleVersion]) -> None:
    rules = v["duskmourn-2024"]
    answer = payable(ManaCost.parse("{X}{B}{B}"), [frozenset({"W"}), frozenset({"R"})] * 3, rules)
    assert answer.value is False
    assert {"601.2f", "107.3a"} <= set(answer.rules)
    assert payable(None, [], rules).value is True
