"""Rooms: split permanents with a shared type line and lockable doors (709.5-709.5j, 116.2m)."""

from __future__ import annotations

from splitcards.errors import AlreadyLocked, AlreadyUnlocked, IllegalChoice, IllegalTiming, NotARoom, NotController
from splitcards.rules.card import Card, Side
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import Answer, Event, EventKind, ObjectId, ObjectView, Player, Timing, UnlockBy, Zone
from splitcards.rules.versions import RuleVersion

BOTH = frozenset({Side.LEFT, Side.RIGHT})


def check_room(view: ObjectView, rules: RuleVersion) -> None:
    """Doors exist only on a Room permanent (709.5c, 709.5j)."""
    if not (rules.rooms and view.card.is_room and view.zone is Zone.BATTLEFIELD):
        where = "" if view.zone is Zone.BATTLEFIELD else f" on the battlefield (it is in the {view.zone})"
        what = "a Room permanent" if rules.rooms else f"a Room: rule version {rules.name!r} has no Rooms"
        raise NotARoom(
            f"{view.card.name!r} is not {what}{where}", rules.cite("room") if rules.rooms else (), rules.name
        )


def door(card: Card, door: Side | str, rules: RuleVersion) -> Side:
    """A door by side or by its half's name (709.5j: a door is a half of the Room)."""
    if isinstance(door, Side):
        return door
    if door in (Side.LEFT.value, Side.RIGHT.value):
        return Side(door)
    for half in card.halves if card.is_split else ():
        if half.name == door:
            return card.side_of(half)
    names = [h.name for h in card.halves]
    raise IllegalChoice(
        f"{card.name!r} has no door {str(door)[:60]!r} (doors: left, right, {', '.join(names)})",
        rules.cite("room") if rules.rooms else (),
        rules.name,
    )


def doors_to_unlock(
    card: Card, named: Side | str | frozenset[Side], by: UnlockBy, rules: RuleVersion
) -> tuple[Side, ...]:
    """The doors one unlock names, left first: one door (by side or name), or both at once, which
    only an effect does (709.5i); the special action unlocks one door (709.5e)."""
    if not isinstance(named, frozenset | set):
        return (door(card, named, rules),)
    sides = tuple(sorted({door(card, d, rules) for d in named}))
    if not sides:
        raise IllegalChoice(
            f"unlocking {card.name!r}: no door named", rules.cite("room") if rules.rooms else (), rules.name
        )
    if len(sides) > 1 and by is UnlockBy.SPECIAL_ACTION:
        raise IllegalChoice(
            f"the special action unlocks one door of {card.name!r} at a time; both at once only by an effect",
            rules.cite("unlock_action", "unlock_effect") if rules.rooms else (),
            rules.name,
        )
    return sides


def unlock_cost(view: ObjectView, door: Side, rules: RuleVersion) -> Answer[ManaCost | None]:
    """The unlock cost of a door: its half's mana cost (709.5e, 116.2m)."""
    check_room(view, rules)
    return Answer(view.card.half(door).mana_cost, rules.cite("unlock_action"), rules.name)


def entering_doors(view: ObjectView, cast: Side | None, rules: RuleVersion) -> Answer[frozenset[Side]]:
    """The doors a permanent enters the battlefield unlocked (709.5d): a Room cast as one half
    enters with that half's door unlocked; otherwise (put onto the battlefield, a copy, not a
    Room) with none."""
    if view.card.is_room and rules.rooms and cast is not None:
        return Answer(frozenset({cast}), rules.cite("room_enters"), rules.name)
    return Answer(frozenset(), rules.cite("room_enters") if view.card.is_room and rules.rooms else (), rules.name)


def check_unlock(
    view: ObjectView, door: Side, by: UnlockBy, rules: RuleVersion, timing: Timing, player: Player | None = None
) -> tuple[str, ...]:
    """Whether ``door`` may be unlocked now, by the special action or by an effect; raises otherwise."""
    check_room(view, rules)
    key = "unlock_action" if by is UnlockBy.SPECIAL_ACTION else "unlock_effect"
    if door in view.unlocked:
        raise AlreadyUnlocked(f"the {door} door of {view.card.name!r} is already unlocked", rules.cite(key), rules.name)
    if by is UnlockBy.SPECIAL_ACTION:
        who = player or view.controller
        if who is not view.controller:
            raise NotController(f"only {view.controller}, its controller, may unlock it", rules.cite(key), rules.name)
        if not timing.sorcery_speed(who):
            raise IllegalTiming(
                "a door can be unlocked by paying its cost only with priority, in a main phase of its controller's"
                " turn, with an empty stack",
                rules.cite(key),
                rules.name,
            )
    return rules.cite(key)


def check_lock(view: ObjectView, door: Side, rules: RuleVersion) -> tuple[str, ...]:
    """Whether ``door`` may be locked (709.5g): it must be unlocked now."""
    check_room(view, rules)
    if door not in view.unlocked:
        raise AlreadyLocked(
            f"the {door} door of {view.card.name!r} is already locked", rules.cite("lock_effect"), rules.name
        )
    return rules.cite("lock_effect")


def unlock_events(obj: ObjectId, view: ObjectView, door: Side, by: UnlockBy, rules: RuleVersion) -> list[Event]:
    """A door becoming unlocked, and its own "when you unlock this door" trigger (709.5h)."""
    key = {UnlockBy.CAST: "room_enters", UnlockBy.SPECIAL_ACTION: "unlock_action", UnlockBy.EFFECT: "unlock_effect"}[by]
    events = [Event(EventKind.DOOR_UNLOCKED, obj, door=door, by=by, rules=rules.cite(key))]
    if view.card.half(door).unlock_trigger:
        events.append(Event(EventKind.UNLOCK_TRIGGER, obj, door=door, rules=rules.cite("unlock_trigger")))
    return events


def fully_unlocked(before: frozenset[Side], after: frozenset[Side]) -> bool:
    """Whether a change of designations fully unlocks the Room (709.5i): it ends with both and
    did not start with both."""
    return after == BOTH and before != BOTH
