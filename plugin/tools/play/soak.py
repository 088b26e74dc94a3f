"""``splitcards soak``: many AI games per rule version, checking the game after every action.

Each game is a task of its own (:mod:`splitcards.tools.play.workers`): in a worker process of its
own, or on a Dask cluster. A game fails when an exception escapes the loop or its worker dies (a
crash), or when an invariant of :mod:`splitcards.tools.play.invariants` breaks. Every game keeps
its record (:mod:`splitcards.tools.play.record`): a failed game's record is saved with its
failure and the command that plays it again (``splitcards replay FILE``), and ``record_dir``
saves every game's. A record that can't be written is reported and counted; the run goes on.

Results stream as each game ends: a line of text, or with ``jsonl`` a JSON object per game, then
the totals. An interrupted run (Ctrl-C) prints the totals of the games that finished, and
``resume`` skips the games of an earlier JSON Lines output, so a run goes on where it stopped.
"""

from __future__ import annotations

import contextlib
import json
import shlex
import shutil
import statistics
import tempfile
import time
import traceback
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from splitcards.files import jsontext
from splitcards.game.configuration.registry import load_registry
from splitcards.game.plugins.hosts import adapters
from splitcards.game.plugins.manager import default_manager
from splitcards.tools.play import failures, workers
from splitcards.tools.play import record as records
from splitcards.tools.play.coverage import mechanics_of
from splitcards.tools.play.games import GamePlan
from splitcards.tools.play.games import GameSpec as GameSpec  # its place before the plan had a module
from splitcards.tools.play.invariants import violations
from splitcards.tools.play.loop import AIGame
from splitcards.tools.play.progress import Clock

# The results reader's old place: ``soak.read_results`` is what --resume has always used.
from splitcards.tools.play.results import RESULTS_MAX_BYTES as RESULTS_MAX_BYTES
from splitcards.tools.play.results import key as _key
from splitcards.tools.play.results import read_results as read_results


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
    started: float | None = None
    """When the game began to play (seconds since the epoch), on the worker's clock."""
    worker: str | None = None
    """The worker that played it (:func:`~splitcards.tools.play.workers.current`); ``None`` for a
    game whose worker died."""
    engine: str | None = None
    signature: str | None = None
    """What kind of failure, and where (:mod:`~splitcards.tools.play.failures`)."""

    @property
    def failed(self) -> bool:
        return self.crash is not None or bool(self.violations)

    def as_dict(self, saved: str | None = None) -> dict[str, Any]:
        """The game as a line of the JSON Lines output; ``saved``: where its record was written.
        The fields after ``record`` are the ones a report reads (docs/soak.md)."""
        spec = self.spec
        header = self.record[0] if self.record and "decks" in self.record[0] else {}
        decks = [str(d.get("name")) for d in header.get("decks", []) if isinstance(d, dict)]
        return {
            "host": spec.host,
            "rules": spec.rules,
            "seed": spec.seed,
            "max_actions": spec.max_actions,
            "winner": self.winner,
            "reason": self.reason,
            "turns": self.turns,
            "actions": self.actions,
            "casts": self.casts,
            "seconds": round(self.seconds, 3),
            "crash": self.crash.splitlines()[0] if self.crash else None,
            "violations": self.violations,
            "record": saved,
            "replay": f"splitcards replay {shlex.quote(saved)}" if saved is not None and self.failed else None,
            "signature": (self.signature or failures.of_game(self.as_failure())) if self.failed else None,
            "engine": self.engine or header.get("engine"),
            "decks": decks,
            "mechanics": mechanics_of(self.record),
            "worker": self.worker,
            "started": round(self.started, 3) if self.started is not None else None,
        }

    def as_failure(self) -> dict[str, Any]:
        return {"crash": self.crash.splitlines()[0] if self.crash else None, "violations": self.violations}


def crashed(spec: GameSpec, why: str) -> GameReport:
    """The report of a game that ended with its worker."""
    return GameReport(spec, crash=why, signature=failures.of_crash(why))


