"""Which split-card mechanics a soak game used, read from its record's events.

Each mechanic is counted by the events the rules reported in the game (a record keeps them with
the rules they cite), so every host's games are counted the same way:

* ``split``: a half of a split card or a Room cast (a ``cast`` event with ``half`` left or right);
* ``fuse``: a fused cast (``half: fused``);
* ``aftermath``: a cast whose rules cite aftermath (702.127);
* ``splice``: a ``spliced`` event;
* ``rooms``: a door unlocked or locked, or a Room fully unlocked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

MECHANICS = ("split", "fuse", "aftermath", "splice", "rooms")
"""Every mechanic a soak counts, in the order a report shows them."""

_DOORS = frozenset({"door_unlocked", "door_locked", "fully_unlocked"})


def mechanics_of(record: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """How many times each mechanic came up in a game, by its record's lines (the header and the
    result are no steps and count for nothing); a mechanic that never did is left out."""
    found: dict[str, int] = {}
    for line in record:
        events = line.get("events")
        if not isinstance(events, list):
            continue
        for event in events:
            if isinstance(event, Mapping):
                for mechanic in _of_event(event):
                    found[mechanic] = found.get(mechanic, 0) + 1
    return {m: found[m] for m in MECHANICS if m in found}


def _of_event(event: Mapping[str, Any]) -> list[str]:
    kind = event.get("event")
    if kind == "spliced":
        return ["splice"]
    if kind in _DOORS:
        return ["rooms"]
    if kind != "cast":
        return []
    half = event.get("half")
    rules = event.get("rules")
    cited = [str(r) for r in rules] if isinstance(rules, list) else []
    if half == "fused":
        return ["fuse"]
    if any(rule.startswith("702.127") for rule in cited):
        return ["aftermath"]
    return ["split"] if half in ("left", "right") else []
