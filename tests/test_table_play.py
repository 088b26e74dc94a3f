"""Table.play: the one way a move the rules offered becomes a cast or an unlock, as python-chess's
``Board.push`` plays a legal move; a move no longer legal is refused with the typed error and the
game is as it was."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from splitcards.adapters.reference import ReferenceHost
from splitcards.errors import AlreadyUnlocked, IllegalMove, IllegalTiming, IllegalZone, NotController
from splitcards.game.contract import CastRequest
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.game.table.moves import CastMove, UnlockMove
from splitcards.hooks import hookimpl
from splitcards.rules.card import Card, Side
from splitcards.rules.conditions import Condition
from splitcards.rules.costs import CostEffect
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption, Phase, Player, SpellFacts, Zone
from splitcards.rules.versions import RuleVersion

Tab = Callable[[str], Table]


def _cost(text: str) -> ManaCost:
    return ManaCost.parse(text)


def test_709_3_a_cast_move_is_played_as_the_half_it_names(table: Tab, cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    fire = t.create(cards["Fire // Ice"], Zone.HAND)
    ice = next(m for m in t.moves(Player.P1, [fire]) if isinstance(m, CastMove) and m.option is CastOption.RIGHT)
    assert t.play(ice, Player.P1) == fire
    assert t.view(fire).zone is Zone.STACK
    assert t.view(fire).spell == SpellFacts(CastOption.RIGHT, cast_from=Zone.HAND, caster=Player.P1)
    assert t.last_cost == ice.cost == _cost("{1}{U}")
    assert [e.kind.value for e in t.events] == ["cast"]


def test_702_127a_a_move_from_a_graveyard_is_played_from_there_and_exiled(table: Tab, cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    lead = t.create(cards["Destined // Lead"], Zone.GRAVEYARD)
    (move,) = t.moves(Player.P1, [lead])
    t.play(move, Player.P1)
    assert t.view(lead).spell == SpellFacts(CastOption.RIGHT, cast_from=Zone.GRAVEYARD, caster=Player.P1)
    t.resolve()
    assert t.view(lead).zone is Zone.EXILE


def test_702_47a_a_cast_move_with_cards_spliced_pays_their_splice_costs(table: Tab) -> None:
    from splitcards.tools.play.democards import cards as demo_cards

    pool = demo_cards()
    t = table("duskmourn-2024")
    spike, ray = t.create(pool["Lava Spike"], Zone.HAND), t.create(pool["Glacial Ray"], Zone.HAND)
    (alone,) = (m for m in t.moves(Player.P1, [spike]) if isinstance(m, CastMove))
    spliced = CastMove(spike, alone.option, _cost("{1}{R}{R}"), splice=(ray,))
    t.play(spliced, Player.P1)
    spell = t.view(spike).spell
    assert spell is not None and [s.object for s in spell.spliced] == [ray]
    assert t.last_cost == _cost("{1}{R}{R}")


def test_709_5e_an_unlock_move_is_the_special_action_paying_its_cost(table: Tab, cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    room = t.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    right = UnlockMove(room, Side.RIGHT, _cost("{4}{U}"))
    assert right in t.moves(Player.P1, [room])
    assert t.play(right, Player.P1) == room
    assert t.view(room).unlocked == {Side.RIGHT}
    assert t.last_cost == _cost("{4}{U}")


def test_117_1a_a_move_whose_moment_has_passed_is_refused_and_nothing_changes(
    table: Tab, cards: dict[str, Card]
) -> None:
    t = table("duskmourn-2024")
    assault = t.create(cards["Assault // Battery"], Zone.HAND)
    move = t.moves(Player.P1, [assault])[0]
    t.set_turn(phase=Phase.UPKEEP)  # a sorcery half is no move any more (307.1)
    before = t.snapshot()
    with pytest.raises(IllegalTiming):
        t.play(move, Player.P1)
    assert t.snapshot() == before


def test_400_7_a_move_of_a_card_that_left_its_zone_is_refused_and_nothing_changes(
    table: Tab, cards: dict[str, Card]
) -> None:
    t = table("duskmourn-2024")
    lead = t.create(cards["Destined // Lead"], Zone.GRAVEYARD)
    (move,) = t.moves(Player.P1, [lead])
    t.move(lead, Zone.EXILE)
    before = t.snapshot()
    with pytest.raises(IllegalZone):
        t.play(move, Player.P1)
    assert t.snapshot() == before


def test_709_5e_an_unlock_move_played_twice_is_refused_and_nothing_changes(table: Tab, cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    room = t.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    left = t.moves(Player.P1, [room])[0]
    t.play(left, Player.P1)
    before = t.snapshot()
    with pytest.raises(AlreadyUnlocked):
        t.play(left, Player.P1)
    assert t.snapshot() == before


def test_709_5e_an_unlock_move_is_its_controllers_only(table: Tab, cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    room = t.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    left = t.moves(Player.P1, [room])[0]
    before = t.snapshot()
    with pytest.raises(NotController, match=r"709\.5e"):
        t.play(left, Player.P2)
    assert t.snapshot() == before


class _Tax:
    """Spells cost {1} more to cast while ``on`` (601.2f): a cost effect that comes and goes."""

    def __init__(self) -> None:
        self.on = False

    @hookimpl
    def decide_cost_effects(self, rules: RuleVersion, request: CastRequest) -> Sequence[CostEffect]:
        return [CostEffect(_cost("{1}"), increase=True, spells=Condition())] if self.on else []


def test_601_2f_a_move_offered_at_another_cost_is_an_illegal_move_and_nothing_changes(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    tax = _Tax()
    t = Table(
        ReferenceHost(), v["duskmourn-2024"], make_plugin_manager([tax], load_entry_points=False), judge_targets=False
    )
    fire = t.create(cards["Fire // Ice"], Zone.HAND)
    move = t.moves(Player.P1, [fire])[0]
    tax.on = True  # the engine was asked whether it can pay {1}{R}; the cast costs {2}{R} now
    before = t.snapshot()
    with pytest.raises(IllegalMove, match=r"the move costs \{1\}\{R\}, and the rules give it \{2\}\{R\} now"):
        t.play(move, Player.P1)
    assert t.snapshot() == before
    t.play(t.moves(Player.P1, [fire])[0], Player.P1)
    assert t.last_cost == _cost("{2}{R}")
