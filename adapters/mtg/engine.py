"""python-mtg as the adapter uses it: the one module that imports the engine.

python-mtg 0.1.1 has no extension API, so the adapter calls private functions of its driver and
environment and reads the driver's private state keys. All of that sits here, behind functions
named for what they do in the game, so that a new engine release is checked and fixed in one
place (:mod:`splitcards.adapters.mtg.version` refuses any other release).

It also holds the patches the split-card moves need: ``env.legal_actions`` and ``env.step``
(which ``Game.legal_moves``, ``Game.push`` and the engine's own auto-advance call through the
module), ``env._has_decision`` (where the auto-advance decides to stop) and ``Game.key``. They are
in place only between :func:`install` and :func:`uninstall` (or inside :func:`patched`), and
only change games that an installed :class:`Patch` serves: python-mtg is otherwise untouched.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol, TypeVar

from splitcards.adapters.mtg.version import require_supported

State = dict[str, Any]
Action = tuple[Any, ...]
LegalActions = Callable[[State], list[Action]]
Step = Callable[[State, Any], State]

# The driver's private state keys that the adapter edits along with the engine's relations.
LIBRARY_ORDER = "_lib_order"  # {player: [object, ...]}, the top of the library first
STACK_CONTROLLER = "_stack_info"  # {object on the stack: controlling seat}
SUMMONING_SICK = "_sick"  # {(object,)}
IS_COPY = "_is_copy"  # {(object,)}: a copy of a spell
_FORCED = "_forced"  # {choice kind: choice}: the sub-choices of the move being made

# Steps named by the engine's ``current_step``.
MAIN_STEPS = ("precombat_main", "postcombat_main")


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


def derive(state: State, relations: list[str]) -> dict[str, set[tuple[Any, ...]]]:
    """Evaluate the engine's rules on a state and return the named derived relations."""
    from mtg import driver

    derived: dict[str, set[tuple[Any, ...]]] = driver.run(state, relations)
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


# -- card data --------------------------------------------------------------------------------


def slug(name: str) -> str:
    """The engine's card id for a card name."""
    from mtg._text import slug as engine_slug

    found: str = engine_slug(name)
    return found


def name_of(card_id: str) -> str:
    """The printed name of an engine card id."""
    from mtg import game

    name: str = game._name_from_slug(card_id)
    return name


def add_names(names: Mapping[str, str]) -> None:
    """Teach ``Game.name()`` and ``Game.describe()`` names for card ids of the adapter's own.

    They read one process-wide table, built once from the engine's corpus; the ids added are
    the adapter's (``..__sc_left``...), which no engine card uses.
    """
    from mtg import game

    game._slug_to_name().update(names)


@cache
def corpus() -> dict[str, dict[str, Any]]:
    """The engine's oracle records by card name."""
    from mtg import _corpus

    return {c["name"]: c for c in _corpus.load_cards()}


@cache
def _card_db() -> Any:
    from mtg import sim

    return sim.load_db()


def card_facts(name: str) -> dict[str, set[tuple[Any, ...]]]:
    """The facts the engine writes for a card of its data, as a probe object of nobody's."""
    from mtg import bridge_to_engine

    facts, _dropped = bridge_to_engine.card_facts(name, "nobody", "probe_0", _card_db(), corpus())
    found: dict[str, set[tuple[Any, ...]]] = facts
    return found


def mana_ability_facts(obj: str, entry: Mapping[str, Any]) -> State:
    """The facts that give ``obj`` the mana abilities of the engine's record ``entry``."""
    from mtg import bridge_to_engine

    scratch: State = {}
    bridge_to_engine._register_colored(scratch, obj, dict(entry))
    return scratch


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


# -- actions ----------------------------------------------------------------------------------


def permissions(state: State, seat: str) -> set[str]:
    """The objects an effect lets ``seat`` play from where they are (impulse draw, flashback...)."""
    return {obj for (p, obj) in state.get("may_play", ()) if p == seat}


def probe(state: State) -> State:
    """A copy of a position to try things on, cheap to make: it shares the engine's relations
    with ``state``, so its values may be replaced (``probe[rel] = ...``) but never changed in
    place."""
    return dict(state)


def castable_among(probe: State, seat: str, objs: Iterable[str]) -> set[str]:
    """Which of ``objs`` the engine lets ``seat`` cast in this position as far as what it alone
    knows goes: the mana ``seat`` can make, targets, its legend restriction. Timing is not asked
    (the rules decided it): each is cast as an instant with priority. Edits ``probe``."""
    wanted = set(objs)
    return {obj for (p, obj) in _can_cast_trying(probe, seat, wanted, derive) if p == seat and obj in wanted}


