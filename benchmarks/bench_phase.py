"""Measure what the plugin costs a phase game: the same games with and without it, in one run.

Run: ``python benchmarks/bench_phase.py [--rules current] [--seeds 1 2 3 4] [--max-actions 2000] [--repeat 3]``
(needs ``splitcards[phase]``). Prints figures measured in this run; nothing asserts on them. The
last lines give the CPU-time figures as ``name=value``: ``overhead_ratio``,
``overhead_ai_held_equal``, ``adapter_own_cost_ratio``, ``adapter_own_cost_ms_per_action`` and
``reads_floor_ratio``. Before them, what each of phase's reads costs, measured at the positions of
the first game.
Targets: the plugin's overhead ratio per action at most 1.05 with the AI's time held equal, and
the adapter's own cost at most 1.25x phase's own work without the AI. The games are the demo's: the two embedded
decks, played to the end.

phase's AI (``Game.choose_action``) takes most of a game's time, and a game with the plugin is not
the same game as one without it (the rules refuse some casts and choose some halves). So each
game is played once with the plugin (the demo's loop, :class:`splitcards.tools.play.AIGame` on phase's
:class:`~splitcards.adapters.phase.ai.PhaseAI`, at its default level) while every action applied to phase is
recorded, and then measured four ways on that one action sequence:

* **with the plugin**: the recorded game itself, AI included;
* **without the plugin**: a new phase game from the same start replays the recorded actions, asking
  the AI before each one as a game loop without the plugin would (its answer is not used, so both
  runs go through the same positions);
* the **adapter's own cost**: the game with the plugin again, the AI's answers replayed from the
  recording (no AI time; the AI's answers are phase's ``choose_action`` and the land or spell
  ``PhaseAI`` plays where phase's AI passes), against the recorded actions applied to phase alone. These two take
  a fraction of a second and vary by tens of percent on a loaded machine, so each is run
  ``--repeat`` times, alternately, and its fastest run counted (as ``timeit`` does).

* the **reads floor**: phase alone on the same actions again, with the reads any loop that drives
  phase-python makes at each step of its own: the prompt (``Game.waiting_for()``: who acts, and
  whether the game is over), the legal actions (``Game.actions()``), and the AI's answer found
  among them (compared natively, ``GameAction.from_dict`` once); the adapter's debug actions are
  applied without them. Against phase alone it is ``reads_floor_ratio``: what a driver without
  the plugin costs beyond phase's own work, for the adapter's own cost to be read against.

The ratio per action is time with the plugin / time without, over the same number of actions.
The AI's time varies by a few percent from run to run, so the ratio is also printed with the AI's
time of the run without the plugin counted in both. Every figure is given twice: wall-clock time,
and the CPU time of this process (``time.process_time``), which other work on a busy machine
disturbs far less.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from splitcards.adapters.phase.ai import DIFFICULTY, PhaseAI
from splitcards.adapters.phase.translate import action_dict, actor
from splitcards.game.configuration.registry import load_registry
from splitcards.rules.card import Card
from splitcards.rules.versions import RuleVersion
from splitcards.tools.play import AIGame, GameResult


class Clock(NamedTuple):
    """Wall-clock and CPU seconds."""

    wall: float
    cpu: float

    @staticmethod
    def now() -> Clock:
        return Clock(time.perf_counter(), time.process_time())

    def since(self) -> Clock:
        now = Clock.now()
        return Clock(now.wall - self.wall, now.cpu - self.cpu)

    def __add__(self, other: object) -> Clock:
        assert isinstance(other, Clock)
        return Clock(self.wall + other.wall, self.cpu + other.cpu)


ZERO = Clock(0.0, 0.0)


class RecordedGame:
    """A phase ``Game`` that records every action it accepts (everything else is phase's)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.applied: list[tuple[int, Any]] = []

    def apply(self, seat: int, action: Any, **options: Any) -> Any:
        result = self.game.apply(seat, action, **options)
        # Only actions phase accepted: a refused one changes nothing (the adapter tries some on purpose).
        self.applied.append((seat, action))
        return result

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.game, name)
        if callable(found):
            # Kept: the adapter reads phase many times per action, and a run without the plugin
            # calls phase's game directly.
            setattr(self, name, found)
        return found


