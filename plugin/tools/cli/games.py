"""The commands that play engine AI games: ``demo``, ``soak`` and ``replay``."""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import os
import re
import shlex
import signal
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pluggy

from splitcards.files.lines import write_line
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.contract import AdapterInfo
from splitcards.tools.cli.common import UsageError, add_rules, chosen_versions, host, not_an_input, rule_files
from splitcards.tools.play import plots, soak
from splitcards.tools.play.decklists import read_user_decks
from splitcards.tools.play.demo import run as run_demo
from splitcards.tools.play.games import GamePlan
from splitcards.tools.play.record import EMBEDDED, MAX_SEED
from splitcards.tools.play.recordfields import MAX_ACTIONS
from splitcards.tools.play.replay import replay
from splitcards.tools.play.soakpage import write_soak_page
from splitcards.tools.play.soakreport import SoakResults, soak_header


def _seed(text: str) -> int:
    value = _whole(text, "a seed")
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to {MAX_SEED}, got {text}")
    return value


MAX_GAMES = 100_000
"""The most games a soak plays per rule version (each is listed before the first is played)."""
MAX_TIMEOUT = 7 * 86_400
"""The longest --timeout taken: a week (the clocks the workers are waited on take no more)."""


def _actions(text: str) -> int:
    value = _positive(text)
    if value > MAX_ACTIONS:
        raise argparse.ArgumentTypeError(f"at most {MAX_ACTIONS} actions (a record holds no more), got {text}")
    return value


def _seconds(text: str) -> int:
    value = _positive(text)
    if value > MAX_TIMEOUT:
        raise argparse.ArgumentTypeError(f"at most {MAX_TIMEOUT} seconds (a week), got {text}")
    return value


_ADDRESS = re.compile(r"(tcp|tls|ws|wss)://[^\s/:]+(:[0-9]{1,5})?/?")


def _scheduler(text: str) -> str:
    """'local', or the address of a Dask scheduler another process runs."""
    if text == "local" or _ADDRESS.fullmatch(text):
        return text
    raise argparse.ArgumentTypeError(
        f"'local', or a scheduler's address such as tcp://host:8786 (tcp, tls, ws or wss), not {text!r:.80}"
    )


def _positive(text: str) -> int:
    value = _whole(text, "a count")
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {text}")
    return value


