"""Rooms: split permanents with a shared type line and lockable doors (709.5-709.5j, 116.2m).

Each decision returns its answer: the doors named, the cost of an unlock, or the refusal that
cites the rule; none raises to say no.
"""

from __future__ import annotations

from collections.abc import Sequence

from splitcards.errors import (
    AlreadyLocked,
    AlreadyUnlocked,
    IllegalAction,
    IllegalChoice,
    IllegalTiming,
    NotARoom,
    NotController,
)
from splitcards.rules import costs
from splitcards.rules.card import Card, Side
from splitcards.rules.costs import CostEffect
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import Answer, Event, EventKind, ObjectId, ObjectView, Player, Timing, UnlockBy, Zone
from splitcards.rules.versions import RuleVersion

BOTH = frozenset({Side.LEFT, Side.RIGHT})


def room_refusal(view: ObjectView, rules: RuleVersion) -> NotARoom | None:
    """Why the object has no doors (709.5c, 709.5j), or ``None`` for a Room permanent."""
    if rules.rooms and view.card.is_room and view.zone is Zone.BATTLEFIELD:
        return None
    where = "" if view.zone is Zone.BATTLEFIELD else f" on the battlefield (it is in the {view.zone})"
    what = "a Room permanent" if rules.rooms else f"a Room: rule version {rules.name!r} has no Rooms"
    return NotARoom(f"{view.card.name!r} is not {what}{where}", rules.cite("room") if rules.rooms else (), rules.name)


def door(card: Card, door: Side | str, rules: RuleVersion) -> Side | IllegalChoice:
    """A door by side or by its half's name (709.5j: a door is a half of the Room), or the
    refusal of a name that is no door of the card."""
    if isinstance(door, Side):
        return door
    if door in (Side.LEFT.value, Side.RIGHT.value):
        return Side(door)
    for half in card.halves if card.is_split else ():
        if half.name == door:
            return card.side_of(half)
    names = [h.name for h in card.halves]
    return IllegalChoice(
        f"{card.name!r} has no door {str(door)[:60]!r} (doors: left, right, {', '.join(names)})",
        rules.cite("room") if rules.rooms else (),
        rules.name,
    )


def doors_named(
    card: Card, named: Side | str | frozenset[Side], by: UnlockBy, rules: RuleVersion
) -> tuple[Side, ...] | IllegalChoice:
    """The doors one unlock or lock names, left first: one door (by side or name), or both at
    once, which only an effect does (709.5i); the special action unlocks one door (709.5e)."""
    if not isinstance(named, frozenset | set):
        one = door(card, named, rules)
        return one if isinstance(one, IllegalChoice) else (one,)
    found = [door(card, d, rules) for d in named]
    refused = next((d for d in found if isinstance(d, IllegalChoice)), None)
    if refused is not None:
        return refused
    sides = tuple(sorted({d for d in found if isinstance(d, Side)}))
    if not sides:
        return IllegalChoice(
            f"unlocking {card.name!r}: no door named", rules.cite("room") if rules.rooms else (), rules.name
        )
    if len(sides) > 1 and by is UnlockBy.SPECIAL_ACTION:
        return IllegalChoice(
            f"the special action unlocks one door of {card.name!r} at a time; both at once only by an effect",
            rules.cite("unlock_action", "unlock_effect") if rules.rooms else (),
            rules.name,
        )
    return sides


def unlock_total_cost(
    view: ObjectView,
    door: Side,
    effects: Sequence[CostEffect],
    rules: RuleVersion,
    by: UnlockBy = UnlockBy.SPECIAL_ACTION,
) -> Answer[ManaCost | None] | NotARoom:
    """What unlocking ``door`` costs in all. The special action: its unlock cost (709.5e) plus
    the increases, minus the reductions, each once (601.2f, 118.7); no spell-cost effect applies,
    as the special action is no spell (116.2m). An effect unlocks it without a cost (709.5f), as
    a cast half's door enters unlocked (709.5d), whatever effects change costs: nothing is paid
    (``None``)."""
    refusal = room_refusal(view, rules)
    if refusal is not None:
        return refusal
    if by is not UnlockBy.SPECIAL_ACTION:
        return Answer(None, rules.cite("unlock_effect" if by is UnlockBy.EFFECT else "room_enters"), rules.name)
    more, less, cited = costs.applying(effects, None, rules)
    total = costs.changed(view.card.half(door).mana_cost, more, less)
    keys = ("unlock_action", "cost_change") if effects else ("unlock_action",)
    base = rules.cite(*keys)
    return Answer(total, base + tuple(n for n in cited if n not in base), rules.name)


def entering_doors(view: ObjectView, cast: Side | None, rules: RuleVersion) -> Answer[frozenset[Side]]:
    """The doors a permanent enters the battlefield unlocked (709.5d): a Room cast as one half
    enters with that half's door unlocked; otherwise (put onto the battlefield, a copy, not a
    Room) with none."""
    if view.card.is_room and rules.rooms and cast is not None:
        return Answer(frozenset({cast}), rules.cite("room_enters"), rules.name)
    return Answer(frozenset(), rules.cite("room_enters") if view.card.is_room and rules.rooms else (), rules.name)


def unlock_refusal(
    view: ObjectView, door: Side, by: UnlockBy, rules: RuleVersion, timing: Timing, player: Player | None = None
) -> IllegalAction | None:
    """Why ``door`` may not be unlocked now, by the special action or by an effect, or ``None``."""
    refusal = room_refusal(view, rules)
    if refusal is not None:
        return refusal
    key = "unlock_action" if by is UnlockBy.SPECIAL_ACTION else "unlock_effect"
    if door in view.unlocked:
        return AlreadyUnlocked(
            f"the {door} door of {view.card.name!r} is already unlocked", rules.cite(key), rules.name
        )
    if by is UnlockBy.SPECIAL_ACTION:
        who = player or view.controller
        if who is not view.controller:
            return NotController(f"only {view.controller}, its controller, may unlock it", rules.cite(key), rules.name)
        if not timing.sorcery_speed(who):
            return IllegalTiming(
                "a door can be unlocked by paying its cost only with priority, in a main phase of its controller's"
                " turn, with an empty stack",
                rules.cite(key),
                rules.name,
            )
    return None


def lock_refusal(view: ObjectView, door: Side, rules: RuleVersion) -> IllegalAction | None:
    """Why ``door`` may not be locked (709.5g: it must be unlocked now), or ``None``."""
    refusal = room_refusal(view, rules)
    if refusal is not None:
        return refusal
    if door not in view.unlocked:
        return AlreadyLocked(
            f"the {door} door of {view.card.name!r} is already locked", rules.cite("lock_effect"), rules.name
        )
    return None


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
