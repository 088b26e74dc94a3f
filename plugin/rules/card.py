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
    """The left half as printed (the first in card data); a Room's left door."""
    RIGHT = "right"
    """The right half; for aftermath, the half cast from a graveyard (702.127a)."""


class Layout(StrEnum):
    """How a card's faces are laid out."""

    NORMAL = "normal"
    """One face the rules read: a card that is not split (and any other layout, such as
    ``transform``, read as its front face)."""
    SPLIT = "split"
    """A split card: two halves side by side, each cast on its own or, with fuse, both (709, 702.102)."""
    AFTERMATH = "aftermath"
    """A split card whose second half has aftermath: cast only from a graveyard, then exiled (702.127)."""
    ROOM = "room"
    """A Room: a split card with a shared type line, whose halves are doors (709.5)."""


@dataclass(frozen=True, slots=True)
class Splice:
    """A splice ability (702.47a): ``Splice onto [quality] [cost]``.

    The card it is on is spliced onto a spell with one of its ``qualities`` by paying its cost
    as an additional cost of that spell (702.47a, 601.2f).
    """

    qualities: tuple[str, ...]
    """The subtypes or card types a spell needs, any one of them (``("Arcane",)``; "instant or sorcery" gives two)."""
    cost: ManaCost | None
    """The mana part of the splice cost; ``None`` when it has none."""
    other_cost: str = ""
    """Any other part of the cost, in words ("Exile four cards from your graveyard"); ``""`` when there is none."""


