"""Making phase's state match the rules' decision after a card left the stack.

phase moves a resolved or countered card by its own rules; where they disagree with the rule
version's (see :mod:`splitcards.adapters.phase.deviations`), the card is moved where the rules
said and a Room gets the doors they said. Each correction is named, so a game can report which
deviations it met.
"""

from __future__ import annotations

from splitcards.adapters.phase.session import PhaseSession
from splitcards.adapters.phase.translate import zone_of
from splitcards.game.contract import Host
from splitcards.rules.card import Layout, Side
from splitcards.rules.model import Zone


def correct(
    session: PhaseSession, host: Host, oid: int, destination: Zone | None, unlocked: frozenset[Side] = frozenset()
) -> list[str]:
    """Make phase's state match the rules' decision for a card that left the stack
    (``destination`` ``None``: a copy that ceases to exist); returns the corrections made."""
    fixed: list[str] = []
    if destination is None:
        if session.exists(oid) and session.object(oid)["zone"] != "Stack":
            # A cast copy of a card is a real card to phase, which puts it into a graveyard.
            session.debug("RemoveObject", object_id=oid)
            session.made.add(oid)
            fixed.append("no-card-copies")
        return fixed
    if not session.exists(oid):
        return fixed
    if zone_of(session.object(oid)) is not destination:
        session.move(oid, destination)
        fixed.append("aftermath-not-exiled" if destination is Zone.EXILE else "wrong-destination")
    room = destination is Zone.BATTLEFIELD and session.card_of(oid).layout is Layout.ROOM
    if room and host.view(str(oid)).unlocked != unlocked:
        host.set_unlocked(str(oid), unlocked)
        fixed.append("room-doors")
    return fixed


def spell_left(session: PhaseSession, host: Host, oid: int, destination: Zone) -> list[str]:
    """A spell left phase's stack without the rules (countered, bounced): the adapter's record
    of it ends (400.7), and the card goes where the rules said if phase put it elsewhere."""
    session.facts.pop(oid, None)
    return correct(session, host, oid, destination)
