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
    return Table(
        ReferenceHost(), rules, make_plugin_manager(list(plugins), load_entry_points=False), judge_targets=False
    )


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


class Doors:
    """Names the doors it was made with, whatever was asked."""

    def __init__(self, *doors: Side) -> None:
        self.doors = doors

    @hookimpl
    def decide_doors(
        self, rules: RuleVersion, card: Card, named: Side | str | frozenset[Side], by: UnlockBy
    ) -> tuple[Side, ...]:
        return self.doors


@pytest.mark.parametrize(
    ("doors", "by", "problem"),
    [
        ((), UnlockBy.EFFECT, "returned tuple (); decide_doors returns one door or two different doors"),
        ((Side.LEFT, Side.LEFT), UnlockBy.EFFECT, "decide_doors returns one door or two different doors"),
        ((Side.LEFT, Side.RIGHT, Side.LEFT), UnlockBy.EFFECT, "decide_doors returns one door or two different"),
        ((), UnlockBy.SPECIAL_ACTION, "decide_doors returns one door for the special action"),
        ((Side.LEFT, Side.RIGHT), UnlockBy.SPECIAL_ACTION, "decide_doors returns one door for the special action"),
    ],
)
def test_709_5e_doors_a_plugin_names_are_one_door_or_two_different_ones(
    doors: tuple[Side, ...], by: UnlockBy, problem: str, v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    table = _table(v[CURRENT], Doors(*doors))
    room = table.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    before = table.snapshot()
    with pytest.raises(PluginFailure) as failed:
        table.unlock(room, Side.LEFT, by)
    assert (failed.value.plugin, failed.value.hook) == ("Doors", "decide_doors")
    assert problem in str(failed.value)
    assert table.snapshot() == before
    if by is UnlockBy.SPECIAL_ACTION:
        for question in (table.can_unlock, table.unlock_cost):
            with pytest.raises(PluginFailure, match="decide_doors"):
                question(room, Side.LEFT)
    else:
        with pytest.raises(PluginFailure, match="decide_doors"):
            table.lock(room, Side.LEFT)


def test_709_5i_a_plugin_naming_both_doors_unlocks_both(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    table = _table(v[CURRENT], Doors(Side.LEFT, Side.RIGHT))
    room = table.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    table.unlock(room, Side.LEFT, UnlockBy.EFFECT)
    assert table.view(room).unlocked == {Side.LEFT, Side.RIGHT}


class NameChoices:
    """Gives the legal answers it was made with."""

    def __init__(self, *legal: tuple[str, ...]) -> None:
        self.legal = legal

    @hookimpl
    def on_name_choice(self, rules: RuleVersion, card: Card) -> Sequence[tuple[str, ...]]:
        return self.legal


class NamesFire:
    """Decides every choice is "Fire", legal or not."""

    @hookimpl
    def decide_name(
        self, rules: RuleVersion, card: Card, choice: tuple[str, ...], legal: Sequence[tuple[str, ...]]
    ) -> tuple[str, ...]:
        return ("Fire",)


@pytest.mark.parametrize(
    ("plugin", "hook", "problem"),
    [
        (NameChoices(), "on_name_choice", "on_name_choice returns at least one legal answer"),
        (NameChoices(("Fire", "Fire")), "on_name_choice", "each of one or more different names"),
        (NameChoices(("Fire",), ()), "on_name_choice", "each of one or more different names"),
        (NameChoices(("Fire", "Ice"), ("Ice", "Fire")), "on_name_choice", "each answer once"),
        (NamesFire(), "decide_name", "returned tuple ('Fire',); decide_name returns one of the legal answers"),
    ],
)
def test_709_4a_names_a_plugin_decides_are_legal_answers_each_once(
    plugin: object, hook: str, problem: str, v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    # Under the 2009 rules the only legal answer names both halves: "Fire" alone is none.
    table = _table(v["classic-2009"], plugin)
    before = table.snapshot()
    with pytest.raises(PluginFailure) as failed:
        table.choose_name(cards["Fire // Ice"], ["Ice", "Fire"])
    assert (failed.value.plugin, failed.value.hook) == (type(plugin).__name__, hook)
    assert problem in str(failed.value)
    assert table.snapshot() == before


class SplicesAnything:
    """Names a card twice, and one it was not given, as cards that could be spliced."""

    @hookimpl
    def decide_spliceable(
        self, rules: RuleVersion, cards: Sequence[tuple[ObjectId, ObjectView]]
    ) -> Answer[tuple[ObjectId, ...]]:
        first = cards[0][0]
        return Answer((first, first, "o99"), ("house",), rules.name)


def test_702_47a_the_cards_a_plugin_says_could_be_spliced_are_among_those_given(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    table = _table(v[CURRENT], SplicesAnything())
    arcane, ritual, bears = _hand(table, cards)
    for question, args in ((table.spliceable, ([ritual, bears],)), (table.splice_candidates, (arcane,))):
        with pytest.raises(PluginFailure) as failed:
            question(*args)
        assert (failed.value.plugin, failed.value.hook) == ("SplicesAnything", "decide_spliceable")
        assert "decide_spliceable returns ids of the cards it is given, each once" in str(failed.value)
