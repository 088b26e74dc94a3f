"""A phase AI game is a function of its seed and rule version: starving the process of CPU
(stopping it outright, longer than phase's AI search clock, while the AI thinks) plays the same
game, step by step (docs/phase.md, "A game and its seed")."""

from __future__ import annotations

import pytest

pytest.importorskip("phase", reason="phase-python is not installed (pip install splitcards[phase])")

import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

from splitcards.adapters.phase.ai import PhaseAI
from splitcards.game.configuration.registry import load_registry
from splitcards.tools.play import AIGame

# Stops the process whose id it is given (SIGSTOP) for longer than phase's 1.5 s clock, a
# millisecond after each line it reads, then lets it go on (SIGCONT); at the end of its input it
# lets it go on and ends.
_STARVER = """
import os, signal, sys, time
pid = int(sys.argv[1])
try:
    for _ in sys.stdin:
        time.sleep(0.001)
        os.kill(pid, signal.SIGSTOP)
        time.sleep(1.6)
        os.kill(pid, signal.SIGCONT)
finally:
    os.kill(pid, signal.SIGCONT)
"""
# One question in this many to phase's AI that has more than one answer (the AI thinks over it for
# a few milliseconds) is asked while the process is stopped.
EVERY = 8
ACTIONS = 120


def _play(seed: int, starve: bool) -> tuple[list[dict[str, Any]], PhaseAI]:
    rules = load_registry().get("current")
    ai = PhaseAI(rules)
    steps: list[dict[str, Any]] = []
    game = AIGame(ai, rules, seed=seed, max_actions=ACTIONS, record=lambda step: steps.append(step.as_dict()))
    with _starved(ai) if starve else contextlib.nullcontext():
        game.play()
    return steps, ai


@contextlib.contextmanager
def _starved(ai: PhaseAI) -> Iterator[None]:
    """While in the block, one question to phase's AI in :data:`EVERY` of those with more than one
    answer is asked a millisecond before the process is stopped for 1.6 s."""
    starver = subprocess.Popen([sys.executable, "-c", _STARVER, str(os.getpid())], stdin=subprocess.PIPE, text=True)
    stops = starver.stdin
    assert stops is not None
    choose = ai._choose
    asked = 0

    def starving(game: Any, seat: int) -> Any:
        nonlocal asked
        if len(game.actions()) > 1:
            asked += 1
            if asked % EVERY == 0:
                stops.write("stop\n")
                stops.flush()
        return choose(game, seat)

    ai._choose = starving  # type: ignore[method-assign]
    try:
        yield
    finally:
        stops.close()
        starver.wait(timeout=30)


def test_a_seed_plays_the_same_game_when_the_cpu_is_starved() -> None:
    alone, _ = _play(3, starve=False)
    starved, ai = _play(3, starve=True)
    # The stops reached phase's clock: answers came too late and were asked again.
    assert ai.asked_again > 0
    assert ai.clock_cut == 0
    differ = next((a["step"] for a, b in zip(alone, starved, strict=False) if a != b), None)
    assert differ is None, f"the games differ from step {differ}"
    assert len(alone) == len(starved) >= ACTIONS