@dataclass(slots=True)
class Recording:
    """One game played with the plugin: what phase was asked to do, and the AI's answers."""

    actions: list[tuple[int, Any]] = field(default_factory=list)
    answers: list[Any] = field(default_factory=list)
    ai_seconds: Clock = ZERO
    seconds: Clock = ZERO
    result: GameResult = field(default_factory=GameResult)
    deck: tuple[Card, ...] = ()
    opponent: tuple[Card, ...] = ()


class TimedAI(PhaseAI):
    """phase's AI, timed, its answers kept."""

    def __init__(self, rules: RuleVersion) -> None:
        super().__init__(rules, difficulty=DIFFICULTY)
        self.answers: list[Any] = []
        self.ai_seconds = ZERO

    def _choose(self, game: Any, seat: int) -> Any:
        start = Clock.now()
        answer = super()._choose(game, seat)
        self.ai_seconds += start.since()
        self.answers.append(answer)
        return answer

    def _instead(self, choose: Any) -> Any:
        # The land or spell PhaseAI plays where phase's AI passes is the player's choice too.
        start = Clock.now()
        answer = super()._instead(choose)
        self.ai_seconds += start.since()
        self.answers.append(answer)
        return answer


class ReplayedAI(PhaseAI):
    """phase's AI answers taken from a recording (no AI time)."""

    def __init__(self, rules: RuleVersion, answers: Sequence[Any]) -> None:
        super().__init__(rules, difficulty=DIFFICULTY)
        self.answers = iter(answers)

    def _choose(self, game: Any, seat: int) -> Any:
        return next(self.answers)

    def _instead(self, choose: Any) -> Any:
        return next(self.answers)


def _record_actions(ai: PhaseAI) -> RecordedGame:
    # The session's phase game, swapped for one that records: every action goes through it.
    recorded = RecordedGame(ai.session.game)
    ai.session._game = recorded
    return recorded


def record(rules: RuleVersion, seed: int, max_actions: int) -> Recording:
    ai = TimedAI(rules)
    game = AIGame(ai, rules, seed=seed, max_actions=max_actions)
    recorded = _record_actions(ai)
    start = Clock.now()
    result = game.play()
    seconds = start.since()
    return Recording(recorded.applied, ai.answers, ai.ai_seconds, seconds, result, game.decks.deck, game.decks.opponent)


def with_replayed_answers(rules: RuleVersion, seed: int, recording: Recording) -> Clock:
    ai = ReplayedAI(rules, recording.answers)
    game = AIGame(ai, rules, seed=seed, max_actions=recording.result.actions)
    recorded = _record_actions(ai)
    start = Clock.now()
    game.play()
    seconds = start.since()
    if [action_dict(a) for _, a in recorded.applied] != [action_dict(a) for _, a in recording.actions]:
        raise RuntimeError("the replayed game applied other actions than the recorded one")
    return seconds


def without_plugin(rules: RuleVersion, seed: int, recording: Recording, ask_ai: bool) -> tuple[Clock, Clock]:
    """Replay the recorded actions on phase alone (the same start); returns (time, AI time)."""
    fresh = PhaseAI(rules, difficulty=DIFFICULTY)
    fresh.start(recording.deck, recording.opponent, seed)
    phase_game = fresh.session.game
    ai = ZERO
    start = Clock.now()
    for seat, action in recording.actions:
        if ask_ai and action_dict(action)["type"] != "Debug":
            # A loop without the plugin asks the AI for every game action (debug actions are the adapter's).
            asked = Clock.now()
            phase_game.choose_action(actor(phase_game), difficulty=DIFFICULTY)
            ai += asked.since()
        phase_game.apply(seat, action)
    return start.since(), ai


