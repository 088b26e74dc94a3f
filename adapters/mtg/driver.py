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


Choices = dict[str, Any]
"""The sub-choices of a cast (``{"target": ...}``), as python-mtg's cast moves carry them."""


def castable_among(probe: State, seat: str, objs: Iterable[str]) -> dict[str, list[Choices]]:
    """Which of ``objs`` the engine lets ``seat`` cast in this position as far as what it alone
    knows goes: the mana ``seat`` can make, targets, its legend restriction. Timing is not asked
    (the rules decided it): each is cast as an instant with priority. Each castable object comes
    with the sub-choices of its casts, one per legal target (``[{}]`` when it has none to choose);
    one with a target to choose and none legal is not castable. Edits ``probe``."""
    wanted = set(objs)
    with trial_evaluations():
        return _can_cast_trying(probe, seat, wanted, derive)[1]


def _can_cast_trying(
    probe: State, seat: str, objs: set[str], run: Callable[[State, list[str]], Derived]
) -> tuple[set[tuple[Any, ...]], dict[str, list[Choices]]]:
    # The engine's can_cast rows, ``seat`` holding priority and ``objs`` cast as instants, and
    # the sub-choices of each of ``objs`` it can cast, from the same evaluation.
    probe["has_priority"] = {(seat,)}
    probe["spell_type"] = probe.get("spell_type", set()) | {(obj, "instant") for obj in objs}
    found = run(probe, ["can_cast", "spell_target"])
    castable = sorted(obj for (p, obj) in found["can_cast"] if p == seat and obj in objs)
    choices = _choices(probe, castable, found["spell_target"])
    return found["can_cast"], {obj: listed for obj, listed in choices.items() if listed}


def _choices(probe: State, objs: list[str], targets: set[tuple[Any, ...]]) -> dict[str, list[Choices]]:
    """The sub-choices of a cast of each of ``objs``, as python-mtg lists them for a spell of its
    own (``env._cast_choices``): one per legal target of the class it targets, if it targets. The
    legal targets are read from the evaluation just made of ``probe`` (python-mtg keeps its
    answers: the position is not evaluated again)."""
    from mtg.engine import env

    # Of several classes, the first in order (python-mtg takes whichever its set yields first).
    targeted: dict[str, str] = {}
    for spell, _verb, _payload, cls in sorted(targets):
        targeted.setdefault(spell, cls)
    # The legal targets of a class are the position's, whichever spell targets: python-mtg's
    # listing of them reads the whole position (its cache key, every permanent's types), so it is
    # made once per class, not once per spell (a hand of split cards tries a dozen spells).
    legal: dict[str, list[str]] = {}
    found: dict[str, list[Choices]] = {}
    for obj in objs:
        cls = targeted.get(obj)
        if cls is None:
            found[obj] = [{}]
            continue
        if cls not in legal:
            legal[cls] = list(env._target_options(probe, cls))
        found[obj] = [{"target": target} for target in legal[cls]]
    return found


def legal_actions_trying(
    state: State, legal_actions: LegalActions, seat: str, trial: Callable[[State], set[str]]
) -> tuple[list[Action], dict[str, list[Choices]] | None]:
    """The engine's legal actions in ``state``, and which trial objects ``seat`` can cast there
    (with the sub-choices of their casts), from the one evaluation of the engine's rules that
    lists the casts.

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
    found: dict[str, list[Choices]] | None = None

    def sharing(probe: State, outputs: list[str]) -> Derived:
        nonlocal found
        if found is not None or outputs != ["can_cast"] or probe.get("has_priority") != {(seat,)}:
            derived: Derived = run(probe, outputs)
            return derived
        tried = dict(probe)
        names = trial(tried)
        with trial_evaluations():
            rows, found = _can_cast_trying(tried, seat, names, run)
        return {"can_cast": {row for row in rows if row[1] not in names}}

    # Replaced for the one call below only, and put back however it ends.
    driver.run = sharing
    try:
        actions = legal_actions(state)
    finally:
        driver.run = run
    return actions, found


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


def mana_units(state: State, seat: str) -> list[frozenset[str]]:
    """The mana ``seat`` could make now, one entry a mana, each the color words it may be
    (``"red"``, ``"colorless"``): what each untapped source of theirs taps for, and their floating
    mana (the driver's mana pool mirrors the sources: it is not counted again)."""
    from mtg import driver

    found: list[frozenset[str]] = []
    for _source, units, _cost, _taps in driver._source_units(state, seat):
        found += [frozenset(unit) if isinstance(unit, frozenset) else frozenset({unit}) for unit in units]
    for color, n in driver._floating(state, seat).items():
        found += [frozenset({color})] * int(n)
    return found


def response(state: State, seat: str) -> str | None:
    """The instant python-mtg's response window casts for ``seat`` now (its first castable
    instant, the driver's greedy choice), or ``None`` when it casts nothing."""
    probe = dict(state)
    probe["has_priority"] = {(seat,)}
    rows = derive(probe, ["can_cast"])["can_cast"]
    instants = state.get("spell_type", set())
    castable = sorted(obj for (p, obj) in rows if p == seat and (obj, "instant") in instants)
    return castable[0] if castable else None
