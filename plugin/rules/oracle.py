"""What the split-card rules read of a face's rules text: its splice ability (702.47), its
targets (115.1), whether it is an aftermath half (702.127) and whether a door has an unlock
trigger (709.5h).

It reads the phrases the printed cards use; the words of a target that only the game's state
could judge ("tapped", "with power 2 or less") are kept aside (:attr:`Target.unjudged`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from splitcards.rules.card import CARD_TYPE_WORDS, COLOR_WORDS, Card, Half, Splice, Target
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption

_SPLICE = re.compile(
    r"^Splice onto (?P<quality>\w+ or \w+|[\w-]+)\s*(?:(?P<cost>(?:\{[^}]+\})+)|[—-]\s*(?P<other>[^\n(]+))",
    re.MULTILINE,
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


# A line of a spell's text that is not its spell ability: a triggered ability ("When...",
# "Whenever...", "At the beginning..."), an activated one (a cost, then a colon), a keyword line.
_NOT_SPELL_ABILITY = re.compile(r"^\s*(?:when\b|whenever\b|at\b|[^:\n]*\{[^}\n]*\}[^:\n]*:)", re.IGNORECASE)


@lru_cache(maxsize=4096)
def spell_targets(text: str) -> tuple[Target, ...]:
    """The targets an instant or sorcery spell requires as it is cast (601.2c): those of its spell
    ability, not of its triggered or activated abilities, whose targets are chosen when they are
    put on the stack (603.3d, 602.2b)."""
    plain = re.sub(r"\([^)]*\)", "", text) if "(" in text else text
    if "target" not in plain.lower():
        return ()
    kept = "\n".join(line for line in plain.splitlines() if not _NOT_SPELL_ABILITY.match(line))
    return parse_targets(kept)


def required_targets(card: Card, option: CastOption) -> tuple[tuple[CastOption, Target], ...]:
    """The targets a spell of ``card`` cast as ``option`` requires (601.2c), each with the half
    whose text requires it: an instant or sorcery half's spell ability's; a fused spell has both
    halves' text, so both halves' targets (702.102c). A permanent spell is given none here: an
    Aura's enchant target (303.4a) is left to the engine, and no split card or Room is an Aura."""
    if not card.is_split:
        return tuple((CastOption.WHOLE, t) for t in spell_ability_targets(card.halves[0]))
    sides = {CastOption.LEFT: (0,), CastOption.RIGHT: (1,), CastOption.FUSED: (0, 1)}.get(option, ())
    found = []
    for index in sides:
        half = card.halves[index]
        found += [(CastOption.LEFT if index == 0 else CastOption.RIGHT, t) for t in spell_ability_targets(half)]
    return tuple(found)


def spell_ability_targets(half: Half) -> tuple[Target, ...]:
    """The targets a spell of this half requires as it is cast (see :func:`required_targets`)."""
    return () if half.is_permanent or not half.targets else spell_targets(half.text)


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
        base = _PLURALS.get(base, base[:-1] if base.endswith("s") and base[:-1] in CARD_TYPE_WORDS | _NOUNS else base)
        kept = raw[:-2] if possessive else raw
        if base in _NOUNS:
            nouns.append(base)
        elif base in CARD_TYPE_WORDS:
            types.append(base.capitalize())
        elif base in _SUPERTYPES:
            supertypes.append(base.capitalize())
        elif base in COLOR_WORDS:
            colors.append(COLOR_WORDS[base])
        elif base in _QUALITIES or base in ("tokens",):
            qualities.append(base.rstrip("s") if base == "tokens" else base)
        elif base in _STATE_WORDS:
            unjudged.append(base)
        elif base == "exiled":
            zone = "exile"
        elif base.startswith("non") and len(base) > 4:
            rest = kept[3:].lstrip("-")
            key = rest.lower()
            excluded.append(
                COLOR_WORDS.get(key) or (key.capitalize() if key in CARD_TYPE_WORDS | _SUPERTYPES else rest)
            )
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
