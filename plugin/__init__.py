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

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from splitcards.cards.cardpool import SPLIT_CARDS, CardPool, Skipped
    from splitcards.cards.loaders import (
        card_from_mtgjson,
        card_from_scryfall,
        load_card_file,
        load_mtgjson_file,
        load_scryfall_file,
    )
    from splitcards.errors import (
        AlreadyLocked,
        AlreadyUnlocked,
        CardDataError,
        ClusterError,
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
    from splitcards.game.configuration.registry import VersionRegistry, load_registry
    from splitcards.game.contract import AdapterInfo, CastDecision, CastRequest, Host, Resolution
    from splitcards.game.plugins.hosts import adapters as host_adapters
    from splitcards.game.plugins.manager import default_manager, make_plugin_manager
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

# Each public name and the module that holds it, imported on first use (PEP 562): an engine that
# imports one name doesn't pay for the card readers, the plugin manager and the rules all at once.
# The imports above say the same for type checkers; a test holds the two equal.
_WHERE: dict[str, str] = {
    "CardPool": "splitcards.cards.cardpool",
    "SPLIT_CARDS": "splitcards.cards.cardpool",
    "Skipped": "splitcards.cards.cardpool",
    "card_from_mtgjson": "splitcards.cards.loaders",
    "card_from_scryfall": "splitcards.cards.loaders",
    "load_card_file": "splitcards.cards.loaders",
    "load_mtgjson_file": "splitcards.cards.loaders",
    "load_scryfall_file": "splitcards.cards.loaders",
    "AlreadyLocked": "splitcards.errors",
    "AlreadyUnlocked": "splitcards.errors",
    "CardDataError": "splitcards.errors",
    "ClusterError": "splitcards.errors",
    "HostError": "splitcards.errors",
    "IllegalAction": "splitcards.errors",
    "IllegalCast": "splitcards.errors",
    "IllegalChoice": "splitcards.errors",
    "IllegalSplice": "splitcards.errors",
    "IllegalTiming": "splitcards.errors",
    "IllegalZone": "splitcards.errors",
    "NotARoom": "splitcards.errors",
    "NotController": "splitcards.errors",
    "NotSupported": "splitcards.errors",
    "PluginFailure": "splitcards.errors",
    "RulesConfigError": "splitcards.errors",
    "ScenarioError": "splitcards.errors",
    "SplitcardsError": "splitcards.errors",
    "TableInUse": "splitcards.errors",
    "UnknownCard": "splitcards.errors",
    "UnknownObject": "splitcards.errors",
    "UnknownQuery": "splitcards.errors",
    "AdapterInfo": "splitcards.game.contract",
    "CastDecision": "splitcards.game.contract",
    "CastRequest": "splitcards.game.contract",
    "Host": "splitcards.game.contract",
    "Resolution": "splitcards.game.contract",
    "host_adapters": "splitcards.game.plugins.hosts",
    "default_manager": "splitcards.game.plugins.manager",
    "make_plugin_manager": "splitcards.game.plugins.manager",
    "VersionRegistry": "splitcards.game.configuration.registry",
    "load_registry": "splitcards.game.configuration.registry",
    "Table": "splitcards.game.table",
    "hookimpl": "splitcards.hooks",
    "hookspec": "splitcards.hooks",
    "Card": "splitcards.rules.card",
    "Half": "splitcards.rules.card",
    "Layout": "splitcards.rules.card",
    "PERMANENT_TYPES": "splitcards.rules.card",
    "Side": "splitcards.rules.card",
    "check_card_exists": "splitcards.rules.casting",
    "ABILITIES": "splitcards.rules.characteristics",
    "CARD_TYPES": "splitcards.rules.characteristics",
    "COLORS": "splitcards.rules.characteristics",
    "MANA_COSTS": "splitcards.rules.characteristics",
    "MANA_SYMBOLS": "splitcards.rules.characteristics",
    "MANA_VALUES": "splitcards.rules.characteristics",
    "MULTICOLORED": "splitcards.rules.characteristics",
    "NAMES": "splitcards.rules.characteristics",
    "Query": "splitcards.rules.characteristics",
    "SUBTYPES": "splitcards.rules.characteristics",
    "VALUE_WITHOUT_COMPARISON": "splitcards.rules.characteristics",
    "ManaCost": "splitcards.rules.mana",
    "Answer": "splitcards.rules.model",
    "CastOption": "splitcards.rules.model",
    "Event": "splitcards.rules.model",
    "EventKind": "splitcards.rules.model",
    "ObjectId": "splitcards.rules.model",
    "ObjectView": "splitcards.rules.model",
    "Phase": "splitcards.rules.model",
    "Player": "splitcards.rules.model",
    "SpellFacts": "splitcards.rules.model",
    "Spliced": "splitcards.rules.model",
    "Timing": "splitcards.rules.model",
    "TimingChange": "splitcards.rules.model",
    "UnlockBy": "splitcards.rules.model",
    "Zone": "splitcards.rules.model",
    "RuleVersion": "splitcards.rules.versions",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is not None:
        from importlib import import_module

        value = getattr(import_module(module), "adapters" if name == "host_adapters" else name)
        globals()[name] = value  # the next lookup is a plain attribute
        return value
    # The version is read from the installed metadata only when asked: importlib.metadata alone
    # would double the import time of the package.
    if name == "__version__":
        from importlib import metadata

        try:
            return metadata.version("splitcards")
        except metadata.PackageNotFoundError:  # a source tree that is not installed
            return "0+unknown"
    raise AttributeError(f"module 'splitcards' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})


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
    "ClusterError",
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
    "card_from_mtgjson",
    "card_from_scryfall",
    "check_card_exists",
    "default_manager",
    "hookimpl",
    "hookspec",
    "host_adapters",
    "load_card_file",
    "load_mtgjson_file",
    "load_registry",
    "load_scryfall_file",
    "make_plugin_manager",
]
