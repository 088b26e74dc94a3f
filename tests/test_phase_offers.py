"""The casts and unlocks a phase game offers through the adapter are the rules' answers.

A differential check at set-up positions of real phase games: every split card, fuse card,
aftermath card and Room of the demo decks in each player's hand and graveyard, and Rooms on the
battlefield with no door, either door and both doors unlocked; at a main phase, in combat, during
the opponent's turn and with a spell on the stack; under several rule versions. For the player
with priority:

* a card in the hand: the halves phase offers when its AI casts the card (phase's ``CastSpell``,
  then :meth:`~splitcards.adapters.phase.ai.PhaseAI.offered` at its half prompt, or the half it
  picked by itself) against ``Table.castable``. A half phase offers that the rules refuse must be
  one of phase's documented deviations; a half the rules allow and phase leaves out must be left
  out for want of mana or targets, by phase's own reason (the positions give every cost: infinite
  mana);
* a card in the graveyard: phase never offers it, and the adapter hands every one to the rules
  (:meth:`~splitcards.adapters.phase.ai.PhaseAI.not_offered`);
* a Room permanent: the doors phase offers to unlock (``UnlockRoomDoor``) against ``Table.can_unlock``.

Probing a cast leaves the game as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

pytest.importorskip("phase", reason="phase-python is not installed (pip install 'splitcards[phase]')")

from splitcards.adapters.phase.ai import PhaseAI
from splitcards.adapters.phase.prompts import ScenarioPrompts
from splitcards.adapters.phase.translate import PhaseRefused, cast_action, seat_of, unlock_action
from splitcards.errors import NotSupported, UnknownCard
from splitcards.game.configuration.registry import load_registry
from splitcards.game.table import Table
from splitcards.rules.card import Card, Side
from splitcards.rules.model import CastOption, ObjectId, Phase, Player, UnlockBy, Zone
from splitcards.tools.play import democards

CARDS = democards.cards()
SPLIT = [card for card in CARDS.values() if card.is_split and not card.is_room]
ROOM = CARDS["Bottomless Pool // Locker Room"]
VERSIONS = ("classic-2009", "amonkhet-2017", "duskmourn-2024")
# phase's reasons for leaving a cast out that a position with every cost paid can still have.
FOR_WANT_OF_TARGETS = ("No legal targets available",)


def _main(table: Table) -> None:
    """p1's precombat main phase, the stack empty (where a prepared game starts)."""


TIMINGS: dict[str, Callable[[Table], None]] = {
    "p1 main phase": _main,
    "p1 combat": lambda table: table.set_turn(phase=Phase.COMBAT),
    "p1 main phase, a spell on the stack": lambda table: table.set_turn(stack_empty=False),
    "p2 main phase, p2 has priority": lambda table: table.set_turn(active=Player.P2, phase=Phase.MAIN1),
    "p2 main phase, a spell on the stack, p1 has priority": lambda table: table.set_turn(
        active=Player.P2, phase=Phase.MAIN1, stack_empty=False, priority=Player.P1
    ),
}


@dataclass(frozen=True, slots=True)
class Disagreement:
    what: str
    card: str
    rules: object
    phase: object


def _position(version: str, timing: str) -> tuple[PhaseAI, Table]:
    rules = load_registry().get(version)
    ai = PhaseAI(rules)
    # The positions hold Rooms and split cards, no target for most halves: what phase offers for
    # want of a target is compared where targets are set out (tests/test_phase_untouched.py).
    table = Table(ai.host, rules, judge_targets=False)
    cards = []
    for card in [*SPLIT, ROOM, *(c for c in CARDS.values() if not c.is_split)]:
        try:
            table.check_card(card)
        except UnknownCard:
            continue
        cards.append(card)
    ai.host.prepare(cards)
    # The position is set up as a scenario's is (triggered abilities resolved at once); phase's
    # AI answers the prompts of the casts probed.
    prompts, ai.caster.prompts = ai.caster.prompts, ScenarioPrompts()
    for owner in Player:
        for card in cards:
            if card.is_split:
                table.create(card, Zone.HAND, owner)
                table.create(card, Zone.GRAVEYARD, owner)
        if ROOM in cards:
            # With the Rooms in the hand and graveyard, the four copies of the Room a deck holds.
            for doors in ((), (Side.LEFT,)) if owner is Player.P1 else ((Side.RIGHT,), (Side.LEFT, Side.RIGHT)):
                room = table.create(ROOM, Zone.BATTLEFIELD, owner)
                for door in doors:
                    table.unlock(room, door, UnlockBy.EFFECT)
    TIMINGS[timing](table)
    ai.caster.prompts = prompts
    return ai, table


def _phase_offers(ai: PhaseAI, obj: ObjectId) -> frozenset[CastOption]:
    """The halves phase offers for a cast of the card by its AI now, the cast then undone."""
    session = ai.session
    cast = session.listed(cast_action(int(obj)))
    if cast is None:
        return frozenset()
    choice = ai.begin_cast(cast, obj)
    offered = ai.offered(obj) | ({choice} if choice is not None else set())
    ai.cancel_cast(obj)
    return offered


def _why_left_out(table: Table, obj: ObjectId, option: CastOption) -> str:
    """phase's reason for not casting a half the rules allow (the cast is refused, so nothing changes)."""
    try:
        table.cast(obj, option)
    except PhaseRefused as refused:
        return refused.reason
    except NotSupported as refused:
        return str(refused)
    return "phase cast it"


