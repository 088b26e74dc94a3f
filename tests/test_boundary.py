"""The host contract seen from plugins: check, act, report; plugins' answers checked; one chain."""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import pytest

from splitcards import Table as PublicTable
from splitcards.adapters.reference import ReferenceHost
from splitcards.errors import (
    HostError,
    IllegalAction,
    IllegalZone,
    NotARoom,
    NotSupported,
    PluginFailure,
    UnknownQuery,
)
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.hooks import hookimpl
from splitcards.rules.card import Card, Side
from splitcards.rules.characteristics import MANA_VALUES, NAMES
from splitcards.rules.model import (
    CastOption,
    EventKind,
    ObjectId,
    ObjectView,
    Phase,
    Player,
    SpellFacts,
    Timing,
    UnlockBy,
    Zone,
)
from splitcards.rules.versions import RuleVersion

CURRENT = "duskmourn-2024"


class Counting:
    def __init__(self) -> None:
        self.casts: list[ObjectId] = []
        self.unlocks: list[Side] = []

    @hookimpl
    def on_cast(self, rules: RuleVersion, spell: ObjectId, view: ObjectView, facts: SpellFacts) -> None:
        self.casts.append(spell)

    @hookimpl
    def on_unlock(self, rules: RuleVersion, permanent: ObjectId, view: ObjectView, door: Side, by: UnlockBy) -> None:
        self.unlocks.append(door)


