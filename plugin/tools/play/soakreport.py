"""The figures of a soak run, from its games as the JSON Lines output gives them (docs/soak.md):
the header, throughput, results by rule version and deck, coverage of the mechanics, failures
grouped by signature, and the bound on the failure rate a clean run gives.

The figures are computed from the games' lines only, so a soak's own ``--report`` and ``splitcards
report`` on its saved output give the same page. A line of an older output, without the fields a
report reads, counts where it can (its result, its failure) and is left out of the rest.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from splitcards.errors import SplitcardsError
from splitcards.files.bounded import read_text
from splitcards.files.lines import json_lines
from splitcards.rules.versions import RuleVersion
from splitcards.tools.play import failures
from splitcards.tools.play.coverage import MECHANICS
from splitcards.tools.play.results import RESULTS_MAX_BYTES
from splitcards.tools.provenance import command_line, now, rule_files, splitcards_version

FORMAT = "1.1"
"""The version of the soak's JSON Lines output with a header line and the report's fields."""
OUTLIER = 0.5
"""A worker is an outlier when its games per minute are off the median worker's by more than this share of it."""
CONFIDENCE = 0.95
TIMEOUT_WORDS = ("ran past its", "no game finished on the cluster")
"""How the crash line of a game stopped for its time begins to say so (workers.py)."""


def soak_header(
    host: str,
    engine: str,
    versions: Iterable[RuleVersion],
    argv: Sequence[str],
    scheduler: str | None,
    jobs: int,
    games: int,
    seed: int,
    max_actions: int,
    timeout: float | None,
) -> dict[str, Any]:
    """The first line of a soak's output: what ran, where, and when it began."""
    return {
        "format": FORMAT,
        "splitcards": splitcards_version(),
        "date": now(),
        "began": round(time.time(), 3),
        "command": command_line(argv),
        "host": host,
        "engine": engine,
        "rules": rule_files(versions),
        "scheduler": scheduler or ("worker processes" if jobs > 1 or timeout is not None else "this process"),
        "jobs": jobs,
        "games": games,
        "seed": seed,
        "max_actions": max_actions,
        "timeout": timeout,
    }


@dataclass(slots=True)
class SoakResults:
    """A soak's header (``{}`` for an older output) and every game's line."""

    header: dict[str, Any] = field(default_factory=dict)
    games: list[dict[str, Any]] = field(default_factory=list)


def read_soak(path: Path) -> SoakResults:
    """The header and games of a soak's ``--format jsonl`` output (a last line cut short is left out)."""

    def refuse(problem: str) -> SplitcardsError:
        return SplitcardsError(f"{path}: {problem}")

    found = SoakResults()
    for number, data in json_lines(read_text(path, refuse, max_bytes=RESULTS_MAX_BYTES), refuse):
        if not isinstance(data, dict):
            raise refuse(f"line {number}: not a JSON object")
        if isinstance(data.get("soak"), dict):
            found.header = found.header or data["soak"]
        elif "host" in data and "seed" in data:
            found.games.append(data)
    return found


def joined(parts: Sequence[SoakResults]) -> SoakResults:
    """Several outputs as one run (a run and its resumption): the first header, every game once."""
    games: dict[tuple[Any, ...], dict[str, Any]] = {}
    for part in parts:
        for game in part.games:
            games.setdefault((game.get("host"), game.get("rules"), game.get("seed"), game.get("max_actions")), game)
    header = next((p.header for p in parts if p.header), {})
    return SoakResults(header, list(games.values()))


def is_timeout(game: Mapping[str, Any]) -> bool:
    crash = game.get("crash")
    return isinstance(crash, str) and any(words in crash for words in TIMEOUT_WORDS)


def figures(results: SoakResults) -> dict[str, Any]:
    """Every figure of the report, as its ``soak.json`` holds them."""
    games = results.games
    failed = [g for g in games if failures.is_failure(g)]
    return {
        "header": results.header,
        "games": len(games),
        "throughput": throughput(results),
        "results": by_version_and_deck(games),
        "coverage": coverage(games),
        "failures": grouped_failures(failed),
        "bound": bound(len(games), len(failed)),
    }


