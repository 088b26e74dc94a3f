"""Who casts a card, with what mana, and where the card goes after: a caster other than its owner
(601.3; fuse only from the caster's own hand, 702.102a), the payment of the total cost
(601.2g-h, 609.4b), a permission's replacement of the graveyard (614.1a, 608.2n) beside
aftermath's and flashback's exile (702.127a, 702.34a), and plot (702.170d, unwritten before 2024)."""

from __future__ import annotations

import pytest

from splitcards.adapters.reference import ReferenceHost
from splitcards.cards.loaders import card_from_mtgjson
from splitcards.errors import CannotPay, IllegalCast, IllegalTiming, IllegalZone
from splitcards.game.contract.moves import CastMove
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.rules.actions import CastGrants
from splitcards.rules.card import Card
from splitcards.rules.mana import ManaCost, same_cost
from splitcards.rules.model import CastOption, Phase, Player, Zone
from splitcards.rules.versions import RuleVersion

LEFT, RIGHT, FUSED = CastOption.LEFT, CastOption.RIGHT, CastOption.FUSED


def _table(v: dict[str, RuleVersion], version: str = "duskmourn-2024") -> Table:
    return Table(ReferenceHost(), v[version], make_plugin_manager([], load_entry_points=False))


def _wear_tear(t: Table, cards: dict[str, Card], zone: Zone, owner: Player = Player.P1) -> str:
    # Wear // Tear with a target for each half (601.2c).
    t.create(cards["Ornithopter"], Zone.BATTLEFIELD, Player.P2)
    t.create(cards["Glorious Anthem"], Zone.BATTLEFIELD, Player.P2)
    return t.create(cards["Wear // Tear"], zone, owner)