def reads_floor(rules: RuleVersion, seed: int, recording: Recording) -> Clock:
    """Phase alone on the recorded actions, with the reads a loop driving phase makes at each step:
    the prompt, the legal actions, and the AI's answer found among them."""
    fresh = PhaseAI(rules, difficulty=DIFFICULTY)
    fresh.start(recording.deck, recording.opponent, seed)
    phase_game = fresh.session.game
    # Made phase's own before the clock starts: the recorded answers are phase's already, but for
    # the adapter's own dicts (its pass, its casts).
    steps = [(seat, action, _native(action)) for seat, action in recording.actions]
    start = Clock.now()
    for seat, action, native in steps:
        if native.kind != "Debug":
            phase_game.waiting_for()
            next((legal for legal in phase_game.actions() if legal == native), None)
        phase_game.apply(seat, action)
    return start.since()


# Of the positions of a game, those at which each read is measured: one in EVERY; the fastest of
# READS reads of each is counted (the other work of a busy machine only ever adds time).
EVERY = 3
READS = 3


def read_costs(rules: RuleVersion, seed: int, recording: Recording) -> list[str]:
    """What each of phase's reads costs at the positions of the recorded game (one in
    :data:`EVERY` where a player acts; wall-clock time, the fastest of :data:`READS` reads), and
    how much of it is decoding JSON: the same data decoded again with ``json.loads``
    (phase-python serializes each read to JSON in Rust and decodes it in Python). The AI's
    answer is found among the legal actions both ways: each listed action converted to a dict,
    and the answer made phase's own once and compared natively."""
    fresh = PhaseAI(rules, difficulty=DIFFICULTY)
    fresh.start(recording.deck, recording.opponent, seed)
    game = fresh.session.game
    spent: dict[str, list[int]] = {}

    def timed(name: str, read: Callable[..., Any], *args: Any, decoded: bool = True, again: bool = True) -> Any:
        took = decoding = 1 << 62
        for _ in range(READS if again else 1):
            start = time.perf_counter_ns()
            found = read(*args)
            took = min(took, time.perf_counter_ns() - start)
        if decoded:
            text = json.dumps(found)
            for _ in range(READS):
                start = time.perf_counter_ns()
                json.loads(text)
                decoding = min(decoding, time.perf_counter_ns() - start)
        entry = spent.setdefault(name, [0, 0, 0])
        entry[0] += 1
        entry[1] += took
        entry[2] += decoding if decoded else 0
        return found

    for number, (seat, action) in enumerate(recording.actions):
        native = _native(action)
        if native.kind == "Debug" or number % EVERY:
            game.apply(seat, action)
            continue
        timed("Game.waiting_for()", game.waiting_for)
        timed("Game.stack()", game.stack)
        timed("Game.priority_player()", game.priority_player, decoded=False)
        player = timed("Game.player(seat)", game.player, seat)
        battlefield = timed("Game.battlefield()", game.battlefield)
        for oid in [*(int(o["id"]) for o in battlefield[:3]), *player["hand"][:2]]:
            timed("Game.object(id)", game.object, oid)
        legal = timed("Game.actions()", game.actions, decoded=False)
        wanted = action_dict(native)
        timed("the answer found by dicts", _found_by_dicts, legal, wanted, decoded=False)
        timed("the answer found natively", _found_natively, legal, wanted, decoded=False)
        result = timed("Game.apply(seat, action)", game.apply, seat, action, decoded=False, again=False)
        timed("ActionResult.events", getattr, result, "events")
    lines = []
    for name, (reads, took, decoding) in spent.items():
        share = f", {decoding / took:.0%} of it decoding its JSON" if decoding else ""
        lines.append(f"  {name:38} {took / reads / 1e3:8.1f} us each{share} ({reads} reads)")
    return lines