def _whole(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what} is a whole number, got {text!r}") from None


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    demo = sub.add_parser(
        "demo",
        help="play a game between two AIs with split cards and Rooms (needs splitcards[phase], or [mtg])",
        description="Play a complete game between two copies of an engine's AI, with split cards, fuse,"
        " aftermath, splice and Rooms in the decks, logging each split-card decision with its rules. The"
        " default host, phase, needs the phase engine: pip install 'splitcards[phase]'; --host mtg plays"
        " python-mtg's AI: pip install 'splitcards[mtg]'. With --cards and"
        " --deck the AIs play your own decks: MTGO .txt or MTG Arena decklists whose cards come from an"
        " MTGJSON or Scryfall card file.",
    )
    demo.add_argument("--host", default="phase", help="host whose engine's AI plays: phase (default) or mtg")
    add_rules(demo, "the configured one; a game for each version named")
    demo.add_argument("--seed", type=_seed, default=1, help="game seed (default: 1)")
    demo.add_argument("--max-actions", type=_actions, default=2000, help="stop after this many actions (default: 2000)")
    demo.add_argument(
        "--cards",
        type=Path,
        metavar="FILE",
        help="card file of the decks' cards: MTGJSON (AtomicCards.json, a set file, AllPrintings.json) or"
        " Scryfall bulk data (oracle-cards.json); needs --deck",
    )
    demo.add_argument(
        "--deck", type=Path, metavar="FILE", help="p1's decklist, MTGO .txt or MTG Arena export; needs --cards"
    )
    demo.add_argument(
        "--opponent-deck", type=Path, metavar="FILE", help="p2's decklist (default: the --deck one); needs --deck"
    )
    demo.add_argument(
        "--record", type=Path, metavar="FILE", help="write the game's record (JSON Lines), for splitcards replay"
    )
    again = sub.add_parser(
        "replay",
        help="play a game record again on the same engine and compare every step",
        description="Play a game record (splitcards demo --record, or one that soak saved) again on the engine"
        " that recorded it: each step's action is the recorded one, and each step must report the same and the"
        " game end the same way. Prints the first step that differs. Past the end of a record cut short (an"
        " interrupted or crashed game: no result), the AI plays on as it did, so a crash is met again. Exit"
        " status 0 when all is the same, 1 when a step or the result differs or the game fails again, 2 when the"
        " record can't be played here (another engine version, changed card data), 4 when the record was cut"
        " short, every recorded step was the same and the game then played on to its end.",
    )
    again.add_argument("record", type=Path, metavar="FILE", help="the game record")
    run = sub.add_parser(
        "soak",
        help="play many AI games per rule version, checking the game after every action",
        description="Play N AI games per rule version, each in a worker process of its own (or on a Dask"
        " cluster), checking the game's invariants after every action. Prints a line per game with its winner"
        " and why it ended, then the totals; each failed game's record is saved with the command that"
        " replays it. A worker that dies makes its game a crash; Ctrl-C prints the totals of the games that"
        " finished. --report DIR writes a page of the run, DIR/index.html, with its figures in DIR/soak.json:"
        " throughput per worker, results by rule version and deck, coverage of the mechanics, failures grouped"
        " by signature, the bound on the failure rate, and plots (needs splitcards[report]). Exit status 1"
        " when any game crashed or broke an invariant, 2 when interrupted.",
    )
    run.add_argument("--host", default="phase", help="host whose engine's AI plays: phase (default) or mtg")
    run.add_argument("--games", type=_positive, default=10, help="games per rule version (default: 10)")
    add_rules(run, "all")
    run.add_argument("--jobs", type=_positive, default=1, help="worker processes (default: 1)")
    run.add_argument("--seed", type=_seed, default=1, help="seed of the first game of each version (default: 1)")
    run.add_argument("--max-actions", type=_actions, default=2000, help="actions per game at most (default: 2000)")
    run.add_argument(
        "--failures", type=Path, default=Path("soak-failures"), help="where failed games' records are saved"
    )
    run.add_argument("--record-dir", type=Path, metavar="DIR", help="save every game's record in DIR")
    run.add_argument(
        "--format",
        choices=("text", "jsonl"),
        default="text",
        help="a line of text per game, or a JSON object per game then the totals (jsonl)",
    )
    run.add_argument(
        "--report",
        type=Path,
        metavar="DIR",
        help="write a page of the run, DIR/index.html, and its figures, DIR/soak.json (docs/soak.md;"
        " needs splitcards[report])",
    )
    run.add_argument(
        "--resume",
        type=Path,
        metavar="FILE",
        help="skip the games already in FILE, the --format jsonl output of an earlier run, and count them",
    )
    run.add_argument(
        "--timeout",
        type=_seconds,
        metavar="SECONDS",
        help="a game past SECONDS is a crash and its worker is killed (on Dask: the unfinished games, once no"
        " game has finished for SECONDS); the games then run in worker processes even with --jobs 1",
    )
    run.add_argument(
        "--scheduler",
        type=_scheduler,
        metavar="ADDRESS",
        help="run the games on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786), or on a"
        " LocalCluster of --jobs workers with 'local' (needs splitcards[cluster])",
    )


def _ai_host(pm: pluggy.PluginManager, name: str) -> AdapterInfo:
    info = host(pm, name)
    if info.ai_game is None:
        raise UsageError(
            f"--host: {name}: this host can't play AI games: its AdapterInfo has no ai_game (an AIHost factory;"
            " see 'AI games' in the API reference, docs/reference/ai.md)"
        )
    return info


def demo(args: argparse.Namespace, pm: pluggy.PluginManager, registry: VersionRegistry) -> int:
    if args.deck is None and (args.cards is not None or args.opponent_deck is not None):
        given = "--cards" if args.cards is not None else "--opponent-deck"
        raise UsageError(f"{given}: needs --deck, the decklist to play")
    if args.deck is not None and args.cards is None:
        raise UsageError("--deck: needs --cards, the MTGJSON or Scryfall file its cards come from")
    versions = [registry.get(None)] if not args.rules else chosen_versions(registry, args.rules, [])
    if args.record is not None and len(versions) > 1:
        raise UsageError("--record: a record holds one game: name one rule version with --rules")
    if args.record is not None:
        inputs = [("--cards", args.cards), ("--deck", args.deck), ("--opponent-deck", args.opponent_deck)]
        not_an_input("--record", args.record, [*inputs, *rule_files(args.rules)])
    info = _ai_host(pm, args.host)
    decks = read_user_decks(args.cards, args.deck, args.opponent_deck) if args.deck is not None else None
    cards = str(args.cards) if args.cards is not None else EMBEDDED
    if args.record is None:
        status = 0
        for rules in versions:
            rules_file = None if rules.name in registry.shipped else rules.source
            status = max(
                status, run_demo(info, rules, args.seed, args.max_actions, print, pm, decks, None, rules_file, cards)
            )
        return status
    (rules,) = versions
    rules_file = None if rules.name in registry.shipped else rules.source
    try:
        out = args.record.open("w", encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"--record: {args.record}: can't write it: {exc.strerror or exc}") from None
    with out:
        status = run_demo(info, rules, args.seed, args.max_actions, print, pm, decks, out, rules_file, cards)
    if status == 0:
        print(f"record written to {args.record}; play it again with: splitcards replay {shlex.quote(str(args.record))}")
    return status


