"""Every decision of a Table action is a hook: a plugin decides who controls a resolved card,
whether a copy is legal, what an unlock costs; an answer its hook does not allow is the
plugin's failure, and the game is as it was."""

from __future__ import annotations

from collections.abc import Generator, Sequence

import pytest

from splitcards.adapters.reference import ReferenceHost
from splitcards.errors import IllegalAction, IllegalSplice, IllegalZone, PluginFailure
from splitcards.game.contract import CastRequest
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.hooks import hookimpl
from splitcards.rules.card import Card, Side
from splitcards.rules.copies import CopyOf
from splitcards.rules.costs import CostEffect, changed
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import Answer, ObjectId, ObjectView, Player, Timing, UnlockBy, Zone
from splitcards.rules.versions import RuleVersion

CURRENT = "duskmourn-2024"


def _table(rules: RuleVersion, *plugins: object) -> Table:
    return Table(ReferenceHost(), rules, make_plugin_manager(list(plugins), load_entry_points=False))


def _bears_on_the_stack(table: Table, cards: dict[str, Card]) -> ObjectId:
    bears = table.create(cards["Grizzly Bears"], Zone.HAND)
    table.cast(bears)
    return bears


class StolenPermanents:
    """Every permanent spell enters under p2's control (as a "gain control" house rule)."""

    @hookimpl
    def decide_controller(
        self, rules: RuleVersion, spell: ObjectId, view: ObjectView, destination: Zone
    ) -> Answer[Player] | None:
        return Answer(Player.P2, ("house",), rules.name) if destination is Zone.BATTLEFIELD else None


class NoCardCopies:
    @hookimpl
    def decide_copy(self, rules: RuleVersion, view: ObjectView, of: CopyOf) -> IllegalAction | None:
        return IllegalZone("no copies of cards here", ("house",), rules.name) if of is CopyOf.CARD else None


class CheaperDoors:
    """Unlocking costs {1} less, changing the built-in decision with a hook wrapper."""

    @hookimpl(wrapper=True)
    def decide_unlock_cost(
        self, rules: RuleVersion, view: ObjectView, door: Side, effects: Sequence[CostEffect]
    ) -> Generator[None, Answer[ManaCost | None], Answer[ManaCost | None]]:
        decided = yield
        return Answer(changed(decided.value, None, ManaCost.parse("{1}")), (*decided.rules, "house"), decided.version)


class WrongController:
    @hookimpl
    def decide_controller(self, rules: RuleVersion, spell: ObjectId, view: ObjectView, destination: Zone) -> object:
        return "p2"