def fast_forward_cost(rules: RuleVersion, seed: int, recording: Recording, repeat: int) -> str:
    """What ``Game.apply(..., fast_forward=True)`` costs against the same passes applied one by
    one, on phase alone, over the recorded game up to where the game loop did something other
    than pass at a position phase would pass by itself (the loop's casts from a graveyard and
    the adapter's corrections come between passes); the fastest of ``repeat`` runs of each."""
    game = _fresh(rules, seed, recording)
    actions = recording.actions
    forwarded: list[tuple[int, Any]] = []
    covered = 0
    while covered < len(actions):
        seat, action = actions[covered]
        passes = game.apply(seat, action, fast_forward=True).fast_forwarded
        skipped = actions[covered + 1 : covered + 1 + passes]
        if len(skipped) < passes or any(_native(a).kind != "PassPriority" for _, a in skipped):
            break
        forwarded.append((seat, action))
        covered += 1 + passes

    def run(steps: Sequence[tuple[int, Any]], fast: bool) -> Clock:
        game = _fresh(rules, seed, recording)
        start = Clock.now()
        for seat, action in steps:
            game.apply(seat, action, fast_forward=fast)
        return start.since()

    runs = [(run(actions[:covered], False), run(forwarded, True)) for _ in range(max(1, repeat))]
    one_by_one = min((r for r, _ in runs), key=_cpu)
    fast = min((f for _, f in runs), key=_cpu)
    by_phase = covered - len(forwarded)
    more = (fast.cpu - one_by_one.cpu) / by_phase * 1e3 if by_phase else 0.0
    return (
        f"  Game.apply(..., fast_forward=True): the first {covered} of {len(actions)} actions, {len(forwarded)} applies"
        f" and {by_phase} passes phase makes itself, {fast.cpu * 1e3:.0f} ms of CPU against {one_by_one.cpu * 1e3:.0f}"
        f" ms one by one ({more:.2f} ms more per pass phase makes itself)"
    )


def _fresh(rules: RuleVersion, seed: int, recording: Recording) -> Any:
    fresh = PhaseAI(rules, difficulty=DIFFICULTY)
    fresh.start(recording.deck, recording.opponent, seed)
    return fresh.session.game


def _found_by_dicts(legal: Sequence[Any], wanted: dict[str, Any]) -> Any:
    """The legal action equal to ``wanted``, each converted to a dict (decoded from JSON)."""
    return next((a for a in legal if a.to_dict() == wanted), None)


def _found_natively(legal: Sequence[Any], wanted: dict[str, Any]) -> Any:
    """The legal action equal to ``wanted``, made phase's own once and compared natively."""
    native = _native(wanted)
    return next((a for a in legal if a == native), None)


def _native(action: Any) -> Any:
    from phase import GameAction

    return GameAction.from_dict(action) if isinstance(action, dict) else action


def without_the_ai(rules: RuleVersion, seed: int, recording: Recording, repeat: int) -> tuple[Clock, Clock, Clock]:
    """The game with the plugin, the AI's answers replayed; phase alone on the same actions; and
    phase alone with a loop's reads: each run ``repeat`` times, one after the other, and the
    fastest run of each counted (the other work of a busy machine only ever adds time, to any
    side)."""
    runs = [
        (
            with_replayed_answers(rules, seed, recording),
            without_plugin(rules, seed, recording, ask_ai=False)[0],
            reads_floor(rules, seed, recording),
        )
        for _ in range(max(1, repeat))
    ]
    return tuple(min((run[i] for run in runs), key=_cpu) for i in range(3))  # type: ignore[return-value]