def _can_cast_trying(
    probe: State, seat: str, objs: set[str], run: Callable[[State, list[str]], dict[str, set[tuple[Any, ...]]]]
) -> set[tuple[Any, ...]]:
    # The engine's can_cast rows, ``seat`` holding priority and ``objs`` cast as instants.
    probe["has_priority"] = {(seat,)}
    probe["spell_type"] = probe.get("spell_type", set()) | {(obj, "instant") for obj in objs}
    return run(probe, ["can_cast"])["can_cast"]


def gives_priority(state: State) -> bool:
    """Whether the engine's decision in this position is one where a player with priority may
    act (its legal actions end with ``("pass",)``): any step of a game not over but the
    declarations of attackers and blockers."""
    from mtg.engine import env

    return not env.is_terminal(state) and env._step(state) not in ("declare_attackers", "declare_blockers")


def legal_actions_trying(
    state: State, legal_actions: LegalActions, seat: str, trial: Callable[[State], set[str]]
) -> tuple[list[Action], set[str] | None]:
    """The engine's legal actions in ``state``, and which trial objects ``seat`` can cast there,
    from the one evaluation of the engine's rules that lists the casts.

    python-mtg lists the casts of a priority decision from one evaluation of its rules
    (``can_cast``), the player to move holding priority. When that player is ``seat``, ``trial``
    is called on a probe of that evaluation's position: it adds objects and returns their names.
    They are tried in the same evaluation, each as an instant (timing is the rules' to decide,
    as in :func:`castable_among`), and taken out of the answer the engine gets, so the engine
    lists its own moves as it would have. That holds as long as the trial objects change no
    other object's castability: in python-mtg's rules only another card in the hand can, by its
    colors (a pitch cost), so trial objects must have none.

    The second value is ``None`` when the engine made no such evaluation (the decision is no
    priority decision of ``seat``'s): :func:`castable_among` answers then.
    """
    from mtg import driver

    run = driver.run
    found: set[str] | None = None

    def sharing(probe: State, outputs: list[str]) -> dict[str, set[tuple[Any, ...]]]:
        nonlocal found
        if found is not None or outputs != ["can_cast"] or probe.get("has_priority") != {(seat,)}:
            derived: dict[str, set[tuple[Any, ...]]] = run(probe, outputs)
            return derived
        tried = dict(probe)
        names = trial(tried)
        rows = _can_cast_trying(tried, seat, names, run)
        found = {obj for (p, obj) in rows if p == seat and obj in names}
        return {"can_cast": {row for row in rows if row[1] not in names}}

    driver.run = sharing
    try:
        actions = legal_actions(state)
    finally:
        driver.run = run
    return actions, found


def cast_choices(state: State, obj: str) -> list[dict[str, Any]]:
    """The sub-choices (mode, target, named card) a cast of ``obj`` may be made with."""
    from mtg.engine import env

    choices: list[dict[str, Any]] = env._cast_choices(state, obj)
    return choices


@contextlib.contextmanager
def forced(state: State, choices: Mapping[str, Any]) -> Iterator[None]:
    """Make the driver take these sub-choices while the block runs."""
    state[_FORCED] = dict(choices)
    try:
        yield
    finally:
        state[_FORCED] = {}


def spend_mana(state: State, seat: str, obj: str) -> None:
    """Tap ``seat``'s sources for the mana cost of card ``obj`` (the engine must have said it can)."""
    from mtg import driver

    with quiet():
        driver._spend_mana(state, seat, obj)


def refresh_mana_pool(state: State, seat: str) -> None:
    """Restock ``seat``'s mana pool from its untapped sources."""
    from mtg import driver

    with quiet():
        driver._refresh_mana_pool(state, seat)


def push_spell(state: State, obj: str, seat: str) -> None:
    """Put ``obj`` on the stack as a spell ``seat`` cast: its mode, the cast count, cast triggers."""
    from mtg import driver

    with quiet():
        driver._stack_push(state, obj, seat)
        driver._choose_mode(state, obj)
        driver._note_cast(state, obj)
        driver._fire_cast_triggers(state, seat, obj)


def resolve_top(state: State) -> None:
    """Follow the instructions of the top of the stack, and the triggers they fire."""
    from mtg import driver

    with quiet():
        driver._resolve_top(state)
        driver._fire_lifegain_triggers(state)
        driver._fire_counter_placed_triggers(state)
        driver._fire_you_do_costs(state)


def copy_spell(state: State, obj: str, seat: str) -> str:
    """A copy of the spell ``obj`` on the stack, controlled by ``seat``; return its id."""
    from mtg import driver

    with quiet():
        (copy,) = driver._copy_spell(state, obj, seat, 1)
    return str(copy)