def throughput(results: SoakResults) -> dict[str, Any]:
    """Games per minute over the run, and per worker, from the run's start (the header's
    ``began``) to each game's end; an outlier worker is flagged. Games of an earlier run
    (resumed) and lines without their end time are left out."""
    began = results.header.get("began")
    timed = [
        g
        for g in results.games
        if isinstance(g.get("ended"), int | float) and (not isinstance(began, int | float) or g["ended"] >= began)
    ]
    if not timed:
        return {"games": 0, "minutes": None, "games_per_minute": None, "workers": [], "outliers": []}
    start = began if isinstance(began, int | float) else min(_start_of(g) for g in timed)
    minutes = max((max(g["ended"] for g in timed) - start) / 60, 1e-9)
    per_worker: dict[str, int] = {}
    for game in timed:
        name = str(game.get("worker") or "(died with its game)")
        per_worker[name] = per_worker.get(name, 0) + 1
    rates = {name: n / minutes for name, n in sorted(per_worker.items())}
    playing = [rate for name, rate in rates.items() if not name.startswith("(")]
    median = statistics.median(playing) if playing else 0.0
    outliers = [
        name
        for name, rate in rates.items()
        if len(playing) > 1 and not name.startswith("(") and abs(rate - median) > OUTLIER * median
    ]
    return {
        "games": len(timed),
        "minutes": round(minutes, 3),
        "games_per_minute": round(len(timed) / minutes, 3),
        "workers": [
            {"worker": name, "games": per_worker[name], "games_per_minute": round(rate, 3), "outlier": name in outliers}
            for name, rate in rates.items()
        ],
        "outliers": outliers,
        "times": sorted(round((g["ended"] - start) / 60, 4) for g in timed),
    }


def _start_of(game: Mapping[str, Any]) -> float:
    started = game.get("started")
    return (
        float(started) if isinstance(started, int | float) else float(game["ended"]) - float(game.get("seconds") or 0)
    )


def by_version_and_deck(games: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """For each rule version and pair of decks: the games, who won, how they ended, their turns,
    and the timeouts and crashes apart from the games that ended."""
    groups: dict[tuple[str, str], list[Mapping[str, Any]]] = {}
    for game in games:
        decks = game.get("decks") or []
        matchup = " vs ".join(f"{d} ({p})" for d, p in zip(decks, ("p1", "p2"), strict=False)) or "(decks not recorded)"
        groups.setdefault((str(game.get("rules")), matchup), []).append(game)
    rows = []
    for (rules, matchup), members in groups.items():
        ended = [g for g in members if not failures.is_failure(g)]
        turns = [int(g.get("turns") or 0) for g in ended]
        winners: dict[str, int] = {}
        reasons: dict[str, int] = {}
        for game in ended:
            winner = str(game.get("winner") or "none")
            winners[winner] = winners.get(winner, 0) + 1
            reason = str(game.get("reason"))
            reasons[reason] = reasons.get(reason, 0) + 1
        rows.append(
            {
                "rules": rules,
                "decks": matchup,
                "games": len(members),
                "winners": dict(sorted(winners.items())),
                "ended": dict(sorted(reasons.items())),
                "turns": {
                    "median": statistics.median(turns) if turns else None,
                    "min": min(turns) if turns else None,
                    "max": max(turns) if turns else None,
                },
                "timeouts": sum(1 for g in members if is_timeout(g)),
                "crashes": sum(1 for g in members if g.get("crash") and not is_timeout(g)),
                "invariant_violations": sum(1 for g in members if not g.get("crash") and g.get("violations")),
            }
        )
    return rows


def coverage(games: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Each mechanic's share of the games that say which mechanics they used, and those that
    never came up."""
    counted = [g for g in games if isinstance(g.get("mechanics"), dict)]
    shares = {}
    for mechanic in MECHANICS:
        n = sum(1 for g in counted if g["mechanics"].get(mechanic))
        shares[mechanic] = {"games": n, "share": round(n / len(counted), 4) if counted else None}
    return {
        "games": len(counted),
        "mechanics": shares,
        "never": [m for m, s in shares.items() if s["games"] == 0] if counted else [],
    }


def grouped_failures(failed: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The failed games grouped by signature, the largest group first; each game with its record
    and the command that replays it."""
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for game in failed:
        groups.setdefault(failures.of_game(game) or "(unknown)", []).append(game)
    return [
        {
            "signature": signature,
            "games": len(members),
            "timeouts": sum(1 for g in members if is_timeout(g)),
            "examples": [
                {
                    "rules": g.get("rules"),
                    "seed": g.get("seed"),
                    "failure": g.get("crash") or "; ".join(map(str, g.get("violations") or [])),
                    "record": g.get("record"),
                    "replay": g.get("replay") or (f"splitcards replay {g['record']}" if g.get("record") else None),
                }
                for g in members
            ],
        }
        for signature, members in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    ]


def bound(games: int, failed: int) -> dict[str, Any] | None:
    """After a clean run of ``games`` games, the upper bound on the failure rate at 95 %
    confidence: 3/N by the rule of three, and the exact binomial one (1 - 0.05^(1/N)); ``None``
    when a game failed or none was played."""
    if failed or not games:
        return None
    return {
        "games": games,
        "confidence": CONFIDENCE,
        "rule_of_three": round(3 / games, 6),
        "exact": round(1 - math.pow(1 - CONFIDENCE, 1 / games), 6),
    }
