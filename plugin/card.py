"""Cards as the rules see them: a one-faced card, or a split card with two halves (CR 709.1).

These objects are immutable and hash quickly (the hash is computed once), so that rule
answers about them can be cached.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

from splitcards.mana import ManaCost


class Side(StrEnum):
    """A half of a split card, or a door of a Room (709.5j)."""

    LEFT = "left"
    RIGHT = "right"


class Layout(StrEnum):
    """How a card's faces are laid out."""

    NORMAL = "normal"
    SPLIT = "split"
    AFTERMATH = "aftermath"
    ROOM = "room"  # a split card with a shared type line (709.5)


@dataclass(frozen=True, slots=True)
class Splice:
    """A splice ability (702.47a): "Splice onto [quality] [cost]".

    ``qualities`` are the subtypes or card types a spell needs (any one of them: "instant or
    sorcery" gives two); ``cost`` is the mana part of the cost, ``other_cost`` any other part
    ("Exile four cards from your graveyard").
    """

    qualities: tuple[str, ...]
    cost: ManaCost | None
    other_cost: str = ""


@dataclass(frozen=True, slots=True)
class Target:
    """One target a half's text asks for: ``kind`` is the noun (``"any"``, ``"creature"``,
    ``"spell"``...); ``optional`` when the text says "up to"; ``controller`` is ``"you"`` or
    ``"opponent"`` when the text says whose permanent it must be."""

    kind: str
    optional: bool = False
    controller: str | None = None


@dataclass(frozen=True, slots=True)
class Half:
    """One face of a card: a half of a split card, a door of a Room, or a one-faced card."""

    name: str
    mana_cost: ManaCost | None
    type_line: str
    card_types: tuple[str, ...]
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: frozenset[str] = frozenset()
    text: str = ""
    aftermath: bool = False
    unlock_trigger: bool = False
    splice: Splice | None = None
    targets: tuple[Target, ...] = ()

    @property
    def mana_value(self) -> int:
        return self.mana_cost.mana_value if self.mana_cost is not None else 0

    @property
    def is_instant_speed(self) -> bool:
        """Whether this half may be cast any time its caster has priority (304.1, 702.8a flash)."""
        return "Instant" in self.card_types or bool(_FLASH.search(self.text))

    @property
    def is_permanent(self) -> bool:
        """Whether it would be a permanent (110.4): Kindred, like Tribal before it, is a card type
        but not a permanent type, so a Kindred instant is still an instant (308.1)."""
        return bool(set(self.card_types) & PERMANENT_TYPES)


PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"})
_FLASH = re.compile(r"^Flash\b", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Card:
    """A card: one half, or two halves of a split card in left-right order.

    ``fuse`` is the fuse keyword (702.102). For a Room (layout ``ROOM``) both halves carry the
    shared type line (709.5a).
    """

    name: str
    halves: tuple[Half, ...]
    layout: Layout = Layout.NORMAL
    fuse: bool = False
    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.name, self.halves, self.layout, self.fuse)))

    def __hash__(self) -> int:
        return self._hash

    @property
    def is_split(self) -> bool:
        return len(self.halves) == 2

    @property
    def is_room(self) -> bool:
        return self.layout is Layout.ROOM

    def half(self, side: Side) -> Half:
        """The left or right half; raises ``ValueError`` for a one-faced card."""
        if not self.is_split:
            raise ValueError(f"{self.name!r} is not a split card")
        return self.halves[0 if side is Side.LEFT else 1]

    def side_of(self, half: Half) -> Side:
        return Side.LEFT if half is self.halves[0] else Side.RIGHT


_SPLICE = re.compile(
    r"^Splice onto (?P<quality>\w+ or \w+|[\w-]+)\s*(?:(?P<cost>(?:\{[^}]+\})+)|[—-]\s*(?P<other>[^\n(]+))",
    re.MULTILINE,
)
# The noun after "target" decides what must exist; adjectives ("nonblack", "tapped") are not
# weighed, so a target is only ever judged missing when nothing of its kind exists at all.
_TARGET = re.compile(
    r"\b(?P<upto>up to (?:one|two|three|four|\w+) )?(?:other )?target (?:[a-z-]+ ){0,3}?"
    r"(?P<kind>creature|artifact|enchantment|land|planeswalker|battle|permanent|spell|player|opponent|card)s?\b"
    r"(?P<who> you control| you don't control| an opponent controls| your opponents control)?",
    re.IGNORECASE,
)
_WHOSE = {"you control": "you", "you don't control": "opponent", "an opponent controls": "opponent"}
_WHOSE["your opponents control"] = "opponent"
_ANY_TARGET = re.compile(r"\bany (?:one |other )?target\b", re.IGNORECASE)
_UNLOCK_TRIGGER = re.compile(r"\bwhen(?:ever)? you unlock this door\b", re.IGNORECASE)
_AFTERMATH = re.compile(r"^Aftermath\b", re.MULTILINE)


def text_features(text: str) -> tuple[Splice | None, tuple[Target, ...], bool, bool]:
    """Read the abilities the rules here care about from rules text.

    Returns the splice ability, the targets, whether the text has a "When you unlock this
    door" trigger (709.5h) and whether it has aftermath (702.127a). Reminder text in
    parentheses is ignored.
    """
    plain = re.sub(r"\([^)]*\)", "", text)
    match = _SPLICE.search(plain)
    splice = None
    if match:
        qualities = tuple(q.capitalize() for q in match["quality"].split(" or "))
        cost = ManaCost.parse(match["cost"]) if match["cost"] else None
        splice = Splice(qualities, cost, (match["other"] or "").strip().rstrip("."))
    targets = [Target("any") for _ in _ANY_TARGET.finditer(plain)]
    targets += [
        Target(m["kind"].lower(), bool(m["upto"]), _WHOSE.get((m["who"] or "").strip().lower()))
        for m in _TARGET.finditer(plain)
    ]
    return splice, tuple(targets), bool(_UNLOCK_TRIGGER.search(plain)), bool(_AFTERMATH.search(plain))
