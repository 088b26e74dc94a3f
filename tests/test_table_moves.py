"""Table.moves: the casts and unlocks the rules allow a player now, each with its total cost, as
an engine's AI is offered them (python-mtg's moves, the AI loop's casts of cards its engine never
offers)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from splitcards.adapters.reference import ReferenceHost
from splitcards.errors import IllegalAction, IllegalCast
from splitcards.game.contract import CastRequest
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.game.table.moves import CastMove, UnlockMove
from splitcards.hooks import hookimpl
from splitcards.rules.card import Card, Side
from splitcards.rules.conditions import Condition
from splitcards.rules.costs import CostEffect
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption, ObjectView, Phase, Player, Timing, Zone
from splitcards.rules.versions import RuleVersion

LEFT, RIGHT, FUSED = CastOption.LEFT, CastOption.RIGHT, CastOption.FUSED
Tab = Callable[[str], Table]


def _cost(text: str) -> ManaCost:
    return ManaCost.parse(text)


def _in(t: Table, card: Card, zone: Zone, owner: Player = Player.P1) -> str:
    return t.create(card, zone, owner)


def test_702_127a_an_aftermath_half_in_a_graveyard_is_a_move(table: Tab, cards: dict[str, Card]) -> None:
    t = table("amonkhet-2017")
    lead = _in(t, cards["Destined // Lead"], Zone.GRAVEYARD)
    assert t.moves(Player.P1, [lead]) == (CastMove(lead, RIGHT, _cost("{3}{G}")),)


def test_702_127a_no_aftermath_no_move_from_a_graveyard_under_classic_2009(table: Tab, cards: dict[str, Card]) -> None:
    t = table("classic-2009")
    lead = _in(t, cards["Destined // Lead"], Zone.GRAVEYARD)
    assert t.moves(Player.P1, [lead]) == ()


def test_702_127a_an_aftermath_half_is_no_move_from_a_hand(table: Tab, cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    destined = _in(t, cards["Destined // Lead"], Zone.HAND)
    assert t.moves(Player.P1, [destined]) == (CastMove(destined, LEFT, _cost("{1}{B}")),)


def test_702_102a_a_fused_cast_is_a_move_from_a_hand_with_both_halves_cost(table: Tab, cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    wear = _in(t, cards["Wear // Tear"], Zone.HAND)
    assert t.moves(Player.P1, [wear]) == (
        CastMove(wear, LEFT, _cost("{1}{R}")),
        CastMove(wear, RIGHT, _cost("{W}")),
        CastMove(wear, FUSED, _cost("{1}{W}{R}")),
    )


def test_702_102a_no_fused_move_from_a_graveyard_nor_without_fuse(table: Tab, cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    in_graveyard = _in(t, cards["Wear // Tear"], Zone.GRAVEYARD)
    assert t.moves(Player.P1, [in_graveyard]) == ()
    old = table("classic-2009")
    wear = _in(old, cards["Wear // Tear"], Zone.HAND)
    assert [m.option for m in old.moves(Player.P1, [wear]) if isinstance(m, CastMove)] == [LEFT, RIGHT]


def test_117_1a_outside_a_main_phase_only_instant_halves_are_moves(table: Tab, cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    fire, assault = _in(t, cards["Fire // Ice"], Zone.HAND), _in(t, cards["Assault // Battery"], Zone.HAND)
    assert [(m.obj, m.option) for m in t.moves(Player.P1, [fire, assault]) if isinstance(m, CastMove)] == [
        (fire, LEFT),
        (fire, RIGHT),
        (assault, LEFT),
        (assault, RIGHT),
    ]
    # The same objects asked again in another step: the answer is the new timing's.
    t.set_turn(phase=Phase.UPKEEP)
    assert [(m.obj, m.option) for m in t.moves(Player.P1, [fire, assault]) if isinstance(m, CastMove)] == [
        (fire, LEFT),
        (fire, RIGHT),
    ]


def test_601_2_a_player_has_no_move_with_a_card_in_another_players_hand(table: Tab, cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    fire = _in(t, cards["Fire // Ice"], Zone.HAND, Player.P2)
    assert t.moves(Player.P1, [fire]) == ()


def test_601_3_a_permission_makes_a_card_in_a_library_a_move(table: Tab, cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    fire = _in(t, cards["Fire // Ice"], Zone.LIBRARY)
    assert t.moves(Player.P1, [fire]) == ()
    assert t.moves(Player.P1, [fire], permitted=[fire]) == (
        CastMove(fire, LEFT, _cost("{1}{R}"), Zone.LIBRARY),
        CastMove(fire, RIGHT, _cost("{1}{U}"), Zone.LIBRARY),
    )


def test_709_5e_each_locked_door_is_an_unlock_move_with_its_cost(table: Tab, cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    room = _in(t, cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    assert t.moves(Player.P1, [room]) == (
        UnlockMove(room, Side.LEFT, _cost("{U}")),
        UnlockMove(room, Side.RIGHT, _cost("{4}{U}")),
    )
    t.unlock(room, Side.LEFT)
    # An unlocked door is no move; the room's view changed, so the answer is asked anew.
    assert t.moves(Player.P1, [room]) == (UnlockMove(room, Side.RIGHT, _cost("{4}{U}")),)


def test_709_5e_an_unlock_is_its_controllers_move_in_their_main_phase(table: Tab, cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    room = _in(t, cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    assert t.moves(Player.P2, [room]) == ()
    t.set_turn(phase=Phase.END)
    assert t.moves(Player.P1, [room]) == ()


def test_a_spell_on_the_stack_is_no_move(table: Tab, cards: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    fire = _in(t, cards["Fire // Ice"], Zone.HAND)
    t.cast(fire, LEFT)
    assert t.moves(Player.P1, [fire]) == ()


class _Thalia:
    """Noncreature spells cost {1} more to cast (601.2f), while she is on the battlefield."""

    def __init__(self) -> None:
        self.on_battlefield = True

    @hookimpl
    def decide_cost_effects(self, rules: RuleVersion, request: CastRequest) -> Sequence[CostEffect]:
        if not self.on_battlefield:
            return []
        return [CostEffect(ManaCost.parse("{1}"), increase=True, spells=Condition(not_types=("Creature",)))]


class _NoFuse:
    @hookimpl
    def check_cast(
        self, rules: RuleVersion, request: CastRequest, timing: Timing, board: Sequence[ObjectView]
    ) -> IllegalAction | None:
        return IllegalCast("no fused spells here", (), rules.name) if request.option is FUSED else None


def _with(v: dict[str, RuleVersion], *plugins: object) -> Table:
    return Table(
        ReferenceHost(),
        v["duskmourn-2024"],
        make_plugin_manager(list(plugins), load_entry_points=False),
        judge_targets=False,
    )


def test_601_2f_a_moves_cost_has_the_plugins_cost_effects(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    thalia = _Thalia()
    t = _with(v, thalia)
    fire = t.create(cards["Fire // Ice"], Zone.HAND)
    assert t.moves(Player.P1, [fire]) == (CastMove(fire, LEFT, _cost("{2}{R}")), CastMove(fire, RIGHT, _cost("{2}{U}")))
    # A plugin's answer may change with nothing the Table sees: each question asks it again.
    thalia.on_battlefield = False
    assert t.moves(Player.P1, [fire])[0] == CastMove(fire, LEFT, _cost("{1}{R}"))
    thalia.on_battlefield = True
    t.cast(fire, LEFT)
    assert t.last_cost == _cost("{2}{R}")


def test_a_plugin_that_refuses_a_cast_takes_its_move_away(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    t = _with(v, _NoFuse())
    wear = t.create(cards["Wear // Tear"], Zone.HAND)
    assert [m.option for m in t.moves(Player.P1, [wear]) if isinstance(m, CastMove)] == [LEFT, RIGHT]