class RefusingHost(ReferenceHost):
    """An engine that can't cast nor change doors."""

    def cast(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        raise NotSupported("this engine can't cast split cards")

    def set_unlocked(self, obj: ObjectId, doors: frozenset[Side]) -> None:
        raise NotSupported("this engine has no doors")


def test_on_hooks_report_only_what_happened(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    counter = Counting()
    t = Table(
        RefusingHost(), v[CURRENT], make_plugin_manager(load_entry_points=False, plugins=[counter]), judge_targets=False
    )
    fire = t.create(cards["Fire // Ice"], Zone.HAND)
    room = t.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    before = t.snapshot()
    with pytest.raises(NotSupported):
        t.cast(fire, CastOption.LEFT)
    with pytest.raises(NotSupported):
        t.unlock(room, Side.LEFT)
    assert counter.casts == [] and counter.unlocks == []
    assert t.snapshot() == before


def test_on_cast_counts_each_real_cast(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    counter = Counting()
    t = Table(
        ReferenceHost(),
        v[CURRENT],
        make_plugin_manager(load_entry_points=False, plugins=[counter]),
        judge_targets=False,
    )
    fire = t.create(cards["Fire // Ice"], Zone.HAND)
    with pytest.raises(IllegalAction):
        t.cast(fire, CastOption.FUSED)
    t.cast(fire, CastOption.RIGHT)
    assert counter.casts == [fire]


def Bad(hook: str, value: object) -> object:
    """A plugin whose ``hook`` returns ``value``."""

    def answer(rules: RuleVersion) -> object:
        return value

    return SimpleNamespace(**{hook: hookimpl(specname=hook)(answer)})


BAD_RESULTS = [
    ("check_cast", True),
    ("check_cast", "no"),
    ("on_resolve", Zone.GRAVEYARD),
    ("on_leave_stack", Zone.STACK),
    ("on_leave_stack", "graveyard"),
    ("on_enter_battlefield", [Side.LEFT]),
    ("on_name_choice", ["Fire"]),
]


@pytest.mark.parametrize(("hook", "value"), BAD_RESULTS, ids=lambda x: repr(x)[:30])
def test_decision_hook_returning_garbage_is_named_and_changes_nothing(
    v: dict[str, RuleVersion], cards: dict[str, Card], hook: str, value: object
) -> None:
    t = Table(ReferenceHost(), v[CURRENT], make_plugin_manager(load_entry_points=False), judge_targets=False)
    fire = t.create(cards["Fire // Ice"], Zone.HAND)
    bears = t.create(cards["Grizzly Bears"], Zone.HAND)
    t.cast(fire, CastOption.LEFT)
    t.pm.register(Bad(hook, value), name="garbage")
    before = t.snapshot()
    with pytest.raises(PluginFailure) as info:
        if hook == "on_name_choice":
            t.choose_name(cards["Fire // Ice"], ["Fire"])
        elif hook == "on_enter_battlefield":
            t.move(bears, Zone.BATTLEFIELD)
        elif hook == "check_cast":
            t.castable(bears)
        else:
            t.resolve()
    assert (info.value.plugin, info.value.hook, info.value.happened) == ("garbage", hook, False)
    assert t.snapshot() == before


@pytest.mark.parametrize("value", [3, "abc", [1], (Zone.EXILE,)], ids=repr)
def test_report_hook_returning_garbage_is_named(
    v: dict[str, RuleVersion], cards: dict[str, Card], value: object
) -> None:
    pm = make_plugin_manager(load_entry_points=False, plugins=[Bad("on_cast", value)])
    t = Table(ReferenceHost(), v[CURRENT], pm, judge_targets=False)
    fire = t.create(cards["Fire // Ice"], Zone.HAND)
    with pytest.raises(PluginFailure, match="on_cast returns a list of Event") as info:
        t.cast(fire, CastOption.LEFT)
    assert info.value.plugin.startswith("splitcards") is False
    assert t.events == []


class NoUnlocking:
    @hookimpl
    def check_unlock(
        self, rules: RuleVersion, view: ObjectView, door: Side, by: UnlockBy, timing: Timing
    ) -> IllegalAction | None:
        return NotARoom("house rule: doors stay shut", ("house",), rules.name)


def test_can_unlock_asks_the_same_chain_as_unlock(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    t = Table(
        ReferenceHost(),
        v[CURRENT],
        make_plugin_manager(load_entry_points=False, plugins=[NoUnlocking()]),
        judge_targets=False,
    )
    room = t.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    assert t.can_unlock(room, Side.LEFT).value is False
    assert t.can_unlock(room, Side.LEFT).rules == ("house",)
    with pytest.raises(NotARoom, match="house rule"):
        t.unlock(room, Side.LEFT)


class NoCasting:
    @hookimpl
    def check_cast(
        self, rules: RuleVersion, request: Any, timing: Timing, board: Sequence[ObjectView]
    ) -> IllegalAction | None:
        return IllegalZone("house rule: nothing is cast", ("house",), rules.name)


def test_601_2_castable_answers_anew_when_the_chain_or_the_circumstances_change(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    pm = make_plugin_manager(load_entry_points=False)
    t = Table(ReferenceHost(), v[CURRENT], pm, judge_targets=False)
    fire_ice = t.create(cards["Fire // Ice"], Zone.HAND)
    both = (CastOption.LEFT, CastOption.RIGHT)
    assert t.castable(fire_ice).value == both
    # A plugin registered after an answer is asked, and its refusal ends with it.
    refusing = NoCasting()
    pm.register(refusing)
    assert t.castable(fire_ice).value == ()
    pm.unregister(refusing)
    assert t.castable(fire_ice).value == both
    # Another caster, another permission, another timing: each its own answer.
    assert t.castable(fire_ice, caster=Player.P2).value == ()
    t.set_turn(active=Player.P2, phase=Phase.COMBAT, priority=Player.P1, stack_empty=False)
    assert t.castable(fire_ice).value == both
    spring_mind = t.create(cards["Spring // Mind"], Zone.GRAVEYARD)
    assert t.castable(spring_mind).value == (CastOption.RIGHT,)
    t.move(spring_mind, Zone.HAND)
    assert t.castable(spring_mind).value == ()


def test_110_4_kindred_instant_resolves_to_the_graveyard(table: Any, cards: dict[str, Card]) -> None:
    t: Table = table(CURRENT)
    swap = t.create(cards["Crib Swap"], Zone.HAND)
    t.cast(swap)
    assert t.resolve().destination is Zone.GRAVEYARD
    assert t.view(swap).zone is Zone.GRAVEYARD


def test_702_127a_instant_aftermath_half_castable_at_instant_speed(table: Any, cards: dict[str, Card]) -> None:
    t: Table = table(CURRENT)
    spring_mind = t.create(cards["Spring // Mind"], Zone.GRAVEYARD)
    t.set_turn(active=Player.P2, phase=Phase.COMBAT, priority=Player.P1, stack_empty=False)
    assert t.castable(spring_mind).value == (CastOption.RIGHT,)
    assert str(t.cast_decision(spring_mind, CastOption.RIGHT).total_cost) == "{4}{U}{U}"


def test_707_12_refused_cast_of_a_copy_makes_no_copy(table: Any, cards: dict[str, Card]) -> None:
    t: Table = table(CURRENT)
    turn_burn = t.create(cards["Wear // Tear"], Zone.EXILE)
    before = t.snapshot()
    with pytest.raises(IllegalAction):
        t.copy_card(turn_burn, cast=True, option=CastOption.FUSED)
    assert t.snapshot() == before


def test_702_47a_splice_candidates(table: Any, cards: dict[str, Card]) -> None:
    t: Table = table(CURRENT)
    arcane = t.create(cards["Reach Through Mists"], Zone.HAND)
    ritual = t.create(cards["Desperate Ritual"], Zone.HAND)
    t.create(cards["Desperate Ritual"], Zone.HAND, Player.P2)
    t.create(cards["Fire // Ice"], Zone.HAND)
    assert t.splice_candidates(arcane).value == (ritual,)
    assert t.splice_candidates(ritual).value == ()


def test_strings_are_read_as_enums_or_refused(table: Any, cards: dict[str, Card]) -> None:
    t: Table = table(CURRENT)
    with pytest.raises(IllegalZone):
        t.create(cards["Fire // Ice"], "stack")  # type: ignore[arg-type]
    room = t.create(cards["Bottomless Pool // Locker Room"], "battlefield")  # type: ignore[arg-type]
    before = t.snapshot()
    t.set_turn(phase=Phase.COMBAT)
    with pytest.raises(IllegalAction):
        t.unlock(room, Side.LEFT, by="special_action")  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        t.unlock(room, Side.LEFT, by="magic")  # type: ignore[arg-type]
    t.set_turn(phase=Phase.MAIN1)
    assert t.snapshot() == before


def test_typed_characteristic_queries(table: Any, cards: dict[str, Card]) -> None:
    t: Table = table(CURRENT)
    fire = t.create(cards["Fire // Ice"], Zone.HAND)
    names: tuple[str, ...] = t.characteristic(fire, NAMES).value
    assert names == ("Fire", "Ice")
    assert t.characteristic(fire, MANA_VALUES).value == (4,)
    assert t.characteristic(fire, "mana_values").value == (4,)
    for wrong in ("__init__", "facets", "name", "cite"):
        with pytest.raises(UnknownQuery):
            t.characteristic(fire, wrong)
    with pytest.raises(UnknownQuery):
        t.compare(fire, "mana_value", "=~", 3)
    with pytest.raises(UnknownQuery):
        t.compare(fire, "power", "==", 3)


def test_events_have_kinds(table: Any, cards: dict[str, Card]) -> None:
    t: Table = table(CURRENT)
    fire = t.create(cards["Fire // Ice"], Zone.HAND)
    t.cast(fire, CastOption.LEFT)
    assert [e.kind for e in t.events] == [EventKind.CAST]
    assert t.events[0].as_dict() == {"event": "cast", "object": fire, "half": "left"}


def test_default_manager_is_shared(v: dict[str, RuleVersion]) -> None:
    assert Table(ReferenceHost(), v[CURRENT], judge_targets=False).pm is PublicTable(ReferenceHost(), v[CURRENT]).pm


def test_stack_empty_override_ends_when_a_spell_is_cast(table: Any, cards: dict[str, Card]) -> None:
    t: Table = table(CURRENT)
    fire = t.create(cards["Fire // Ice"], Zone.HAND)
    t.set_turn(stack_empty=False)
    assert t.host.timing().stack_empty is False
    t.cast(fire, CastOption.LEFT)
    t.resolve()
    assert t.host.timing().stack_empty is True


def test_400_7_moved_object_is_its_owners_without_designations(table: Any, cards: dict[str, Card]) -> None:
    t: Table = table(CURRENT)
    room = t.create(cards["Bottomless Pool // Locker Room"], Zone.HAND, Player.P2)
    t.cast(room, CastOption.LEFT, caster=Player.P1, permission=Zone.HAND)
    assert t.view(room).controller is Player.P1
    t.move(room, Zone.EXILE)
    view = t.view(room)
    assert (view.zone, view.controller, view.unlocked, view.spell) == (Zone.EXILE, Player.P2, frozenset(), None)


@pytest.mark.parametrize("version", ["invasion-2000", "classic-2009", "classic-2013", "amonkhet-2017"])
def test_doors_under_a_version_without_rooms_are_refused(table: Any, cards: dict[str, Card], version: str) -> None:
    t: Table = table(version)
    bears = t.create(cards["Grizzly Bears"], Zone.BATTLEFIELD)
    before = t.snapshot()
    for action in (t.unlock, t.lock, t.unlock_cost):
        with pytest.raises(IllegalAction):
            action(bears, "Locker Room")
        with pytest.raises(NotARoom):
            action(bears, Side.LEFT)
    assert t.can_unlock(bears, Side.LEFT).value is False
    assert t.snapshot() == before


@pytest.mark.parametrize("version", ["invasion-2000", CURRENT])
def test_400_4a_an_instant_card_is_never_put_onto_the_battlefield(
    table: Any, cards: dict[str, Card], version: str
) -> None:
    t: Table = table(version)
    with pytest.raises(IllegalZone) as info:
        t.create(cards["Fire // Ice"], Zone.BATTLEFIELD)
    assert info.value.rules == ("400.4a",)
    swap = t.create(cards["Crib Swap"], Zone.GRAVEYARD)
    before = t.snapshot()
    with pytest.raises(IllegalZone):
        t.move(swap, Zone.BATTLEFIELD)
    assert t.snapshot() == before


class StringlyHost(ReferenceHost):
    """A host that answers timing in its own words."""

    def timing(self) -> Timing:
        return Timing(phase="main1")  # type: ignore[arg-type]


def test_a_host_outside_the_contract_is_named(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    t = Table(StringlyHost(), v[CURRENT], make_plugin_manager(load_entry_points=False), judge_targets=False)
    fire = t.create(cards["Fire // Ice"], Zone.HAND)
    with pytest.raises(HostError, match="host 'reference' gave a timing with 'main1' where a Phase belongs"):
        t.castable(fire)
