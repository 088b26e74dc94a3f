"""Whether the demo's games are Magic games: 40 seeded AI games on phase, 8 per rule version.

Run: ``python benchmarks/bench_games.py [--games-per-version 8] [--jobs 2] [--max-actions 2000]``
(needs ``splitcards[phase]``). The decks are the embedded demo decks (a version without Rooms,
aftermath or fuse gives those cards' slots to the decks' spares, as the demo does). Prints, for
this run: the share of games with a winner before the action cap (target >= 95%), the median
and 90th-percentile turns (target median <= 15), the share of games in which combat damage was
dealt to a player (target >= 90%), how the games ended, and the median seconds per game. Nothing
asserts on the figures.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from splitcards.adapters.phase.ai import PhaseAI
from splitcards.game.configuration.registry import load_registry
from splitcards.tools.play import AIGame


@dataclass(frozen=True, slots=True)
class Game:
    """How one game went."""

    rules: str
    seed: int
    winner: str | None
    reason: str
    turns: int
    combat_damage: int
    seconds: float


def play(rules_name: str, seed: int, max_actions: int) -> Game:
    rules = load_registry().get(rules_name)
    start = time.process_time()
    game = AIGame(PhaseAI(rules), rules, seed=seed, max_actions=max_actions)
    result = game.play()
    seconds = time.process_time() - start
    reason = result.ending.reason.value if result.ending is not None else "?"
    winner = result.winner.value if result.winner is not None else None
    return Game(rules.name, seed, winner, reason, result.turns, result.combat_damage, seconds)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games-per-version", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default: 2)")
    parser.add_argument("--max-actions", type=int, default=2000)
    args = parser.parse_args(argv)
    registry = load_registry()
    versions = sorted(registry.versions.values(), key=lambda v: v.edition)
    specs = [(v.name, seed, args.max_actions) for v in versions for seed in range(1, args.games_per_version + 1)]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        games = list(pool.map(play, *zip(*specs, strict=True)))
    for game in games:
        print(
            f"{game.rules} seed {game.seed}: {game.winner or 'no winner'} ({game.reason}), turn {game.turns},"
            f" combat damage {game.combat_damage}x, {game.seconds:.1f} s"
        )
    n = len(games)
    won = sum(g.winner is not None and g.reason != "the action cap" for g in games)
    turns = sorted(g.turns for g in games)
    p90 = turns[min(n - 1, round(0.9 * (n - 1)))]
    reasons: dict[str, int] = {}
    for game in games:
        reasons[game.reason] = reasons.get(game.reason, 0) + 1
    wins = {p: sum(g.winner == p for g in games) for p in ("p1", "p2")}
    print(f"{n} games ({args.games_per_version} per version, {args.jobs} workers), CPU time of each game's process:")
    print(f"  games with a winner before the cap: {won}/{n} = {won / n:.0%}   (target >= 95%)")
    print(f"  turns: median {statistics.median(turns):g}, 90th percentile {p90}   (target median <= 15)")
    damaged = sum(g.combat_damage > 0 for g in games)
    print(f"  games with combat damage to a player: {damaged}/{n} = {damaged / n:.0%}   (target >= 90%)")
    print(
        f"  ended: {', '.join(f'{k} {v}' for k, v in sorted(reasons.items()))}; wins p1 {wins['p1']}, p2 {wins['p2']}"
    )
    print(f"  seconds per game: median {statistics.median(g.seconds for g in games):.1f}")


if __name__ == "__main__":
    main()
