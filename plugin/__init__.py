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

from typing import TYPE_CHECKING, Any, Final

# The public names, each imported from the module that holds it: type checkers read these imports;
# at run time each name is imported on first use (PEP 562) from the module the table below names,
# so an engine that imports one name doesn't pay for the card readers, the plugin manager and the
# rules all at once. tests/test_public_api.py holds the imports and the table equal.
if TYPE_CHECKING:
    from splitcards.cards.cardpool import SPLIT_CARDS as SPLIT_CARDS
    from splitcards.cards.cardpool import CardPool as CardPool
    from splitcards.cards.cardpool import Skipped as Skipped
    from splitcards.cards.loaders import card_from_mtgjson as card_from_mtgjson
    from splitcards.cards.loaders import card_from_scryfall as card_from_scryfall
    from splitcards.cards.loaders import load_card_file as load_card_file
    from splitcards.cards.loaders import load_mtgjson_file as load_mtgjson_file
    from splitcards.cards.loaders import load_scryfall_file as load_scryfall_file
    from splitcards.errors import AlreadyLocked as AlreadyLocked
    from splitcards.errors import AlreadyUnlocked as AlreadyUnlocked
    from splitcards.errors import CardDataError as CardDataError
    from splitcards.errors import ClusterError as ClusterError
    from splitcards.errors import HostError as HostError
    from splitcards.errors import IllegalAction as IllegalAction
    from splitcards.errors import IllegalCast as IllegalCast
    from splitcards.errors import IllegalChoice as IllegalChoice
    from splitcards.errors import IllegalMove as IllegalMove
    from splitcards.errors import IllegalSplice as IllegalSplice
    from splitcards.errors import IllegalTarget as IllegalTarget
    from splitcards.errors import IllegalTiming as IllegalTiming
    from splitcards.errors import IllegalZone as IllegalZone
    from splitcards.errors import NotARoom as NotARoom
    from splitcards.errors import NotController as NotController
    from splitcards.errors import NotSupported as NotSupported
    from splitcards.errors import PluginFailure as PluginFailure
    from splitcards.errors import RulesConfigError as RulesConfigError
    from splitcards.errors import ScenarioError as ScenarioError
    from splitcards.errors import SplitcardsError as SplitcardsError
    from splitcards.errors import TableInUse as TableInUse
    from splitcards.errors import UnknownCard as UnknownCard
    from splitcards.errors import UnknownObject as UnknownObject
    from splitcards.errors import UnknownQuery as UnknownQuery
    from splitcards.game.configuration.registry import VersionRegistry as VersionRegistry
    from splitcards.game.configuration.registry import load_registry as load_registry
    from splitcards.game.contract import AdapterInfo as AdapterInfo
    from splitcards.game.contract import Capability as Capability
    from splitcards.game.contract import CastDecision as CastDecision
    from splitcards.game.contract import CastRequest as CastRequest
    from splitcards.game.contract import Gap as Gap
    from splitcards.game.contract import Host as Host
    from splitcards.game.contract import KnownDeviation as KnownDeviation
    from splitcards.game.contract import Resolution as Resolution
    from splitcards.game.plugins import hosts as _hosts
    from splitcards.game.plugins.manager import default_manager as default_manager
    from splitcards.game.plugins.manager import make_plugin_manager as make_plugin_manager
    from splitcards.game.table import Table as Table
    from splitcards.hooks import hookimpl as hookimpl
    from splitcards.hooks import hookspec as hookspec
    from splitcards.rules.actions import CastGrants as CastGrants
    from splitcards.rules.actions import TargetChoices as TargetChoices
    from splitcards.rules.card import PERMANENT_TYPES as PERMANENT_TYPES
    from splitcards.rules.card import Card as Card
    from splitcards.rules.card import Half as Half
    from splitcards.rules.card import Layout as Layout
    from splitcards.rules.card import Side as Side
    from splitcards.rules.casting import check_card_exists as check_card_exists
    from splitcards.rules.characteristics import ABILITIES as ABILITIES
    from splitcards.rules.characteristics import CARD_TYPES as CARD_TYPES
    from splitcards.rules.characteristics import COLORS as COLORS
    from splitcards.rules.characteristics import MANA_COSTS as MANA_COSTS
    from splitcards.rules.characteristics import MANA_SYMBOLS as MANA_SYMBOLS
    from splitcards.rules.characteristics import MANA_VALUES as MANA_VALUES
    from splitcards.rules.characteristics import MULTICOLORED as MULTICOLORED
    from splitcards.rules.characteristics import NAMES as NAMES
    from splitcards.rules.characteristics import SUBTYPES as SUBTYPES
    from splitcards.rules.characteristics import VALUE_WITHOUT_COMPARISON as VALUE_WITHOUT_COMPARISON
    from splitcards.rules.characteristics import Query as Query
    from splitcards.rules.conditions import Condition as Condition
    from splitcards.rules.costs import CostEffect as CostEffect
    from splitcards.rules.mana import ManaCost as ManaCost
    from splitcards.rules.model import Answer as Answer
    from splitcards.rules.model import CastOption as CastOption
    from splitcards.rules.model import Event as Event
    from splitcards.rules.model import EventKind as EventKind
    from splitcards.rules.model import ObjectId as ObjectId
    from splitcards.rules.model import ObjectView as ObjectView
    from splitcards.rules.model import Phase as Phase
    from splitcards.rules.model import Player as Player
    from splitcards.rules.model import SpellFacts as SpellFacts
    from splitcards.rules.model import Spliced as Spliced
    from splitcards.rules.model import Timing as Timing
    from splitcards.rules.model import TimingChange as TimingChange
    from splitcards.rules.model import UnlockBy as UnlockBy
    from splitcards.rules.model import Zone as Zone
    from splitcards.rules.versions import RuleVersion as RuleVersion

    host_adapters = _hosts.adapters


