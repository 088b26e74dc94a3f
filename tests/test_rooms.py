from __future__ import annotations

from collections.abc import Callable

import pytest

from splitcards.errors import (
    AlreadyLocked,
    AlreadyUnlocked,
    IllegalCast,
    IllegalChoice,
    IllegalTiming,
    NotARoom,
    UnknownCard,
)
from splitcards.game.table import Table
from splitcards.rules.card import Card, Side
from splitcards.rules.model import CastOption, Phase, Player, UnlockBy, Zone
from splitcards.rules.rooms import fully_unlocked

LEFT, RIGHT = Side.LEFT, Side.RIGHT


def _kinds(t: Table) -> list[tuple[str, str | None]]:
    return [(e.kind, e.door.value if e.door else None) for e in t.events]


def test_709_5d_cast_door_unlocks_as_it_enters(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    room = t.create(cards["Bottomless Pool // Locker Room"], Zone.HAND)
    t.cast(room, CastOption.RIGHT)
    t.resolve()
    assert t.view(room).unlocked == {RIGHT}
    assert t.characteristic(room, "names").value == ("Locker Room",)
    # Locker Room has no "when you unlock this door" ability: no trigger (709.5h).
    assert _kinds(t) == [("cast", None), ("entered_battlefield", None), ("door_unlocked", "right")]


def test_709_5_locked_room_has_no_name_cost_or_text_but_keeps_types(
    table: Callable[[str], Table], cards: dict[str, Card]
) -> None:
    t = table("duskmourn-2024")
    room = t.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    assert t.characteristic(room, "names").value == ()
    assert t.characteristic(room, "mana_costs").value == ()
    assert t.characteristic(room, "mana_values").value == (0,)
    assert t.characteristic(room, "abilities_of").value == ()
    assert t.characteristic(room, "card_types").value == ("Enchantment",)
    assert t.characteristic(room, "subtypes").value == ("Room",)


def test_709_5h_unlock_trigger_only_for_its_own_door(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    room = t.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    t.unlock(room, RIGHT)
    assert ("unlock_trigger", "left") not in _kinds(t)
    t.unlock(room, LEFT)
    assert _kinds(t)[-3:] == [("door_unlocked", "left"), ("unlock_trigger", "left"), ("fully_unlocked", None)]


def test_709_5i_fully_unlocked_again_after_relock(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    room = t.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    t.unlock(room, LEFT, UnlockBy.EFFECT)
    t.unlock(room, RIGHT, UnlockBy.EFFECT)
    t.lock(room, LEFT)
    t.unlock(room, LEFT, UnlockBy.EFFECT)
    assert [k for k, _ in _kinds(t)].count("fully_unlocked") == 2
    assert [k for k, _ in _kinds(t)].count("unlock_trigger") == 2


def test_709_5e_116_2m_unlock_timing(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    room = t.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    changes: list[Callable[[Table], None]] = [
        lambda g: g.set_turn(phase=Phase.COMBAT),
        lambda g: g.set_turn(active=Player.P2),
        lambda g: g.set_turn(stack_empty=False),
        lambda g: g.set_turn(priority=Player.P2),
    ]
    for change in changes:
        t2 = table("duskmourn-2024")
        r2 = t2.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
        change(t2)
        assert not t2.can_unlock(r2, LEFT).value
        with pytest.raises(IllegalTiming, match=r"116.2m"):
            t2.unlock(r2, LEFT)
        assert t2.view(r2).unlocked == frozenset()
        t2.unlock(r2, LEFT, UnlockBy.EFFECT)  # 709.5f: an effect has no timing of its own
        assert t2.view(r2).unlocked == {LEFT}
    assert t.can_unlock(room, LEFT).value


def test_709_5f_g_already_unlocked_or_locked(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    room = t.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    with pytest.raises(AlreadyLocked, match=r"709.5g"):
        t.lock(room, LEFT)
    t.unlock(room, LEFT)
    events = list(t.events)
    with pytest.raises(AlreadyUnlocked):
        t.unlock(room, LEFT, UnlockBy.EFFECT)
    assert t.events == events
    assert not t.can_unlock(room, LEFT).value


def test_709_5j_doors_only_on_room_permanents(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    in_hand = t.create(cards["Bottomless Pool // Locker Room"], Zone.HAND)
    bears = t.create(cards["Grizzly Bears"], Zone.BATTLEFIELD)
    for obj in (in_hand, bears):
        with pytest.raises(NotARoom):
            t.unlock(obj, LEFT)
        with pytest.raises(NotARoom):
            t.lock(obj, LEFT)


def test_709_5d_room_put_onto_battlefield_or_flickered_enters_locked(
    table: Callable[[str], Table], cards: dict[str, Card]
) -> None:
    t = table("duskmourn-2024")
    room = t.create(cards["Bottomless Pool // Locker Room"], Zone.HAND)
    t.cast(room, CastOption.LEFT)
    t.resolve()
    t.move(room, Zone.EXILE)
    t.move(room, Zone.BATTLEFIELD)
    assert t.view(room).unlocked == frozenset()


def test_709_5b_copy_of_room_spell_enters_with_cast_door(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    room = t.create(cards["Bottomless Pool // Locker Room"], Zone.HAND)
    spell = t.cast(room, CastOption.LEFT)
    token = t.copy_spell(spell)
    t.resolve(token)
    assert t.view(token).token and t.view(token).unlocked == {LEFT}
    # The token's door opened because the copied spell kept the cast half: its trigger fires (709.5h).
    assert ("unlock_trigger", "left") in _kinds(t)


def test_709_5b_copy_of_room_permanent_has_no_designations(
    table: Callable[[str], Table], cards: dict[str, Card]
) -> None:
    t = table("duskmourn-2024")
    room = t.create(cards["Bottomless Pool // Locker Room"], Zone.HAND)
    t.cast(room, CastOption.RIGHT)
    t.resolve()
    copy = t.copy_permanent(room)
    assert t.view(copy).unlocked == frozenset()
    assert t.characteristic(copy, "names").value == ()
    assert t.can_unlock(copy, RIGHT).value


def test_rooms_refused_before_duskmourn(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    with pytest.raises(UnknownCard, match="amonkhet-2017"):
        table("amonkhet-2017").create(cards["Bottomless Pool // Locker Room"], Zone.HAND)


def test_room_spell_cannot_be_fused(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    room = t.create(cards["Bottomless Pool // Locker Room"], Zone.HAND)
    with pytest.raises(IllegalCast):
        t.cast(room, CastOption.FUSED)


def test_709_5j_doors_by_name_and_unlock_cost(table: Callable[[str], Table], cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    room = t.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    t.unlock(room, "Locker Room")
    assert t.view(room).unlocked == {RIGHT}
    assert str(t.last_cost) == "{4}{U}"
    t.lock(room, "Locker Room")
    assert t.view(room).unlocked == frozenset()
    with pytest.raises(IllegalChoice, match="no door 'Attic'"):
        t.unlock(room, "Attic")


def test_709_5i_gaining_both_doors_at_once_is_one_full_unlock() -> None:
    assert fully_unlocked(frozenset(), frozenset({LEFT, RIGHT}))
    assert fully_unlocked(frozenset({LEFT}), frozenset({LEFT, RIGHT}))
    assert not fully_unlocked(frozenset({LEFT, RIGHT}), frozenset({LEFT, RIGHT}))
    assert not fully_unlocked(frozenset(), frozenset({LEFT}))


def test_709_5e_the_special_action_unlocks_one_door_and_an_unlock_names_one(
    table: Callable[[str], Table], cards: dict[str, Card]
) -> None:
    t = table("duskmourn-2024")
    room = t.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    before = t.snapshot()
    # Both at once is an effect's (709.5i); the special action pays for one door (709.5e, 116.2m).
    with pytest.raises(IllegalChoice, match=r"one door .* at a time") as refused:
        t.unlock(room, frozenset({Side.LEFT, Side.RIGHT}), UnlockBy.SPECIAL_ACTION)
    assert "709.5e" in refused.value.rules
    for by in UnlockBy:
        with pytest.raises(IllegalChoice, match="no door named"):
            t.unlock(room, frozenset(), by)
    assert t.snapshot() == before
    t.unlock(room, frozenset({Side.LEFT, Side.RIGHT}), UnlockBy.EFFECT)
    assert t.view(room).unlocked == {Side.LEFT, Side.RIGHT}
