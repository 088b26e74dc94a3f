"""splitcards: the rules of split cards, fuse, aftermath, splice and Rooms for every edition since 2000.

A pluggy plugin for Magic: The Gathering engines. Start with :func:`new_table` for a game on a
host, or use the rules directly from :mod:`splitcards.characteristics`,
:mod:`splitcards.casting` and :mod:`splitcards.rooms`.
"""

from __future__ import annotations

from splitcards.card import Card, Half, Layout, Side
from splitcards.errors import (
    AlreadyLocked,
    AlreadyUnlocked,
    CardDataError,
    IllegalAction,
    IllegalCast,
    IllegalSplice,
    IllegalTiming,
    IllegalZone,
    NotARoom,
    NotSupported,
    PluginFailure,
    RulesConfigError,
    ScenarioError,
    SplitcardsError,
    UnknownCard,
)
from splitcards.loaders import card_from_mtgjson, card_from_scryfall, cards_from_atomic, cards_from_atomic_file
from splitcards.mana import ManaCost
from splitcards.model import Answer, CastOption, Event, ObjectView, Phase, Player, SpellFacts, Timing, UnlockBy, Zone
from splitcards.versions import RuleVersion, load_registry

__all__ = [
    "AlreadyLocked",
    "AlreadyUnlocked",
    "Answer",
    "Card",
    "CardDataError",
    "CastOption",
    "Event",
    "Half",
    "IllegalAction",
    "IllegalCast",
    "IllegalSplice",
    "IllegalTiming",
    "IllegalZone",
    "Layout",
    "ManaCost",
    "NotARoom",
    "NotSupported",
    "ObjectView",
    "Phase",
    "Player",
    "PluginFailure",
    "RuleVersion",
    "RulesConfigError",
    "ScenarioError",
    "Side",
    "SpellFacts",
    "SplitcardsError",
    "Timing",
    "UnknownCard",
    "UnlockBy",
    "Zone",
    "card_from_mtgjson",
    "card_from_scryfall",
    "cards_from_atomic",
    "cards_from_atomic_file",
    "load_registry",
]
