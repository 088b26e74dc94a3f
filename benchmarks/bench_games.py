"""Whether the demo's games are Magic games that show every mechanic, on each engine whose AI plays
them: 40 seeded AI games per engine, 8 per rule version.

Run: ``python benchmarks/bench_games.py [--hosts phase mtg] [--games-per-version 8] [--jobs 2]
[--max-actions 2000] [--untouched]`` (needs ``splitcards[phase]`` and ``splitcards[mtg]``; an engine not
installed is left out, and said so). The decks are the embedded demo decks (a version without
Rooms, aftermath or fuse gives those cards' slots to the decks' spares, as the demo does). Prints,
for this run and each engine, one ``name=value`` line each, the name prefixed by the engine
(``phase_median_turns=12``): the wins of each deck (``winners=``, target near even), the median
turns (target <= 15), the share of games with combat damage to a player, and the share of games
in which each mechanic happened: a fused cast, a splice, an aftermath half cast from a graveyard, a
door unlocked by the special action (target >= 25% each). A mechanic's share is of the games whose
rule version has it (fuse since classic-2013, aftermath since amonkhet-2017, Rooms in
duskmourn-2024; splice in every version). Then how the games ended and the CPU time of a game.
With ``--untouched``, every action refused or aborted in a game is checked to have left the
engine's whole state as it was (:mod:`splitcards.tools.play.untouched`): the run prints how many
were checked and each breach, and exits with status 1 if there was one.
Nothing asserts on the other figures.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from splitcards.game.configuration.registry import load_registry
from splitcards.game.plugins.hosts import adapters
from splitcards.game.plugins.manager import default_manager
from splitcards.rules.card import Card
from splitcards.rules.model import CastOption, ObjectId, ObjectView, Zone
from splitcards.rules.versions import RuleVersion
from splitcards.tools.play import AIGame
from splitcards.tools.play.decks import DEMO_DECKS
from splitcards.tools.play.untouched import UntouchedGame

MECHANICS = ("fuse", "splice", "aftermath", "unlock")


class _Watched(AIGame):
    """The demo's game, noting which mechanics happened in it."""

    seen: set[str]

    def _was_cast(self, obj: ObjectId, card: Card, view: ObjectView) -> None:
        spell = view.spell
        if spell is None:
            return
        if spell.option is CastOption.FUSED:
            self.seen.add("fuse")
        if spell.spliced:
            self.seen.add("splice")
        if spell.cast_from is Zone.GRAVEYARD:
            self.seen.add("aftermath")

    def _unlocked(self, obj: ObjectId, card: Card) -> None:
        self.seen.add("unlock")


class _Checked(_Watched, UntouchedGame):
    """The demo's game, noting its mechanics and checking its refused actions left the engine as it was."""


def _has(rules: RuleVersion, mechanic: str) -> bool:
    return {"fuse": rules.fuse, "aftermath": rules.aftermath, "unlock": rules.rooms}.get(mechanic, True)


@dataclass(frozen=True, slots=True)
class Game:
    """How one game went."""

    host: str
    rules: str
    seed: int
    winner: str | None
    reason: str
    turns: int
    combat_damage: int
    seconds: float
    seen: frozenset[str] = field(default=frozenset())
    possible: frozenset[str] = field(default=frozenset())
    crash: str | None = None
    checked: int = 0
    breaches: tuple[str, ...] = ()


