"""Soak throughput: games per minute with worker processes and with a local Dask cluster, in one run.

Run: ``python benchmarks/bench_soak.py [--games 8] [--jobs 2] [--rules current]`` (needs
``splitcards[phase,cluster]``; ``--rules`` is repeatable, ``all`` for every version). The same
games (the demo decks, seeds 1..N under each rule version) are played first in ``--jobs`` worker
processes, then on a ``LocalCluster`` of ``--jobs`` workers. Prints ``name=value`` lines: the
wall-clock games per minute each way (``pool_games_per_min``, ``dask_games_per_min``) and whether
every game had the same result both ways (``same_results``: a game is a function of its seed, see
docs/phase.md); then each game that differed. Nothing asserts on the speed.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from splitcards.game.configuration.registry import load_registry
from splitcards.tools.play import soak


def _timed(specs: Sequence[soak.GameSpec], jobs: int, scheduler: str | None) -> tuple[float, list[tuple[object, ...]]]:
    start = time.perf_counter()
    reports = list(soak.run(specs, jobs, scheduler))
    seconds = time.perf_counter() - start
    outcomes: list[tuple[object, ...]] = [
        (r.spec.rules, r.spec.seed, r.winner, r.reason, r.turns, r.actions, r.casts, r.crash)
        for r in sorted(reports, key=lambda r: (r.spec.rules, r.spec.seed))
    ]
    return seconds, outcomes


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=8, help="games per rule version (default: 8)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rules", action="append", help="a rule version, or 'all' (default: duskmourn-2024)")
    args = parser.parse_args(argv)
    names: list[str] = args.rules or ["duskmourn-2024"]
    if "all" in names:
        names = [v.name for v in sorted(load_registry().versions.values(), key=lambda v: v.edition)]
    specs = [soak.GameSpec("phase", name, seed, 2000) for name in names for seed in range(1, args.games + 1)]
    pool, pool_outcomes = _timed(specs, args.jobs, None)
    cluster, cluster_outcomes = _timed(specs, args.jobs, "local")
    print(f"# {len(specs)} games ({args.games} per rule version: {', '.join(names)}), {args.jobs} workers each way")
    print(f"pool_games_per_min={len(specs) / pool * 60:.1f}")
    print(f"dask_games_per_min={len(specs) / cluster * 60:.1f}")
    print(f"same_results={str(pool_outcomes == cluster_outcomes).lower()}")
    for one, other in zip(pool_outcomes, cluster_outcomes, strict=True):
        if one != other:
            print(f"# differs: pool {one} / cluster {other}")


if __name__ == "__main__":
    main()
