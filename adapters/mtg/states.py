"""python-mtg's game states as the adapter reads and copies them: part of the facade to the engine.

python-mtg 0.1.1 has no extension API, so the adapter calls private functions of its driver and
environment and reads the driver's private state keys. All of that sits in four modules, each
named for its job, so that a new engine release is checked and fixed in one place
(:mod:`splitcards.adapters.mtg.version` refuses any other release):

* this one: importing the engine, games and their states (copy, evaluate), the driver's state
  keys, whose turn and step it is, and the scenario's starting position;
* :mod:`~splitcards.adapters.mtg.corpus`: the engine's card data and card ids;
* :mod:`~splitcards.adapters.mtg.driver`: what the engine's driver does in a game (pay, cast,
  resolve, copy, respond) and what it says can be cast;
* :mod:`~splitcards.adapters.mtg.patches`: the engine functions the split-card moves replace
  while they are installed.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

from splitcards.adapters.mtg.version import require_supported

State = dict[str, Any]
Action = tuple[Any, ...]
Derived = dict[str, set[tuple[Any, ...]]]

# The driver's private state keys that the adapter edits along with the engine's relations.
LIBRARY_ORDER = "_lib_order"  # {player: [object, ...]}, the top of the library first
STACK_CONTROLLER = "_stack_info"  # {object on the stack: controlling seat}
SUMMONING_SICK = "_sick"  # {(object,)}
IS_COPY = "_is_copy"  # {(object,)}: a copy of a spell
FORCED = "_forced"  # {choice kind: choice}: the sub-choices of the move being made


@cache
def module() -> Any:
    """``import mtg``, after checking that the installed release is the supported one."""
    require_supported()
    import mtg

    return mtg


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    """Swallow the driver's narration, which it prints to stdout on every action.

    ``redirect_stdout`` swaps the process-wide ``sys.stdout``, as python-mtg's own ``env.step``
    does; games of this engine must not run in parallel threads anyway (its evaluator and cache
    are process-global).
    """
    with contextlib.redirect_stdout(io.StringIO()):
        yield


# -- games and states -------------------------------------------------------------------------


def clone(state: State) -> State:
    """An independent copy of a state (sets copied, the driver's dicts and lists one level deep)."""
    from mtg import driver

    cloned: State = driver.clone_state(state)
    return cloned


def new_game(decks: Mapping[str, list[str]], **options: Any) -> Any:
    """A new ``mtg.Game`` from deck lists, at its first decision."""
    return module().Game(decks=dict(decks), **options)


def game_from_state(state: State) -> Any:
    """An ``mtg.Game`` over (a copy of) a position."""
    return module().Game.from_state(state)


def set_state(game: Any, state: State) -> None:
    """Make ``state`` the game's current position, keeping its move history (``pop`` goes back
    to the position before the last move, not to the one replaced)."""
    game._state = state


def derive(state: State, relations: list[str]) -> Derived:
    """Evaluate the engine's rules on a state and return the named derived relations."""
    from mtg import driver

    derived: Derived = driver.run(state, relations)
    return derived


@cache
def modelled_keywords(keywords: frozenset[str]) -> frozenset[str]:
    """The keywords among ``keywords`` that the engine models (an object's ``printed_keyword``
    has those of its card's keywords only)."""
    probe = {"instance_of": {("k", "k")}, "card_keyword": {("k", kw) for kw in keywords}}
    return frozenset(kw for (_obj, kw) in derive(probe, ["printed_keyword"])["printed_keyword"])


def forget_evaluations() -> None:
    """Empty the engine's cache of rule evaluations (a position evaluated again is evaluated anew)."""
    from mtg import driver

    driver.clear_cache()
    _TRIAL_ENGINE[1] = None


# python-mtg's in-process evaluator keeps the facts of its last evaluation loaded and loads only
# the relations that changed since. A trial of what a player can cast (driver.castable_among)
# changes big relations (every object's cost and spell types, the hands): evaluated there, they
# would be loaded twice more, for the trial and again for the game's next position. Trials are
# evaluated on an instance of their own: [its handle, the facts loaded in it].
_TRIAL_ENGINE: list[Any] = [None, None]


@contextlib.contextmanager
def trial_evaluations() -> Iterator[None]:
    """Evaluate the engine's rules on the trials' own instance for the ``with`` block (see above),
    when the engine evaluates in process; otherwise as usual."""
    from mtg import engine_inproc

    if _TRIAL_ENGINE[0] is None and not os.environ.get("MTG_INCREMENTAL") and engine_inproc._instance() is not None:
        cdll, name, _edb = engine_inproc.build()
        _TRIAL_ENGINE[0] = cdll.mtg_create(name.encode()) or None
    if _TRIAL_ENGINE[0] is None:
        yield
        return
    game = engine_inproc._HANDLE, engine_inproc._LOADED
    engine_inproc._HANDLE, engine_inproc._LOADED = _TRIAL_ENGINE
    try:
        yield
    finally:
        _TRIAL_ENGINE[:] = engine_inproc._HANDLE, engine_inproc._LOADED
        engine_inproc._HANDLE, engine_inproc._LOADED = game


def probe(state: State) -> State:
    """A copy of a position to try things on, cheap to make: it shares the engine's relations
    with ``state``, so its values may be replaced (``probe[rel] = ...``) but never changed in
    place."""
    return dict(state)


# -- timing -----------------------------------------------------------------------------------


def active_seat(state: State) -> str:
    from mtg.engine import env

    seat: str = env._active(state)
    return seat


def current_step(state: State) -> str:
    from mtg.engine import env

    step: str = env._step(state)
    return step


def to_move(state: State) -> str:
    """The seat whose decision it is (the defender while blockers are declared)."""
    from mtg.engine import env

    seat: str = env.to_move(state)
    return seat


def stack_controller(state: State, obj: str) -> str:
    """The seat that controls a spell on the stack."""
    seat: str = state[STACK_CONTROLLER][obj]
    return seat


def gives_priority(state: State) -> bool:
    """Whether the engine's decision in this position is one where a player with priority may
    act (its legal actions end with ``("pass",)``): any step of a game not over but the
    declarations of attackers and blockers."""
    from mtg.engine import env

    return not env.is_terminal(state) and env._step(state) not in ("declare_attackers", "declare_blockers")


def permissions(state: State, seat: str) -> set[str]:
    """The objects an effect lets ``seat`` play from where they are (impulse draw, flashback...)."""
    return {obj for (p, obj) in state.get("may_play", ()) if p == seat}


# -- the scenario position --------------------------------------------------------------------

# Two players with libraries of basic lands, empty hands, the first player's precombat main
# phase. Libraries keep draws (Ice, Memory) legal.
_LIBRARY = ["Island"] * 20
_SEATS = ("p1", "p2")


@cache
def _prototype() -> State:
    # The first Game() of a process parses the engine's card files (about a second): build the
    # starting position once and clone it for every new game.
    game = new_game(dict.fromkeys(_SEATS, _LIBRARY), seed=0, explicit_lands=True, variant="two-player")
    state = clone(game.state)
    order = {p: list(cards) for p, cards in state[LIBRARY_ORDER].items()}
    for player, card in sorted(state["in_hand"]):
        order[player].append(card)
    state["in_library"] = state["in_library"] | state["in_hand"]
    state["in_hand"] = set()
    state[LIBRARY_ORDER] = order
    return state


def starting_state() -> State:
    """A fresh copy of the scenario starting position: seats ``p1`` and ``p2``, libraries of
    Islands, empty hands, ``p1``'s precombat main phase."""
    return clone(_prototype())


# -- the game's progress ----------------------------------------------------------------------


def turn_number(state: State) -> int:
    """How many turns have ended (the driver's turn counter)."""
    return int(state.get("_turn", 0))


def is_over(state: State) -> bool:
    """Whether a player has lost (or the game is otherwise over)."""
    from mtg.engine import env

    return bool(env.is_terminal(state))


def winner(state: State) -> str | None:
    """The seat that won a two-player game that is over (``None``: a draw, or not over)."""
    from mtg.engine import env

    seat: str | None = env.winner(state)
    return seat


def loser(state: State) -> str | None:
    """The seat that lost, once one has."""
    seat: str | None = state.get("_loser") or None
    return seat


def poison(state: State, seat: str) -> int:
    """``seat``'s poison counters."""
    return sum(int(n) for (p, n) in state.get("poison", ()) if p == seat)


@contextlib.contextmanager
def whole_evaluations() -> Iterator[None]:
    """Evaluate the engine's rules on every position loaded whole for the ``with`` block.

    python-mtg's in-process evaluator loads only the relations that changed since its last
    evaluation, and its answer for a position can then depend on which position that was: a game
    whose AI looks ahead (many evaluations between two moves) would not replay the same from its
    record. Loaded whole, each answer is the position's alone (about a seventh more CPU)."""
    from mtg import engine_inproc

    previous = engine_inproc._NO_DELTA
    engine_inproc._NO_DELTA = True
    try:
        yield
    finally:
        engine_inproc._NO_DELTA = previous
