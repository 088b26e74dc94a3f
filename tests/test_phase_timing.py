"""A timing change on a real phase game is carried out exactly or refused with phase's game as it was.

phase gives priority by a pass, and a pass after the other player's pass resolves the top of the
stack (117.4, 608.1): giving priority back then must leave the stack alone, or be refused before
phase's game changes at all, never change the game and then break the host contract.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

pytest.importorskip("phase", reason="phase-python is not installed (pip install 'splitcards[phase]')")

from splitcards.adapters.phase.host import PhaseHost
from splitcards.adapters.phase.translate import PASS
from splitcards.errors import NotSupported
from splitcards.game.configuration.registry import load_registry
from splitcards.game.table import Table
from splitcards.rules.card import Side
from splitcards.rules.model import CastOption, Player, UnlockBy, Zone
from splitcards.tools.play import democards

CARDS = democards.cards()


def _table(version: str) -> tuple[Table, PhaseHost]:
    host = PhaseHost()
    host.prepare(list(CARDS.values()))
    return Table(host, load_registry().get(version), judge_targets=False), host


def _phase_state(host: PhaseHost) -> dict[str, Any]:
    """The whole of phase's game, as phase itself serialises it."""
    state: dict[str, Any] = host.session.game.state()
    return state


def _filler_passed_on(table: Table) -> None:
    # The shortest game the random games found: the adapter's Scaffold Filler on the stack, p1's
    # pass on it made by the first change.
    table.set_turn(priority=Player.P2, stack_empty=False)


def _spell_passed_on(table: Table) -> None:
    table.cast(table.create(CARDS["Fire // Ice"], Zone.HAND), CastOption.RIGHT)
    table.set_turn(priority=Player.P2)
    # A debug action of the adapter's own (the card is put into the graveyard by MoveToZone):
    # phase still counts p1's pass on this stack.
    table.create(CARDS["Grizzly Bears"], Zone.GRAVEYARD)


POSITIONS: dict[str, Callable[[Table], None]] = {
    "scaffold filler": _filler_passed_on,
    "spell, then a debug action": _spell_passed_on,
}


def _give_back_priority(table: Table, host: PhaseHost) -> None:
    """p2 has priority and p1 has passed on the stack: give priority back to p1. The change is
    carried out exactly (the stack as it was, phase's game changed in who has priority only) or
    refused with phase's whole game unchanged."""
    timing, stack, entries = host.timing(), list(host.stack()), host.session.stack_ids()
    assert timing.priority is Player.P2 and not timing.stack_empty
    before = _phase_state(host)
    try:
        table.set_turn(priority=Player.P1, stack_empty=False)
    except NotSupported:
        assert _phase_state(host) == before
        return
    assert host.timing() == replace(timing, priority=Player.P1)
    assert (list(host.stack()), host.session.stack_ids()) == (stack, entries)
    assert _without_priority(_phase_state(host)) == _without_priority(before)


def _without_priority(state: dict[str, Any]) -> dict[str, Any]:
    """phase's game but who has priority and the passes made on the stack. The game only: beside
    it phase serialises its shortcut runtime, whose epoch counts the loads of the state."""
    game = dict(state["state"])
    for key in ("priority_player", "waiting_for", "priority_passes", "priority_pass_count"):
        game.pop(key)
    return game


@pytest.mark.parametrize("version", ["amonkhet-2017", "invasion-2000"])
@pytest.mark.parametrize("position", list(POSITIONS))
def test_priority_given_back_after_a_pass_leaves_the_stack_alone(position: str, version: str) -> None:
    table, host = _table(version)
    POSITIONS[position](table)
    _give_back_priority(table, host)
    # The round of passes starts again: p1's pass gives p2 priority and resolves nothing.
    stack = host.session.stack_ids()
    host.session.apply(0, PASS)
    assert (host.timing().priority, host.session.stack_ids()) == (Player.P2, stack)


def test_the_spell_priority_was_given_back_on_still_resolves() -> None:
    table, host = _table("amonkhet-2017")
    _spell_passed_on(table)
    _give_back_priority(table, host)
    assert table.resolve().destination is Zone.GRAVEYARD
    assert (list(host.stack()), host.timing().stack_empty) == ([], True)


def test_priority_phase_cannot_give_back_is_refused_with_phases_game_unchanged() -> None:
    # Giving priority back needs a state reload, and the reload would damage a Room with an
    # unlocked door (deviation reload-drops-room-triggers): refused before anything is done.
    table, host = _table("duskmourn-2024")
    room = table.create(CARDS["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    table.unlock(room, Side.LEFT, UnlockBy.EFFECT)
    _spell_passed_on(table)
    before, snapshot = _phase_state(host), table.snapshot()
    with pytest.raises(NotSupported, match=r"a pass would resolve .*\(deviation reload-drops-room-triggers\)"):
        table.set_turn(priority=Player.P1)
    assert _phase_state(host) == before
    assert table.snapshot() == snapshot
