"""Face-down permanents, turning them face up, and a permanent becoming a copy of another.

A card manifested (701.34a), manifested by manifest dread (701.60a) or cloaked (701.56a) is put
onto the battlefield face down: a 2/2 creature with no name, mana cost, color, subtypes or rules
text (708.2a), whatever its card, a Room or a split card too (the characteristics:
:mod:`splitcards.rules.characteristics`). Turning it face up does not make it enter the
battlefield (708.8), so it gets no unlocked designation then (709.5d): a manifested Room, which
had no half cast as it entered, has no door unlocked once face up (709.5c). The special action
that turns a manifested or cloaked permanent face up shows a creature card and pays its mana
cost (701.34b, 701.56b): a Room, an enchantment card, can only be turned face up by an effect.

A card with morph or disguise may be cast face down (708.4): turned face down before it goes on
the stack, a 2/2 creature spell with no name, mana cost, color or subtypes, costing {3} rather
than its mana cost (an alternative cost), whatever its card; it resolves into a face-down
permanent, which entered with no half cast, so a Room gets no door unlocked then or when it is
turned face up (709.5d). The special action turns it face up by paying its morph or disguise
cost, whatever its card types (116.2b).

A permanent that becomes a copy of another takes its copiable values, the halves and their two
static abilities of a Room included (707.2, 709.5, 709.5b); its status and designations are no
copiable values (707.2, 709.5c) and stay its own, so a Room with its left door unlocked that
becomes a copy of another Room has that Room's left door unlocked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import StrEnum

from splitcards.errors import IllegalAction, IllegalCast, IllegalFaceUp, IllegalTiming, IllegalZone, NotInRules
from splitcards.rules.card import Card
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastFaceDown, CastOption, ObjectView, Player, SpellFacts, Timing, Zone
from splitcards.rules.versions import RuleVersion


class FaceDownBy(StrEnum):
    """The keyword action that puts a card onto the battlefield face down; each value is its citation key."""

    MANIFEST = "manifest"
    """701.34a: a 2/2 face-down creature."""
    MANIFEST_DREAD = "manifest_dread"
    """701.60a: one of the top two cards of a library, manifested."""
    CLOAK = "cloak"
    """701.56a: a 2/2 face-down creature with ward {2}."""


class FaceUpBy(StrEnum):
    """How a face-down permanent is turned face up."""

    SPECIAL_ACTION = "special_action"
    """Its controller shows a creature card and pays its mana cost (701.34b, 701.56b, 116.2b)."""
    EFFECT = "effect"
    """An effect turns it face up (708.7)."""


def face_down_refusal(view: ObjectView, by: FaceDownBy, rules: RuleVersion) -> IllegalAction | None:
    """Why the card ``view`` can't be put onto the battlefield face down ``by`` that keyword
    action, or ``None``: the edition has no text for the action, or the object is no card
    outside the stack and the battlefield (manifest and cloak turn a card face down)."""
    missing = rules.no_text(by.value)
    if missing is not None:
        return NotInRules(f"can't {by.value.replace('_', ' ')} {view.card.name!r}: {missing}", (), rules.name)
    if view.zone in (Zone.STACK, Zone.BATTLEFIELD):
        return IllegalZone(
            f"{view.card.name!r} is in the {view.zone}: {by.value.replace('_', ' ')} puts a card onto the battlefield",
            rules.cite(by.value),
            rules.name,
        )
    return None


def face_down_view(view: ObjectView, by: FaceDownBy, controller: Player, rules: RuleVersion) -> ObjectView:
    """The permanent the card ``view`` becomes, put onto the battlefield face down under
    ``controller`` (701.34a): turned face down before it enters (708.3), so a Room enters with no
    door unlocked (709.5d) and its own characteristics are hidden (708.2a)."""
    return ObjectView(view.card, Zone.BATTLEFIELD, view.owner, controller, token=view.token, face_down=True)


FACE_DOWN_CAST_COST = ManaCost.parse("{3}")
"""What a face-down spell costs, rather than its mana cost (708.4: morph and disguise)."""
_KEYWORD = re.compile(r"^(morph|disguise)[ \t]+((?:\{[^}]+\})+)", re.IGNORECASE | re.MULTILINE)


@dataclass(frozen=True, slots=True)
class FaceDownSpell:
    """A card cast face down (708.4): the spell facts the host is given and what the cast costs."""

    spell: SpellFacts
    """The spell: the card as a whole, face down with its keyword."""
    cost: ManaCost
    """Its total cost: {3} rather than its mana cost."""
    rules: tuple[str, ...]
    """The rules that decide it."""


def face_down_costs(card: Card) -> dict[CastFaceDown, ManaCost]:
    """The morph and disguise costs printed on ``card``'s halves, by keyword (the first of each):
    none for a card without either keyword."""
    found: dict[CastFaceDown, ManaCost] = {}
    for half in card.halves:
        for word, cost in _KEYWORD.findall(half.text):
            found.setdefault(CastFaceDown(word.lower()), ManaCost.parse(cost))
    return found


def face_down_cast_refusal(
    view: ObjectView, by: CastFaceDown, timing: Timing, player: Player, rules: RuleVersion
) -> IllegalAction | None:
    """Why ``player`` can't cast the card ``view`` face down with ``by`` now, or ``None``: the
    edition has no text for that keyword, the card does not have it (702.37d: a card without
    morph can't be cast face down), it is not in its owner's hand (the zone the keyword casts
    from without a permission, 601.3), or it is not the time to cast a creature spell, which a
    face-down spell is (708.4, 307.1)."""
    missing = rules.no_text(by.value)
    if missing is not None:
        return NotInRules(f"can't cast {view.card.name!r} face down with {by.value}: {missing}", (), rules.name)
    if by not in face_down_costs(view.card):
        return IllegalCast(
            f"{view.card.name!r} has no {by.value}: a card without it can't be cast face down with it",
            rules.cite(by.value),
            rules.name,
        )
    if view.zone is not Zone.HAND:
        return IllegalZone(
            f"{view.card.name!r} is in the {view.zone}: it is cast face down from its owner's hand",
            rules.cite(by.value, "cast_zone"),
            rules.name,
        )
    if not timing.sorcery_speed(player):
        return IllegalTiming(
            f"{player} casts {view.card.name!r} face down, a creature spell, only during their main phase"
            " with priority and an empty stack",
            rules.cite(by.value, "timing"),
            rules.name,
        )
    return None


def face_down_spell(view: ObjectView, by: CastFaceDown, caster: Player, rules: RuleVersion) -> FaceDownSpell:
    """The spell the card ``view`` becomes, cast face down with ``by`` by ``caster`` (708.4): the
    whole card, face down, cast from where it is; it costs {3}, an alternative cost."""
    facts = SpellFacts(CastOption.WHOLE, cast_from=view.zone, caster=caster, face_down=by)
    return FaceDownSpell(facts, FACE_DOWN_CAST_COST, rules.cite(by.value, "face_down"))


def face_up_cost(view: ObjectView, rules: RuleVersion) -> ManaCost | None:
    """What the special action costs to turn the face-down permanent ``view`` face up: its morph or
    disguise cost when its card has one (morph's first, 702.37e; disguise 702.168), else its mana cost (a
    manifested or cloaked creature card, 701.34b); ``None``: no cost, the action can't."""
    costs = face_down_costs(view.card)
    for keyword in CastFaceDown:
        if keyword in costs and rules.no_text(keyword.value) is None:
            return costs[keyword]
    creature = any("Creature" in h.card_types for h in view.card.halves)
    if creature and len(view.card.halves) == 1:
        return view.card.halves[0].mana_cost
    return None


def face_up_refusal(view: ObjectView, by: FaceUpBy, rules: RuleVersion) -> IllegalAction | None:
    """Why the permanent ``view`` can't be turned face up ``by`` that way, or ``None``: it is no
    face-down permanent, or the special action shows a card that has neither morph nor disguise
    (whose cost turns it up whatever its types, 702.37e) and is not a creature card with a mana
    cost (701.34b, 701.56b: a Room, a split instant)."""
    if view.zone is not Zone.BATTLEFIELD or not view.face_down:
        return IllegalFaceUp(f"{view.card.name!r} is not a face-down permanent", rules.cite("turn_face_up"), rules.name)
    if by is FaceUpBy.SPECIAL_ACTION and face_up_cost(view, rules) is not None and face_down_costs(view.card):
        # Morph or disguise: its cost turns it face up, whatever the card's types (116.2b).
        return None
    if by is FaceUpBy.SPECIAL_ACTION:
        creature = any("Creature" in h.card_types for h in view.card.halves)
        costed = all(h.mana_cost is not None for h in view.card.halves)
        if not (creature and costed):
            what = "not a creature card" if not creature else "a card with no mana cost"
            return IllegalFaceUp(
                f"{view.card.name!r} is {what}: the special action can't turn it face up (an effect can)",
                rules.cite("turn_face_up"),
                rules.name,
            )
    return None


def face_up_view(view: ObjectView, rules: RuleVersion) -> ObjectView:
    """The permanent ``view`` turned face up: its card's characteristics again (708.8), the same
    object on the battlefield, which does not enter now, so no door is unlocked by it (709.5d):
    its designations are the ones it had (709.5c). A manifested or cloaked Room entered face down,
    no half cast, so it has none."""
    return replace(view, face_down=False)


def become_copy(view: ObjectView, original: ObjectView, rules: RuleVersion) -> ObjectView | IllegalAction:
    """The permanent ``view`` once it has become a copy of the permanent ``original``: its card
    is the original's (the copiable values, a Room's halves and their static abilities, 707.2,
    709.5, 709.5b), and everything else is its own: its unlocked designations, which now apply
    to the copied Room's halves (709.5c), its face-down status (708.10), being a token. Refused
    when either is not a permanent."""
    for each in (view, original):
        if each.zone is not Zone.BATTLEFIELD:
            return IllegalZone(
                f"{each.card.name!r} is in the {each.zone}: a permanent becomes a copy of a permanent",
                rules.cite("become_copy"),
                rules.name,
            )
    return replace(view, card=original.card)
