"""Soak throughput: games per minute with worker processes and with a local Dask cluster, in one run.

Run: ``python benchmarks/bench_soak.py [--games 8] [--jobs 2] [--rules current]`` (needs
``splitcards[phase,cluster]``). The same games (the demo decks, seeds 1..N) are played first in
``--jobs`` worker processes, then on a ``LocalCluster`` of ``--jobs`` workers; the results must
be the same, and the figures are wall-clock games per minute. Nothing asserts on the speed.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from splitcards.tools.play import soak


def _timed(specs: Sequence[soak.GameSpec], jobs: int, scheduler: str | None) -> tuple[float, list[tuple[object, ...]]]:
    start = time.perf_counter()
    reports = list(soak.run(specs, jobs, scheduler))
    seconds = time.perf_counter() - start
    outcomes: list[tuple[object, ...]] = [
        (r.spec.seed, r.winner, r.reason, r.turns, r.actions, r.crash)
        for r in sorted(reports, key=lambda r: r.spec.seed)
    ]
    return seconds, outcomes


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rules", default="duskmourn-2024")
    args = parser.parse_args(argv)
    specs = [soak.GameSpec("phase", args.rules, seed, 2000) for seed in range(1, args.games + 1)]
    pool, pool_outcomes = _timed(specs, args.jobs, None)
    cluster, cluster_outcomes = _timed(specs, args.jobs, "local")
    same = "the same" if pool_outcomes == cluster_outcomes else "DIFFERENT"
    print(f"{args.games} games under {args.rules}, {args.jobs} workers each way; results {same}")
    print(f"  worker processes: {pool:.1f} s, {args.games / pool * 60:.1f} games per minute")
    print(f"  LocalCluster:     {cluster:.1f} s, {args.games / cluster * 60:.1f} games per minute")
    print(f"  ratio (cluster / processes): {cluster / pool:.2f}")


if __name__ == "__main__":
    main()
