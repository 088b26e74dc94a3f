"""The moves the rules allow a player now, each with its total cost: one question for whoever
offers moves to an AI or adds the moves its engine never offers.

An engine's AI chooses among moves; the split-card ones (a half, both halves fused, an aftermath
half from a graveyard, a Room's door) are the rules' to allow. :meth:`Table.moves
<splitcards.game.table.Table.moves>` lists them over the objects it is given, each a
:class:`CastMove` or an :class:`UnlockMove` carrying the total cost the rules give it now. It asks
the Table's own questions (``castable``, ``cast_decision``, ``can_unlock``, ``unlock_cost``), so a
plugin that refuses a cast or changes its cost is in the answer; a move is then played through the
same Table (``table.cast(move.obj, move.option, caster=player, permission=move.permission)`` or
``table.unlock(move.obj, move.door)``). What only the engine knows, whether the mana can be made
and whether targets exist, is the caller's to ask it.

While the built-in rules alone answer a move's hooks, an object's moves are a function of its view,
the permission, the player and the timing, and a table keeps them (:class:`MoveMemo`): an engine
that asks at every position of its search pays for the objects that changed only.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable
from dataclasses import dataclass
from typing import Any

import pluggy

from splitcards.errors import IllegalAction
from splitcards.game.plugins import hookcalls
from splitcards.game.plugins.manager import builtins_alone, plugins_implementing
from splitcards.game.table.queries import TableQueries
from splitcards.rules.card import Side
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption, ObjectId, Player, Zone


@dataclass(frozen=True, slots=True)
class CastMove:
    """Cast the card ``obj`` as ``option`` (a half, both halves fused, or whole) from the zone it is
    in. ``cost`` is the total cost the rules give the cast now, every plugin's cost effect included
    (601.2f; ``None`` when no mana is paid, X counted as 0). ``permission`` is the zone an effect lets
    the card be cast from (pass it on to ``Table.cast``), ``None`` when the rules' own ways do."""

    obj: ObjectId
    """The card to cast."""
    option: CastOption
    """How it is cast: a half, both halves fused, or whole."""
    cost: ManaCost | None
    """The total cost of the cast now, every plugin's cost effect included (``None``: no mana)."""
    permission: Zone | None = None
    """The zone an effect lets the card be cast from, ``None`` when the rules' own ways do."""


@dataclass(frozen=True, slots=True)
class UnlockMove:
    """Take the special action that unlocks the ``door`` of the Room ``obj``, paying ``cost``, its
    unlock cost (709.5e)."""

    obj: ObjectId
    """The Room."""
    door: Side
    """The locked door to unlock."""
    cost: ManaCost | None
    """Its unlock cost (``None``: no mana)."""


Move = CastMove | UnlockMove


# How many objects' answers one table keeps.
_KEPT = 4096

# The hooks each kind of move asks; its answers are kept only while the built-in rules alone
# answer them (no plugin adds cost effects: the built-in rules add none).
_CAST_HOOKS = (hookcalls.check_cast, hookcalls.decide_cast)
_UNLOCK_HOOKS = (hookcalls.decide_doors, hookcalls.check_unlock, hookcalls.decide_unlock_cost)


class MoveMemo:
    """The moves of one table's objects, by circumstances (see the module's description)."""

    __slots__ = ("_answers", "_pm")

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self._pm = pm
        self._answers: dict[Hashable, tuple[Move, ...]] = {}

    def keeps(self, hooks: tuple[Any, ...]) -> bool:
        """Whether the moves that ask ``hooks`` are a function of their circumstances alone now
        (the manager says which plugins implement a hook, so registering one takes effect at once)."""
        if plugins_implementing(self._pm, hookcalls.decide_cost_effects):
            return False
        return all(builtins_alone(self._pm, hook) for hook in hooks)

    def get(self, key: Hashable) -> tuple[Move, ...] | None:
        """The moves kept for these circumstances (ask :meth:`keeps` first)."""
        return self._answers.get(key)

    def keep(self, key: Hashable, moves: tuple[Move, ...]) -> None:
        """Keep an object's moves (ask :meth:`keeps` first)."""
        if len(self._answers) >= _KEPT:
            self._answers.clear()
        self._answers[key] = moves


def allowed_moves(
    table: TableQueries, memo: MoveMemo, player: Player, objs: Iterable[ObjectId], permitted: Collection[ObjectId]
) -> tuple[Move, ...]:
    """The moves the rules allow ``player`` now among ``objs``, in their order (see
    :meth:`Table.moves <splitcards.game.table.Table.moves>`)."""
    timing = table._checked.timing()
    # Asked once: no plugin is registered while the Table answers.
    keep_casts, keep_unlocks = memo.keeps(_CAST_HOOKS), memo.keeps(_UNLOCK_HOOKS)
    found: list[Move] = []
    for obj in objs:
        view = table.view(obj)
        if view.zone is Zone.BATTLEFIELD:
            # An unlock is its controller's move (709.5e); a permanent is never cast.
            if not view.card.is_room or view.controller is not player:
                continue
            key: Hashable = ("unlock", obj, view, timing)
            moves = memo.get(key) if keep_unlocks else None
            if moves is None:
                moves = _unlocks(table, obj)
                if keep_unlocks:
                    memo.keep(key, moves)
        elif view.zone is not Zone.STACK:
            # A spell is never cast again: a card is cast from the zone it is in (601.2a).
            permission = view.zone if obj in permitted else None
            key = ("cast", obj, view, permission, player, timing)
            moves = memo.get(key) if keep_casts else None
            if moves is None:
                moves = _casts(table, obj, permission, player)
                if keep_casts:
                    memo.keep(key, moves)
        else:
            continue
        found += moves
    return tuple(found)


def _casts(table: TableQueries, obj: ObjectId, permission: Zone | None, player: Player) -> tuple[Move, ...]:
    moves: list[Move] = []
    for option in table.castable(obj, permission, caster=player).value:
        try:
            decision = table.cast_decision(obj, option, caster=player, permission=permission)
        except IllegalAction:
            # A plugin's decision may refuse what its check let through.
            continue
        moves.append(CastMove(obj, option, decision.total_cost, permission))
    return tuple(moves)


def _unlocks(table: TableQueries, obj: ObjectId) -> tuple[Move, ...]:
    return tuple(
        UnlockMove(obj, door, table.unlock_cost(obj, door).value) for door in Side if table.can_unlock(obj, door).value
    )
