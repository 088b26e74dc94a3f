"""What the built-in rules report of each action that took place: its events, each citing the
rules behind it. The built-in report hooks (``on_cast``, ``on_unlock``...) each give one of these."""

from __future__ import annotations

from splitcards.rules import rooms
from splitcards.rules.card import Side
from splitcards.rules.model import (
    CastOption,
    Event,
    EventKind,
    ObjectId,
    ObjectView,
    Player,
    SpellFacts,
    Spliced,
    UnlockBy,
)
from splitcards.rules.versions import RuleVersion


def spliced(spliced: Spliced, rules: RuleVersion) -> list[Event]:
    """A card spliced onto a spell as it was cast (702.47a)."""
    return [Event(EventKind.SPLICED, spliced.object, rules=rules.cite("splice"))]


def cast(spell: ObjectId, view: ObjectView, facts: SpellFacts, rules: RuleVersion) -> list[Event]:
    """A spell that became cast: a split card's half or fused spell cites why (709.3, 702.102a)."""
    if not view.card.is_split:
        return [Event(EventKind.CAST, spell)]
    key = "fuse" if facts.option is CastOption.FUSED else "cast_half"
    return [Event(EventKind.CAST, spell, half=facts.option, rules=rules.cite(key))]


def entered(permanent: ObjectId, rules: RuleVersion) -> list[Event]:
    """A permanent that entered the battlefield (608.3)."""
    return [Event(EventKind.ENTERED_BATTLEFIELD, permanent, rules=rules.cite("enter_battlefield"))]


def unlocked(permanent: ObjectId, view: ObjectView, door: Side, by: UnlockBy, rules: RuleVersion) -> list[Event]:
    """One door unlocked (709.5h), and the Room fully unlocked when this door leaves none locked
    (709.5i): doors are reported one at a time, and the last one's own events come first."""
    events = rooms.unlock_events(permanent, view, door, by, rules)
    if rooms.fully_unlocked(view.unlocked, view.unlocked | {door}):
        events.append(Event(EventKind.FULLY_UNLOCKED, permanent, rules=rules.cite("fully_unlocked")))
    return events


def locked(permanent: ObjectId, door: Side, rules: RuleVersion) -> list[Event]:
    """A door that became locked (709.5g)."""
    return [Event(EventKind.DOOR_LOCKED, permanent, door=door, rules=rules.cite("lock_effect"))]


def name_chosen(player: Player, source: ObjectId | None, rules: RuleVersion) -> list[Event]:
    """A card name a player chose, as the object whose ability asked for it (or the player) saw it."""
    return [Event(EventKind.NAME_CHOSEN, source or player.value, rules=rules.cite("name_choice"))]
