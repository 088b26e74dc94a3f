"""Measure what the plugin costs a python-mtg game: the same games with and without it, in one run.

Run: ``python benchmarks/bench_mtg.py [--rules current] [--seeds 1 2 3] [--decisions 30] [--pairs 10]``
(needs ``splitcards[mtg]``), or ``pytest benchmarks/bench_mtg.py`` with pytest-benchmark. Prints
figures measured in this run; nothing asserts on them. Targets: the overhead ratio (with / without)
at most 1.05 for whole games, and like for like a median of at most 1.03 with the upper bound of
its 95% confidence interval at most 1.06. The last lines give them as ``name=value``:
``whole_games`` and ``like_for_like`` (the medians), ``whole_games_median``,
``whole_games_ci95_low``, ``whole_games_ci95_high``, the same three for ``like_for_like``, and
``plain_decks`` (its median).

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
  with the plugin) is printed too. It leaves out the evaluations that try the split-card casts,
  which run inside python-mtg's own listing of its moves, in place of the one it makes there;
* **plain decks**: python-mtg games without split cards, which the plugin leaves to the engine.

For scale, the split-card decks are also played taking any offered move, split-card moves
included (no run without the plugin can play those).

Times are the CPU time of this process (``time.process_time``: python-mtg evaluates its rules in
the process), so that other work on the machine counts less; it still counts some (caches and
memory shared with it), and a single ratio moves by a tenth from run to run on a busy machine.
So the games are played in ``--pairs`` pairs (at least 10): in each pair every game is played
each way, one way right after the other (with the plugin, stopping at the same decisions,
without it; backwards in every other pair), so that a slower or busier moment of the machine
weighs on both sides of the pair's ratios. Each ratio is given as the median of the pairs'
ratios, with the distribution-free 95% confidence interval of that median (the order-statistic
interval: with 10 pairs, from the second smallest ratio to the second largest, which covers the
median with probability 97.9% whatever the ratios' distribution, the pairs being independent;
:func:`median_ci`). The seconds printed are the medians over the pairs. python-mtg caches every
evaluation of its rules: the cache is emptied before each run, as a real game meets mostly new
positions. A first run of each game with the plugin, not timed, records where the plugin makes
python-mtg stop (and warms up what a first run pays for alone); every timed run with the plugin
must stop at the same decisions.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import math
import random
import statistics
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


WAYS = ("with_plugin", "same_decisions", "without")
"""The three ways a game is played, in the order of even pairs (odd pairs play them backwards):
the run with the plugin and the one stopping at the same decisions are always next to each other."""


@dataclass(frozen=True, slots=True)
class Recorded:
    """One game to play each way: where it starts, its seed, and where the plugin made python-mtg stop."""

    start: Any
    seed: int
    stops: list[bool]


def record(session: TimedMoves, start: Any, seed: int, decisions: int) -> Recorded:
    """``start``'s game, with the stops of a run with the plugin (not timed: it also warms up)."""
    states.forget_evaluations()
    with patches.patched(session), decisions_recorded() as answers:
        play(start.copy(), seed, decisions)
    return Recorded(start, seed, answers)


def play_way(session: TimedMoves, game: Recorded, way: str, decisions: int) -> Played:
    """Play ``game`` one way, timed."""
    session.seconds = 0.0
    # python-mtg caches every evaluation of its rules: a run must not find another's. Each run
    # starts with the garbage of the one before collected, so that it pays only for its own.
    states.forget_evaluations()
    gc.collect()
    if way == "with_plugin":
        with patches.patched(session), decisions_recorded() as answers:
            played = play(game.start.copy(), game.seed, decisions)
        if answers != game.stops:
            raise RuntimeError(f"seed {game.seed}: the plugin made python-mtg stop elsewhere than in the first run")
    elif way == "same_decisions":
        with deciding_as(game.stops):
            played = play(game.start.copy(), game.seed, decisions)
    else:
        played = play(game.start.copy(), game.seed, decisions)
    return replace(played, adapter_seconds=session.seconds)


@dataclass(frozen=True, slots=True)
class Pair:
    """One pair: every game played each way, in turn; seconds and moves summed over the games."""

    seconds: dict[str, float]
    moves: dict[str, int]
    adapter_seconds: float

    def ratio(self, way: str) -> float:
        """With the plugin / ``way``."""
        return self.seconds["with_plugin"] / self.seconds[way]


def pair(session: TimedMoves, games: Sequence[Recorded], ways: Sequence[str], n: int, decisions: int) -> Pair:
    """The ``n``-th pair: each game played each of ``ways``, one game after the other, the ways in
    turn (forwards in even pairs, backwards in odd ones), so that what else the machine does weighs
    on both sides of a ratio alike."""
    order = ways if n % 2 == 0 else ways[::-1]
    seconds = dict.fromkeys(ways, 0.0)
    moves = dict.fromkeys(ways, 0)
    adapter = 0.0
    for game in games:
        ended = {}
        for way in order:
            played = play_way(session, game, way, decisions)
            seconds[way] += played.seconds
            moves[way] += played.moves
            adapter += played.adapter_seconds
            # Keys compared with python-mtg's own Game.key(): the plugin is uninstalled here.
            ended[way] = played.game.key()
        if len(set(ended.values())) != 1:
            raise RuntimeError(f"seed {game.seed}: the games with and without the plugin ended in different positions")
    return Pair(seconds, moves, adapter)


