"""What python-mtg's driver does in a game, as the adapter has it done: which objects can be
cast, the sub-choices of a cast, paying, putting a spell on the stack, resolving, copying, the
opponent's response window and the steps that need no decision. Part of the facade to the
engine (see :mod:`splitcards.adapters.mtg.states`); every function edits the state it is
given, with the driver's narration swallowed."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from splitcards.adapters.mtg.states import FORCED, Action, Derived, State, derive, quiet, trial_evaluations

LegalActions = Callable[[State], list[Action]]


def castable_among(probe: State, seat: str, objs: Iterable[str]) -> set[str]:
    """Which of ``objs`` the engine lets ``seat`` cast in this position as far as what it alone
    knows goes: the mana ``seat`` can make, targets, its legend restriction. Timing is not asked
    (the rules decided it): each is cast as an instant with priority. Edits ``probe``."""
    wanted = set(objs)
    with trial_evaluations():
        rows = _can_cast_trying(probe, seat, wanted, derive)
    return {obj for (p, obj) in rows if p == seat and obj in wanted}


def _can_cast_trying(
    probe: State, seat: str, objs: set[str], run: Callable[[State, list[str]], Derived]
) -> set[tuple[Any, ...]]:
    # The engine's can_cast rows, ``seat`` holding priority and ``objs`` cast as instants.
    probe["has_priority"] = {(seat,)}
    probe["spell_type"] = probe.get("spell_type", set()) | {(obj, "instant") for obj in objs}
    return run(probe, ["can_cast"])["can_cast"]


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

    def sharing(probe: State, outputs: list[str]) -> Derived:
        nonlocal found
        if found is not None or outputs != ["can_cast"] or probe.get("has_priority") != {(seat,)}:
            derived: Derived = run(probe, outputs)
            return derived
        tried = dict(probe)
        names = trial(tried)
        with trial_evaluations():
            rows = _can_cast_trying(tried, seat, names, run)
        found = {obj for (p, obj) in rows if p == seat and obj in names}
        return {"can_cast": {row for row in rows if row[1] not in names}}

    # Replaced for the one call below only, and put back however it ends.
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
    state[FORCED] = dict(choices)
    try:
        yield
    finally:
        state[FORCED] = {}


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