def responds(state: State, seat: str) -> bool:
    """Give ``seat`` the engine's response window; whether it cast something."""
    from mtg import driver

    with quiet():
        return bool(driver._cast_instant_response(state, seat))


def advance_to_decision(state: State) -> None:
    """Run the steps that need no decision, up to the next one."""
    from mtg.engine import env

    with quiet():
        env._advance_to_decision(state)


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


# -- patches ----------------------------------------------------------------------------------


class Patch(Protocol):
    """What the patched engine functions hand a game to: the split-card moves of the games one
    rule version serves (:class:`splitcards.adapters.mtg.moves.Session`)."""

    def serves(self, state: State) -> bool:
        """Whether this is a game of this patch (the others are left to the engine alone)."""

    def legal_actions(self, state: State, engine: LegalActions) -> list[Action]:
        """The legal actions of a game served; ``engine`` gives the engine's own."""

    def step(self, state: State, action: Any, engine: Step) -> State:
        """Play an action in a game served; ``engine`` plays the engine's own kinds."""

    def key(self, state: State) -> frozenset[Any]:
        """What ``Game.key()`` adds to the engine's key of a game served."""


@dataclass(frozen=True, slots=True)
class _Originals:
    legal_actions: LegalActions
    step: Step
    has_decision: Callable[[State], bool]
    key: Callable[[Any], frozenset[Any]]


_installed: list[Patch] = []
_originals: _Originals | None = None
# The legal actions of the last position asked about. python-mtg never changes a position once a
# step has handed it out (Game.copy() shares them), and asks for the legal actions of one position
# several times: as its auto-advance decides to stop there, for Game.legal_moves, and as
# Game.push() checks the move. A position the auto-advance does not stop at is changed in place to
# become the next one: it is forgotten then.
_last: tuple[State, Patch, list[Action]] | None = None


def install(patch: Patch) -> None:
    """Let ``patch`` serve its games from now on: its games offer and play the split-card moves.

    The engine functions are replaced when the first patch is installed. Installing is counted:
    a patch installed twice must be uninstalled twice. A game served by several patches goes to
    the one installed last.
    """
    global _originals, _last
    if not _installed:
        mtg = module()
        from mtg.engine import env

        _originals = _Originals(env.legal_actions, env.step, env._has_decision, mtg.Game.key)
        env.legal_actions = _legal_actions
        env.step = _step
        env._has_decision = _has_decision
        mtg.Game.key = _key
    _installed.append(patch)
    _last = None


def uninstall(patch: Patch) -> None:
    """Undo one :func:`install` of ``patch``; after the last patch, python-mtg's own functions
    are back in place. Raises ``ValueError`` if ``patch`` is not installed."""
    global _last
    for n in range(len(_installed) - 1, -1, -1):
        if _installed[n] is patch:
            del _installed[n]
            break
    else:
        raise ValueError(f"{patch!r} is not installed")
    _last = None
    if not _installed and _originals is not None:
        mtg = module()
        from mtg.engine import env

        # The originals stay known: a patched function someone kept a reference to still works.
        env.legal_actions = _originals.legal_actions
        env.step = _originals.step
        env._has_decision = _originals.has_decision
        mtg.Game.key = _originals.key


P = TypeVar("P", bound=Patch)


@contextlib.contextmanager
def patched(patch: P) -> Iterator[P]:
    """``install(patch)`` for the ``with`` block, ``uninstall(patch)`` when it ends, however it ends."""
    install(patch)
    try:
        yield patch
    finally:
        uninstall(patch)


def installed() -> tuple[Patch, ...]:
    """The patches installed now, the first installed first."""
    return tuple(_installed)


def _serving(state: State) -> Patch | None:
    for patch in reversed(_installed):
        if patch.serves(state):
            return patch
    return None


def _engine() -> _Originals:
    if _originals is None:
        raise RuntimeError("the split-card patches were never installed")
    return _originals


def _legal_actions(state: State) -> list[Action]:
    global _last
    engine = _engine()
    patch = _serving(state)
    if patch is None:
        return engine.legal_actions(state)
    if _last is None or _last[0] is not state or _last[1] is not patch:
        _last = (state, patch, patch.legal_actions(state, engine.legal_actions))
    return list(_last[2])


def _has_decision(state: State) -> bool:
    global _last
    decided = _engine().has_decision(state)
    if not decided and _last is not None and _last[0] is state:
        _last = None
    return decided


def _step(state: State, action: Any) -> State:
    engine = _engine()
    patch = _serving(state)
    if patch is None:
        return engine.step(state, action)
    return patch.step(state, action, engine.step)


def _key(game: Any) -> frozenset[Any]:
    engine = _engine()
    key = engine.key(game)
    patch = _serving(game.state)
    return key if patch is None else key | patch.key(game.state)
