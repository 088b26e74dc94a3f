"""Whether a move the Table offered may be played as it is (:meth:`Table.play
<splitcards.game.table.Table.play>`, which plays it).

A move is played exactly as it says, or not at all, as python-chess's ``Board.push`` refuses a move
that is not legal: the rules must allow the player the cast or unlock now, and give it the total
cost the move carries. A move the rules refuse is refused with their own error, by the action
itself (``IllegalTiming`` once the phase moved on, ``IllegalZone`` once the card left its zone,
``AlreadyUnlocked``, ``NotController`` for an unlock by another than the Room's controller...).
A move the rules allow
at another cost (a cost effect came or went since it was offered) is an
:class:`~splitcards.errors.IllegalMove`: the engine said it could pay the cost the move carries,
not this one. Either way the host is asked nothing and the game is as it was.
"""

from __future__ import annotations

from splitcards.errors import IllegalMove
from splitcards.game.table.moves import Move, UnlockMove
from splitcards.game.table.queries import TableQueries
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import Player


def check_move(table: TableQueries, move: Move, player: Player) -> None:
    """Raise unless ``player`` may play ``move`` now as it is, as far as can be told before the
    action (whose own check refuses what the rules refuse)."""
    if isinstance(move, UnlockMove):
        if not table.can_unlock(move.obj, move.door, player).value:
            return  # the unlock refuses it with the rules' error, before anything is done
        answer = table.unlock_cost(move.obj, move.door)
        cost, cited = answer.value, answer.rules
    else:
        decision = table.cast_decision(
            move.obj, move.option, move.splice, caster=player, permission=move.permission
        )  # raises the rules' refusal
        cost, cited = decision.total_cost, decision.rules
    if cost != move.cost:
        # The rules that gave the cost it has now are the ones that refuse the move's.
        message = f"the move costs {_shown(move.cost)}, and the rules give it {_shown(cost)} now"
        raise IllegalMove(message, cited, table.rules.name)


def _shown(cost: ManaCost | None) -> str:
    return str(cost) if cost is not None else "no mana"
