"""Cards as the rules see them: a one-faced card, or a split card with two halves (CR 709.1).

These objects are immutable and hash quickly (the hash is computed once), so that rule
answers about them can be cached.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import lru_cache

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
        return Side.LEFT if half is self.halves[0] else Side.RIGHT


_SPLICE = re.compile(
    r"^Splice onto (?P<quality>\w+ or \w+|[\w-]+)\s*(?:(?P<cost>(?:\{[^}]+\})+)|[—-]\s*(?P<other>[^\n(]+))",
    re.MULTILINE,
)
_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_COLOR_NAMES = {letter: word for word, letter in _COLOR_WORDS.items()}
_CARD_TYPES = frozenset(
    {"artifact", "battle", "creature", "enchantment", "instant", "kindred", "land", "planeswalker", "sorcery", "tribal"}
)
_SUPERTYPES = frozenset({"basic", "legendary", "snow", "world"})
_QUALITIES = frozenset({"colorless", "multicolored", "monocolored", "token", "nontoken"})
_NOUNS = frozenset({"permanent", "spell", "card", "player", "opponent", "ability"})
# Adjectives of state the rules here do not track: judged as if they held.
_STATE_WORDS = frozenset(
    {
        "tapped",
        "untapped",
        "attacking",
        "blocking",
        "blocked",
        "unblocked",
        "face-down",
        "face-up",
        "enchanted",
        "equipped",
        "modified",
        "other",
        "another",
        "historic",
        "activated",
        "triggered",
    }
)
_PLURALS = {"sorceries": "sorcery", "abilities": "ability"}
_NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_NUMBERS = {word: n for n, word in enumerate(_NUMBER_WORDS, 1)}
_TARGET_WORD = re.compile(r"\btarget\b", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z][\w'\u2019-]*|,")
_POSSESSIVE = ("'s", "\u2019s")
# What comes before "target": "up to two", "one or two", "any number of", "X", "any", "another".
_BEFORE = re.compile(
    r"(?:\b(?P<upto>up to )?(?P<n>one|two|three|four|five|six|seven|eight|nine|ten|\d+|x|any number of)"
    r"(?: or (?:one|two|three|four|five|six|seven|eight|nine|ten|more))? (?:other )?"
    r"|\b(?P<any>any )(?:one |other )?)$",
    re.IGNORECASE,
)
_ZONE_PHRASE = (
    r"(?:from|in) (?P<whose>your|a|an opponent's|target player's|target opponent's|that player's|each player's)"
    r" (?P<zone>graveyard|hand|library)s?\b|(?:from|in) (?P<exile>exile)\b"
)
_QUALIFIER = re.compile(
    r"\s*,?\s*(?:"
    r"(?P<you>(?:that )?you control)\b"
    r"|(?P<notyou>you don't control|you do not control|an opponent controls|your opponents control)\b"
    r"|(?P<own>you own)\b|(?P<notown>you don't own|an opponent owns)\b"
    rf"|{_ZONE_PHRASE}"
    r"|(?P<clause>(?:with|without|that|that's|which|who|controlled by|defending player controls|blocking|attacking|"
    r"dealt|other than)\b.*?)(?=\s*,?\s*(?:from|in) (?:your|a|an opponent's|target player's|exile)\b|[,;]|$)"
    r")",
    re.IGNORECASE,
)
_OWNERS = {"your": "you", "an opponent's": "opponent", "target opponent's": "opponent"}


def parse_targets(text: str) -> tuple[Target, ...]:
    """Every "target ..." phrase of rules text without reminder text, in order (115.1).

    A target on a mode line ("• ...") is optional: another mode can be chosen. Text in quotation
    marks is an ability the spell grants, whose targets are not the spell's.
    """
    plain = re.sub(r"\"[^\"]*\"|\u201c[^\u201d]*\u201d", "", text) if '"' in text or "\u201c" in text else text
    found: list[Target] = []
    for line in plain.splitlines():
        if "target" not in line.lower():
            continue
        mode = line.lstrip().startswith("•")
        for sentence in re.split(r"[.;:]", line):
            for match in _TARGET_WORD.finditer(sentence):
                target = _target(sentence[max(0, match.start() - 40) : match.start()], sentence[match.end() :])
                if target is not None:
                    found.append(replace(target, optional=True) if mode and not target.optional else target)
    return tuple(found)


@lru_cache(maxsize=8192)
def _target(before: str, after: str) -> Target | None:
    """The target of one "target" word, from the words before it and the rest of its sentence.
    Phrases repeat across a card pool ("target creature gets", "any target"), hence the cache."""
    lead = _BEFORE.search(before)
    count, optional = 1, False
    if lead is not None and lead["any"]:
        return Target("any")
    if lead is not None and lead["n"]:
        n = lead["n"].lower()
        optional = bool(lead["upto"]) or n in ("x", "any number of")
        count = int(n) if n.isdigit() else _NUMBERS.get(n, 1)
        if " or " in lead.group(0).lower():
            count = 1
    last = before.rsplit(None, 1)[-1].lower() if before.strip() else ""
    unjudged = [last] if last in ("other", "another") else []
    nouns: list[str] = []
    types: list[str] = []
    supertypes: list[str] = []
    colors: list[str] = []
    excluded: list[str] = []
    qualities: list[str] = []
    zone: str | None = None
    end = 0
    listed = False  # after a comma only descriptor words go on: "target creature, Glacial Ray deals" ends
    for word in _WORD.finditer(after):
        raw = word.group(0)
        low = raw.lower()
        if raw == "," or low in ("or", "and/or"):
            listed = raw == "," or listed
            continue
        possessive = low.endswith(_POSSESSIVE)
        base = low[:-2] if possessive else low
        base = _PLURALS.get(base, base[:-1] if base.endswith("s") and base[:-1] in _CARD_TYPES | _NOUNS else base)
        kept = raw[:-2] if possessive else raw
        if base in _NOUNS:
            nouns.append(base)
        elif base in _CARD_TYPES:
            types.append(base.capitalize())
        elif base in _SUPERTYPES:
            supertypes.append(base.capitalize())
        elif base in _COLOR_WORDS:
            colors.append(_COLOR_WORDS[base])
        elif base in _QUALITIES or base in ("tokens",):
            qualities.append(base.rstrip("s") if base == "tokens" else base)
        elif base in _STATE_WORDS:
            unjudged.append(base)
        elif base == "exiled":
            zone = "exile"
        elif base.startswith("non") and len(base) > 4:
            rest = kept[3:].lstrip("-")
            key = rest.lower()
            excluded.append(_COLOR_WORDS.get(key) or (key.capitalize() if key in _CARD_TYPES | _SUPERTYPES else rest))
        elif kept[:1].isupper() and kept[1:].islower() and kept.isalpha() and not listed:
            types.append(kept)  # a subtype: "target Spirit", "target Arcane spell"
        else:
            break
        end = word.end()
        listed = False
        if possessive:
            break
    kind: str | None = None
    or_player = next((n for n in ("opponent", "player") if n in nouns), None)
    if "ability" in nouns:  # abilities on the stack are not tracked: "target spell or ability" is unjudged
        kind, zone = "ability", "stack"
    elif "spell" in nouns:
        kind, zone = "spell", "stack"
    elif "card" in nouns:
        kind = "card"
    elif types or "permanent" in nouns or supertypes or colors or excluded:
        kind, zone = "permanent", "battlefield"
    elif or_player is not None:
        kind, or_player = or_player, None
    if kind is None:
        return None
    if kind in ("spell", "card", "ability"):
        or_player = None
    controller = owner = None
    tail = after[end:] if not after[:end].endswith(_POSSESSIVE) else ""
    while tail:
        qualifier = _QUALIFIER.match(tail)
        if qualifier is None or not qualifier.group(0).strip(" ,"):
            break
        if qualifier["you"]:
            controller = "you"
        elif qualifier["notyou"]:
            controller = "opponent"
        elif qualifier["own"]:
            owner = "you"
        elif qualifier["notown"]:
            owner = "opponent"
        elif qualifier["zone"] or qualifier["exile"]:
            zone = (qualifier["zone"] or qualifier["exile"]).lower()
            owner = _OWNERS.get((qualifier["whose"] or "").lower(), owner)
        elif qualifier["clause"]:
            unjudged.append(qualifier["clause"].strip().lower())
        tail = tail[qualifier.end() :]
    return Target(
        kind,
        count,
        optional,
        tuple(types),
        tuple(supertypes),
        tuple(colors),
        tuple(excluded),
        tuple(qualities),
        zone,
        controller,
        owner,
        or_player,
        tuple(unjudged),
    )


_UNLOCK_TRIGGER = re.compile(r"\bwhen(?:ever)? you unlock this door\b", re.IGNORECASE)
_AFTERMATH = re.compile(r"^Aftermath\b", re.MULTILINE)


def text_features(text: str) -> tuple[Splice | None, tuple[Target, ...], bool, bool]:
    """Read the abilities the rules here care about from rules text.

    Returns the splice ability, the targets, whether the text has a "When you unlock this
    door" trigger (709.5h) and whether it has aftermath (702.127a). Reminder text in
    parentheses is ignored.
    """
    # Each pattern runs only on text with its key word: a pool of 35,000 cards reads in a fraction of the time.
    plain = re.sub(r"\([^)]*\)", "", text) if "(" in text else text
    lowered = plain.lower()
    match = _SPLICE.search(plain) if "Splice onto" in plain else None
    splice = None
    if match:
        qualities = tuple(q.capitalize() for q in match["quality"].split(" or "))
        cost = ManaCost.parse(match["cost"]) if match["cost"] else None
        splice = Splice(qualities, cost, (match["other"] or "").strip().rstrip("."))
    targets = parse_targets(plain) if "target" in lowered else ()
    unlock = "unlock this door" in lowered and bool(_UNLOCK_TRIGGER.search(plain))
    return splice, targets, unlock, "Aftermath" in plain and bool(_AFTERMATH.search(plain))
