"""The decisions a plugin could not make before are hooks: the characteristics, the views shown to
plugins, the citations of the Table's answers, which objects get moves, where splices come from,
what an unlock by an effect costs, whether the turn may move on; and a question asks the hooks
its action asks (``castable`` the cost effects, as ``cast`` does)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import pytest

from splitcards.adapters.reference import ReferenceHost
from splitcards.errors import IllegalAction, IllegalCast, IllegalTiming, UnknownQuery
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.game.table.moves import CastMove
from splitcards.hooks import hookimpl
from splitcards.rules.actions import CastRequest
from splitcards.rules.card import Card, Side
from splitcards.rules.characteristics import NAMES, Query
from splitcards.rules.citations import Question
from splitcards.rules.conditions import Condition
from splitcards.rules.costs import CostEffect
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import (
    Answer,
    CastOption,
    Event,
    EventKind,
    ObjectId,
    ObjectView,
    Phase,
    Player,
    SpellFacts,
    Timing,
    TimingChange,
    UnlockBy,
    Zone,
)
from splitcards.rules.offers import MoveKind
from splitcards.rules.versions import RuleVersion

CURRENT = "duskmourn-2024"
ONE = ManaCost.parse("{1}")


def _table(rules: RuleVersion, *plugins: object) -> Table:
    return Table(
        ReferenceHost(), rules, make_plugin_manager(list(plugins), load_entry_points=False), judge_targets=False
    )


class Thalia:
    """Noncreature spells cost {1} more."""

    @hookimpl
    def decide_cost_effects(self, rules: RuleVersion, request: CastRequest) -> Sequence[CostEffect]:
        return [CostEffect(ONE, True, Condition(not_types=("Creature",)))]


class NoTaxedSpells:
    """A house rule: a spell whose cost an effect changes is not cast."""

    @hookimpl
    def check_cast(
        self, rules: RuleVersion, request: CastRequest, timing: Timing, board: Sequence[ObjectView]
    ) -> IllegalAction | None:
        if request.cost_effects:
            return IllegalCast("taxed spells are refused here", ("601.2f",), rules.name)
        return None


def test_601_2f_castable_asks_the_cost_effects_cast_asks(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    table = _table(v[CURRENT], Thalia(), NoTaxedSpells())
    fire_ice = table.create(cards["Fire // Ice"], Zone.HAND)
    assert table.castable(fire_ice).value == ()
    refusal = table.cast_refusal(fire_ice, CastOption.LEFT)
    assert isinstance(refusal, IllegalCast) and str(refusal) == str(
        IllegalCast("taxed spells are refused here", ("601.2f",), CURRENT)
    )
    with pytest.raises(IllegalCast, match="taxed spells are refused here"):
        table.cast(fire_ice, CastOption.LEFT)
    assert table.moves(Player.P1, [fire_ice]) == ()


def test_601_2f_a_move_carries_the_cost_its_cast_pays(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    table = _table(v[CURRENT], Thalia())
    fire_ice = table.create(cards["Fire // Ice"], Zone.HAND)
    moves = table.moves(Player.P1, [fire_ice])
    assert [(m.option, str(m.cost)) for m in moves if isinstance(m, CastMove)] == [
        (CastOption.LEFT, "{2}{R}"),
        (CastOption.RIGHT, "{2}{U}"),
    ]


class Renames:
    """Every object is named "Nameless" (a house rule's characteristic)."""

    @hookimpl
    def decide_characteristic(self, rules: RuleVersion, view: ObjectView, query: Query[Any] | str) -> Answer[object]:
        name = query if isinstance(query, str) else query.name
        return Answer(("Nameless",), ("house",), rules.name) if name == "names" else None  # type: ignore[return-value]

    @hookimpl
    def decide_has_name(self, rules: RuleVersion, view: ObjectView, name: str) -> Answer[bool]:
        return Answer(name == "Nameless", ("house",), rules.name)

    @hookimpl
    def decide_comparison(
        self, rules: RuleVersion, view: ObjectView, characteristic: str, op: str, value: int | str
    ) -> Answer[bool] | None:
        return Answer(True, ("house",), rules.name) if characteristic == "power" else None


def test_709_4a_the_characteristics_are_the_hooks_answers(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    table = _table(v[CURRENT], Renames())
    fire_ice = table.create(cards["Fire // Ice"], Zone.HAND)
    assert table.characteristic(fire_ice, NAMES).value == ("Nameless",)
    assert table.characteristic(fire_ice, "names").rules == ("house",)
    assert table.characteristic(fire_ice, "mana_values").value == (4,)
    assert table.has_name(fire_ice, "Nameless").value and not table.has_name(fire_ice, "Fire").value
    assert table.compare(fire_ice, "power", "==", 2).value is True
    with pytest.raises(UnknownQuery, match="unknown comparison"):
        table.compare(fire_ice, "mana_value", "=~", 2)
    with pytest.raises(UnknownQuery, match="unknown characteristic query"):
        table.characteristic(fire_ice, "power")


class Marked:
    """Shows a spell as its caster's opponent's on the stack, and records what on_cast is shown."""

    shown: ObjectView | None = None

    @hookimpl
    def decide_spell_view(
        self, rules: RuleVersion, view: ObjectView, spell: SpellFacts, caster: Player
    ) -> ObjectView | None:
        return ObjectView(view.card, Zone.STACK, view.owner, caster.opponent, spell)

    @hookimpl
    def on_cast(self, rules: RuleVersion, spell: ObjectId, view: ObjectView, facts: SpellFacts) -> Sequence[Event]:
        self.shown = view
        return []


def test_601_2a_the_view_of_a_spell_plugins_are_shown_is_a_hooks_answer(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    plugin = Marked()
    table = _table(v[CURRENT], plugin)
    fire_ice = table.create(cards["Fire // Ice"], Zone.HAND)
    table.cast(fire_ice, CastOption.LEFT)
    assert plugin.shown is not None and plugin.shown.controller is Player.P2


class Cites:
    @hookimpl
    def decide_citations(self, rules: RuleVersion, question: Question) -> tuple[str, ...]:
        return (f"house {question.value}",)


def test_the_citations_of_the_tables_answers_are_a_hooks_answer(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    table = _table(v[CURRENT], Cites())
    fire_ice = table.create(cards["Fire // Ice"], Zone.HAND)
    assert table.castable(fire_ice).rules == ("house castable",)
    assert table.name_choices(cards["Fire // Ice"]).rules == ("house name_choices",)


class NoMoves:
    """A house rule: nothing is offered to an AI from a graveyard."""

    @hookimpl
    def decide_move_kinds(self, rules: RuleVersion, view: ObjectView, player: Player) -> Answer[frozenset[MoveKind]]:
        if view.zone is Zone.GRAVEYARD:
            return Answer(frozenset(), ("house",), rules.name)
        return None  # type: ignore[return-value]


def test_601_2a_which_objects_get_moves_is_a_hooks_answer(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    table = _table(v[CURRENT], NoMoves())
    in_hand = table.create(cards["Fire // Ice"], Zone.HAND)
    in_yard = table.create(cards["Destined // Lead"], Zone.GRAVEYARD)
    assert {m.obj for m in table.moves(Player.P1, [in_hand, in_yard])} == {in_hand}
    plain = _table(v[CURRENT])
    in_yard = plain.create(cards["Destined // Lead"], Zone.GRAVEYARD)
    assert {m.obj for m in plain.moves(Player.P1, [in_yard])} == {in_yard}


class NoSplicing:
    @hookimpl
    def decide_splice_zones(self, rules: RuleVersion, spell: ObjectView, caster: Player) -> Answer[frozenset[Zone]]:
        return Answer(frozenset(), ("house",), rules.name)


def test_702_47a_where_splices_come_from_is_a_hooks_answer(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    for plugins, expected in (((), 1), ((NoSplicing(),), 0)):
        table = _table(v[CURRENT], *plugins)
        ray = table.create(cards["Reach Through Mists"], Zone.HAND)
        table.create(cards["Glacial Ray"], Zone.HAND)
        found = table.splice_candidates(ray)
        assert len(found.value) == expected
        assert found.rules == (("house",) if plugins else ("702.47a",))


class PricedEffects:
    """An effect that unlocks a door costs {1} here."""

    @hookimpl(wrapper=True)
    def decide_unlock_cost(
        self, rules: RuleVersion, view: ObjectView, door: Side, effects: Sequence[CostEffect], by: UnlockBy
    ) -> Any:
        decided = yield
        return Answer(ONE, ("house",), rules.name) if by is UnlockBy.EFFECT else decided


def test_709_5f_what_an_unlock_by_an_effect_costs_is_a_hooks_answer(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    plain = _table(v[CURRENT])
    room = plain.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    plain.unlock(room, Side.LEFT, UnlockBy.EFFECT)
    assert plain.last_cost is None
    priced = _table(v[CURRENT], PricedEffects())
    room = priced.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    priced.unlock(room, Side.LEFT, UnlockBy.EFFECT)
    assert priced.last_cost == ONE


class NoSkippedTurns:
    """A house rule: the active player never changes by a set-up."""

    @hookimpl
    def check_turn(self, rules: RuleVersion, change: TimingChange, timing: Timing) -> IllegalAction | None:
        if change.active is not None and change.active is not timing.active:
            return IllegalTiming("the turn does not pass here", ("500.1",), rules.name)
        return None


def test_500_1_a_change_of_turn_may_be_refused(v: dict[str, RuleVersion]) -> None:
    table = _table(v[CURRENT], NoSkippedTurns())
    before = table.snapshot()
    with pytest.raises(IllegalTiming, match="the turn does not pass here"):
        table.set_turn(Player.P2, Phase.MAIN1, Player.P2)
    assert table.snapshot() == before
    table.set_turn(Player.P1, Phase.END)
    assert table.host.timing().phase is Phase.END


class ReportsFirst:
    @hookimpl(tryfirst=True)
    def on_cast(self, rules: RuleVersion, spell: ObjectId, view: ObjectView, facts: SpellFacts) -> Sequence[Event]:
        return [Event(EventKind.NAME_CHOSEN, spell)]


class Interrupts:
    @hookimpl
    def on_cast(self, rules: RuleVersion, spell: ObjectId, view: ObjectView, facts: SpellFacts) -> Sequence[Event]:
        raise KeyboardInterrupt


def test_an_interrupted_report_keeps_the_reports_given_before_it(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    table = _table(v[CURRENT], ReportsFirst(), Interrupts())
    fire_ice = table.create(cards["Fire // Ice"], Zone.HAND)
    with pytest.raises(KeyboardInterrupt):
        table.cast(fire_ice, CastOption.LEFT)
    # The plugin's report, then the built-in rules' (asked through pluggy once interrupted).
    assert [e.as_dict() for e in table.events] == [
        {"event": "name_chosen", "object": fire_ice},
        {"event": "cast", "object": fire_ice, "half": "left"},
    ]


def test_check_card_exists_is_deprecated_for_the_refusal_it_raises(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    from splitcards import check_card_exists
    from splitcards.errors import UnknownCard
    from splitcards.rules.casting import card_refusal

    room = cards["Bottomless Pool // Locker Room"]
    with pytest.warns(DeprecationWarning, match="card_refusal"), pytest.raises(UnknownCard):
        check_card_exists(room, v["classic-2009"])
    assert isinstance(card_refusal(room, v["classic-2009"]), UnknownCard)


def test_the_raising_check_of_a_cast_is_deprecated_for_the_refusal_it_raises(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    from splitcards.rules.casting import cast_refusal, check_cast

    request = CastRequest("a", ObjectView(cards["Fire // Ice"], Zone.GRAVEYARD), CastOption.LEFT, Player.P1)
    refusal = cast_refusal(request, v[CURRENT], Timing(), ())
    assert refusal is not None
    with (
        pytest.warns(DeprecationWarning, match="cast_refusal"),
        pytest.raises(type(refusal), match=re.escape(str(refusal))),
    ):
        check_cast(request, v[CURRENT], Timing(), ())
