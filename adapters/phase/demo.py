"""``splitcards demo``: a complete phase game between two AIs, with split cards, fuse, aftermath,
splice and Rooms in the decks, under a rule version; every split-card decision is printed with
the rules that made it."""

from __future__ import annotations

from collections.abc import Callable

from splitcards.adapters.phase import decks
from splitcards.adapters.phase.deviations import BY_NAME
from splitcards.adapters.phase.engine import unavailable_reason
from splitcards.versions import RuleVersion

DIFFICULTY = "Easy"


def run(rules: RuleVersion, seed: int = 1, max_actions: int = 2000, out: Callable[[str], None] = print) -> int:
    """Play and print one game; returns the exit status (2 when phase is not installed)."""
    reason = unavailable_reason()
    if reason is not None:
        out(f"splitcards demo needs the phase engine: {reason}")
        return 2
    from splitcards.adapters.phase.game import AIGame

    out(f"splitcards demo: phase.rs AI vs AI under {rules.name} ({rules.edition}), seed {seed}")
    features = [f for f, on in (("fuse", rules.fuse), ("aftermath", rules.aftermath), ("Rooms", rules.rooms)) if on]
    out(f"rule version features: {', '.join(features) or 'none of fuse, aftermath, Rooms'}")
    for refusal in decks.refused(rules):
        out(f"left out of the decks: {refusal}")
    game = AIGame(rules, seed=seed, difficulty=DIFFICULTY, max_actions=max_actions, log=out)
    out("each deck: " + ", ".join(f"{game.deck.count(c.halves[0].name)} {c.name}" for c in game.cards))
    result = game.play()
    winner = f"p{result.winner + 1} wins" if result.winner is not None else f"stopped after {max_actions} actions"
    out(
        f"game over: {winner} on turn {result.turns}; {result.actions} actions, {result.casts} spells cast through"
        f" the rules, {result.refusals} refused, in {result.seconds:.1f} s"
    )
    for name in sorted(set(result.corrections)):
        count = result.corrections.count(name)
        deviation = BY_NAME.get(name)
        if deviation is None:
            out(f"phase corrected {count}x: {name} (not a documented phase deviation: please report it)")
        else:
            out(f"phase corrected {count}x: {name} ({', '.join(deviation.rules)}): {deviation.phase}")
    return 0
