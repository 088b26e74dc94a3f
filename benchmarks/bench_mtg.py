"""Measure what the plugin costs a python-mtg game: the same games with and without it, in one run.

Run: ``python benchmarks/bench_mtg.py [--rules current] [--seeds 1 2 3] [--decisions 30] [--repeat 3]``
(needs ``splitcards[mtg]``), or ``pytest benchmarks/bench_mtg.py`` with pytest-benchmark. Prints
figures measured in this run; nothing asserts on them. Targets: the overhead ratio (with / without)
at most 1.05 for whole games and 1.03 like for like; the last lines give them as ``name=value``
(``whole_games``, ``like_for_like``, ``plain_decks``).

Each game is played from one seed and one pair of decks, taking a seeded random choice among the
moves of python-mtg's own kinds at each of its decisions, three times: with the split-card moves
installed (``patches.patched(SplitMoves(rules, table=...))``), without them, and without them but stopping at
the same decisions. Two kinds of games:

* **split-card decks**: decks with split cards, set up by ``MtgHost.from_decks``. With the plugin,
  every decision of the engine (its legal moves, and its auto-advance, which asks for them too)
  also asks the rules which split-card moves are legal. The split-card moves offered are not
  taken, so that all runs play the same game; but python-mtg now stops where a split-card move
  or passing is possible, which it would have gone past: there the player passes, taking no
  random number. All runs end in the same position (checked). Two ratios:

  - *whole games*: with the plugin / without it. It includes python-mtg's own work at the
    decisions the plugin adds (listing the moves, copying the position as the pass is pushed);
  - *like for like*: with the plugin / without it, python-mtg's auto-advance made to stop where
    it stopped with the plugin (recorded in the run with the plugin, replayed), so that both
    runs make the same decisions: what is left is the adapter's work.

  The adapter's own work (its part of the legal moves and of playing moves, timed in the run
  with the plugin) is printed too;
* **plain decks**: python-mtg games without split cards, which the plugin leaves to the engine.

For scale, the split-card decks are also played taking any offered move, split-card moves
included (no run without the plugin can play those).

Times are the CPU time of this process (``time.process_time``: python-mtg evaluates its rules in
the process), so that other work on the machine counts less; each figure is the fastest of
``--repeat`` runs, the three ways taking turns. python-mtg caches every evaluation of its rules:
the cache is emptied before each run, as a real game meets mostly new positions.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from splitcards.adapters.mtg import patches, states
from splitcards.adapters.mtg.driver import LegalActions
from splitcards.adapters.mtg.host import MtgHost
from splitcards.adapters.mtg.moves import CAST, UNLOCK, SplitMoves
from splitcards.adapters.mtg.patches import EngineStep
from splitcards.adapters.mtg.states import Action, State
from splitcards.cards.loaders import BASIC_LANDS, basic_land, card_from_mtgjson
from splitcards.game.configuration.registry import load_registry
from splitcards.game.table import Table
from splitcards.rules.card import Card
from splitcards.rules.versions import RuleVersion

CARDS = Path(__file__).resolve().parents[1] / "tests" / "data" / "cards.yaml"
SPLIT = ["Fire // Ice", "Wear // Tear", "Destined // Lead", "Bottomless Pool // Locker Room"]
# python-mtg's own cards, and one basic land of each type five times.
OTHERS = ["Grizzly Bears"] * 4 + ["Lightning Bolt"] * 2 + [land for land in BASIC_LANDS for _ in range(5)]
PLAIN = ["Grizzly Bears"] * 8 + ["Lightning Bolt"] * 4 + [land for land in BASIC_LANDS for _ in range(5)]
SPLIT_DECK = [*SPLIT, *SPLIT, *OTHERS]


def split_cards() -> list[Card]:
    """The split cards of the decks (python-mtg's data has only their first halves) and the lands."""
    raw = yaml.safe_load(CARDS.read_text(encoding="utf-8"))
    return [card_from_mtgjson(raw[name], name) for name in SPLIT] + [basic_land(n) for n in BASIC_LANDS]


def split_game(rules: RuleVersion, cards: Sequence[Card], seed: int) -> Any:
    """A game of the split-card decks, at its first decision."""
    decks = {"alice": SPLIT_DECK, "bob": SPLIT_DECK}
    return MtgHost.from_decks(rules, cards, decks, seed=seed, variant="two-player").game


def plain_game(seed: int) -> Any:
    return states.new_game({"alice": PLAIN, "bob": PLAIN}, seed=seed, variant="two-player")


@dataclass(frozen=True, slots=True)
class Played:
    seconds: float
    moves: int
    split_moves: int
    game: Any
    adapter_seconds: float = 0.0


def play(game: Any, seed: int, decisions: int) -> Played:
    """Play, timed, until python-mtg's own moves have offered a choice ``decisions`` times, taking
    a random one each time, and up to the next such choice.

    A move python-mtg alone would not have asked for is forced and takes no random number: the
    plugin adds decisions where only a split-card move or passing is possible, and both runs must
    go on with the same random numbers. ``push`` checks each move, as it does by default.
    """
    rng = random.Random(seed)
    made = chosen = 0
    start = time.process_time()
    while not game.is_game_over():
        own = [m for m in game.legal_moves if m.kind not in (CAST, UNLOCK)]
        if len(own) > 1:
            if chosen == decisions:
                break
            chosen += 1
        game.push(rng.choice(own) if len(own) > 1 else own[0])
        made += 1
    return Played(time.process_time() - start, made, 0, game)


def play_any(game: Any, seed: int, moves: int) -> Played:
    """Play ``moves`` random moves, split-card moves included, timed."""
    rng = random.Random(seed)
    made = split = 0
    start = time.process_time()
    while made < moves and not game.is_game_over():
        move = rng.choice(game.legal_moves)
        split += move.kind in (CAST, UNLOCK)
        game.push(move)
        made += 1
    return Played(time.process_time() - start, made, split, game)


def _split_moves(rules: RuleVersion) -> SplitMoves:
    """The split-card moves of ``rules``'s games, through a table over a cursor host."""
    return SplitMoves(rules, table=Table(MtgHost.cursor(rules), rules))


class TimedMoves(SplitMoves):
    """A session that adds up the time spent in its own work, the engine's excluded."""

    def __init__(self, rules: RuleVersion) -> None:
        super().__init__(rules, table=Table(MtgHost.cursor(rules), rules))
        self.seconds = 0.0

    def legal_actions(self, state: State, engine_actions: LegalActions) -> list[Action]:
        timed = _Timed(engine_actions)
        start = time.process_time()
        actions = super().legal_actions(state, timed)
        self.seconds += time.process_time() - start - timed.seconds
        return actions

    def step(self, state: State, action: Any, engine_step: EngineStep) -> State:
        timed = _Timed(engine_step)
        start = time.process_time()
        new = super().step(state, action, timed)
        self.seconds += time.process_time() - start - timed.seconds
        return new


class _Timed:
    """An engine function that adds up the time spent in it."""

    def __init__(self, function: Callable[..., Any]) -> None:
        self.function = function
        self.seconds = 0.0

    def __call__(self, *args: Any) -> Any:
        start = time.process_time()
        try:
            return self.function(*args)
        finally:
            self.seconds += time.process_time() - start


@contextlib.contextmanager
def decisions_recorded() -> Iterator[list[bool]]:
    """Record, position after position, where python-mtg's auto-advance stops for a decision
    (``env._has_decision``, with the split-card moves if they are installed)."""
    from mtg.engine import env

    inner = env._has_decision
    answers: list[bool] = []

    def recording(state: State) -> bool:
        found = bool(inner(state))
        answers.append(found)
        return found

    env._has_decision = recording
    try:
        yield answers
    finally:
        env._has_decision = inner


@contextlib.contextmanager
def deciding_as(answers: Sequence[bool]) -> Iterator[None]:
    """Make python-mtg's auto-advance stop where it stopped in a recorded run of the same game,
    python-mtg still doing its own work at every position (its legal actions). A stop it would
    make itself must have been recorded."""
    from mtg.engine import env

    inner = env._has_decision
    recorded = iter(answers)

    def replaying(state: State) -> bool:
        own = bool(inner(state))
        stop = next(recorded)
        if own and not stop:
            raise RuntimeError("python-mtg stops where the recorded run did not")
        return stop

    env._has_decision = replaying
    try:
        yield
    finally:
        env._has_decision = inner


@contextlib.contextmanager
def nothing() -> Iterator[None]:
    yield


@dataclass(slots=True)
class Runs:
    """The fastest run of one game in each of three ways."""

    with_plugin: Played | None = None
    without: Played | None = None
    same_decisions: Played | None = None

    def keep(self, played: Played, way: str) -> None:
        best = getattr(self, way)
        if best is None or played.seconds < best.seconds:
            setattr(self, way, played)


WAYS = ("with_plugin", "without", "same_decisions")


def compare(session: TimedMoves, start: Any, seed: int, decisions: int, repeat: int) -> Runs:
    """The same game from ``start`` with the plugin, without it, and without it stopping at the
    decisions the plugin made it stop at, ``repeat`` times each in turn."""
    runs = Runs()
    stops: list[bool] | None = None
    for n in range(repeat):
        # The first round runs with the plugin first: the others replay its decisions.
        for way in WAYS[n % 3 :] + WAYS[: n % 3]:
            session.seconds = 0.0
            # python-mtg caches every evaluation of its rules: a run must not find another's. Each
            # run starts with the garbage of the one before collected, so that it pays only for its own.
            states.forget_evaluations()
            gc.collect()
            if way == "with_plugin":
                with patches.patched(session), decisions_recorded() as answers:
                    played = play(start.copy(), seed, decisions)
                stops = answers
            elif way == "without":
                played = play(start.copy(), seed, decisions)
            else:
                assert stops is not None
                with deciding_as(stops):
                    played = play(start.copy(), seed, decisions)
            runs.keep(replace(played, adapter_seconds=session.seconds), way)
    assert runs.with_plugin is not None and runs.without is not None and runs.same_decisions is not None
    # Keys compared with python-mtg's own Game.key(): the plugin is uninstalled here.
    keys = {way: getattr(runs, way).game.key() for way in WAYS}
    if len(set(keys.values())) != 1:
        raise RuntimeError(f"seed {seed}: the games with and without the plugin ended in different positions")
    return runs


def _report(label: str, runs: Sequence[Runs]) -> tuple[float, float]:
    """Print the figures of one kind of game; return its ratios, whole games and like for like."""

    def total(way: str, what: str = "seconds") -> float:
        return float(sum(getattr(getattr(r, way), what) for r in runs))

    with_plugin, without, same = total("with_plugin"), total("without"), total("same_decisions")
    adapter = total("with_plugin", "adapter_seconds")
    moves, decisions = int(total("without", "moves")), int(total("with_plugin", "moves"))
    print(f"{label}: {moves} moves without the plugin, {decisions} with it (forced passes included)")
    print(f"  with the plugin:                     {with_plugin:7.2f} s  (the adapter's own work: {adapter:.2f} s)")
    print(f"  without the plugin:                  {without:7.2f} s")
    print(f"  without it, stopping where it stops: {same:7.2f} s")
    print(f"  ratio, whole games (with / without):             {with_plugin / without:.3f}   (target <= 1.05)")
    print(f"  ratio, like for like (with / without, same stops): {with_plugin / same:.3f}   (target <= 1.03)")
    return with_plugin / without, with_plugin / same


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rules", default="current", help="rule version (default: current)")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3], help="game seeds (default: 1 2 3)")
    parser.add_argument("--decisions", type=int, default=30, help="random choices per game (default: 30)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each game each way (default: 3)")
    args = parser.parse_args(argv)
    rules = load_registry().get(args.rules)
    cards = split_cards()
    session = TimedMoves(rules)
    split_start = {seed: split_game(rules, cards, seed) for seed in args.seeds}
    plain_start = {seed: plain_game(seed) for seed in args.seeds}
    seeds = " ".join(map(str, args.seeds))
    print(f"{rules.name}: seeds {seeds}, {args.decisions} random choices per game, fastest of {args.repeat} runs")
    split_runs = [compare(session, split_start[s], s, args.decisions, args.repeat) for s in args.seeds]
    whole, like = _report("split-card decks, python-mtg's moves", split_runs)
    plain_runs = [compare(session, plain_start[s], s, args.decisions, args.repeat) for s in args.seeds]
    plain, _ = _report("plain decks", plain_runs)
    with patches.patched(session):
        games = [play_any(split_start[s].copy(), s, args.decisions) for s in args.seeds]
    seconds, moves, split = (
        sum(g.seconds for g in games),
        sum(g.moves for g in games),
        sum(g.split_moves for g in games),
    )
    print(f"split-card decks, any move (with the plugin only): {moves} moves, {split} of them split-card moves")
    print(f"  {seconds:7.2f} s  {seconds / moves * 1e3:7.2f} ms per move")
    # The split-card decks' figures again as name=value lines, for a reader that is a program.
    print(f"whole_games={whole:.3f}")
    print(f"like_for_like={like:.3f}")
    print(f"plain_decks={plain:.3f}")


# -- pytest-benchmark: ``pytest benchmarks/bench_mtg.py`` ---------------------------------------


def _one_game(plugin: bool) -> Callable[[], Played]:
    rules = load_registry().get("current")
    session, start = _split_moves(rules), split_game(rules, split_cards(), 1)

    def run() -> Played:
        with patches.patched(session) if plugin else nothing():
            return play(start.copy(), 1, 10)

    return run


def test_split_decks_with_the_plugin(benchmark: Any) -> None:
    benchmark(_one_game(plugin=True))


def test_split_decks_without_the_plugin(benchmark: Any) -> None:
    benchmark(_one_game(plugin=False))


if __name__ == "__main__":
    main()
