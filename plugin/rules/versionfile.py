"""The format of a rule-version file (``config/*.yaml``, and house-rule files): its keys, the
citation keys each feature brings, the words of the settings that choose between two readings,
and what a version's name may be.

The registry (:mod:`splitcards.game.configuration.registry`) checks files against it, and the
JSON Schema (:mod:`splitcards.tools.schemas.version`) is built from it, so the two cannot
disagree.
"""

from __future__ import annotations

import re
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
        "name_choice_characteristics",
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
        # Face-down permanents (708), the keyword actions that make them, and copy effects and
        # last-known information, as a Room meets them.
        "face_down",
        "manifest",
        "cloak",
        "manifest_dread",
        "turn_face_up",
        # Casting a card face down (708.4) with morph or disguise, and turning it face up by the
        # special action paying that keyword's cost.
        "morph",
        "disguise",
        "become_copy",
        "last_known",
        "mana_payment",
        "mana_any_type",
        "replacement",
        "plot",
        "plot_action",
        # Processes that go through a library and copies made for each spell cast before: which card
        # a cascade or discover exiles last, what may be cast of it, and how many storm copies.
        "storm",
        "cascade",
        "cascade_resulting_spell",
        "discover",
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
CHOICE_WORDS = {place: (yes, no) for place, yes, no in CHOICES.values()}
"""The words for true and false of each choosing setting, by its section and key."""
KEYS: dict[str, Any] = {
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
    "unwritten": {key: str for key in ALL_CITATIONS},
}
"""Every key of a version file and what its value is: a type, ``[type]`` for a list of them, or
a section of keys."""
REQUIRED_KEYS = ("version", "edition", "description", "features", "characteristics", "naming", "casting", "rules")
"""The top-level keys a file without ``extends:`` must give."""
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
"""A version's name or alias: one that ``VersionRegistry.get`` can find again, not empty, not a path."""
NAME_RULE = "letters, digits, '.', '_', '+', '-', at most 64 characters, not ending in .yaml or .yml"
""":data:`NAME` in words, for error messages and the schema."""
DESCRIPTIONS = {
    "version": "the version's name",
    "extends": "the version (name or alias) whose keys this file overrides",
    "aliases": "other names of this version",
    "edition": 'the date of the Comprehensive Rules edition the citations follow, quoted: "2017-04-28"',
    "description": "what this version of the rules says, in a sentence or two",
    "features": "which mechanics exist under this version",
    "characteristics": "how a split card's characteristics are answered",
    "naming": "how a player names a split card",
    "casting": "what a permission to cast lets a player cast",
    "rules": "for each rule decision, the rule numbers that decide it (in that edition's numbering)",
    "unwritten": "the rule decisions this edition has no text for, each with why: an answer that needs one says so"
    " instead of citing a rule",
}
"""What each top-level key holds, in words (the schema's descriptions)."""
