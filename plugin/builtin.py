"""The built-in rules, registered as an ordinary plugin: each hook delegates to the rules modules.

The legality checks (``check_cast``, ``check_unlock``, ``check_lock``) are not implemented here:
those hooks collect other plugins' extra refusals, and :class:`~splitcards.table.Table` applies
the built-in checks after them, from :mod:`splitcards.casting` and :mod:`splitcards.rooms`.
"""

from __future__ import annotations

from collections.abc import Sequence

from splitcards import casting, characteristics, rooms
from splitcards.card import Card, Side
from splitcards.contract import Resolution
from splitcards.hooks import hookimpl
from splitcards.model import CastOption, Event, ObjectId, ObjectView, SpellFacts, Spliced, UnlockBy, Zone
from splitcards.versions import RuleVersion


@hookimpl
def on_splice(rules: RuleVersion, spell: ObjectId, spliced: Spliced) -> Sequence[Event]:
    return [Event("spliced", spliced.object, rules=rules.cite("splice"))]


@hookimpl
def on_cast(rules: RuleVersion, spell: ObjectId, view: ObjectView, facts: SpellFacts) -> Sequence[Event]:
    if not view.card.is_split:
        return [Event("cast", spell)]
    key = "fuse" if facts.option is CastOption.FUSED else "cast_half"
    return [Event("cast", spell, half=facts.option, rules=rules.cite(key))]


@hookimpl
def on_resolve(rules: RuleVersion, spell: ObjectId, view: ObjectView) -> Resolution:
    return casting.resolution(view, rules)


@hookimpl
def on_leave_stack(rules: RuleVersion, spell: ObjectId, view: ObjectView, destination: Zone) -> Zone | None:
    zone, _ = casting.leave_stack_destination(view, rules, destination)
    return zone if zone is not destination else None


@hookimpl
def on_enter_battlefield(
    rules: RuleVersion, permanent: ObjectId, view: ObjectView, cast: Side | None
) -> frozenset[Side]:
    # 709.5d: the cast half's designation, or none when no half was cast.
    if view.card.is_room and rules.rooms and cast is not None:
        return frozenset({cast})
    return frozenset()


@hookimpl
def on_name_choice(rules: RuleVersion, card: Card) -> Sequence[tuple[str, ...]]:
    return characteristics.name_choices(card, rules).value


@hookimpl
def on_unlock(rules: RuleVersion, permanent: ObjectId, view: ObjectView, door: Side, by: UnlockBy) -> Sequence[Event]:
    return rooms.unlock_events(permanent, view, door, by, rules)


@hookimpl
def on_lock(rules: RuleVersion, permanent: ObjectId, view: ObjectView, door: Side) -> Sequence[Event]:
    return [Event("door_locked", permanent, door=door, rules=rules.cite("lock_effect"))]
