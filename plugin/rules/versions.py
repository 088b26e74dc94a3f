"""Rule versions as data: the decisions that differ between editions of the split-card rules.

A :class:`RuleVersion` is one edition, as read from a YAML file in ``config/`` by the registry
(:mod:`splitcards.game.registry`). Everything that differs between versions is a value here
(which answers a characteristic query gets, how a split card is named, whether fuse, aftermath
and Rooms exist, and the rule numbers each decision cites); the rules read these values and
never test a version's name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

# Each key names one rule decision; the value in a version file is the list of rule numbers
# (in that edition's numbering) that decide it.
BASE_CITATIONS = frozenset(
    {
        "nonpermanent_battlefield",
        "off_stack",
        "on_stack",
        "colors",
        "multicolored",
        "mana_value",
        "mana_symbols",
        "types_and_abilities",
        "comparison",
        "negative_comparison",
        "multiple_comparison",
        "value_without_comparison",
        "name_choice",
        "has_name",
        "cast_half",
        "cast_zone",
        "land",
        "timing",
        "copy_spell",
        "copy_card",
        "leave_stack",
        "resolve",
        "enter_battlefield",
        "splice",
        "splice_choices",
        "splice_once",
        "splice_order",
        "splice_characteristics",
        "splice_lost",
        "target_description",
        "unpayable_cost",
        "x_value",
        "cost_change",
        "cost_condition",
        "free_cast",
        "flashback",
        "alternative_costs",
        "flash",
        "hybrid",
        "target_legality",
    }
)
FEATURE_CITATIONS = {
    "fuse": frozenset({"fuse", "fused_spell", "fuse_cost", "fuse_order"}),
    "aftermath": frozenset({"aftermath"}),
    "rooms": frozenset(
        {
            "room",
            "room_enters",
            "unlock_action",
            "unlock_effect",
            "lock_effect",
            "unlock_trigger",
            "fully_unlocked",
            "unlock_not_spell",
        }
    ),
}
ALL_CITATIONS = BASE_CITATIONS.union(*FEATURE_CITATIONS.values())

CHOICES: dict[str, tuple[tuple[str, str], str, str]] = {
    "off_stack_combined": (("characteristics", "off_stack"), "combined", "separate"),
    "fused_spell_combined": (("characteristics", "fused_spell"), "combined", "separate"),
    "every_split_card_multicolored": (("characteristics", "multicolored"), "every_split_card", "different_colors"),
    "name_both_halves": (("naming", "choose"), "both_halves", "one_half"),
    "flashback_instant_or_sorcery_only": (("casting", "flashback"), "instant_or_sorcery_spell", "any_card"),
}
"""The settings of a version file that choose between two readings: the :class:`RuleVersion`
attribute each sets, its section and key in the file, and the file's words for true and false."""
_CHOICES = {place: (yes, no) for place, yes, no in CHOICES.values()}
_SCHEMA: dict[str, Any] = {
    "version": str,
    "extends": str,
    "aliases": [str],
    "edition": str,
    "description": str,
    "features": {"fuse": bool, "aftermath": bool, "rooms": bool},
    "characteristics": {"off_stack": str, "fused_spell": str, "multicolored": str},
    "naming": {"choose": str},
    "casting": {"flashback": str},
    "rules": {key: [str] for key in ALL_CITATIONS},
}
_REQUIRED_TOP = ("version", "edition", "description", "features", "characteristics", "naming", "casting", "rules")
# A name that ``VersionRegistry.get`` can find again: not empty, not a path.
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
_NAME_RULE = "letters, digits, '.', '_', '+', '-', at most 64 characters, not ending in .yaml or .yml"


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