def test_608_3_a_plugin_decides_who_controls_the_resolved_permanent(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    table = _table(v[CURRENT], StolenPermanents())
    bears = _bears_on_the_stack(table, cards)
    outcome = table.resolve()
    assert (outcome.controller, table.view(bears).controller) == (Player.P2, Player.P2)
    assert "house" in outcome.rules


def test_707_12_a_plugin_refuses_a_copy_before_it_is_made(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    table = _table(v[CURRENT], NoCardCopies())
    fire = table.create(cards["Fire // Ice"], Zone.GRAVEYARD)
    before = table.snapshot()
    with pytest.raises(IllegalZone, match="no copies of cards here"):
        table.copy_card(fire)
    assert table.snapshot() == before


def test_709_5e_a_wrapper_changes_what_the_unlock_special_action_costs(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    table = _table(v[CURRENT], CheaperDoors())
    room = table.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    assert table.unlock_cost(room, Side.RIGHT).rules[-1] == "house"
    table.unlock(room, "Locker Room", UnlockBy.SPECIAL_ACTION)
    assert str(table.last_cost) == "{3}{U}"


def test_an_answer_its_hook_does_not_allow_is_the_plugins_failure_and_nothing_happens(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    table = _table(v[CURRENT], WrongController())
    _bears_on_the_stack(table, cards)
    before = table.snapshot()
    with pytest.raises(PluginFailure, match="decide_controller") as failed:
        table.resolve()
    assert failed.value.plugin == "WrongController"
    assert table.snapshot() == before


class AskedSplices:
    """Records which cards ``check_cast`` is asked to splice, refusing nothing."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    @hookimpl
    def check_cast(
        self, rules: RuleVersion, request: CastRequest, timing: Timing, board: Sequence[ObjectView]
    ) -> IllegalAction | None:
        self.asked += [view.card.name for _, view in request.splice]
        return None


class NoRituals(AskedSplices):
    """Desperate Ritual can't be spliced (a house rule), deciding in place of the built-in rules."""

    @hookimpl
    def decide_spliceable(
        self, rules: RuleVersion, cards: Sequence[tuple[ObjectId, ObjectView]]
    ) -> Answer[tuple[ObjectId, ...]]:
        named = tuple(obj for obj, view in cards if view.card.name != "Desperate Ritual")
        return Answer(named, ("house",), rules.name)


class SplicedBears:
    """Grizzly Bears may be spliced onto any spell, as if it had splice (a house rule)."""

    @hookimpl(wrapper=True)
    def decide_spliceable(
        self, rules: RuleVersion, cards: Sequence[tuple[ObjectId, ObjectView]]
    ) -> Generator[None, Answer[tuple[ObjectId, ...]], Answer[tuple[ObjectId, ...]]]:
        decided = yield
        bears = tuple(obj for obj, view in cards if view.card.name == "Grizzly Bears")
        return Answer((*decided.value, *bears), (*decided.rules, "house"), decided.version)

    @hookimpl(wrapper=True)
    def check_cast(
        self, rules: RuleVersion, request: CastRequest, timing: Timing, board: Sequence[ObjectView]
    ) -> Generator[None, IllegalAction | None, IllegalAction | None]:
        refusal = yield
        bears = [view for _, view in request.splice if view.card.name == "Grizzly Bears"]
        return None if bears and isinstance(refusal, IllegalSplice) else refusal


def _hand(table: Table, cards: dict[str, Card]) -> tuple[ObjectId, ObjectId, ObjectId]:
    arcane = table.create(cards["Reach Through Mists"], Zone.HAND)
    ritual = table.create(cards["Desperate Ritual"], Zone.HAND)
    bears = table.create(cards["Grizzly Bears"], Zone.HAND)
    table.create(cards["Fire // Ice"], Zone.HAND)
    return arcane, ritual, bears


def test_702_47a_only_the_cards_decide_spliceable_names_are_put_to_check_cast(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    plugin = NoRituals()
    table = _table(v[CURRENT], plugin)
    arcane, _, _ = _hand(table, cards)
    # The plugin's decision names Grizzly Bears and Fire // Ice, which check_cast refuses.
    assert table.splice_candidates(arcane).value == ()
    assert plugin.asked == ["Grizzly Bears", "Fire // Ice"]


def test_702_47a_the_built_in_rules_put_only_a_card_with_splice_to_check_cast(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    plugin = AskedSplices()
    table = _table(v[CURRENT], plugin)
    arcane, ritual, _ = _hand(table, cards)
    assert table.splice_candidates(arcane).value == (ritual,)
    assert plugin.asked == ["Desperate Ritual"]


def test_a_house_rule_splices_a_card_without_splice_through_decide_spliceable_and_check_cast(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    table = _table(v[CURRENT], SplicedBears())
    arcane, ritual, bears = _hand(table, cards)
    assert table.splice_candidates(arcane).value == (ritual, bears)
    table.cast(arcane, splice=[bears])
    assert [e.kind for e in table.events] == ["spliced", "cast"]


def test_702_47a_table_spliceable_names_the_cards_with_splice_and_follows_a_house_rule(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    table = _table(v[CURRENT], AskedSplices())
    arcane, ritual, bears = _hand(table, cards)
    answer = table.spliceable([arcane, ritual, bears])
    # Only Desperate Ritual has a splice ability (702.47a); Reach Through Mists is only Arcane.
    assert answer.value == (ritual,)
    assert "702.47a" in answer.rules
    assert table.spliceable([arcane, bears]).value == ()
    assert table.spliceable([]).value == ()
    house = _table(v[CURRENT], SplicedBears())
    arcane, ritual, bears = _hand(house, cards)
    assert house.spliceable([arcane, ritual, bears]).value == (ritual, bears)