def test_702_102a_no_fused_cast_from_an_opponents_hand(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    t = _table(v)
    wt = _wear_tear(t, cards, Zone.HAND)
    t.set_turn(active=Player.P2, priority=Player.P2)
    assert t.castable(wt, Zone.HAND, Player.P2).value == (LEFT, RIGHT)
    offered = t.moves(Player.P2, [wt], {wt})
    assert [(m.option, str(m.cost)) for m in offered if isinstance(m, CastMove)] == [(LEFT, "{1}{R}"), (RIGHT, "{W}")]
    before = t.snapshot()
    with pytest.raises(IllegalZone, match=r"own hand.*702\.102a"):
        t.cast(wt, FUSED, caster=Player.P2, permission=Zone.HAND)
    assert t.snapshot() == before
    spell = t.cast(wt, LEFT, caster=Player.P2, permission=Zone.HAND)
    assert t.view(spell).controller is Player.P2
    t.resolve(spell)
    assert (t.view(wt).zone, t.view(wt).owner) == (Zone.GRAVEYARD, Player.P1)


def test_601_2h_mana_that_cannot_pay_is_refused(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    t = _table(v)
    wt = _wear_tear(t, cards, Zone.HAND)
    before = t.snapshot()
    with pytest.raises(CannotPay, match=r"costs \{1\}\{W\}\{R\}.*601\.2g, 601\.2h"):
        t.cast(wt, FUSED, mana=ManaCost.parse("{R}{W}"))
    assert t.snapshot() == before
    t.cast(wt, FUSED, mana=ManaCost.parse("{G}{R}{W}"))
    assert t.last_cost is not None and same_cost("{1}{R}{W}", str(t.last_cost))


def test_609_4b_mana_of_any_type_pays_colored_symbols(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    t = _table(v)
    wt = _wear_tear(t, cards, Zone.GRAVEYARD)
    t.set_turn(active=Player.P2, priority=Player.P2)
    green = ManaCost.parse("{G}{G}")
    with pytest.raises(CannotPay):
        t.cast(wt, LEFT, caster=Player.P2, permission=Zone.GRAVEYARD, mana=green)
    decision = t.cast_decision(
        wt, LEFT, caster=Player.P2, permission=Zone.GRAVEYARD, mana=green, grants=CastGrants(any_type=True)
    )
    assert "609.4b" in decision.rules


def test_609_4b_unwritten_before_2019_the_refusal_says_so(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    t = _table(v, "amonkhet-2017")
    wt = _wear_tear(t, cards, Zone.HAND)
    with pytest.raises(CannotPay, match=r"609\.4b was added in 2019") as refused:
        t.cast(wt, LEFT, mana=ManaCost.parse("{G}"), grants=CastGrants(any_type=True))
    assert "609.4b" not in refused.value.rules


def test_614_1a_a_permissions_exile_applies_when_countered(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    t = _table(v, "invasion-2000")
    wt = _wear_tear(t, cards, Zone.GRAVEYARD)
    spell = t.cast(wt, RIGHT, permission=Zone.GRAVEYARD, grants=CastGrants(instead=Zone.EXILE))
    assert t.move(spell, Zone.GRAVEYARD) is Zone.EXILE


def test_608_2n_a_replacement_as_it_resolves_only(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    t = _table(v)
    wt = _wear_tear(t, cards, Zone.HAND)
    spell = t.cast(wt, RIGHT, grants=CastGrants(resolves_to=Zone.HAND))
    assert t.resolve(spell).destination is Zone.HAND
    again = t.cast(wt, RIGHT, grants=CastGrants(resolves_to=Zone.HAND))
    assert t.move(again, Zone.GRAVEYARD) is Zone.GRAVEYARD


def test_702_127a_aftermath_exile_wins_over_a_permissions_hand(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    t = _table(v)
    t.create(cards["Grizzly Bears"], Zone.BATTLEFIELD, Player.P2)
    dl = t.create(cards["Destined // Lead"], Zone.GRAVEYARD)
    spell = t.cast(dl, RIGHT, grants=CastGrants(resolves_to=Zone.HAND))
    assert t.resolve(spell).destination is Zone.EXILE
    # Without aftermath the half is an ordinary one, cast by an effect: the permission decides.
    old = _table(v, "classic-2013")
    old.create(cards["Grizzly Bears"], Zone.BATTLEFIELD, Player.P2)
    dl = old.create(cards["Destined // Lead"], Zone.GRAVEYARD)
    spell = old.cast(dl, RIGHT, permission=Zone.GRAVEYARD, grants=CastGrants(resolves_to=Zone.HAND))
    assert old.resolve(spell).destination is Zone.HAND


def test_702_170d_a_plotted_split_card(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    t = _table(v)
    wt = _wear_tear(t, cards, Zone.EXILE)
    plotted = CastGrants(plotted=True)
    with pytest.raises(IllegalZone, match=r"702\.102a"):
        t.cast(wt, FUSED, grants=plotted)
    t.set_turn(phase=Phase.COMBAT)
    with pytest.raises(IllegalTiming, match=r"main phase.*702\.170d"):
        t.cast(wt, LEFT, grants=plotted)
    t.set_turn(phase=Phase.MAIN2)
    spell = t.cast(wt, LEFT, grants=plotted)
    assert t.last_cost is None
    assert t.resolve(spell).destination is Zone.GRAVEYARD


def test_702_170d_not_from_the_hand_and_not_with_another_alternative_cost(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    t = _table(v)
    wt = _wear_tear(t, cards, Zone.HAND)
    with pytest.raises(IllegalZone, match="only by its owner from exile"):
        t.cast(wt, LEFT, grants=CastGrants(plotted=True))
    exiled = t.create(cards["Wear // Tear"], Zone.EXILE)
    with pytest.raises(IllegalCast, match="alternative costs"):
        t.cast(exiled, LEFT, without_paying=True, grants=CastGrants(plotted=True))


@pytest.mark.parametrize("version", ["invasion-2000", "classic-2013", "amonkhet-2017"])
def test_702_170_unwritten_before_2024(v: dict[str, RuleVersion], cards: dict[str, Card], version: str) -> None:
    t = _table(v, version)
    wt = _wear_tear(t, cards, Zone.EXILE)
    with pytest.raises(IllegalCast, match="Outlaws of Thunder Junction") as refused:
        t.cast(wt, LEFT, grants=CastGrants(plotted=True))
    assert refused.value.rules == ()


def test_702_170d_cast_on_a_later_turn_than_the_plotting(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    t = _table(v)
    wt = _wear_tear(t, cards, Zone.HAND)
    t.set_turn(turn=4)
    t.plot(wt, by_effect=True)
    assert (t.view(wt).zone, t.plotted) == (Zone.EXILE, {wt: 4})
    with pytest.raises(IllegalTiming, match=r"later turn.*turn 4.*702\.170d"):
        t.cast(wt, LEFT, grants=CastGrants(plotted=True))
    t.set_turn(turn=5)
    t.cast(wt, LEFT, grants=CastGrants(plotted=True))
    assert t.plotted == {}


def test_702_170d_with_no_turn_number_a_later_turn_is_taken_as_holding(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    t = _table(v)
    wt = _wear_tear(t, cards, Zone.HAND)
    t.plot(wt, by_effect=True)
    assert t.plotted == {wt: None}
    t.cast(wt, RIGHT, grants=CastGrants(plotted=True))


HIGHWAY_ROBBERY = card_from_mtgjson(
    [
        {
            "name": "Highway Robbery",
            "manaCost": "{1}{R}",
            "types": ["Sorcery"],
            "colors": ["R"],
            "keywords": ["Plot"],
            "text": "You may discard a card or sacrifice a land. If you do, draw two cards.\nPlot {1}{R}",
        }
    ],
    "Highway Robbery",
)


def test_116_2k_the_plot_special_action(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    t = _table(v)
    wt = _wear_tear(t, cards, Zone.HAND)
    with pytest.raises(IllegalCast, match="no plot ability"):
        t.plot(wt)
    robbery = t.create(HIGHWAY_ROBBERY, Zone.HAND)
    t.set_turn(active=Player.P2, priority=Player.P2)
    with pytest.raises(IllegalZone, match="own hand"):
        t.plot(robbery, player=Player.P2)
    with pytest.raises(IllegalTiming, match=r"main phase.*116\.2k"):
        t.plot(robbery)
    t.set_turn(active=Player.P1, priority=Player.P1, phase=Phase.MAIN2)
    t.plot(robbery)
    assert t.view(robbery).zone is Zone.EXILE
    old = _table(v, "amonkhet-2017")
    card = old.create(HIGHWAY_ROBBERY, Zone.HAND)
    with pytest.raises(IllegalCast, match="Outlaws of Thunder Junction"):
        old.plot(card)