def _disagreements(ai: PhaseAI, table: Table) -> list[Disagreement]:
    player = table.host.timing().priority
    found: list[Disagreement] = []
    graveyard: set[ObjectId] = set()
    for obj in table.host.objects():
        view = table.view(obj)
        if view.controller is not player or not view.card.is_split:
            continue
        if view.zone is Zone.GRAVEYARD and any(h.aftermath for h in view.card.halves) and table.rules.aftermath:
            # Aftermath is the one way of a card's own to be cast from a graveyard (702.127a).
            graveyard.add(obj)
        if view.zone is Zone.HAND:
            before = table.snapshot()
            rules = set(table.castable(obj, caster=player).value)
            phase = set(_phase_offers(ai, obj))
            assert table.snapshot() == before, "probing the cast changed the game"
            extra = phase - rules
            if extra and ai.explain("castable", view.card, Zone.HAND, rules & phase, phase, view) is None:
                found.append(Disagreement("offered, and refused by the rules", view.card.name, rules, phase))
            for option in sorted(rules - phase, key=list(CastOption).index):
                reason = _why_left_out(table, obj, option)
                assert table.snapshot() == before, "a refused cast changed the game"
                if reason not in FOR_WANT_OF_TARGETS:
                    found.append(Disagreement(f"allowed, and left out: {reason}", view.card.name, option, phase))
        if view.zone is Zone.BATTLEFIELD and view.card.is_room:
            for door in Side:
                rules_allow = table.can_unlock(obj, door).value
                offered = ai.session.listed(unlock_action(int(obj), door)) is not None
                if rules_allow != offered:
                    found.append(Disagreement(f"unlock {door}", view.card.name, rules_allow, offered))
    not_offered = set(ai.not_offered(player))
    if not_offered != graveyard:
        found.append(Disagreement("graveyard cards handed to the rules", str(player), graveyard, not_offered))
    return found


@pytest.mark.parametrize("timing", list(TIMINGS))
@pytest.mark.parametrize("version", VERSIONS)
def test_phase_offers_what_the_rules_allow(version: str, timing: str) -> None:
    ai, table = _position(version, timing)
    player = table.host.timing().priority
    assert seat_of(player) == ai.session.game.priority_player()
    assert _disagreements(ai, table) == []


def _offers(ai: PhaseAI, table: Table) -> dict[str, set[str]]:
    """What phase offers the player with priority: each card in the hand by its left half's name,
    each Room permanent by its unlocked doors."""
    player = table.host.timing().priority
    found: dict[str, set[str]] = {}
    for obj in table.host.objects():
        view = table.view(obj)
        if view.controller is not player or not view.card.is_split:
            continue
        if view.zone is Zone.HAND:
            found[view.card.halves[0].name] = {o.value for o in _phase_offers(ai, obj)}
        elif view.zone is Zone.BATTLEFIELD:
            doors = {d.value for d in Side if ai.session.listed(unlock_action(int(obj), d)) is not None}
            found["Room, unlocked: " + (", ".join(sorted(d.value for d in view.unlocked)) or "none")] = doors
    return found


def test_709_5e_phase_offers_doors_and_sorcery_halves_only_at_sorcery_speed() -> None:
    ai, table = _position("duskmourn-2024", "p1 main phase")
    assert _offers(ai, table) == {
        "Fire": {"left", "right"},
        "Assault": {"left", "right"},
        "Wear": {"left", "right", "fused"},
        "Commit": {"left", "right"},  # Memory from a hand: deviation aftermath-half-not-castable
        "Cut": {"left", "right"},  # Ribbons from a hand: the same deviation
        "Insult": {"left", "right"},  # Injury from a hand: the same deviation
        "Onward": {"left", "right"},  # Victory from a hand: the same deviation
        "Turn": {"left", "right", "fused"},
        "Integrity": {"left", "right"},
        "Bottomless Pool": {"left", "right"},
        "Room, unlocked: none": {"left", "right"},
        "Room, unlocked: left": {"right"},
    }
    ai, table = _position("duskmourn-2024", "p1 combat")
    assert _offers(ai, table) == {
        "Fire": {"left", "right"},
        "Assault": set(),
        "Wear": {"left", "right", "fused"},
        "Commit": {"left"},
        "Cut": set(),  # two sorceries
        "Insult": set(),  # two sorceries
        "Onward": set(),  # two sorceries
        "Turn": {"left", "right", "fused"},  # two instants
        "Integrity": {"left", "right"},
        "Bottomless Pool": set(),
        "Room, unlocked: none": set(),
        "Room, unlocked: left": set(),
    }


def test_phase_offers_no_fuse_under_classic_2009_only_as_a_documented_deviation() -> None:
    ai, table = _position("classic-2009", "p1 main phase")
    wear = next(o for o in table.host.objects() if _is(table, o, CARDS["Wear // Tear"], Zone.HAND, Player.P1))
    assert CastOption.FUSED in _phase_offers(ai, wear)
    assert CastOption.FUSED not in table.castable(wear).value


def _is(table: Table, obj: ObjectId, card: Card, zone: Zone, owner: Player) -> bool:
    view = table.view(obj)
    return (view.card, view.zone, view.owner) == (card, zone, owner)
