"""The engine functions the split-card moves replace, and only while they are installed: part of
the facade to the engine (see :mod:`splitcards.adapters.mtg.states`).

They are ``env.legal_actions`` and ``env.step`` (which ``Game.legal_moves``, ``Game.push`` and the
engine's own auto-advance call through the module), ``env._has_decision`` (where the auto-advance
decides to stop), ``Game.key`` and ``Game.name`` (which ``Game.describe`` calls). They are in place
only between :func:`install` and :func:`uninstall` (or inside :func:`patched`), and only change
games that an installed :class:`Patch` serves: python-mtg is otherwise untouched.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from splitcards.adapters.mtg.driver import LegalActions
from splitcards.adapters.mtg.states import Action, State, module

EngineStep = Callable[[State, Any], State]


class Patch(Protocol):
    """What the patched engine functions hand a game to: the split-card moves of the games one
    rule version serves (:class:`splitcards.adapters.mtg.moves.SplitMoves`)."""

    def serves(self, state: State) -> bool:
        """Whether this is a game of this patch (the others are left to the engine alone)."""

    def legal_actions(self, state: State, engine: LegalActions) -> list[Action]:
        """The legal actions of a game served; ``engine`` gives the engine's own."""

    def step(self, state: State, action: Any, engine: EngineStep) -> State:
        """Play an action in a game served; ``engine`` plays the engine's own kinds."""

    def key(self, state: State) -> frozenset[Any]:
        """What ``Game.key()`` adds to the engine's key of a game served."""

    def card_name(self, state: State, card_id: str) -> str | None:
        """The printed name of one of the game's own card ids (``None``: ask the engine)."""


@dataclass(frozen=True, slots=True)
class _Originals:
    legal_actions: LegalActions
    step: EngineStep
    has_decision: Callable[[State], bool]
    key: Callable[[Any], frozenset[Any]]
    name: Callable[[Any, str], str]


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

        _originals = _Originals(env.legal_actions, env.step, env._has_decision, mtg.Game.key, mtg.Game.name)
        env.legal_actions = _legal_actions
        env.step = _step
        env._has_decision = _has_decision
        mtg.Game.key = _key
        mtg.Game.name = _name
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
        mtg.Game.name = _originals.name


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


def _name(game: Any, card_id: str) -> str:
    engine = _engine()
    patch = _serving(game.state)
    found = None if patch is None else patch.card_name(game.state, game._slug_of(card_id))
    return found if found is not None else engine.name(game, card_id)
