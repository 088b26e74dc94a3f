"""What a reader of a python-mtg AI game wants to see that the split-card rules don't decide: the
happenings of :mod:`splitcards.game.contract.aihost`.

python-mtg reports nothing of what it does (its driver narrates to stdout, in words of its own),
so the happenings are read off its positions: what a player's action says it does (a land played,
attackers and blockers declared, a spell's target), and what changed from one position to the
next (life totals, permanents gone from the battlefield). A life total that fell while combat
damage was dealt is combat damage from the attackers not blocked; one that changed as a spell
resolved is that spell's doing. Nothing here decides anything.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from splitcards.adapters.mtg import zones
from splitcards.adapters.mtg.host import MtgHost
from splitcards.errors import UnknownObject
from splitcards.game.contract.aihost import CombatDamage, Happening, LeftBattlefield, LifeChange
from splitcards.rules.model import ObjectId, Player


@dataclass(frozen=True, slots=True)
class Seen:
    """What a position shows a reader: each player's life, each permanent's name and whether it
    is a creature, and the stack, bottom to top, by name."""

    life: Mapping[Player, int]
    permanents: Mapping[ObjectId, tuple[str, bool]]
    stack: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Combat:
    """The attack under way: the defending player, and the names of the attackers no creature
    blocked (all of them until blockers are declared)."""

    defender: Player
    unblocked: tuple[str, ...]


def seen(host: MtgHost) -> Seen:
    """What the host's current position shows."""
    state = host.state
    life = {host.player(seat): int(n) for (seat, n) in state.get("life", ())}
    creatures = {obj for (obj, kind) in state.get("printed_type", ()) if kind == "creature"}
    permanents = {obj: (name_of(host, obj), obj in creatures) for (obj,) in sorted(state.get("on_battlefield", ()))}
    return Seen(life, permanents, tuple(name_of(host, obj) for obj in zones.stack(state)))


def name_of(host: MtgHost, obj: ObjectId) -> str:
    """An object's name as a player reads it: its card's (a Room's, a split card's whole name), or
    python-mtg's for a token."""
    try:
        return host.view(obj).card.name
    except UnknownObject:
        return obj


def changes(host: MtgHost, before: Seen, after: Seen, combat: Combat | None) -> list[Happening]:
    """The happenings between two positions of the host's game: life totals that changed (combat
    damage to ``combat``'s defender while an attack is under way) and permanents that left the
    battlefield, where to."""
    found: list[Happening] = []
    resolved = _resolved(before.stack, after.stack)
    for player, life in sorted(after.life.items()):
        change = life - before.life.get(player, life)
        if not change:
            continue
        if combat is not None and player is combat.defender and change < 0 and resolved is None:
            found.append(CombatDamage(player, -change, combat.unblocked))
        else:
            found.append(LifeChange(player, change, life, resolved))
    for obj, (name, creature) in before.permanents.items():
        if obj not in after.permanents:
            zone = host.zone(obj)
            if zone is not None:
                found.append(LeftBattlefield(name, zone, creature))
    return found


def _resolved(before: Sequence[str], after: Sequence[str]) -> str | None:
    """The spell that left the top of the stack between two positions, if one did."""
    return before[-1] if before and len(after) < len(before) else None