_PUBLIC: Final[dict[str, str]] = {
    "SPLIT_CARDS": "splitcards.cards.cardpool",
    "CardPool": "splitcards.cards.cardpool",
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
    "IllegalMove": "splitcards.errors",
    "IllegalSplice": "splitcards.errors",
    "IllegalTarget": "splitcards.errors",
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
    "VersionRegistry": "splitcards.game.configuration.registry",
    "load_registry": "splitcards.game.configuration.registry",
    "AdapterInfo": "splitcards.game.contract",
    "Capability": "splitcards.game.contract",
    "CastDecision": "splitcards.game.contract",
    "CastRequest": "splitcards.game.contract",
    "TargetChoices": "splitcards.rules.actions",
    "Gap": "splitcards.game.contract",
    "Host": "splitcards.game.contract",
    "KnownDeviation": "splitcards.game.contract",
    "Resolution": "splitcards.game.contract",
    "default_manager": "splitcards.game.plugins.manager",
    "make_plugin_manager": "splitcards.game.plugins.manager",
    "Table": "splitcards.game.table",
    "hookimpl": "splitcards.hooks",
    "hookspec": "splitcards.hooks",
    "CastGrants": "splitcards.rules.actions",
    "PERMANENT_TYPES": "splitcards.rules.card",
    "Card": "splitcards.rules.card",
    "Half": "splitcards.rules.card",
    "Layout": "splitcards.rules.card",
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
    "SUBTYPES": "splitcards.rules.characteristics",
    "VALUE_WITHOUT_COMPARISON": "splitcards.rules.characteristics",
    "Query": "splitcards.rules.characteristics",
    "Condition": "splitcards.rules.conditions",
    "CostEffect": "splitcards.rules.costs",
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
    "host_adapters": "splitcards.game.plugins.hosts:adapters",
}
"""Each public name -> the module that holds it, as ``module:name`` when it is held there under
another name (the form of an entry point's object reference)."""

__all__ = sorted([*_PUBLIC, "__version__"])


def _held(name: str) -> tuple[str, str]:
    """The module that holds the public ``name``, and its name there."""
    module, _, held = _PUBLIC[name].partition(":")
    return module, held or name


def __getattr__(name: str) -> Any:
    if name in _PUBLIC:
        from importlib import import_module

        module, held = _held(name)
        value = getattr(import_module(module), held)
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
    return sorted({*globals(), *__all__})
