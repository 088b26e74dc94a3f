"""Registers the host through the entry point group ``splitcards``."""

from __future__ import annotations

from collections.abc import Sequence

from splitcards import AdapterInfo, Host, RuleVersion, hookimpl


def new_game(rules: RuleVersion) -> Host:
    from frozen_adapter.host import FrozenHost

    return FrozenHost()


@hookimpl
def splitcards_register_adapters() -> Sequence[AdapterInfo]:
    return [AdapterInfo("frozen", "an in-memory engine written against splitcards 0.1", new_game, available=None)]
