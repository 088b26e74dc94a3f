"""Where an object is, in python-mtg's terms.

The engine keeps each zone in its own relation, with different shapes: ``in_hand`` and
``in_library`` carry the player, ``on_battlefield``, ``graveyard`` and ``exile`` only the object
(whose owner is in ``printed_control``), the stack has positions plus the driver's table of
controllers, and the library's order is the driver's too (:mod:`~splitcards.adapters.mtg.states`
names both).
"""

from __future__ import annotations

from splitcards.adapters.mtg.states import LIBRARY_ORDER, STACK_CONTROLLER, State
from splitcards.rules.model import Zone

_WITH_PLAYER = {Zone.HAND: "in_hand", Zone.LIBRARY: "in_library", Zone.COMMAND: "command_zone"}
_OBJECT_ONLY = {Zone.BATTLEFIELD: "on_battlefield", Zone.GRAVEYARD: "graveyard", Zone.EXILE: "exile"}


def zone_of(state: State, obj: str) -> Zone | None:
    """The zone ``obj`` is in, or ``None`` if it is in none (it no longer exists)."""
    for zone, rel in _WITH_PLAYER.items():
        if any(row[1] == obj for row in state.get(rel, ())):
            return zone
    for zone, rel in _OBJECT_ONLY.items():
        if (obj,) in state.get(rel, ()):
            return zone
    if any(row[0] == obj for row in state.get("on_stack", ())):
        return Zone.STACK
    return None


def index(state: State) -> dict[str, Zone]:
    """The zone of every object in one (what :func:`zone_of` says of each)."""
    found = {row[0]: Zone.STACK for row in state.get("on_stack", ())}
    for zone, rel in reversed(_OBJECT_ONLY.items()):
        found.update((row[0], zone) for row in state.get(rel, ()))
    for zone, rel in reversed(_WITH_PLAYER.items()):
        found.update((row[1], zone) for row in state.get(rel, ()))
    return found


def members(state: State) -> list[str]:
    """Every object in a zone."""
    found: set[str] = set()
    for rel in _WITH_PLAYER.values():
        found |= {row[1] for row in state.get(rel, ())}
    for rel in _OBJECT_ONLY.values():
        found |= {row[0] for row in state.get(rel, ())}
    found |= {row[0] for row in state.get("on_stack", ())}
    return sorted(found)


def in_zone(state: State, zone: Zone) -> list[str]:
    """The objects in ``zone``, in order (the stack bottom to top)."""
    if zone is Zone.STACK:
        return stack(state)
    if zone in _WITH_PLAYER:
        return sorted(row[1] for row in state.get(_WITH_PLAYER[zone], ()))
    return sorted(row[0] for row in state.get(_OBJECT_ONLY[zone], ()))


def stack(state: State) -> list[str]:
    """The stack from bottom to top."""
    return [obj for obj, _pos in sorted(state.get("on_stack", ()), key=lambda row: row[1])]


def remove(state: State, obj: str) -> None:
    """Take ``obj`` out of whatever zone it is in (the stack included)."""
    for rel in _WITH_PLAYER.values():
        if rel in state:
            state[rel] = {row for row in state[rel] if row[1] != obj}
    for rel in _OBJECT_ONLY.values():
        if rel in state:
            state[rel] = {row for row in state[rel] if row[0] != obj}
    order = state.get(LIBRARY_ORDER, {})
    if any(obj in cards for cards in order.values()):
        state[LIBRARY_ORDER] = {p: [c for c in cards if c != obj] for p, cards in order.items()}
    if any(row[0] == obj for row in state.get("on_stack", ())):
        state["on_stack"] = {row for row in state["on_stack"] if row[0] != obj}
        state[STACK_CONTROLLER] = {o: p for o, p in state.get(STACK_CONTROLLER, {}).items() if o != obj}


def place(state: State, obj: str, zone: Zone, player: str) -> None:
    """Put ``obj`` into ``zone`` (of ``player``, for hand, library and command zone); a card put
    into a library goes on top. Not the stack: a spell is put there by the driver, as cast."""
    if zone in _WITH_PLAYER:
        rel = _WITH_PLAYER[zone]
        state[rel] = state.get(rel, set()) | {(player, obj)}
        if zone is Zone.LIBRARY:
            order = dict(state.get(LIBRARY_ORDER, {}))
            order[player] = [obj, *order.get(player, [])]
            state[LIBRARY_ORDER] = order
    else:
        rel = _OBJECT_ONLY[zone]
        state[rel] = state.get(rel, set()) | {(obj,)}