def play(host: str, rules_name: str, seed: int, max_actions: int, untouched: bool = False) -> Game:
    pm = default_manager()
    rules = load_registry(pm=pm).get(rules_name)
    ai_game = adapters(pm)[host].ai_game
    assert ai_game is not None, f"{host} plays no AI games"
    start = time.process_time()
    game = (_Checked if untouched else _Watched)(ai_game(rules), rules, seed=seed, max_actions=max_actions)
    game.seen = set()
    possible = frozenset(m for m in MECHANICS if _has(rules, m))
    try:
        result = game.play()
    except Exception as exc:  # a crash is a finding of the run, reported with the others
        crash = f"{type(exc).__name__}: {exc}"
        seen = frozenset(game.seen)
        return Game(host, rules.name, seed, None, "crash", game.ai.turn(), 0, 0.0, seen, possible, crash)
    seconds = time.process_time() - start
    reason = result.ending.reason.value if result.ending is not None else "?"
    winner = result.winner.value if result.winner is not None else None
    seen = frozenset(game.seen)
    checked, breaches = (game.checked, tuple(map(str, game.breaches))) if isinstance(game, _Checked) else (0, ())
    return Game(
        host,
        rules.name,
        seed,
        winner,
        reason,
        result.turns,
        result.combat_damage,
        seconds,
        seen,
        possible,
        checked=checked,
        breaches=breaches,
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hosts", nargs="+", default=["phase", "mtg"], help="the engines (default: phase mtg)")
    parser.add_argument("--games-per-version", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default: 2)")
    parser.add_argument("--max-actions", type=int, default=2000)
    parser.add_argument(
        "--untouched", action="store_true", help="check that refused actions leave the engine's state as it was"
    )
    args = parser.parse_args(argv)
    breached = False
    registry = load_registry()
    versions = sorted(registry.versions.values(), key=lambda v: v.edition)
    found = adapters(default_manager())
    for host in args.hosts:
        info = found.get(host)
        if info is None or info.ai_game is None or info.available is not None:
            why = "not registered" if info is None else info.available or "it plays no AI games"
            print(f"{host}: left out: {why}")
            continue
        seeds = range(1, args.games_per_version + 1)
        specs = [(host, v.name, seed, args.max_actions, args.untouched) for v in versions for seed in seeds]
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            games = list(pool.map(play, *zip(*specs, strict=True)))
        _report(host, games, args.games_per_version, args.jobs)
        if args.untouched:
            breached |= _report_untouched(host, games)
    if breached:
        raise SystemExit(1)


def _report_untouched(host: str, games: Sequence[Game]) -> bool:
    """Print the refused actions checked and each breach; whether there was one."""
    for game in games:
        for breach in game.breaches:
            print(f"{host} {game.rules} seed {game.seed}: BREACH {breach}")
    found = sum(len(g.breaches) for g in games)
    print(f"{host}_untouched_checked={sum(g.checked for g in games)}")
    print(f"{host}_untouched_breaches={found}")
    return found > 0


def _report(host: str, games: Sequence[Game], per_version: int, jobs: int) -> None:
    for game in games:
        if game.crash is not None:
            print(f"{host} {game.rules} seed {game.seed}: CRASH on turn {game.turns}: {game.crash}")
            continue
        print(
            f"{host} {game.rules} seed {game.seed}: {game.winner or 'no winner'} ({game.reason}), turn {game.turns},"
            f" combat damage {game.combat_damage}x, {', '.join(sorted(game.seen)) or 'no mechanic'},"
            f" {game.seconds:.1f} s"
        )
    n = len(games)
    decks = {"p1": DEMO_DECKS[0].name, "p2": DEMO_DECKS[1].name}
    wins = ", ".join(f"{decks[p]} {sum(g.winner == p for g in games)}" for p in ("p1", "p2"))
    print(f"{host}: {n} games ({per_version} per version, {jobs} workers)")
    print(f"{host}_winners={wins}, no winner {sum(g.winner is None for g in games)}")
    print(f"{host}_crashes={sum(g.crash is not None for g in games)}")
    print(f"{host}_median_turns={statistics.median(g.turns for g in games):g}")
    print(f"{host}_combat_share={sum(g.combat_damage > 0 for g in games) / n:.2f}")
    for mechanic in MECHANICS:
        able = [g for g in games if mechanic in g.possible]
        share = sum(mechanic in g.seen for g in able) / len(able) if able else 0.0
        print(f"{host}_{mechanic}_share={share:.2f}")
    reasons: dict[str, int] = {}
    for game in games:
        reasons[game.reason] = reasons.get(game.reason, 0) + 1
    print(f"{host}_ended={', '.join(f'{k} {v}' for k, v in sorted(reasons.items()))}")
    print(f"{host}_seconds_per_game={statistics.median(g.seconds for g in games):.1f}")


if __name__ == "__main__":
    main()
