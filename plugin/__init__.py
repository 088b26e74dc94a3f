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

import re
from typing import TYPE_CHECKING, Any

# The one list of the public names: each is imported from the module that holds it. Type checkers
# read these imports; at run time each name is imported on first use (PEP 562), read from this
# same block, so an engine that imports one name doesn't pay for the card readers, the plugin
# manager and the rules all at once.
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
    from splitcards.errors import IllegalSplice as IllegalSplice
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


_IMPORT = re.compile(r"^    from ([\w.]+) import (\w+) as (\w+)$", re.MULTILINE)
_ASSIGN = re.compile(r"^    (\w+) = (_\w+)\.(\w+)$", re.MULTILINE)


def _public() -> dict[str, tuple[str, str]]:
    """Each public name -> (its module, its name there), read from the ``TYPE_CHECKING`` block
    (tests/test_public_api.py holds the two readings, this one's and a type checker's, equal)."""
    # Read from the file, not the loader: pytest's assertion rewriter, which loads the package
    # when its pytest plugin is installed, gives no source.
    with open(__file__, encoding="utf-8") as file:
        source = file.read()
    start = source.index("\nif TYPE_CHECKING:\n")
    block = source[start : source.index("\n\n\n", start)]
    found: dict[str, tuple[str, str]] = {}
    modules: dict[str, str] = {}
    for module, held, name in _IMPORT.findall(block):
        if name.startswith("_"):  # a module, held for an assignment below
            modules[name] = f"{module}.{held}"
        else:
            found[name] = (module, held)
    for name, module, held in _ASSIGN.findall(block):
        found[name] = (modules[module], held)
    globals()["_PUBLIC"] = found
    return found


def __getattr__(name: str) -> Any:
    public = globals().get("_PUBLIC") or _public()
    if name == "__all__":
        value: Any = sorted([*public, "__version__"])
    elif name in public:
        from importlib import import_module

        module, held = public[name]
        value = getattr(import_module(module), held)
    # The version is read from the installed metadata only when asked: importlib.metadata alone
    # would double the import time of the package.
    elif name == "__version__":
        from importlib import metadata

        try:
            return metadata.version("splitcards")
        except metadata.PackageNotFoundError:  # a source tree that is not installed
            return "0+unknown"
    else:
        raise AttributeError(f"module 'splitcards' has no attribute {name!r}")
    globals()[name] = value  # the next lookup is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__getattr__("__all__")})
