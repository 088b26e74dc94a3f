"""The moves the rules allow a player now, each with its total cost: one question for whoever
offers moves to an AI or adds the moves its engine never offers.

An engine's AI chooses among moves; the split-card ones (a half, both halves fused, an aftermath
half from a graveyard, a Room's door) are the rules' to allow. :meth:`Table.moves
<splitcards.game.table.Table.moves>` lists them over the objects it is given, each a
:class:`CastMove` or an :class:`UnlockMove` (:mod:`splitcards.game.contract.moves`, the engine's side
of the contract, and importable from here too) carrying the total cost the rules give it now. It asks
the Table's own questions (``castable``, ``cast_decision``, ``can_unlock``, ``unlock_cost``), so a
plugin that refuses a cast or changes its cost is in the answer; a move is then played through the
same Table, :meth:`Table.play <splitcards.game.table.Table.play>` (as python-chess's ``Board.push``),
which refuses one that is no longer the move the rules offer. A cast is offered only with a legal
choice for each target it requires among the host's objects (601.2c; both halves' for a fused cast,
702.102c). What only the engine knows, whether the mana can be made, is the caller's to ask it.

Which objects have which kinds of move is the rules' decision too (``decide_move_kinds``: a card is
cast from the zone it is in, a Room permanent's doors are unlocked by its controller), and each cast
is asked of the hooks ``cast`` asks, once: a move offered is one its action takes, at the cost given.

While the built-in rules alone answer a move's hooks, an object's moves are a function of its view,
the permission, the player and the timing, and a table keeps them (:class:`MoveMemo`): an engine
that asks at every position of its search pays for the objects that changed only. The moves of a
card whose casts require targets depend on the objects where those targets could be too (the
battlefield, for "target creature"): they are kept with what those zones held, and given again
only while the zones hold the same objects, described the same.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable

import pluggy

from splitcards.errors import IllegalAction
from splitcards.game.contract.moves import CastMove, Move, UnlockMove
from splitcards.game.plugins import hookcalls
from splitcards.game.plugins.manager import builtins_answer
from splitcards.game.table.castmemo import HOOKS as CASTABLE_HOOKS
from splitcards.game.table.inputs import CastOrder
from splitcards.game.table.queries import TableQueries
from splitcards.game.table.state import Board, Seen
from splitcards.rules.card import Side
from splitcards.rules.model import CastOption, ObjectId, ObjectView, Player, Timing, Zone
from splitcards.rules.offers import MoveKind

__all__ = ["CastMove", "Move", "MoveMemo", "UnlockMove", "allowed_moves"]

# How many objects' answers one table keeps.
_KEPT = 4096

# The hooks the moves ask; their answers are kept only while no plugin implements any of them.
_HOOKS = (
    hookcalls.decide_move_kinds,
    *CASTABLE_HOOKS,
    hookcalls.decide_doors,
    hookcalls.check_unlock,
    hookcalls.decide_unlock_cost,
)


class MoveMemo:
    """The moves of one table's objects, by circumstances (see the module's description)."""

    __slots__ = ("_answers", "_pm")

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self._pm = pm
        self._answers: dict[Hashable, tuple[tuple[Move, ...], Seen]] = {}

    def keeps(self) -> bool:
        """Whether the moves are a function of their circumstances alone now (the manager says
        which plugins implement a hook, so registering one takes effect at once)."""
        return builtins_answer(self._pm, _HOOKS)

    def get(self, key: Hashable, board: Board) -> tuple[Move, ...] | None:
        """The moves kept for these circumstances, if what they read of ``board`` is as it was
        (ask :meth:`keeps` first)."""
        found = self._answers.get(key)
        if found is None or not found[1].holds(board):
            return None
        return found[0]

    def keep(self, key: Hashable, moves: tuple[Move, ...], seen: Seen) -> None:
        """Keep an object's moves, with what they read of the other objects (ask :meth:`keeps` first)."""
        if len(self._answers) >= _KEPT:
            self._answers.clear()
        self._answers[key] = (moves, seen)


def allowed_moves(
    table: TableQueries, memo: MoveMemo, player: Player, objs: Iterable[ObjectId], permitted: Collection[ObjectId]
) -> tuple[Move, ...]:
    """The moves the rules allow ``player`` now among ``objs``, in their order (see
    :meth:`Table.moves <splitcards.game.table.Table.moves>`)."""
    timing = table._checked.timing()
    # Asked once: no plugin is registered while the Table answers.
    keeps = memo.keeps()
    board = table._board()  # read once, and only if a target or a plugin looks at it
    found: list[Move] = []
    for obj in objs:
        view = table.view(obj)
        permission = view.zone if obj in permitted else None
        key = (obj, view, permission, player, timing, table._circumstances(obj))
        moves = memo.get(key, board) if keeps else None
        if moves is None:
            mark = board.mark()
            moves = _moves(table, obj, view, permission, player, timing, board)
            # Moves found by looking at the other objects (a target's choices, 601.2c) are of them too.
            seen = board.seen_since(mark) if keeps else None
            if seen is not None:
                memo.keep(key, moves, seen)
        found += moves
    return tuple(found)


def _moves(
    table: TableQueries,
    obj: ObjectId,
    view: ObjectView,
    permission: Zone | None,
    player: Player,
    timing: Timing,
    board: Board,
) -> tuple[Move, ...]:
    kinds = table._decided(hookcalls.decide_move_kinds, view=view, player=player).value
    moves: list[Move] = []
    if MoveKind.UNLOCK in kinds:
        moves += _unlocks(table, obj, player)
    if MoveKind.CAST in kinds:
        moves += _casts(table, obj, view, permission, player, timing, board)
    return tuple(moves)


def _casts(
    table: TableQueries,
    obj: ObjectId,
    view: ObjectView,
    permission: Zone | None,
    player: Player,
    timing: Timing,
    board: Board,
) -> list[Move]:
    # Each option is asked as castable asks it and decided as cast decides it, once.
    moves: list[Move] = []
    for option in CastOption:
        request = table._request(CastOrder(obj, option, caster=player, permission=permission), view)
        decision = table._cast_answer(request, timing, board, kept=True)
        if not isinstance(decision, IllegalAction):
            moves.append(CastMove(obj, option, decision.total_cost, permission))
    return moves


def _unlocks(table: TableQueries, obj: ObjectId, player: Player) -> list[Move]:
    return [
        UnlockMove(obj, door, table.unlock_cost(obj, door).value)
        for door in Side
        if table.can_unlock(obj, door, player).value
    ]
