"""splitcards: the rules of split cards, fuse, aftermath, splice and Rooms for every edition since 2000.

A pluggy plugin for Magic: The Gathering engines. Everything an engine or plugin author needs
is importable from here::

    from splitcards import Table, Zone, CastOption, load_registry
    from splitcards.adapters.reference import ReferenceHost

    table = Table(ReferenceHost(), load_registry().get("current"))

An engine implements :class:`Host` (see ``docs/adapters.md``) and registers it with
``splitcards_register_adapters``; a plugin implements hooks marked with :data:`hookimpl`. The
rules can also be asked directly: :mod:`splitcards.rules.characteristics`, :mod:`splitcards.rules.casting`,
:mod:`splitcards.rules.rooms`.
"""

from __future__ import annotations

from splitcards.cards.cardpool import SPLIT_CARDS, CardPool, Skipped
from splitcards.cards.loaders import (
    card_from_mtgjson,
    card_from_scryfall,
    cards_from_atomic,
    cards_from_atomic_file,
    load_card_file,
    load_mtgjson_file,
    load_scryfall_file,
)
from splitcards.errors import (
    AlreadyLocked,
    AlreadyUnlocked,
    CardDataError,
    HostError,
    IllegalAction,
    IllegalCast,
    IllegalChoice,
    IllegalSplice,
    IllegalTiming,
    IllegalZone,
    NotARoom,
    NotController,
    NotSupported,
    PluginFailure,
    RulesConfigError,
    ScenarioError,
    SplitcardsError,
    TableInUse,
    UnknownCard,
    UnknownObject,
    UnknownQuery,
)
from splitcards.game.contract import AdapterInfo, CastDecision, CastRequest, Host, Resolution
from splitcards.game.hosts import adapters
from splitcards.game.manager import default_manager, make_plugin_manager
from splitcards.game.registry import VersionRegistry, load_registry
from splitcards.game.table import Table
from splitcards.hooks import hookimpl, hookspec
from splitcards.rules.card import PERMANENT_TYPES, Card, Half, Layout, Side
from splitcards.rules.casting import check_card_exists
from splitcards.rules.characteristics import (
    ABILITIES,
    CARD_TYPES,
    COLORS,
    MANA_COSTS,
    MANA_SYMBOLS,
    MANA_VALUES,
    MULTICOLORED,
    NAMES,
    SUBTYPES,
    VALUE_WITHOUT_COMPARISON,
    Query,
)
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import (
    Answer,
    CastOption,
    Event,
    EventKind,
    ObjectId,
    ObjectView,
    Phase,
    Player,
    SpellFacts,
    Spliced,
    Timing,
    TimingChange,
    UnlockBy,
    Zone,
)
from splitcards.rules.versions import RuleVersion


def __getattr__(name: str) -> str:
    # The version is read from the installed metadata only when asked: importlib.metadata alone
    # would double the import time of the package.
    if name == "__version__":
        from importlib import metadata

        try:
            return metadata.version("splitcards")
        except metadata.PackageNotFoundError:  # a source tree that is not installed
            return "0+unknown"
    raise AttributeError(f"module 'splitcards' has no attribute {name!r}")


__all__ = [
    "ABILITIES",
    "CARD_TYPES",
    "COLORS",
    "MANA_COSTS",
    "MANA_SYMBOLS",
    "MANA_VALUES",
    "MULTICOLORED",
    "NAMES",
    "PERMANENT_TYPES",
    "SPLIT_CARDS",
    "SUBTYPES",
    "VALUE_WITHOUT_COMPARISON",
    "AdapterInfo",
    "AlreadyLocked",
    "AlreadyUnlocked",
    "Answer",
    "Card",
    "CardDataError",
    "CardPool",
    "CastDecision",
    "CastOption",
    "CastRequest",
    "Event",
    "EventKind",
    "Half",
    "Host",
    "HostError",
    "IllegalAction",
    "IllegalCast",
    "IllegalChoice",
    "IllegalSplice",
    "IllegalTiming",
    "IllegalZone",
    "Layout",
    "ManaCost",
    "NotARoom",
    "NotController",
    "NotSupported",
    "ObjectId",
    "ObjectView",
    "Phase",
    "Player",
    "PluginFailure",
    "Query",
    "Resolution",
    "RuleVersion",
    "RulesConfigError",
    "ScenarioError",
    "Side",
    "Skipped",
    "SpellFacts",
    "Spliced",
    "SplitcardsError",
    "Table",
    "TableInUse",
    "Timing",
    "TimingChange",
    "UnknownCard",
    "UnknownObject",
    "UnknownQuery",
    "UnlockBy",
    "VersionRegistry",
    "Zone",
    "__version__",
    "adapters",
    "card_from_mtgjson",
    "card_from_scryfall",
    "cards_from_atomic",
    "cards_from_atomic_file",
    "check_card_exists",
    "default_manager",
    "hookimpl",
    "hookspec",
    "load_card_file",
    "load_mtgjson_file",
    "load_registry",
    "load_scryfall_file",
    "make_plugin_manager",
]