def _cpu(clock: Clock) -> float:
    return clock.cpu


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rules", default="current", help="rule version (default: current)")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4], help="game seeds (default: 1 2 3 4)")
    parser.add_argument("--max-actions", type=int, default=2000, help="actions of the game loop per game")
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs of each side without the AI, the fastest counted (default: 3)"
    )
    args = parser.parse_args(argv)
    rules = load_registry().get(args.rules)
    totals = [ZERO] * 6
    count = 0
    costs: list[str] = []
    for seed in args.seeds:
        recording = record(rules, seed, args.max_actions)
        baseline, baseline_ai = without_plugin(rules, seed, recording, ask_ai=True)
        replayed, engine_only, floor = without_the_ai(rules, seed, recording, args.repeat)
        if not costs:
            costs = [*read_costs(rules, seed, recording), fast_forward_cost(rules, seed, recording, args.repeat)]
        n = len(recording.actions)
        result = recording.result
        print(
            f"{rules.name} seed {seed}: {n} phase actions ({result.actions} steps of the game loop, {result.casts}"
            f" casts through the rules, {result.turns} turns); wall-clock | CPU"
        )
        print(_line("with the plugin", recording.seconds, n, recording.ai_seconds))
        print(_line("without the plugin", baseline, n, baseline_ai))
        print(_ratio("ratio per action (with / without)", recording.seconds, baseline))
        print(_ratio("the same with the AI's time held equal", baseline_ai + replayed, baseline_ai + engine_only))
        print(_line("with the plugin, AI answers replayed", replayed, n))
        print(_line("phase alone, the same actions", engine_only, n))
        print(_own_cost(replayed, engine_only, n))
        print(_line("phase alone with a loop's reads", floor, n))
        print(_ratio("reads floor (with a loop's reads / phase alone)", floor, engine_only))
        for i, value in enumerate((recording.seconds, baseline, replayed, engine_only, baseline_ai, floor)):
            totals[i] += value
        count += n
    with_ai, without_ai, replayed, engine_only, ai, floor = totals
    where = f"at the positions of the game of seed {args.seeds[0]}; wall-clock, the fastest of {READS} reads"
    print(f"what phase's reads cost ({where}):")
    for line in costs:
        print(line)
    print(f"all games: {count} phase actions; wall-clock | CPU")
    print(_ratio("overhead ratio per action, AI included", with_ai, without_ai))
    # The same, with the AI's time counted once for both (it answers in the same positions): no
    # timing noise from the AI, which takes most of the time.
    print(_ratio("the same with the AI's time held equal", ai + replayed, ai + engine_only) + "   (target <= 1.05)")
    print(_own_cost(replayed, engine_only, count) + "   (target <= 1.25x)")
    # The figures again, one per line as name=value (CPU time), for a reader that is a program.
    print(f"overhead_ratio={with_ai.cpu / without_ai.cpu:.3f}")
    print(f"overhead_ai_held_equal={(ai + replayed).cpu / (ai + engine_only).cpu:.3f}")
    print(f"adapter_own_cost_ratio={replayed.cpu / engine_only.cpu:.3f}")
    print(f"adapter_own_cost_ms_per_action={(replayed.cpu - engine_only.cpu) / count * 1e3:.3f}")
    print(f"reads_floor_ratio={floor.cpu / engine_only.cpu:.3f}")


def _line(label: str, seconds: Clock, actions: int, ai: Clock | None = None) -> str:
    spent = f"; AI {ai.wall:.2f} s | {ai.cpu:.2f} s" if ai is not None else ""
    per = f"{seconds.wall / actions * 1e3:.3f} | {seconds.cpu / actions * 1e3:.3f} ms per action"
    return f"  {label + ':':40} {seconds.wall:7.2f} s | {seconds.cpu:7.2f} s  {per}{spent}"


def _ratio(label: str, numerator: Clock, denominator: Clock) -> str:
    return f"  {label}: {numerator.wall / denominator.wall:.3f} | {numerator.cpu / denominator.cpu:.3f}"


def _own_cost(replayed: Clock, engine_only: Clock, actions: int) -> str:
    wall = (replayed.wall - engine_only.wall) / actions * 1e3
    cpu = (replayed.cpu - engine_only.cpu) / actions * 1e3
    times = f"{replayed.wall / engine_only.wall:.2f}x | {replayed.cpu / engine_only.cpu:.2f}x"
    return f"  adapter's own cost: {wall:.3f} | {cpu:.3f} ms per action ({times} phase's own work without the AI)"


if __name__ == "__main__":
    main()
