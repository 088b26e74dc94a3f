"""Rule versions as data: the decisions that differ between editions of the split-card rules.

A :class:`RuleVersion` is one edition, as read from a YAML file in ``config/`` by the registry
(:mod:`splitcards.game.configuration.registry`). Everything that differs between versions is a value here
(which answers a characteristic query gets, how a split card is named, whether fuse, aftermath
and Rooms exist, and the rule numbers each decision cites); the rules read these values and
never test a version's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

# The file format's tables, under the names this module has always given them.
from splitcards.rules.versionfile import ALL_CITATIONS as ALL_CITATIONS
from splitcards.rules.versionfile import BASE_CITATIONS as BASE_CITATIONS
from splitcards.rules.versionfile import CHOICES as CHOICES
from splitcards.rules.versionfile import FEATURE_CITATIONS as FEATURE_CITATIONS


@dataclass(frozen=True, slots=True)
class RuleVersion:
    """One edition of the split-card rules, as loaded and validated from YAML."""

    name: str
    edition: str
    description: str
    aliases: tuple[str, ...]
    fuse: bool
    aftermath: bool
    rooms: bool
    off_stack_combined: bool
    fused_spell_combined: bool
    every_split_card_multicolored: bool
    name_both_halves: bool
    flashback_instant_or_sorcery_only: bool
    citations: Mapping[str, tuple[str, ...]] = field(compare=False, repr=False)
    source: str = field(compare=False, repr=False, default="")

    def __hash__(self) -> int:
        return hash(self.name)

    def cite(self, *keys: str) -> tuple[str, ...]:
        """The rule numbers behind the named decisions, in order, without repeats."""
        out: list[str] = []
        for key in keys:
            for number in self.citations[key]:
                if number not in out:
                    out.append(number)
        return tuple(out)
