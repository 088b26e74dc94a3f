"""``splitcards soak``: many AI games per rule version, checking the game after every action.

Each game runs in a worker process (:mod:`concurrent.futures`), so a crash of the engine ends
that game only. A game fails when an exception escapes the loop (a crash) or an invariant of
:mod:`splitcards.tools.play.invariants` breaks. Every game keeps its record
(:mod:`splitcards.tools.play.record`): a failed game's record is saved, with the failure and the
command that plays it again (``splitcards replay FILE``), and ``record_dir`` saves every game's.
"""

from __future__ import annotations

import statistics
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from splitcards.game.hosts import adapters
from splitcards.game.manager import default_manager
from splitcards.game.registry import load_registry
from splitcards.tools.play import record as records
from splitcards.tools.play.invariants import violations
from splitcards.tools.play.loop import AIGame


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game to play: the host, the rule version, the seed and the action limit."""

    host: str
    rules: str
    seed: int
    max_actions: int


@dataclass(slots=True)
class GameReport:
    """How one soak game went."""

    spec: GameSpec
    actions: int = 0
    turns: int = 0
    winner: str | None = None
    reason: str | None = None
    seconds: float = 0.0
    casts: int = 0
    crash: str | None = None
    violations: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    record: list[dict[str, Any]] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return self.crash is not None or bool(self.violations)


def play(spec: GameSpec) -> GameReport:
    """Play one game, checking the invariants after every action of the loop."""
    report = GameReport(spec)
    start = time.perf_counter()
    try:
        pm = default_manager()
        rules = load_registry(pm=pm).get(spec.rules)
        info = adapters(pm)[spec.host]
        if info.ai_game is None:
            raise ValueError(f"host {spec.host!r} can't play AI games")
        ai = info.ai_game(rules)
        game = AIGame(
            ai,
            rules,
            seed=spec.seed,
            max_actions=spec.max_actions,
            log=report.log.append,
            record=lambda step: report.record.append(step.as_dict()),
        )
        named = ((game.decks.names[0], game.decks.deck), (game.decks.names[1], game.decks.opponent))
        header = records.header_for(
            spec.host, ai.engine, rules.name, None, spec.seed, spec.max_actions, records.EMBEDDED, named
        )
        report.record.insert(0, header.as_dict())
        while game.result.actions < spec.max_actions and not game.ai.over():
            game.step()
            broken = violations(game.table)
            if broken:
                report.violations = [f"after action {game.result.actions}: {v}" for v in broken]
                break
        report.actions, report.casts = game.result.actions, game.result.casts
        if not report.violations:
            result = game.finish()
            report.record.append({"result": result.as_dict()})
            report.reason = result.ending.reason.value if result.ending is not None else None
        report.turns = game.ai.turn()
        winner = game.ai.winner()
        report.winner = winner.value if winner is not None else None
    except Exception as exc:
        report.crash = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=8)}"
    report.seconds = time.perf_counter() - start
    return report


def run(specs: Sequence[GameSpec], jobs: int) -> Iterator[GameReport]:
    """Play the games in ``jobs`` worker processes, yielding each report as its game ends."""
    if jobs <= 1:
        yield from map(play, specs)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play, spec) for spec in specs]
        for future in as_completed(futures):
            yield future.result()


def save(report: GameReport, folder: Path, failure: bool = True) -> Path:
    """Write the game's record; for a failed game also its failure, its log and the command
    that replays it. Returns the record's path."""
    spec = report.spec
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"{spec.host}-{spec.rules}-seed{spec.seed}"
    path = folder / f"{stem}.jsonl"
    with path.open("w", encoding="utf-8") as out:
        writer = records.Writer(out)
        for line in report.record:
            writer.line(line)
    if failure:
        lines = [
            f"replay: splitcards replay {path}",
            f"crash: {report.crash}" if report.crash else "",
            *(f"invariant: {v}" for v in report.violations),
            "actions:",
            *report.log,
        ]
        (folder / f"{stem}.log").write_text("\n".join(line for line in lines if line) + "\n", encoding="utf-8")
    return path


def soak(
    specs: Sequence[GameSpec],
    jobs: int,
    folder: Path,
    out: Callable[[str], None] = print,
    record_dir: Path | None = None,
) -> tuple[int, int]:
    """Play every game, print a line per game and the totals; return (crashes, violations).
    Each line and the totals give the winners and why the games ended."""
    crashes = broken = 0
    reasons: dict[str, int] = {}
    turns: list[int] = []
    for done, report in enumerate(run(specs, jobs), start=1):
        spec = report.spec
        if report.failed:
            crashes += report.crash is not None
            broken += bool(report.violations)
            first = (report.crash or report.violations[0]).splitlines()[0]
            kind = "CRASH" if report.crash else "INVARIANT"
            state = f"{kind} {first} -> replay: splitcards replay {save(report, folder)}"
        else:
            reasons[report.reason or "?"] = reasons.get(report.reason or "?", 0) + 1
            turns.append(report.turns)
            won = f"{report.winner} wins" if report.winner else "no winner"
            state = f"{won} ({report.reason})"
        if record_dir is not None and not report.failed:
            save(report, record_dir, failure=False)
        out(
            f"[{done}/{len(specs)}] {spec.host} {spec.rules} seed {spec.seed}: turn {report.turns},"
            f" {report.actions} actions, {report.casts} casts, {report.seconds:.1f} s: {state}"
        )
    ended = ", ".join(f"{n} by {reason}" for reason, n in sorted(reasons.items(), key=lambda kv: -kv[1]))
    median = f", median {statistics.median(turns):g} turns" if turns else ""
    capped = reasons.get("the action cap", 0)
    out(
        f"{len(specs)} games, {crashes} crashes, {broken} invariant violations; ended: {ended or 'none'};"
        f" {capped} at the action cap{median}"
    )
    return crashes, broken
