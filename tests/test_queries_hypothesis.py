"""A question and its action agree: what a Table offers is what it does.

Random positions (a card of the test pool in a hand, a graveyard or on the battlefield, under a
rule version, a timing, a caster, with or without an effect's permission) and random plugins
(cost taxes and discounts, refusals, a flash grant, hook wrappers that change or refuse a
decision) are asked ``castable`` and ``moves``, then cast on the same position:

* an option ``castable`` offers is cast; one it does not is refused by ``cast`` with the refusal
  ``cast_refusal`` gives (the same error, message and rules);
* every move ``moves`` offers is played, at the cost it carries.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from splitcards.adapters.reference import ReferenceHost
from splitcards.cards.loaders import card_from_mtgjson
from splitcards.errors import IllegalAction, IllegalCast, IllegalTiming
from splitcards.game.configuration.registry import load_registry
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.game.table.moves import CastMove, UnlockMove
from splitcards.hooks import hookimpl
from splitcards.rules.actions import CastDecision, CastRequest
from splitcards.rules.card import Card, Side
from splitcards.rules.conditions import Condition
from splitcards.rules.costs import CostEffect
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import Answer, CastOption, ObjectId, ObjectView, Phase, Player, Timing, UnlockBy, Zone
from splitcards.rules.versions import RuleVersion

REGISTRY = load_registry(pm=make_plugin_manager(load_entry_points=False))
VERSIONS = [v.name for v in sorted(REGISTRY.versions.values(), key=lambda v: v.edition)]
CARDS = {
    name: card_from_mtgjson(faces, name)
    for name, faces in yaml.safe_load(
        (Path(__file__).parent / "data" / "cards.yaml").read_text(encoding="utf-8")
    ).items()
}
ONE = ManaCost.parse("{1}")


class Tax:
    """Noncreature spells cost {1} more (a Thalia)."""

    @hookimpl
    def decide_cost_effects(self, rules: RuleVersion, request: CastRequest) -> Sequence[CostEffect]:
        return [CostEffect(ONE, True, Condition(not_types=("Creature",)))]


class Discount:
    """Spells cost {1} less."""

    @hookimpl
    def decide_cost_effects(self, rules: RuleVersion, request: CastRequest) -> Sequence[CostEffect]:
        return [CostEffect(ONE, False)]


class RefusesTaxed:
    """A house rule: a spell an effect changes the cost of is not cast."""

    @hookimpl
    def check_cast(
        self, rules: RuleVersion, request: CastRequest, timing: Timing, board: Sequence[ObjectView]
    ) -> IllegalAction | None:
        if request.cost_effects:
            return IllegalCast("a house rule refuses a spell whose cost an effect changes", ("601.2f",), rules.name)
        return None


class RefusesLeft:
    """A house rule: no left half is cast."""

    @hookimpl
    def check_cast(
        self, rules: RuleVersion, request: CastRequest, timing: Timing, board: Sequence[ObjectView]
    ) -> IllegalAction | None:
        if request.option is CastOption.LEFT:
            return IllegalCast("a house rule refuses left halves", ("709.3",), rules.name)
        return None


class GrantsFlash:
    """Every spell may be cast any time its caster has priority: a timing refusal for want of an
    empty stack or a main phase is lifted."""

    @hookimpl(wrapper=True)
    def check_cast(
        self, rules: RuleVersion, request: CastRequest, timing: Timing, board: Sequence[ObjectView]
    ) -> Generator[None, IllegalAction | None, IllegalAction | None]:
        refusal = yield
        lifted = isinstance(refusal, IllegalTiming) and timing.priority is request.caster
        return None if lifted else refusal


class Surcharge:
    """Every cast costs {1} more, added to the built-in decision."""

    @hookimpl(wrapper=True)
    def decide_cast(
        self, rules: RuleVersion, request: CastRequest
    ) -> Generator[None, CastDecision | IllegalAction | None, CastDecision | IllegalAction | None]:
        decision = yield
        if not isinstance(decision, CastDecision):
            return decision
        cost = decision.total_cost + ONE if decision.total_cost is not None else ONE
        return replace(decision, total_cost=cost)


class CapsCost:
    """A house rule: a spell that costs three mana or more in all is refused when decided."""

    @hookimpl(wrapper=True)
    def decide_cast(
        self, rules: RuleVersion, request: CastRequest
    ) -> Generator[None, CastDecision | IllegalAction | None, CastDecision | IllegalAction | None]:
        decision = yield
        if isinstance(decision, CastDecision) and decision.total_cost and decision.total_cost.mana_value >= 3:
            return IllegalCast("a house rule refuses spells of three mana or more", ("601.2f",), rules.name)
        return decision


class UnlockTax:
    """Unlocking a door costs {1} more, by the special action or an effect."""

    @hookimpl(wrapper=True)
    def decide_unlock_cost(
        self, rules: RuleVersion, view: ObjectView, door: Side, effects: Sequence[CostEffect], by: UnlockBy
    ) -> Generator[None, object, object]:
        answer = yield
        if isinstance(answer, Answer):
            return Answer(answer.value + ONE if answer.value is not None else ONE, answer.rules, answer.version)
        return answer


class RefusesRightDoor:
    """A house rule: a Room's right door stays locked."""

    @hookimpl
    def check_unlock(
        self, rules: RuleVersion, view: ObjectView, door: Side, by: UnlockBy, timing: Timing
    ) -> IllegalAction | None:
        if door is Side.RIGHT:
            return IllegalCast("a house rule keeps right doors locked", ("709.5e",), rules.name)
        return None


