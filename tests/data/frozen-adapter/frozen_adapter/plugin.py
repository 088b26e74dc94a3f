"""The registration of the ``frozen`` host, as the splitcards 0.1 documentation showed it."""

from __future__ import annotations

from collections.abc import Sequence

from splitcards import AdapterInfo, Host, RuleVersion, hookimpl


def new_game(rules: RuleVersion) -> Host:
    """A new game of the in-memory engine, played under ``rules``."""
    from frozen_adapter.host import FrozenHost  # the engine is imported lazily, as 0.1 showed

    return FrozenHost(rules)


@hookimpl
def splitcards_register_adapters() -> Sequence[AdapterInfo]:
    # The engine is part of this distribution, so it is always available.
    return [AdapterInfo("frozen", "An in-memory engine written against splitcards 0.1", new_game, available=None)]
