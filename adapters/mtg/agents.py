"""python-mtg's players, its AI: the player python-mtg games are played by, and its choice of a
move. Part of the facade to the engine (see :mod:`splitcards.adapters.mtg.states`).

A python-mtg player (``mtg.Player``: ``choose_move(game)``) chooses among ``game.legal_moves``,
reading each move's ``kind``: python-mtg's own players look for spells among the moves of kind
``"cast"``. The moves the rules offer are shown to it as such (their ``raw`` unchanged: it is what
the player's lookahead steps on and what its choice gives back), so that it weighs a half of a
split card as it weighs any spell.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import cache
from typing import Any

from splitcards.adapters.mtg.states import Action, State, derive, module

Player = Any
"""A python-mtg player (``mtg.Player``)."""


def heuristic() -> Player:
    """python-mtg's own AI, ``mtg.heuristic.HeuristicPlayer``: it plays a land, then the spell that
    does its board the most good a move ahead, attacks with intent and blocks to matter."""
    module()
    from mtg.heuristic import HeuristicPlayer

    return HeuristicPlayer()


def choose(player: Player, game: Any, casts: Callable[[Action], bool], left_out: Collection[str] = ()) -> Action:
    """The move ``player`` chooses in ``game`` (an ``mtg.Game``) for the player to move, as the
    engine's action tuple; a move for which ``casts`` says yes is shown to it as a cast, and no
    cast of an object in ``left_out`` is shown. A player that chooses nothing takes the first
    move, as python-mtg's own ``play`` does."""
    shown = _showing()(game, casts, frozenset(left_out))
    move = player.choose_move(shown)
    if move is None:
        move = shown.legal_moves[0]
    raw: Action = tuple(getattr(move, "raw", move))
    return raw


def wants_explicit_lands(player: Player) -> bool:
    """Whether the player plays its own lands (python-mtg's ``wants_explicit_lands``)."""
    return bool(getattr(player, "wants_explicit_lands", False))


@cache
def _showing() -> Callable[[Any, Callable[[Action], bool], frozenset[str]], Any]:
    """A game over the same position whose ``legal_moves`` show the moves ``casts`` names as
    casts, without the casts of the objects left out."""
    mtg = module()
    from mtg.models import CardRef, Move

    class Showing(mtg.Game):  # type: ignore[misc, name-defined]
        _casts: Callable[[Action], bool]
        _left_out: frozenset[str]

        @property
        def legal_moves(self) -> list[Any]:
            moves = super().legal_moves
            if self._left_out:
                moves = [
                    m for m in moves if not (m.kind == "cast" or self._casts(m.raw)) or m.raw[2] not in self._left_out
                ]
            return [_as_cast(m) if self._casts(m.raw) else m for m in moves]

    def _as_cast(move: Any) -> Any:
        raw = move.raw
        card = CardRef(id=raw[2], types=(), supertypes=())
        choices = raw[-1] if isinstance(raw[-1], dict) else {}
        return Move.model_construct(kind="cast", raw=raw, player=raw[1], card=card, choices=dict(choices))

    def show(game: Any, casts: Callable[[Action], bool], left_out: frozenset[str]) -> Any:
        shown = game.copy()
        shown.__class__ = Showing
        shown._casts = casts
        shown._left_out = left_out
        return shown

    return show


def break_ties(state: State) -> None:
    """Have python-mtg choose a target the same way in every process (edits ``state``).

    python-mtg chooses a target it was not given by the greediest of the legal ones (the
    strongest enemy for removal), and between two that are alike to it, the same controller and
    the same power, by the order its sets give: an order that changes from one process to the
    next (Python's string hashing), so a game replayed in another process would go another way.
    Its choice seam (``_policy``, which a python-mtg player's ``decide`` fills) is given one that
    takes the first of those alike, by id: python-mtg's choice as far as python-mtg tells them apart.
    """
    state[_POLICY] = _alike_first


_POLICY = "_policy"


def _alike_first(state: State, key: str, options: Any, default: Any) -> Any:
    if key != "target" or not isinstance(options, list) or default not in options:
        return default
    derived = derive(state, ["controls", "power"])
    controller = {obj: seat for (seat, obj) in derived["controls"]}
    power = {obj: int(n) for (obj, n) in derived["power"]}
    alike = (controller.get(default), power.get(default, 0))
    return next(o for o in options if (controller.get(o), power.get(o, 0)) == alike)
