"""The split-card moves the adapter adds to python-mtg games that a program drives itself, as it
drives python-mtg (``game.legal_moves``, ``game.push``).

A :class:`SplitMoves` offers them (:mod:`~splitcards.adapters.mtg.offer`) and plays them for the
games of one rule version while it is installed (``with patches.patched(SplitMoves(rules,
table=table)): ...``, see :mod:`~splitcards.adapters.mtg.patches`), through the
:class:`~splitcards.game.table.Table` it is given, whose host it points at each position the
engine hands over. A ``push`` of a move is played as python-mtg plays a cast of its own: the
rules play the move (:meth:`Table.play <splitcards.game.table.Table.play>`), the player pays what
they said it costs, the opponent gets the engine's response window, and the stack resolves, each
resolution decided by the rules; the plugins' events are kept in the game state under
``_split_events``. In an AI game the game loop plays the moves instead
(:class:`~splitcards.adapters.mtg.ai.MtgAI`).
"""

from __future__ import annotations

import warnings
from typing import Any

import pluggy

from splitcards.adapters.mtg import driver, keys, payment, states, zones
from splitcards.adapters.mtg.host import MtgHost
from splitcards.adapters.mtg.offer import CAST, PASS, UNLOCK, Offering
from splitcards.adapters.mtg.patches import EngineStep
from splitcards.adapters.mtg.states import State
from splitcards.game.contract.moves import CastMove, Move, UnlockMove
from splitcards.game.table import Table
from splitcards.rules.card import Side
from splitcards.rules.model import CastOption, Player
from splitcards.rules.versions import RuleVersion

__all__ = ["CAST", "PASS", "UNLOCK", "SplitMoves"]


class SplitMoves(Offering):
    """The split-card moves of the python-mtg games of one rule version, offered and played
    through ``table``, a :class:`~splitcards.game.table.Table` over an
    :class:`~splitcards.adapters.mtg.host.MtgHost` (``MtgHost.cursor(rules)`` serves every game:
    the engine hands the adapter a new position at each call, and the table's host works on it).

    ``SplitMoves(rules)`` or ``SplitMoves(rules, pm)``, which make a table of their own (over a
    cursor, with the plugin manager ``pm``, default the process-wide one), are deprecated: the
    table is its caller's to make.
    """

    def __init__(
        self, rules: RuleVersion, pm: pluggy.PluginManager | None = None, *, table: Table | None = None
    ) -> None:
        if table is None:
            warnings.warn(
                "SplitMoves(rules, pm) making a Table of its own is deprecated: give it its games' table,"
                " SplitMoves(rules, table=Table(MtgHost.cursor(rules), rules, pm))",
                DeprecationWarning,
                stacklevel=2,
            )
            table = Table(MtgHost.cursor(rules), rules, pm)
        host = table.host
        if not isinstance(host, MtgHost):
            raise TypeError(f"SplitMoves(table=...): a table over an MtgHost, not over {type(host).__name__}")
        super().__init__(rules, host, table.moves)
        self.table = table

    def __repr__(self) -> str:
        return f"SplitMoves({self.rules.name!r})"

    def step(self, state: State, action: Any, engine_step: EngineStep) -> State:
        """Play one move: split-card moves here, every other kind by the engine."""
        raw = getattr(action, "raw", action)
        if raw[0] not in (CAST, UNLOCK):
            if keys.TIMING in state:
                # A timing set by hand (priority to the non-active player...) lasts until the next move.
                state = {k: v for k, v in state.items() if k != keys.TIMING}
            return engine_step(state, raw)
        new = states.clone(state)
        new.pop(keys.TIMING, None)
        host, table = self._host, self.table
        seat = raw[1]
        start = len(table.events)
        try:
            with host.on(new), states.quiet():
                player = host.player(seat)
                move = self._move(new, player, raw)
                if isinstance(move, CastMove):
                    host.keep_choices(move.obj, raw[4])
                table.play(move, player)
                payment.pay(new, seat, move.cost)
                if isinstance(move, CastMove):
                    self._resolve_stack(new, seat)
                new[keys.EVENTS] = [*state.get(keys.EVENTS, []), *(e.as_dict() for e in table.events[start:])]
                driver.advance_to_decision(new)
        finally:
            del table.events[start:]
        return new

    def _move(self, state: State, player: Player, raw: Any) -> Move:
        """The move of the rules' that ``raw`` makes; one they don't offer is played as it is, so
        that the play refuses it with their error."""
        kind, seat, obj, choice = raw[:4]
        for move in self.table.moves(player, (obj,), states.permissions(state, seat)):
            if isinstance(move, CastMove) and kind == CAST and move.option.value == choice:
                return move
            if isinstance(move, UnlockMove) and kind == UNLOCK and move.door.value == choice:
                return move
        return CastMove(obj, CastOption(choice), None) if kind == CAST else UnlockMove(obj, Side(choice), None)

    def _resolve_stack(self, state: State, caster: str) -> None:
        # The engine's priority loop (the driver's _resolve_stack), each resolution decided by the
        # rules: python-mtg's push of a cast resolves it.
        players = sorted(p for (p,) in state["is_player"])
        while zones.stack(state):
            if any(p != caster and driver.responds(state, p) for p in players):
                continue
            self.table.resolve()
        state["has_priority"] = set()
