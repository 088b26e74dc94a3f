"""What a host adapter declares it can't do, and where it knowingly answers otherwise than the rules.

A host declares these as data on its :class:`~splitcards.game.contract.AdapterInfo`, as a
SQLAlchemy dialect declares its requirements: a scenario that needs a :class:`Capability` the
host lacks is reported ``not_supported`` without being run, naming the declaration; a run a
:class:`KnownDeviation` covers is run, reported ``not_supported`` naming the deviation when it
does not pass, and reported as a failure when it passes (like a strict xfail), so that the
declarations stay true.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fnmatch import fnmatchcase
from pathlib import PurePath


class Capability(StrEnum):
    """Something a scenario may need of a host beyond creating, casting, resolving and moving cards."""

    ROOMS = "rooms"
    """Room cards and permanents: doors unlocked, locked, asked about (709.5)."""
    BOTH_DOORS = "both_doors"
    """Both doors of a Room unlocked by one event (709.5i)."""
    COPY_SPELL = "copy_spell"
    """Copies of spells on the stack (707.10)."""
    COPY_CARD = "copy_card"
    """Copies of cards outside the stack and the battlefield, cast or not (707.12)."""
    COPY_PERMANENT = "copy_permanent"
    """Permanents entering as copies (709.5b)."""
    FACE_DOWN = "face_down"
    """Cards put onto the battlefield face down (manifest, manifest dread, cloak) and turned face up (708,
    701.34): the host's ``put_face_down`` and ``turn_face_up``, and ``ObjectView.face_down``; a spell cast
    face down (708.4) resolves through ``put_face_down``."""
    BECOME_COPY = "become_copy"
    """A permanent becoming a copy of another, keeping its designations (707.2, 709.5c): the host's
    ``become_copy``."""
    SPLICE = "splice"
    """Splicing cards onto a spell as it is cast (702.47)."""
    SPLICE_ONTO_CARD_TYPE = "splice_onto_card_type"
    """Splice onto a card type ("instant or sorcery") rather than a subtype (Arcane)."""
    SPLICE_OTHER_COST = "splice_other_cost"
    """A splice cost that is not only mana ("Exile four cards from your graveyard")."""
    X = "x"
    """A value announced for X (107.3a)."""
    COST_CHANGES = "cost_changes"
    """Effects that increase or reduce what a spell or an unlock costs (601.2f, 118.7)."""
    FREE_CASTS = "free_casts"
    """Casting without paying the mana cost (118.9)."""
    CAST_PERMISSIONS = "cast_permissions"
    """Effects that let a card be cast from another zone, or with flashback (601.3, 702.34a)."""
    FLASH = "flash"
    """Flash granted by an effect to a spell that has none (702.8a)."""
    PRIORITY_TO_NON_ACTIVE = "priority_to_non_active"
    """Priority given to the player whose turn it is not."""
    PRIORITY_WITH_ROOM = "priority_with_room"
    """Priority given to the non-active player while a Room is on the battlefield."""
    TURN_NUMBERS = "turn_numbers"
    """A turn number kept in the timing (``Timing.turn``), set by ``set_timing``: what tells the
    turn a card was plotted on from a later one (702.170d)."""
    LIBRARY_ORDER = "library_order"
    """A library in order: listed from the top (``Host.library``), a card created there on top, a
    card put on its bottom (``Host.put_on_bottom``); what cascade and discover go through (702.85a,
    701.55a)."""


@dataclass(frozen=True, slots=True)
class Gap:
    """A capability the host lacks, and why (shown in every run it stops)."""

    capability: Capability
    """What the host lacks."""
    reason: str
    """Why, shown in every run it stops (``"myengine has no Rooms"``)."""


@dataclass(frozen=True, slots=True)
class KnownDeviation:
    """A place where the host knowingly answers otherwise than the rules.

    A run it covers is run like a strict ``xfail``: ``not_supported`` naming it while it does not
    pass, a failure once it passes. A deviation with no ``scenarios`` is met at run time: the host
    raises :class:`~splitcards.errors.NotSupported` with ``(deviation NAME)`` in its message where
    it meets it, and such a run is reported as declared.
    """

    name: str
    """Its name, unique for the host (``"fused-cost-taxed-twice"``), shown as ``HOST.deviations[NAME]``."""
    reason: str
    """What the host does instead, shown in the runs it covers."""
    scenarios: tuple[str, ...]
    """The runs it covers, as ``file::scenario`` patterns (``fnmatch``); empty for a deviation met at
    run time. The file part matches the end of the scenario file's path, a component at a time:
    ``"splice_targets.yaml::everdream-*"`` matches that file in any folder,
    ``"scenarios/ledger.yaml::*"`` only the one in a folder ``scenarios``."""
    rules: tuple[str, ...] = ()
    """The rule versions under which it happens, by name or alias as the registry knows them
    (``"current"``); empty: all of them. The runners resolve them before any run, and a name the
    registry does not know is the declaration's error."""

    def covers(self, file: str | PurePath, scenario: str, version: str) -> bool:
        """Whether this deviation covers the run of ``scenario`` of the scenario file at ``file``
        (a path, or a file's name) under the version named ``version``."""
        if self.rules and version not in self.rules:
            return False
        return any(_run_matches(pattern, PurePath(file), scenario) for pattern in self.scenarios)

    def names_file(self, file: str | PurePath) -> bool:
        """Whether one of its patterns is about the scenario file at ``file``."""
        path = PurePath(file)
        return any(_file_matches(pattern, path) for pattern in self.scenarios)

    def named_in(self, detail: str) -> bool:
        """Whether ``detail``, a host's ``not_supported`` detail, says it met this deviation."""
        return f"(deviation {self.name})" in detail


def _run_matches(pattern: str, path: PurePath, scenario: str) -> bool:
    if "::" not in pattern:
        # A pattern without a scenario part matches "name::scenario" whole, as it always has.
        return fnmatchcase(f"{path.name}::{scenario}", pattern)
    return _file_matches(pattern, path) and fnmatchcase(scenario, pattern.split("::", 1)[1])


def _file_matches(pattern: str, path: PurePath) -> bool:
    if "::" not in pattern:
        return fnmatchcase(path.name, pattern) or fnmatchcase(f"{path.name}::", pattern)
    wanted = pattern.split("::", 1)[0].split("/")
    parts = path.parts[-len(wanted) :]
    return len(parts) == len(wanted) and all(fnmatchcase(part, want) for part, want in zip(parts, wanted, strict=True))