def replay_game(args: argparse.Namespace, pm: pluggy.PluginManager, registry: VersionRegistry) -> int:
    return replay(args.record, pm, registry, out=print)


def soak_games(args: argparse.Namespace, pm: pluggy.PluginManager, registry: VersionRegistry) -> int:
    # From the command's first moment: SIGTERM while the run is set up stops it as Ctrl-C does.
    with _sigterm_as_ctrl_c():
        return _soak(args, pm, registry)


def _soak(args: argparse.Namespace, pm: pluggy.PluginManager, registry: VersionRegistry) -> int:
    info = _ai_host(pm, args.host)
    if args.games > MAX_GAMES:
        raise UsageError(f"--games: at most {MAX_GAMES} games a rule version, got {args.games}")
    if args.seed + args.games - 1 > MAX_SEED:
        raise UsageError(f"--seed: the games' seeds run from {args.seed} past the largest, {MAX_SEED}")
    versions = chosen_versions(registry, args.rules, ["all"])
    specs = GamePlan(
        args.host,
        # A house rule's file goes with each game, so that a worker can load it.
        tuple((v.name, None if v.name in registry.shipped else v.source) for v in versions),
        args.seed,
        args.games,
        args.max_actions,
    )
    if args.report is not None and not plots.available():
        raise UsageError("--report: the page's plots need matplotlib: pip install 'splitcards[report]'")
    for option, folder in (("--failures", args.failures), ("--record-dir", args.record_dir), ("--report", args.report)):
        if folder is not None:
            not_an_input(option, folder, [("--resume", args.resume), *rule_files(args.rules)])
            _check_writable(option, folder)
    if args.scheduler is not None and importlib.util.find_spec("distributed") is None:
        raise UsageError("--scheduler: needs Dask distributed: pip install 'splitcards[cluster]'")
    resumed = _resumed(args.resume) if args.resume is not None else []
    header = soak_header(
        args.host,
        info.description,
        versions,
        getattr(args, "argv", ["splitcards", "soak"]),
        args.scheduler,
        args.jobs,
        args.games,
        args.seed,
        args.max_actions,
        args.timeout,
    )
    games: list[dict[str, Any]] = []
    totals = soak.soak(
        specs,
        args.jobs,
        args.failures,
        out=_Lines(),
        record_dir=args.record_dir,
        jsonl=args.format == "jsonl",
        scheduler=args.scheduler,
        resumed=resumed,
        timeout=args.timeout,
        # Progress goes beside the results, which may be data (jsonl) piped to a file.
        progress=lambda line: print(line, file=sys.stderr, flush=True),
        header=header,
        seen=lambda game: games.append(dict(game)),
    )
    if args.report is not None:
        # Written for an interrupted run too: the games that finished are what it has.
        page = write_soak_page(args.report, SoakResults(header, games))
        print(f"report: {page}", file=sys.stderr)
    if totals.interrupted:
        return 2
    return 1 if totals.crashes or totals.broken else 0


class _Lines:
    """A soak's lines on stdout, each written whole: on a full disk the soak stops, the lines
    before it kept and the last of them whole, and the error says how many there are."""

    def __init__(self) -> None:
        self.written = 0

    def __call__(self, line: str) -> None:
        write_line(sys.stdout, line, "standard output", self.written)
        self.written += 1


@contextlib.contextmanager
def _sigterm_as_ctrl_c() -> Iterator[None]:
    """SIGTERM stops a soak as Ctrl-C does: the finished games and the totals are printed and
    every worker is ended (by default SIGTERM ends the parent at once and orphans them)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _check_writable(option: str, folder: Path) -> None:
    """A folder the run will write records in, checked before the first game; one that does not
    exist yet is made only when a record is written, so its nearest existing parent is checked."""
    existing = folder
    while not existing.exists() and existing.parent != existing:
        existing = existing.parent
    if existing != folder:
        problem = (
            f"{existing} is not a folder"
            if not existing.is_dir()
            else ""
            if os.access(existing, os.W_OK | os.X_OK)
            else f"{existing} is not writable"
        )
        if problem:
            raise UsageError(f"{option}: {folder}: can't write records there: {problem}")
        return
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".splitcards-check-"):
            pass
    except OSError as exc:
        raise UsageError(f"{option}: {folder}: can't write records there: {exc.strerror or exc}") from None


def _resumed(path: Path) -> list[dict[str, object]]:
    try:
        return soak.read_results(path)
    except OSError as exc:
        raise UsageError(f"--resume: {path}: can't read it: {exc.strerror or exc}") from None