@dataclass(frozen=True, slots=True)
class Target:
    """One "target ..." phrase of a half's text (115.1): what can be chosen for it.

    ``kind`` says what is chosen; the other fields narrow it. A spell is cast with its targets
    chosen (601.2c).
    """

    kind: str
    """What is chosen: ``"any"`` (a creature, player, planeswalker or battle, 115.4), ``"player"``, ``"opponent"``,
    ``"permanent"``, ``"spell"`` (on the stack, 109.2b), ``"card"`` (a card in ``zone``, 109.2a) or ``"ability"`` (on
    the stack)."""
    count: int = 1
    """How many targets are chosen ("two target lands": 2)."""
    optional: bool = False
    """Whether none may be chosen ("up to one", "any number of", "X target")."""
    types: tuple[str, ...] = ()
    """Card types or subtypes, any one of which the target has ("artifact or enchantment")."""
    supertypes: tuple[str, ...] = ()
    """Supertypes the target has, all of them ("legendary")."""
    colors: tuple[str, ...] = ()
    """Color letters, any one of which the target has ("red": ``("R",)``)."""
    excluded: tuple[str, ...] = ()
    """Types, supertypes, subtypes or color letters it must not have ("nonblack", "non-Spirit", "noncreature")."""
    qualities: tuple[str, ...] = ()
    """``colorless``, ``multicolored``, ``monocolored``, ``token`` or ``nontoken``, each of which it must be."""
    zone: str | None = None
    """The zone of a card target (``battlefield``, ``stack``, ``graveyard``, ``hand``, ``library``, ``exile``); ``None``
    where the text names none."""
    controller: str | None = None
    """Who controls a permanent or spell target ("you control"): ``"you"`` or ``"opponent"``; ``None``: anyone."""
    owner: str | None = None
    """Who owns a card target ("your graveyard"): ``"you"`` or ``"opponent"``; ``None``: anyone."""
    or_player: str | None = None
    """``"player"`` or ``"opponent"`` when a player may be chosen instead ("target creature or player");
    else ``None``."""
    unjudged: tuple[str, ...] = ()
    """The words of the description only the game's state could tell (tapped, attacking, "with power 2 or less"): a
    target is judged as if they held."""

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

    ``aftermath``, ``unlock_trigger``, ``splice`` and ``targets`` are what the split-card rules
    read of its text. ``power``, ``toughness``, ``loyalty``, ``defense``, ``keywords`` and
    ``color_indicator`` are printed characteristics the split-card rules never read: they are kept
    so that an engine is given the whole card.
    """

    name: str
    """The face's name (``"Fire"``); the card's :attr:`Card.name` joins its halves' (``"Fire // Ice"``)."""
    mana_cost: ManaCost | None
    """Its mana cost as printed; ``None`` for a face with no mana cost (202.1b), which is not {0}."""
    type_line: str
    """The type line as printed (``"Instant"``, ``"Enchantment — Room"``)."""
    card_types: tuple[str, ...]
    """Its card types (``("Instant",)``), read from the type line (205.2a)."""
    subtypes: tuple[str, ...] = ()
    """Its subtypes (``("Arcane",)``, ``("Room",)``)."""
    supertypes: tuple[str, ...] = ()
    """Its supertypes (``("Legendary",)``)."""
    colors: frozenset[str] = frozenset()
    """Its colors as letters (``W``, ``U``, ``B``, ``R``, ``G``): the card data's, or without them its mana
    cost's and color indicator's (202.2, 204)."""
    text: str = ""
    """Its whole rules text."""
    aftermath: bool = False
    """Whether this half has aftermath: cast only from a graveyard, and exiled as it leaves the stack (702.127a)."""
    unlock_trigger: bool = False
    """Whether this door has a "when you unlock this door" ability (709.5h)."""
    splice: Splice | None = None
    """Its splice ability (702.47a), or ``None``."""
    targets: tuple[Target, ...] = ()
    """Its "target ..." phrases, in the order of its text (115.1)."""
    power: str | None = None
    """Printed power (``"2"``, ``"*"``, ``"1+*"``); ``None`` when the face has none. Never read by the rules."""
    toughness: str | None = None
    """Printed toughness, like ``power``; ``None`` when the face has none."""
    loyalty: str | None = None
    """Printed loyalty; ``None`` when the face has none."""
    defense: str | None = None
    """Printed defense (a battle's); ``None`` when the face has none."""
    keywords: tuple[str, ...] | None = None
    """Its keywords as the card data lists them; ``None`` when the data lists none."""
    color_indicator: frozenset[str] | None = None
    """The colors of its color indicator (204); ``None`` without one."""

    @property
    def mana_value(self) -> int:
        """The mana value of its mana cost (202.3); 0 without one."""
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
"""The card types of a permanent (110.4): a spell with one of them is a permanent spell."""
_FLASH = re.compile(r"^Flash\b", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Card:
    """A card: one half, or two halves of a split card in left-right order (709.1).

    A card of another layout with several faces (``"transform"``, ``"adventure"``...) is seen by
    the rules as a one-faced card with its front face's characteristics; its other faces are kept
    for the engine alone. Read one from card data with :func:`~splitcards.cards.loaders.card_from_mtgjson`
    or :func:`~splitcards.cards.loaders.card_from_scryfall`.
    """

    name: str
    """The card's name: a split card's is both halves' joined by `` // `` (``"Fire // Ice"``)."""
    halves: tuple[Half, ...]
    """Its faces the rules read: one, or a split card's two in left-right order."""
    layout: Layout = Layout.NORMAL
    """How its faces are laid out: one face, split, aftermath or Room."""
    fuse: bool = False
    """Whether it has fuse: both halves may be cast together from a hand (702.102a)."""
    source_layout: str = ""
    """The card data's layout of a card that is neither split nor normal (``"transform"``, ``"adventure"``...); ``""``
    otherwise."""
    other_faces: tuple[Half, ...] = ()
    """The faces other than the front one of such a card, in the card data's order, for the engine alone."""
    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        key = (self.name, self.halves, self.layout, self.fuse, self.source_layout, self.other_faces)
        object.__setattr__(self, "_hash", hash(key))

    def __hash__(self) -> int:
        return self._hash

    @property
    def is_split(self) -> bool:
        """Whether it has two halves (a split card, aftermath or a Room, 709.1)."""
        return len(self.halves) == 2

    @property
    def is_room(self) -> bool:
        """Whether it is a Room (709.5)."""
        return self.layout is Layout.ROOM

    def half(self, side: Side) -> Half:
        """The half on ``side``; raises ``ValueError`` for a one-faced card."""
        if not self.is_split:
            raise ValueError(f"{self.name!r} is not a split card")
        return self.halves[0 if side is Side.LEFT else 1]

    def side_of(self, half: Half) -> Side:
        """Which side ``half`` is (one of :attr:`halves`): ``Side.LEFT`` for the first, else ``Side.RIGHT``."""
        return Side.LEFT if half == self.halves[0] else Side.RIGHT


# The words of rules text for colors and card types (105.1, 300.1), shared by the text reader
# (splitcards.rules.oracle) and the descriptions of targets above.
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_COLOR_NAMES = {letter: word for word, letter in COLOR_WORDS.items()}
CARD_TYPE_WORDS = frozenset(
    {"artifact", "battle", "creature", "enchantment", "instant", "kindred", "land", "planeswalker", "sorcery", "tribal"}
)
_CARD_TYPES = CARD_TYPE_WORDS
