"""The rules an answer of a Table's question cites, where no single decision gives them.

Most answers carry the citations of the decision behind them. A few questions are answered from
several decisions, or from a decision whose hook gives no citations (the legal names, the doors a
Room enters with): what those answers cite is decided here, by question, in the rule version's
numbering.
"""

from __future__ import annotations

from enum import StrEnum
from types import MappingProxyType

from splitcards.rules.versions import RuleVersion


class Question(StrEnum):
    """A question of the ``Table`` whose answer cites the rules of its question."""

    NAME_CHOICES = "name_choices"
    """The legal answers when a player chooses a card name (709.4a, 201.4b; 505.7, 708.7 before 2013)."""
    CASTABLE = "castable"
    """The options a card may be cast as now: the half or fused choice, the zone, the timing (709.3, 601.2a, 307.1)."""
    UNLOCK = "unlock"
    """Whether a door may be unlocked by the special action now (709.5e, 116.2m)."""
    ROOM_ENTERS = "room_enters"
    """The doors a Room enters the battlefield with unlocked: the half cast (709.5d)."""
    FACE_DOWN_SPELL = "face_down_spell"
    """What a face-down spell becomes as it resolves: a face-down permanent (708.4, 708.2a)."""


KEYS = MappingProxyType(
    {
        Question.NAME_CHOICES: ("name_choice",),
        Question.CASTABLE: ("cast_half", "cast_zone", "timing"),
        Question.UNLOCK: ("unlock_action",),
        Question.ROOM_ENTERS: ("room_enters",),
        Question.FACE_DOWN_SPELL: ("face_down",),
    }
)
"""The citation keys of each question's rules (:attr:`RuleVersion.citations`)."""


def cited(question: Question, rules: RuleVersion) -> tuple[str, ...]:
    """The rule numbers an answer to ``question`` cites under ``rules``."""
    return rules.cite(*KEYS[question])
