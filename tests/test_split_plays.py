"""The split-card plays the AI-game loop makes with spare mana: each is made only when the rules
allow it now and the mana could pay its total cost, and what it costs is the rules' answer."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from splitcards.game.table import Table
from splitcards.rules.card import Card, Side
from splitcards.rules.model import CastOption, ObjectId, Phase, Player, Zone
from splitcards.tools.play.democards import cards as demo_cards
from splitcards.tools.play.splitplays import SplitPlays

ANY = frozenset("WUBRGC")


@pytest.fixture(scope="module")
def demo() -> dict[str, Card]:
    return demo_cards()


class Made:
    """What the split plays reported."""

    def __init__(self) -> None:
        self.casts: list[tuple[Player, ObjectId, CastOption]] = []
        self.unlocks: list[tuple[Player, ObjectId, Side]] = []


def _plays(t: Table, mana: int | list[frozenset[str]], made: Made) -> SplitPlays:
    sources = [ANY] * mana if isinstance(mana, int) else mana
    return SplitPlays(
        t,
        t.rules,
        lambda player: sources,
        lambda player, obj, option: made.casts.append((player, obj, option)),
        lambda player, obj, move: made.unlocks.append((player, obj, move.door)),
    )


def test_709_5e_a_locked_door_is_unlocked_when_its_cost_can_be_paid(
    table: Callable[[str], Table], demo: dict[str, Card]
) -> None:
    t = table("duskmourn-2024")
    room = t.create(demo["Glassworks // Shattered Yard"], Zone.BATTLEFIELD)
    t.unlock(room, Side.LEFT)
    made = Made()
    # Shattered Yard's unlock costs {4}{R} (709.5e): four mana is not enough, and nothing is tried.
    assert not _plays(t, 4, made).make_one(Player.P1, 1)
    plays = _plays(t, 5, made)
    assert plays.make_one(Player.P1, 1)
    assert made.unlocks == [(Player.P1, room, Side.RIGHT)]
    assert t.view(room).unlocked == {Side.LEFT, Side.RIGHT}
    assert str(t.last_cost) == "{4}{R}"
    # Both doors are unlocked: nothing is left to play.
    assert not plays.make_one(Player.P1, 1)


def test_709_5e_no_unlock_in_the_opponents_turn_or_with_a_spell_on_the_stack(
    table: Callable[[str], Table], demo: dict[str, Card]
) -> None:
    t = table("duskmourn-2024")
    room = t.create(demo["Glassworks // Shattered Yard"], Zone.BATTLEFIELD)
    made = Made()
    t.set_turn(Player.P2, Phase.MAIN1, priority=Player.P1)
    assert not _plays(t, 9, made).make_one(Player.P1, 1)
    t.set_turn(Player.P1, Phase.MAIN1)
    bolt = t.create(demo["Reach Through Mists"], Zone.HAND)
    t.cast(bolt)
    assert not _plays(t, 9, made).make_one(Player.P1, 1)
    assert made.unlocks == [] and t.view(room).unlocked == frozenset()


def test_702_102a_a_fuse_card_is_cast_fused_only_under_a_version_with_fuse(
    table: Callable[[str], Table], demo: dict[str, Card]
) -> None:
    made = Made()
    t = table("classic-2013")
    card = t.create(demo["Turn // Burn"], Zone.HAND)
    assert not _plays(t, 4, made).make_one(Player.P1, 1)  # {2}{U} + {1}{R} is five mana
    assert _plays(t, 5, made).make_one(Player.P1, 1)
    assert made.casts == [(Player.P1, card, CastOption.FUSED)]
    assert str(t.last_cost) == "{3}{U}{R}"
    # Before fuse existed (702.102, classic-2009) there is no fused cast to make.
    old = table("classic-2009")
    old.create(demo["Turn // Burn"], Zone.HAND)
    assert not _plays(old, 9, Made()).make_one(Player.P1, 1)


def test_702_102a_a_fuse_card_is_held_until_both_halves_can_be_paid(
    table: Callable[[str], Table], demo: dict[str, Card]
) -> None:
    t = table("classic-2013")
    card = t.create(demo["Turn // Burn"], Zone.HAND)
    assert _plays(t, 4, Made()).holds(card, Player.P1)
    assert not _plays(t, 5, Made()).holds(card, Player.P1)
    # Colors count, not only the number of mana: five red mana can't pay {3}{U}{R}.
    assert _plays(t, [frozenset("R")] * 5, Made()).holds(card, Player.P1)
    # Under a version without fuse there is nothing to wait for.
    old = table("classic-2009")
    assert not _plays(old, 0, Made()).holds(old.create(demo["Turn // Burn"], Zone.HAND), Player.P1)


def test_702_47a_an_arcane_spell_is_cast_with_the_splice_it_can_pay_for(
    table: Callable[[str], Table], demo: dict[str, Card]
) -> None:
    t = table("duskmourn-2024")
    reach = t.create(demo["Reach Through Mists"], Zone.HAND)
    ray = t.create(demo["Glacial Ray"], Zone.HAND)
    made = Made()
    # Reach Through Mists ({U}) with Glacial Ray spliced ({1}{R}): three mana, one of them blue.
    assert not _plays(t, [frozenset("R")] * 3, made).make_one(Player.P1, 1)
    assert _plays(t, 3, made).make_one(Player.P1, 1)
    assert made.casts == [(Player.P1, reach, CastOption.WHOLE)]
    spell = t.view(reach).spell
    assert spell is not None and [s.object for s in spell.spliced] == [ray]
    assert str(t.last_cost) == "{1}{U}{R}"
    assert t.view(ray).zone is Zone.HAND  # a spliced card stays in its owner's hand (702.47b)


def test_a_split_play_is_only_made_for_the_active_player_in_a_main_phase(
    table: Callable[[str], Table], demo: dict[str, Card]
) -> None:
    t = table("classic-2013")
    t.create(demo["Turn // Burn"], Zone.HAND)
    t.set_turn(Player.P1, Phase.COMBAT)
    assert not _plays(t, 9, Made()).make_one(Player.P1, 1)
    assert not _plays(t, 9, Made()).make_one(Player.P2, 1)


def test_601_2f_a_cast_is_affordable_only_when_the_mana_pays_its_total_cost_in_its_colours(
    table: Callable[[str], Table], demo: dict[str, Card]
) -> None:
    t = table("classic-2009")
    fire_ice = t.create(demo["Fire // Ice"], Zone.HAND)
    red = [frozenset("R")] * 2
    made = Made()
    # Fire costs {1}{R} and Ice {1}{U}: two red mana pay for Fire, not for Ice.
    assert _plays(t, red, made).affordable(Player.P1, fire_ice, CastOption.LEFT, ())
    assert not _plays(t, red, made).affordable(Player.P1, fire_ice, CastOption.RIGHT, ())
    assert not _plays(t, [frozenset("R")], made).affordable(Player.P1, fire_ice, CastOption.LEFT, ())
    # Fused is refused under classic-2009 (no fuse, and Fire // Ice has none): the cast is left to
    # report the rules' refusal, so it counts as affordable.
    assert _plays(t, red, made).affordable(Player.P1, fire_ice, CastOption.FUSED, ())
    assert made.casts == []


def test_702_47a_an_arcane_spell_and_its_splice_are_kept_while_the_next_land_pays_for_both(
    table: Callable[[str], Table], demo: dict[str, Card]
) -> None:
    t = table("duskmourn-2024")
    spike = t.create(demo["Lava Spike"], Zone.HAND)
    ray = t.create(demo["Glacial Ray"], Zone.HAND)
    # Lava Spike ({R}) with Glacial Ray spliced ({1}{R}) is three mana.
    two = _plays(t, 2, Made())
    assert two.holds(spike, Player.P1) and two.holds(ray, Player.P1)
    one = _plays(t, 1, Made())  # two lands short: Lava Spike is cast alone
    assert not one.holds(spike, Player.P1) and not one.holds(ray, Player.P1)
    three = _plays(t, 3, Made())  # paid now: cast, not kept
    assert not three.holds(spike, Player.P1)
    assert three.splices(spike, CastOption.WHOLE, Player.P1) == (ray,)


def test_702_47a_a_spell_is_spliced_with_the_cards_the_mana_pays_for(
    table: Callable[[str], Table], demo: dict[str, Card]
) -> None:
    t = table("duskmourn-2024")
    spike = t.create(demo["Lava Spike"], Zone.HAND)
    rays = [t.create(demo["Glacial Ray"], Zone.HAND) for _ in range(2)]
    assert _plays(t, 4, Made()).splices(spike, CastOption.WHOLE, Player.P1) == (rays[0],)
    assert _plays(t, 5, Made()).splices(spike, CastOption.WHOLE, Player.P1) == tuple(rays)
    assert _plays(t, 2, Made()).splices(spike, CastOption.WHOLE, Player.P1) == ()
