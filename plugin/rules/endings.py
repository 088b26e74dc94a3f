"""How a game ends: why a player lost, from what the engine shows of them (104.3, 704.5).

The engine ends the game; these rules only name the reason for a log or a record, from the
player's life, poison counters and whether they drew from an empty library. They read no rule
version: these rules are the same in every edition the package knows.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class EndReason(StrEnum):
    """Why a game ended."""

    LIFE = "life 0"
    POISON = "ten poison counters"
    EMPTY_LIBRARY = "drew from an empty library"
    CONCEDED = "conceded"
    DRAW = "a draw"
    ACTION_CAP = "the action cap"


@dataclass(frozen=True, slots=True)
class Ending:
    """The reason a game ended and the rules that name it (none for the action cap, which is
    no rule of the game but the limit of a run)."""

    reason: EndReason
    rules: tuple[str, ...]


# The state-based action that makes a player lose, and the rule of the game it applies.
_BY_REASON = {
    EndReason.LIFE: ("704.5a", "104.3b"),
    EndReason.EMPTY_LIBRARY: ("704.5b", "104.3c"),
    EndReason.POISON: ("704.5c", "104.3d"),
    EndReason.CONCEDED: ("104.3a",),
    EndReason.DRAW: ("104.4a",),
    EndReason.ACTION_CAP: (),
}
POISON_TO_LOSE = 10


def why_lost(life: int, poison: int, drew_from_empty_library: bool) -> Ending:
    """Why a player who lost the game lost it: 0 or less life (704.5a), drawing from an empty
    library (704.5b), ten or more poison counters (704.5c); a player who lost with none of
    these conceded (104.3a). When several hold, they were checked at once (704.3) and the
    first of that order is named."""
    if life <= 0:
        reason = EndReason.LIFE
    elif drew_from_empty_library:
        reason = EndReason.EMPTY_LIBRARY
    elif poison >= POISON_TO_LOSE:
        reason = EndReason.POISON
    else:
        reason = EndReason.CONCEDED
    return ending(reason)


def ending(reason: EndReason) -> Ending:
    """The ending of this reason, with its rules."""
    return Ending(reason, _BY_REASON[reason])