@dataclass(frozen=True, slots=True)
class Estimate:
    """The median of a ratio over the pairs, and the 95% confidence interval of that median."""

    median: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"median {self.median:.3f}, 95% CI {self.low:.3f}-{self.high:.3f}"


def median_ci(values: Sequence[float], level: float = 0.95) -> tuple[float, float]:
    """The distribution-free confidence interval of the median of ``values``: the ``k``-th smallest
    and the ``k``-th largest, ``k`` the largest rank at which the interval covers the median with
    probability ``level`` or more whatever the distribution (the pairs being independent: the
    number of values below the median is binomial, n and 1/2). Raises ``ValueError`` when there
    are too few values for any such interval (fewer than 6 at 95%)."""
    n, ordered = len(values), sorted(values)

    def coverage(k: int) -> float:
        # [k-th smallest, k-th largest] misses the median when fewer than k values are below it, or above.
        return 1 - 2 * sum(math.comb(n, i) for i in range(k)) * 0.5**n

    if n == 0 or coverage(1) < level:
        raise ValueError(f"{n} values are too few for a {level:.0%} confidence interval of the median")
    k = 1
    while k + 1 <= n // 2 and coverage(k + 1) >= level:
        k += 1
    return ordered[k - 1], ordered[n - k]


def estimate(values: Sequence[float]) -> Estimate:
    return Estimate(statistics.median(values), *median_ci(values))


def _report(label: str, pairs: Sequence[Pair], ways: Sequence[str]) -> dict[str, Estimate]:
    """Print the figures of one kind of game; return the estimates of its ratios by the way
    compared with (``without``: whole games; ``same_decisions``: like for like)."""

    def median(way: str) -> float:
        return statistics.median(p.seconds[way] for p in pairs)

    first = pairs[0]
    adapter = statistics.median(p.adapter_seconds for p in pairs)
    print(
        f"{label}: {first.moves['without']} moves without the plugin, {first.moves['with_plugin']} with it"
        " (forced passes included)"
    )
    print(
        f"  with the plugin:                     {median('with_plugin'):7.2f} s  (the adapter's work: {adapter:.2f} s)"
    )
    print(f"  without the plugin:                  {median('without'):7.2f} s")
    if "same_decisions" in ways:
        print(f"  without it, stopping where it stops: {median('same_decisions'):7.2f} s")
    found = {way: estimate([p.ratio(way) for p in pairs]) for way in ways if way != "with_plugin"}
    print(f"  ratio, whole games (with / without):               {found['without']}   (target: median <= 1.05)")
    if "same_decisions" in found:
        print(
            f"  ratio, like for like (with / without, same stops): {found['same_decisions']}"
            "   (target: median <= 1.03, CI high <= 1.06)"
        )
    return found


MIN_PAIRS = 10


def _pairs_count(text: str) -> int:
    n = int(text)
    if n < MIN_PAIRS:
        raise argparse.ArgumentTypeError(f"at least {MIN_PAIRS} pairs")
    return n


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rules", default="current", help="rule version (default: current)")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3], help="game seeds (default: 1 2 3)")
    parser.add_argument("--decisions", type=int, default=30, help="random choices per game (default: 30)")
    parser.add_argument(
        "--pairs",
        type=_pairs_count,
        default=MIN_PAIRS,
        help=f"pairs of runs, at least {MIN_PAIRS} (default: {MIN_PAIRS})",
    )
    args = parser.parse_args(argv)
    rules = load_registry().get(args.rules)
    cards = split_cards()
    session = TimedMoves(rules)
    split = [record(session, split_game(rules, cards, s), s, args.decisions) for s in args.seeds]
    plain = [record(session, plain_game(s), s, args.decisions) for s in args.seeds]
    seeds = " ".join(map(str, args.seeds))
    print(f"{rules.name}: seeds {seeds}, {args.decisions} random choices per game, {args.pairs} pairs of runs")
    split_pairs, plain_pairs = [], []
    for n in range(args.pairs):
        split_pairs.append(pair(session, split, WAYS, n, args.decisions))
        plain_pairs.append(pair(session, plain, ("with_plugin", "without"), n, args.decisions))
    found = _report("split-card decks, python-mtg's moves", split_pairs, WAYS)
    whole, like = found["without"], found["same_decisions"]
    plain_found = _report("plain decks", plain_pairs, ("with_plugin", "without"))["without"]
    with patches.patched(session):
        games = [play_any(g.start.copy(), g.seed, args.decisions) for g in split]
    seconds, moves, split_moves = (
        sum(g.seconds for g in games),
        sum(g.moves for g in games),
        sum(g.split_moves for g in games),
    )
    print(f"split-card decks, any move (with the plugin only): {moves} moves, {split_moves} of them split-card moves")
    print(f"  {seconds:7.2f} s  {seconds / moves * 1e3:7.2f} ms per move")
    # The split-card decks' figures again as name=value lines, for a reader that is a program
    # (whole_games, like_for_like and plain_decks: the medians).
    for name, found_ in (("whole_games", whole), ("like_for_like", like)):
        print(f"{name}={found_.median:.3f}")
        print(f"{name}_median={found_.median:.3f}")
        print(f"{name}_ci95_low={found_.low:.3f}")
        print(f"{name}_ci95_high={found_.high:.3f}")
    print(f"plain_decks={plain_found.median:.3f}")


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
