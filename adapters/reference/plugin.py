"""Registers the reference host (entry point ``splitcards: reference``)."""

from __future__ import annotations

from collections.abc import Sequence

from splitcards.adapters.reference.host import ReferenceHost
from splitcards.game.contract import AdapterInfo, Host
from splitcards.game.contract.versions import CURRENT_CONTRACT
from splitcards.hooks import hookimpl
from splitcards.rules.versions import RuleVersion


def new_game(rules: RuleVersion) -> Host:
    """A new in-memory game. The host decides no rule, so the rule version is the table's alone."""
    return ReferenceHost()


@hookimpl
def splitcards_register_adapters() -> Sequence[AdapterInfo]:
    return [
        AdapterInfo("reference", "in-memory reference host (tests of the rules)", new_game, contract=CURRENT_CONTRACT)
    ]