def play(spec: GameSpec) -> GameReport:
    """Play one game, checking the invariants after every action of the loop."""
    report = GameReport(spec, started=time.time(), worker=workers.current())
    start = time.perf_counter()
    stream = _Stream(spec.stream)
    try:
        pm = default_manager()
        rules = load_registry(pm=pm).get(spec.rules_file or spec.rules)
        info = adapters(pm)[spec.host]
        if info.ai_game is None:
            raise ValueError(f"host {spec.host!r} can't play AI games")
        ai = info.ai_game(rules)
        report.engine = ai.engine
        game = AIGame(
            ai,
            rules,
            seed=spec.seed,
            max_actions=spec.max_actions,
            log=report.log.append,
            record=lambda step: stream.line(report.record, step.as_dict()),
        )
        named = ((game.decks.names[0], game.decks.deck), (game.decks.names[1], game.decks.opponent))
        header = records.header_for(
            spec.host, ai.engine, rules.name, spec.rules_file, spec.seed, spec.max_actions, records.EMBEDDED, named
        )
        report.record.insert(0, header.as_dict())
        stream.start(header.as_dict())
        while game.result.actions < spec.max_actions and not game.ai.over():
            game.step()
            broken = violations(game.table)
            if broken:
                report.violations = [f"after action {game.result.actions}: {v}" for v in broken]
                break
        report.actions, report.casts = game.result.actions, game.result.casts
        if not report.violations:
            result = game.finish()
            stream.line(report.record, {"result": result.as_dict()})
            report.reason = result.ending.reason.value if result.ending is not None else None
        report.turns = game.ai.turn()
        winner = game.ai.winner()
        report.winner = winner.value if winner is not None else None
    except Exception as exc:
        report.crash = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=8)}"
        report.signature = failures.of_exception(exc)
    finally:
        stream.close()
    report.seconds = time.perf_counter() - start
    return report


