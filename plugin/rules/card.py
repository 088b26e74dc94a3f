"""Cards as the rules see them: a one-faced card, or a split card with two halves (CR 709.1).

These objects are immutable and hash quickly (the hash is computed once), so that rule
answers about them can be cached.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

from splitcards.rules.mana import ManaCost


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
    """One "target ..." phrase of a half's text (115.1): what can be chosen for it.

    ``kind`` is what is chosen: ``"any"`` (a creature, player, planeswalker or battle, 115.4),
    ``"player"``, ``"opponent"``, ``"permanent"``, ``"spell"`` (on the stack, 109.2b), ``"card"``
    (a card in ``zone``, 109.2a) or ``"ability"`` (on the stack). The rest narrows it:

    * ``types``: card types or subtypes, any one of which it has ("artifact or enchantment");
      ``supertypes``: all of which it has ("legendary"); ``colors``: color letters, any one of
      which it has ("red"); ``excluded``: types, supertypes, subtypes or color letters it must
      not have ("nonblack", "non-Spirit", "noncreature"); ``qualities``: ``colorless``,
      ``multicolored``, ``monocolored``, ``token``, ``nontoken``;
    * ``zone`` (``battlefield``, ``stack``, ``graveyard``, ``hand``, ``library``, ``exile``;
      ``None`` for a card whose zone the text does not name), ``controller`` of a permanent or
      spell and ``owner`` of a card ("you control", "your graveyard"): ``"you"`` or ``"opponent"``;
    * ``count`` targets must be chosen ("two target lands"), none if ``optional`` ("up to one",
      "any number of", "X"); ``or_player``: ``"player"`` or ``"opponent"`` when a player may be
      chosen instead ("target creature or player");
    * ``unjudged``: the words of the description that only the game's state could tell (tapped,
      attacking, "with power 2 or less"...). A target is judged as if they held.
    """

    kind: str
    count: int = 1
    optional: bool = False
    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    excluded: tuple[str, ...] = ()
    qualities: tuple[str, ...] = ()
    zone: str | None = None
    controller: str | None = None
    owner: str | None = None
    or_player: str | None = None
    unjudged: tuple[str, ...] = ()

    def describe(self) -> str:
        """The requirement in words, for messages: ``"legendary creature card in your graveyard"``."""
        if self.kind == "any":
            return "any target"
        words = [w.lower() for w in self.supertypes]
        words += [" or ".join(_COLOR_NAMES[c] for c in self.colors)] if self.colors else []
        words += [
            f"non{_COLOR_NAMES.get(e) or (e.lower() if e.lower() in _CARD_TYPES else '-' + e)}" for e in self.excluded
        ]
        words += list(self.qualities)
        noun = " or ".join(t.lower() if t.lower() in _CARD_TYPES else t for t in self.types)
        if self.kind in ("card", "spell", "ability") or not noun:
            noun = f"{noun} {self.kind}".strip()
        if self.count > 1:
            noun = f"{self.count} {noun}s"
        if self.or_player:
            noun += f" or {self.or_player}"
        whose = {"you": " you control", "opponent": " an opponent controls"}.get(self.controller or "", "")
        if self.kind == "card" and self.zone is not None:
            owner = {"you": "your", "opponent": "an opponent's"}.get(self.owner or "", "a")
            whose = f" in {owner} {self.zone}" if self.zone != "exile" else " in exile"
        return " ".join([*words, noun]) + whose


@dataclass(frozen=True, slots=True)
class Half:
    """One face of a card: a half of a split card, a door of a Room, a one-faced card, or another
    face of a card whose layout the split-card rules don't concern (:attr:`Card.other_faces`).

    ``text`` is the face's whole rules text. ``aftermath``, ``unlock_trigger``, ``splice`` and
    ``targets`` are what the split-card rules read of it. ``power``, ``toughness``, ``loyalty``,
    ``defense`` (as printed: ``"2"``, ``"*"``, ``"1+*"``; ``None`` when the face has none),
    ``keywords`` (as the card data lists them; ``None`` when it lists none) and
    ``color_indicator`` (``None`` without one, 204) are printed characteristics the split-card
    rules never read: they are kept so that an engine is given the whole card.
    """

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
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    keywords: tuple[str, ...] | None = None
    color_indicator: frozenset[str] | None = None

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
    shared type line (709.5a). ``source_layout`` keeps the card data's layout of a card that is
    neither a split card nor a normal one (``"transform"``, ``"adventure"``...): the rules see it
    as a one-faced card (layout ``NORMAL``) with its front face's characteristics, and
    ``other_faces`` holds its other faces in the card data's order, for the engine alone.
    """

    name: str
    halves: tuple[Half, ...]
    layout: Layout = Layout.NORMAL
    fuse: bool = False
    source_layout: str = ""
    other_faces: tuple[Half, ...] = ()
    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        key = (self.name, self.halves, self.layout, self.fuse, self.source_layout, self.other_faces)
        object.__setattr__(self, "_hash", hash(key))

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
        return Side.LEFT if half == self.halves[0] else Side.RIGHT


# The words of rules text for colors and card types (105.1, 300.1), shared by the text reader
# (splitcards.rules.oracle) and the descriptions of targets above.
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_COLOR_NAMES = {letter: word for word, letter in COLOR_WORDS.items()}
CARD_TYPE_WORDS = frozenset(
    {"artifact", "battle", "creature", "enchantment", "instant", "kindred", "land", "planeswalker", "sorcery", "tribal"}
)
_CARD_TYPES = CARD_TYPE_WORDS
