"""Which mechanic a scenario tests, for the rows of the conformance matrix (docs/report.md).

A scenario names no mechanic of its own, so one is derived, the first rule that applies:

1. its file's name: the first word of the file's stem (split at ``_``, ``-`` and ``.``) that
   names a mechanic (``fuse.yaml``, ``spell_costs.yaml``, ``doors_and_targets.yaml`` for Rooms,
   ``regressions.yaml`` for the other engines' trackers);
2. its steps: a fused cast, then a splice, an aftermath card, a Room (a door locked or
   unlocked, or a Room card), a copy, a permission to cast (``from``, ``flash``, ``flashback``,
   ``without_paying``), a cost (``x``, ``cost_change``, ``hybrid``, or a ``last_cost`` check);
3. otherwise ``split``: a split card's halves and characteristics.

The file's name comes first because a suite is laid out by mechanic, and a file of Room
scenarios casts halves too; the steps sort the files named for something else (``casting``,
``timing``, a team's own).
"""

from __future__ import annotations

import re
from pathlib import Path

from splitcards.rules.card import Layout
from splitcards.rules.model import CastOption
from splitcards.tools.conformance.scenario import Scenario, ScenarioFile
from splitcards.tools.conformance.values import CastStep, CopyCardStep, CreateStep

MECHANICS = ("split", "fuse", "aftermath", "splice", "rooms", "costs", "permissions", "copies", "trackers")
"""Every mechanic a scenario can be counted under, in the order the matrix shows them."""

_WORDS = {
    "split": "split",
    "fuse": "fuse",
    "fused": "fuse",
    "aftermath": "aftermath",
    "splice": "splice",
    "rooms": "rooms",
    "room": "rooms",
    "doors": "rooms",
    "door": "rooms",
    "costs": "costs",
    "cost": "costs",
    "permissions": "permissions",
    "permission": "permissions",
    "copies": "copies",
    "copy": "copies",
    "trackers": "trackers",
    "tracker": "trackers",
    "regressions": "trackers",
}
_PERMISSION_FIELDS = frozenset({"from", "flash", "flashback", "without_paying"})
_COST_FIELDS = frozenset({"x", "cost_change", "hybrid"})


def mechanic_of(file: ScenarioFile, scenario: Scenario) -> str:
    """The mechanic a scenario of ``file`` is counted under: one of :data:`MECHANICS`."""
    return by_file_name(file.path) or _by_steps(file, scenario)


def by_file_name(path: str) -> str:
    """The mechanic a scenario file's name names, or ``""``."""
    for word in re.split(r"[_.\-]+", Path(path).stem.lower()):
        if word in _WORDS:
            return _WORDS[word]
    return ""


def _by_steps(file: ScenarioFile, scenario: Scenario) -> str:
    steps = scenario.setup
    fields = [set(step.fields) for step in steps]
    created = [
        file.cards[s.values.card] for s in steps if isinstance(s.values, CreateStep) and s.values.card in file.cards
    ]
    found = {
        "fuse": any(isinstance(s.values, CastStep | CopyCardStep) and s.values.half is CastOption.FUSED for s in steps),
        "splice": any("splice" in f for f in fields),
        "aftermath": any(card.layout is Layout.AFTERMATH for card in created),
        "rooms": any(s.kind in ("lock", "unlock") for s in steps) or any(card.is_room for card in created),
        "copies": any(s.kind.startswith("copy_") for s in steps),
        "permissions": any(f & _PERMISSION_FIELDS for f in fields),
        "costs": any(f & _COST_FIELDS for f in fields) or any(c.query == "last_cost" for c in scenario.checks),
    }
    return next((mechanic for mechanic, here in found.items() if here), "split")
