"""phase's AI plays as a player would where its ``Easy`` level passes: a land first in its main
phase, then a spell it can pay for, each among phase's own legal actions."""

from __future__ import annotations

import pytest

pytest.importorskip("phase", reason="phase-python is not installed (pip install 'splitcards[phase]')")

from splitcards.adapters.phase.ai import PhaseAI
from splitcards.adapters.phase.translate import action_dict, seat_of
from splitcards.game.configuration.registry import load_registry
from splitcards.rules.endings import EndReason
from splitcards.rules.model import Phase
from splitcards.tools.play import AIGame


def test_305_2_a_player_who_can_play_a_land_in_their_turn_plays_one() -> None:
    # duskmourn-2024 seed 7: phase's Easy AI on its own passes with a land in hand all game long,
    # and the game ended when a library ran out on turn 108.
    rules = load_registry().get("duskmourn-2024")
    ai = PhaseAI(rules)
    game = AIGame(ai, rules, seed=7)
    could: dict[int, bool] = {}
    played: dict[int, int] = {}
    while ai.turn() <= 10 and not ai.over():
        turn, session = ai.turn(), ai.session
        timing = ai.host.timing()
        if timing.priority is timing.active and timing.phase in (Phase.MAIN1, Phase.MAIN2) and timing.stack_empty:
            lands = [a for a in session.legal_actions() if action_dict(a)["type"] == "PlayLand"]
            could[turn] = could.get(turn, False) or bool(lands)
        played[turn] = int(session.player(seat_of(timing.active))["lands_played_this_turn"])
        game.step()
    # One land a turn (305.2), whenever phase offered one in the player's main phase.
    assert {turn: played[turn] for turn in could if could[turn]} == {turn: 1 for turn in could if could[turn]}
    assert sum(could.values()) >= 5
    result = game.play()
    assert result.ending is not None and result.ending.reason is EndReason.LIFE
    assert result.turns < 30 and result.combat_damage > 0


def test_a_card_the_player_keeps_is_not_the_spell_cast_instead_of_passing() -> None:
    rules = load_registry().get("duskmourn-2024")
    ai = PhaseAI(rules)
    game = AIGame(ai, rules, seed=1)
    casts: set[int] = set()
    while not ai.over() and len(casts) < 2:
        game.step()
        timing = ai.host.timing()
        if timing.sorcery_speed(timing.priority):
            casts = {
                int(d["data"]["object_id"])
                for d in map(action_dict, ai.session.legal_actions())
                if d["type"] == "CastSpell"
            }
    assert len(casts) >= 2, "no position with two spells to cast"
    chosen = ai.instead_of_passing()
    assert chosen is not None
    first = int(action_dict(chosen)["data"]["object_id"])
    other = ai.instead_of_passing(kept=frozenset({str(first)}))
    assert other is not None
    assert action_dict(other)["type"] == "CastSpell"
    assert int(action_dict(other)["data"]["object_id"]) in casts - {first}
