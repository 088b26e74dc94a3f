"""Which actions the rules offer for an object: casting it, or unlocking a door of it.

A player's moves (``Table.moves``) are asked about the objects whose actions the rules offer: a
card is cast from the zone it is in, never from the stack, where it already is a spell, nor from
the battlefield, where it is a permanent (601.2a); a Room permanent's doors are unlocked by the
special action of its controller (709.5e). Whether each move is legal now, and what it costs, is
the casting and unlocking decisions' answer.
"""

from __future__ import annotations

from enum import StrEnum

from splitcards.rules.model import Answer, ObjectView, Player, Zone
from splitcards.rules.versions import RuleVersion


class MoveKind(StrEnum):
    """A kind of action a player's moves may hold."""

    CAST = "cast"
    """Cast the card, as one of the options it may be cast as (601.2a)."""
    UNLOCK = "unlock"
    """Unlock one of the Room's doors by the special action (709.5e)."""


def move_kinds(view: ObjectView, player: Player, rules: RuleVersion) -> Answer[frozenset[MoveKind]]:
    """The kinds of move ``player`` may have with the object ``view`` describes: a card outside
    the stack and the battlefield is cast (601.2a); a Room permanent's doors are its
    controller's to unlock (709.5e); a spell and any other permanent offer none."""
    if view.zone is Zone.BATTLEFIELD:
        if rules.rooms and view.card.is_room and view.controller is player:
            return Answer(frozenset({MoveKind.UNLOCK}), rules.cite("unlock_action"), rules.name)
        return Answer(frozenset(), rules.cite("cast_zone"), rules.name)
    if view.zone is Zone.STACK:
        return Answer(frozenset(), rules.cite("cast_zone"), rules.name)
    return Answer(frozenset({MoveKind.CAST}), rules.cite("cast_zone"), rules.name)
