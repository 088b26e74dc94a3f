"""Registers the python-mtg host (entry point ``splitcards: mtg``); the engine is imported only
when a game is created, so this module loads without python-mtg installed."""

from __future__ import annotations

from collections.abc import Sequence

from splitcards.adapters.mtg.version import unavailable_reason
from splitcards.game.contract import AdapterInfo, Host
from splitcards.game.contract.versions import CURRENT_CONTRACT
from splitcards.hooks import hookimpl
from splitcards.rules.versions import RuleVersion


def _new_game(rules: RuleVersion) -> Host:
    from splitcards.adapters.mtg.host import MtgHost

    return MtgHost(rules)


@hookimpl
def splitcards_register_adapters() -> Sequence[AdapterInfo]:
    return [
        AdapterInfo(
            "mtg",
            "python-mtg 0.1.1 (Datalog engine): real games, split-card moves added by the adapter",
            _new_game,
            unavailable_reason(),
            contract=CURRENT_CONTRACT,
        )
    ]
