"""``splitcards soak``: many AI games per rule version, checking the game after every action.

Each game runs in a worker process (:mod:`concurrent.futures`), so a crash of the engine ends
that game only. A game fails when an exception escapes the loop (a crash) or an invariant of
:mod:`splitcards.tools.play.invariants` breaks; its seed and action log are kept so that it can be
played again: ``splitcards soak --host H --rules V --seed S --games 1``.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from splitcards.game.hosts import adapters
from splitcards.game.manager import default_manager
from splitcards.game.registry import load_registry
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
    seconds: float = 0.0
    casts: int = 0
    crash: str | None = None
    violations: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

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
        game = AIGame(info.ai_game(rules), rules, seed=spec.seed, max_actions=spec.max_actions, log=report.log.append)
        while game.result.actions < spec.max_actions and not game.ai.over():
            game.step()
            broken = violations(game.table)
            if broken:
                report.violations = [f"after action {game.result.actions}: {v}" for v in broken]
                break
        report.actions, report.casts = game.result.actions, game.result.casts
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


def save(report: GameReport, folder: Path) -> Path:
    """Write a failed game's seed, failure and action log, with the command that replays it."""
    spec = report.spec
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{spec.host}-{spec.rules}-seed{spec.seed}.log"
    lines = [
        f"replay: splitcards soak --host {spec.host} --rules {spec.rules} --seed {spec.seed} --games 1"
        f" --max-actions {spec.max_actions}",
        f"crash: {report.crash}" if report.crash else "",
        *(f"invariant: {v}" for v in report.violations),
        "actions:",
        *report.log,
    ]
    path.write_text("\n".join(line for line in lines if line) + "\n", encoding="utf-8")
    return path


def soak(specs: Sequence[GameSpec], jobs: int, folder: Path, out: Callable[[str], None] = print) -> tuple[int, int]:
    """Play every game, print a line per game and the totals; return (crashes, violations)."""
    crashes = broken = 0
    for done, report in enumerate(run(specs, jobs), start=1):
        spec = report.spec
        state = "ok"
        if report.failed:
            crashes += report.crash is not None
            broken += bool(report.violations)
            first = (report.crash or report.violations[0]).splitlines()[0]
            state = f"{'CRASH' if report.crash else 'INVARIANT'} {first} -> {save(report, folder)}"
        out(
            f"[{done}/{len(specs)}] {spec.host} {spec.rules} seed {spec.seed}: {report.actions} actions,"
            f" {report.casts} casts, turn {report.turns}, {report.seconds:.1f} s: {state}"
        )
    out(f"{len(specs)} games, {crashes} crashes, {broken} invariant violations")
    return crashes, broken