PLUGINS: tuple[Callable[[], object], ...] = (
    Tax,
    Discount,
    RefusesTaxed,
    RefusesLeft,
    GrantsFlash,
    Surcharge,
    CapsCost,
    UnlockTax,
    RefusesRightDoor,
)
PERMANENTS = ("Bottomless Pool // Locker Room", "Grizzly Bears")


@dataclass(frozen=True)
class Position:
    """A position to set up as many times as needed: the card, where it is, the turn, the plugins."""

    rules: RuleVersion
    card: Card
    zone: Zone
    timing: Timing
    player: Player
    permitted: bool
    plugins: tuple[Callable[[], object], ...]

    def table(self) -> tuple[Table, ObjectId]:
        pm = make_plugin_manager([make() for make in self.plugins], load_entry_points=False)
        table = Table(ReferenceHost(), self.rules, pm)
        obj = table.create(self.card, self.zone, Player.P1)
        t = self.timing
        table.set_turn(t.active, t.phase, t.priority, t.stack_empty)
        return table, obj


@st.composite
def rooms(draw: st.DrawFn) -> Position:
    """A Room permanent, mostly in its owner's main phase: where its doors are unlocked."""
    main = Timing(Player.P1, Phase.MAIN1, Player.P1, True)
    return Position(
        REGISTRY.get("duskmourn-2024"),
        CARDS["Bottomless Pool // Locker Room"],
        Zone.BATTLEFIELD,
        draw(st.sampled_from([main, main, replace(main, phase=Phase.END), replace(main, priority=Player.P2)])),
        draw(st.sampled_from([Player.P1, Player.P1, Player.P2])),
        False,
        tuple(draw(st.lists(st.sampled_from(PLUGINS), max_size=3, unique=True))),
    )


@st.composite
def anywhere(draw: st.DrawFn) -> Position:
    rules = REGISTRY.get(draw(st.sampled_from(VERSIONS)))
    names = [n for n, c in sorted(CARDS.items()) if rules.rooms or not c.is_room]
    name = draw(st.sampled_from(names))
    zones = [Zone.HAND, Zone.GRAVEYARD, Zone.EXILE] + ([Zone.BATTLEFIELD] if name in PERMANENTS else [])
    timing = Timing(
        draw(st.sampled_from(Player)),
        draw(st.sampled_from([Phase.MAIN1, Phase.COMBAT, Phase.MAIN2, Phase.END])),
        draw(st.sampled_from(Player)),
        draw(st.booleans()),
    )
    plugins = tuple(draw(st.lists(st.sampled_from(PLUGINS), max_size=3, unique=True)))
    return Position(
        rules,
        CARDS[name],
        draw(st.sampled_from(zones)),
        timing,
        draw(st.sampled_from(Player)),
        draw(st.booleans()),
        plugins,
    )


positions = st.one_of(rooms(), anywhere())
SOME = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SOME
@given(positions)
def test_an_option_castable_offers_is_cast_and_one_it_does_not_is_refused_with_its_refusal(where: Position) -> None:
    permission = where.zone if where.permitted else None
    table, obj = where.table()
    offered = table.castable(obj, permission, where.player).value
    for option in CastOption:
        table, obj = where.table()
        refusal = table.cast_refusal(obj, option, caster=where.player, permission=permission)
        assert (option in offered) is (refusal is None), option
        if refusal is None:
            table.cast(obj, option, caster=where.player, permission=permission)
            continue
        with pytest.raises(IllegalAction) as raised:
            table.cast(obj, option, caster=where.player, permission=permission)
        got = raised.value
        assert (type(got), str(got), got.rules) == (type(refusal), str(refusal), refusal.rules), option


@SOME
@given(positions)
def test_every_move_offered_is_played_at_its_cost(where: Position) -> None:
    table, obj = where.table()
    permission = where.zone if where.permitted else None
    moves = table.moves(where.player, [obj], [obj] if where.permitted else [])
    offered = table.castable(obj, permission, where.player).value
    # A card off the battlefield and the stack is cast (601.2a): its moves are the options offered.
    casts = [m.option for m in moves if isinstance(m, CastMove)]
    assert casts == ([] if where.zone is Zone.BATTLEFIELD else list(offered))
    for move in moves:
        table, obj = where.table()
        if isinstance(move, UnlockMove):
            table.unlock(move.obj, move.door)
        else:
            table.cast(move.obj, move.option, caster=where.player, permission=move.permission)
        assert table.last_cost == move.cost, move
