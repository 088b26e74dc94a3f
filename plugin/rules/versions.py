"""Rule versions as data: the decisions that differ between editions of the split-card rules.

A :class:`RuleVersion` is one edition, as read from a YAML file in ``config/`` by the registry
(:mod:`splitcards.game.configuration.registry`). Everything that differs between versions is a value here
(which answers a characteristic query gets, how a split card is named, whether fuse, aftermath
and Rooms exist, and the rule numbers each decision cites); the rules read these values and
never test a version's name.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from splitcards.rules import versionfile

# The version file's tables, which 0.1 defined here: they still import from this module, with a
# DeprecationWarning naming the module that holds them.
_MOVED = ("ALL_CITATIONS", "BASE_CITATIONS", "CHOICES", "FEATURE_CITATIONS")


def __getattr__(name: str) -> Any:
    if name in _MOVED:
        warnings.warn(
            f"splitcards.rules.versions.{name} is deprecated: use splitcards.rules.versionfile.{name}"
            " (it will be removed in a later minor release)",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(versionfile, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True, slots=True)
class RuleVersion:
    """One edition of the split-card rules, as loaded and validated from YAML."""

    name: str
    """Its canonical name, the file's ``version:`` (``"duskmourn-2024"``)."""
    edition: str
    """The date of the Comprehensive Rules edition it follows (``"2024-11-08"``)."""
    description: str
    """A line saying what the version decides, for ``splitcards versions``."""
    aliases: tuple[str, ...]
    """Other names it answers to (``("current",)``)."""
    fuse: bool
    """Whether fuse exists (702.102; from Dragon's Maze, 2013)."""
    aftermath: bool
    """Whether aftermath exists (702.127; from Amonkhet, 2017)."""
    rooms: bool
    """Whether Rooms exist, with doors locked and unlocked (709.5; from Duskmourn, 2024)."""
    off_stack_combined: bool
    """Off the stack, a split card has its halves' characteristics combined, one answer (709.4); else two answers,
    one per half (the rules before 2017). YAML ``characteristics.off_stack``: ``combined`` or ``separate``."""
    fused_spell_combined: bool
    """A fused split spell has its halves' characteristics combined (709.4d); else two answers (708.2 as in 2013).
    YAML ``characteristics.fused_spell``."""
    every_split_card_multicolored: bool
    """Every split card off the stack is multicolored, whatever its halves' colors (505.3, 2000); else only one
    with two or more colors. YAML ``characteristics.multicolored``."""
    name_both_halves: bool
    """A choice of a card name that means a split card names both its halves (old 505.7, 708.7); else one
    of them (709.4a, 201.4b). YAML ``naming.choose``: ``both_halves`` or ``one_half``."""
    flashback_instant_or_sorcery_only: bool
    """Flashback casts only an instant or sorcery spell (702.34a as worded from 2021-02-02); else any card. YAML
    ``casting.flashback``."""
    citations: Mapping[str, tuple[str, ...]] = field(compare=False, repr=False)
    """The rule numbers of each decision, by citation key (``"fuse_cost": ("702.102c",)``), in this edition's
    numbering."""
    source: str = field(compare=False, repr=False, default="")
    """The file it was read from; ``""`` for a version made in code."""
    unwritten: Mapping[str, str] = field(compare=False, repr=False, default_factory=dict)
    """The decisions this edition has no rule text for, by citation key, each with why (``"plot": "plot is
    from 2024 (702.170)"``): an answer that needs one says so rather than guess, and cites nothing for it.
    YAML ``unwritten``."""

    def __hash__(self) -> int:
        return hash(self.name)

    def decisions(self) -> dict[str, Any]:
        """What the version decides, as JSON data: every field but the file it was read from, the
        versions it extends already merged in. Two versions that decide alike give equal data,
        whatever their files (a hash of it says which rules an answer was given under)."""
        described = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "source"}
        described["citations"] = {key: list(numbers) for key, numbers in self.citations.items()}
        described["unwritten"] = dict(self.unwritten)
        return described

    def no_text(self, key: str) -> str | None:
        """Why this edition has no rule text for the decision ``key`` (a citation key), or ``None``
        when it has some (:attr:`unwritten`)."""
        return self.unwritten.get(key)

    def cite(self, *keys: str) -> tuple[str, ...]:
        """The rule numbers behind the decisions named by ``keys`` (citation keys), in order, without repeats."""
        out: list[str] = []
        for key in keys:
            # A decision the edition has no text for cites nothing (no_text says why).
            for number in () if key in self.unwritten else self.citations[key]:
                if number not in out:
                    out.append(number)
        return tuple(out)
