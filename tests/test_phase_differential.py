"""Real phase AI games: the rules' answers against phase's own wherever both answer.

Every disagreement must be a documented phase deviation the adapter corrects
(:mod:`splitcards.adapters.phase.deviations`), and so must every correction the adapter made to
phase's state; any other is a failure. The games are :mod:`splitcards.play` games on phase's
AI host. The games are deterministic (phase's AI plays from the
game's seed); together they run in about 40 s.
"""

from __future__ import annotations

import pytest

pytest.importorskip("phase", reason="phase-python is not installed (pip install splitcards[phase])")

from splitcards.adapters.phase.ai import PhaseAI
from splitcards.adapters.phase.deviations import BY_NAME
from splitcards.play import DifferentialGame
from splitcards.versions import load_registry

# current 1 and 2: phase picks a half by itself and waits for targets (601.2), Rooms that left
# the battlefield (room-merged-face), fused spells; classic-2009 1: two answers off the stack.
GAMES = [("current", 1), ("current", 2), ("classic-2009", 1)]


@pytest.mark.parametrize(("version", "seed"), GAMES)
def test_rules_agree_with_phase_or_correct_a_documented_deviation(version: str, seed: int) -> None:
    rules = load_registry().get(version)
    game = DifferentialGame(PhaseAI(rules, difficulty="Easy"), rules, seed=seed, max_actions=1500)
    result = game.play()
    assert result.casts > 10
    assert game.comparisons
    assert [c for c in game.comparisons if not c.agrees and c.deviation is None] == []
    assert sorted(set(result.corrections) - set(BY_NAME)) == []