class _Stream:
    """The record of a game written as it goes (see :attr:`GameSpec.stream`)."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self._writer: records.RecordWriter | None = None
        self._file: Any = None

    def start(self, header: Mapping[str, Any]) -> None:
        if self.path is None:
            return
        try:
            self._file = open(self.path, "w", encoding="utf-8")  # noqa: SIM115 - closed by close()
        except OSError:
            self.path = None  # the record is kept in memory all the same
            return
        self._writer = records.RecordWriter(self._file)
        self._writer.line(header)

    def line(self, record: list[dict[str, Any]], data: dict[str, Any]) -> None:
        record.append(data)
        if self._writer is not None:
            self._writer.line(data)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()


def run(
    specs: Iterable[GameSpec], jobs: int, scheduler: str | None = None, timeout: float | None = None
) -> Generator[GameReport, None, None]:
    """Play the games, yielding each report as its game ends: in this process (``jobs`` 1 and no
    ``timeout``), in ``jobs`` worker processes, or on the Dask cluster at ``scheduler``
    (``"local"``: a ``LocalCluster`` of ``jobs`` workers here). ``timeout``: see
    :mod:`~splitcards.tools.play.workers`; a game in this process could not be stopped."""
    if scheduler is not None:
        yield from workers.on_dask(specs, scheduler, play, crashed, workers=jobs, timeout=timeout)
    elif jobs <= 1 and timeout is None:
        yield from map(play, specs)
    else:
        yield from workers.in_processes(specs, jobs, play, crashed, timeout=timeout)


def save(report: GameReport, folder: Path, failure: bool = True) -> Path:
    """Write the game's record; for a failed game also its failure, its log and the command
    that replays it. Returns the record's path; raises ``OSError`` when it can't be written."""
    spec = report.spec
    folder.mkdir(parents=True, exist_ok=True)
    stem = spec.stem
    path = folder / f"{stem}.jsonl"
    streamed = Path(spec.stream) if spec.stream is not None else None
    if not report.record and streamed is not None and streamed.exists():
        # The worker died: what it wrote as it played is the record (in a temporary folder,
        # maybe on another file system).
        shutil.move(streamed, path)
    else:
        with path.open("w", encoding="utf-8") as out:
            writer = records.RecordWriter(out)
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


@dataclass(slots=True)
class Totals:
    """What a soak's games came to: games, crashes, invariant violations, records that could not
    be written, how the games ended, their turns, and whether the run was interrupted."""

    games: int = 0
    crashes: int = 0
    broken: int = 0
    unsaved: int = 0
    reasons: dict[str, int] = field(default_factory=dict)
    turns: list[int] = field(default_factory=list)
    interrupted: bool = False

    def add(self, game: Mapping[str, Any]) -> None:
        """Count a game, as its JSON Lines output gives it."""
        self.games += 1
        if game.get("crash"):
            self.crashes += 1
        elif game.get("violations"):
            self.broken += 1
        else:
            reason = str(game.get("reason"))
            self.reasons[reason] = self.reasons.get(reason, 0) + 1
            self.turns.append(int(game.get("turns") or 0))

    @property
    def capped(self) -> int:
        return self.reasons.get("the action cap", 0)

    def as_dict(self) -> dict[str, Any]:
        return {
            "totals": {
                "games": self.games,
                "crashes": self.crashes,
                "invariant_violations": self.broken,
                "records_not_saved": self.unsaved,
                "ended": dict(sorted(self.reasons.items())),
                "at_the_action_cap": self.capped,
                "median_turns": statistics.median(self.turns) if self.turns else None,
                "interrupted": self.interrupted,
            }
        }

    def text(self) -> str:
        ended = ", ".join(f"{n} by {reason}" for reason, n in sorted(self.reasons.items(), key=lambda kv: -kv[1]))
        median = f", median {statistics.median(self.turns):g} turns" if self.turns else ""
        unsaved = f"; {self.unsaved} records not saved" if self.unsaved else ""
        stopped = " (interrupted: the games that finished)" if self.interrupted else ""
        return (
            f"{self.games} games, {self.crashes} crashes, {self.broken} invariant violations; ended:"
            f" {ended or 'none'}; {self.capped} at the action cap{median}{unsaved}{stopped}"
        )


def soak(
    specs: Sequence[GameSpec],
    jobs: int,
    folder: Path,
    out: Callable[[str], None] = print,
    record_dir: Path | None = None,
    jsonl: bool = False,
    scheduler: str | None = None,
    resumed: Iterable[Mapping[str, Any]] = (),
    timeout: float | None = None,
    progress: Callable[[str], None] | None = None,
    header: Mapping[str, Any] | None = None,
    seen: Callable[[Mapping[str, Any]], None] | None = None,
) -> Totals:
    """Play every game not in ``resumed``, print a line per game and the totals; return them.
    Each line and the totals give the winners and why the games ended; a text line also gives
    the time elapsed and an estimate of the time left. ``progress`` is told, when the run starts
    and as each game ends, how far the run is (with ``jsonl``, whose lines are data, the time is
    said there only). ``folder`` is made only when a game fails. ``header`` is the run's first
    line with ``jsonl`` (``{"soak": header}``); ``seen`` is given every game counted, the resumed
    ones too."""
    totals = Totals()
    said = progress or (lambda line: None)
    tell = seen or (lambda game: None)
    if jsonl and header is not None:
        out(json.dumps({"soak": dict(header)}))
    # A plan knows its games by arithmetic; a list of specs is looked through once.
    covers = specs.covers if isinstance(specs, GamePlan) else {spec.key for spec in specs}.__contains__
    # Only the games of this run count: a line of another host, rule version, seed range or
    # action cap is said and left out, and a game given twice counts once.
    done: dict[tuple[Any, ...], Mapping[str, Any]] = {}
    for game in resumed:
        if covers(_key(game)):
            done.setdefault(_key(game), game)
    for game in done.values():
        totals.add(game)
        tell(game)
    skipped = len({_key(g) for g in resumed}) - len(done)
    if skipped:
        note = f"{skipped} earlier game(s) of another host, rule version, seed or action cap left out"
        out(json.dumps({"resume": note}) if jsonl else f"resume: {note}")
    # The games still to play are made one at a time as workers come free (a plan may be long).
    todo: Iterable[GameSpec] = (spec for spec in specs if spec.key not in done)
    remaining = len(specs) - len(done)
    where = "on the Dask cluster" if scheduler is not None else f"{jobs} at a time" if jobs > 1 else "one at a time"
    before = f" ({len(done)} played before)" if done else ""
    games = f"{remaining} game" + ("s" if remaining != 1 else "")
    clock = Clock(remaining)
    # A stop (Ctrl-C, or SIGTERM as the command takes it) at any moment from here on, a worker's
    # start included, ends the run with the totals so far: the workers end with the run.
    try:
        said(f"soak: {games} to play{before}, {where}; a line as each game ends")
        with contextlib.ExitStack() as cleanup:
            if scheduler is None:
                # Workers here write each record as they play (a Dask worker may not share the
                # folder), in a folder of their own: the failures folder is made only for a failure.
                partial = Path(cleanup.enter_context(tempfile.TemporaryDirectory(prefix="splitcards-soak-")))
                todo = (replace(spec, stream=str(partial / f"{spec.stem}.jsonl")) for spec in todo)
            # Closed before the folder is removed, as the run ends: a stopped run's workers end first.
            reports = cleanup.enter_context(contextlib.closing(run(todo, jobs, scheduler, timeout)))
            for report in reports:
                _played_before_it_died(report)
                saved, problem = _keep(report, folder, record_dir)
                if report.spec.stream is not None:
                    Path(report.spec.stream).unlink(missing_ok=True)
                totals.unsaved += problem is not None
                game = report.as_dict(saved)
                # When the run heard of its end, on the run's clock: throughput is counted by it.
                game["ended"] = round(time.time(), 3)
                totals.add(game)
                tell(game)
                timing = clock.game_ended()
                if jsonl:
                    out(json.dumps(game))
                    said(f"[{totals.games}/{len(specs)}] {timing}")
                else:
                    out(_line(report, totals.games, len(specs), saved, problem, timing))
    except KeyboardInterrupt:
        totals.interrupted = True
    out(json.dumps(totals.as_dict()) if jsonl else totals.text())
    return totals


def _played_before_it_died(report: GameReport) -> None:
    """A game whose worker died tells only that it died: its streamed record says how far it got."""
    if report.record or report.crash is None or report.spec.stream is None:
        return
    try:
        lines = Path(report.spec.stream).read_text(encoding="utf-8").split("\n")
    except (OSError, UnicodeDecodeError):
        return
    steps = []
    for line in lines[1:]:
        with contextlib.suppress(jsontext.JSONTextError):
            step = jsontext.loads(line)
            if isinstance(step, dict) and "step" in step:
                steps.append(step)
    report.actions = len(steps)
    if steps and isinstance(steps[-1].get("turn"), int):
        report.turns = steps[-1]["turn"]


def _keep(report: GameReport, folder: Path, record_dir: Path | None) -> tuple[str | None, str | None]:
    """Save the record where it belongs; returns its path and the problem that stopped it."""
    where = folder if report.failed else record_dir
    if where is None:
        return None, None
    try:
        return str(save(report, where, failure=report.failed)), None
    except OSError as exc:
        return None, f"record not saved in {where}: {exc.strerror or exc}"


def _line(report: GameReport, done: int, total: int, saved: str | None, problem: str | None, timing: str) -> str:
    spec = report.spec
    if report.failed:
        kind = "CRASH" if report.crash else "INVARIANT"
        first = (report.crash or report.violations[0]).splitlines()[0]
        state = f"{kind} {first}" + (f" -> replay: splitcards replay {saved}" if saved else "")
    else:
        won = f"{report.winner} wins" if report.winner else "no winner"
        state = f"{won} ({report.reason})"
    note = f" [{problem}]" if problem else ""
    return (
        f"[{done}/{total}] {spec.host} {spec.rules} seed {spec.seed}: turn {report.turns}, {report.actions} actions,"
        f" {report.casts} casts, {report.seconds:.1f} s: {state}; {timing}{note}"
    )
