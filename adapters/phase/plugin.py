"""Registers the phase host adapter (entry point ``splitcards: phase``)."""

from __future__ import annotations

from collections.abc import Sequence

from splitcards.adapters.phase.engine import REQUIRED_VERSION, unavailable_reason
from splitcards.contract import AdapterInfo, Host
from splitcards.hooks import hookimpl
from splitcards.versions import RuleVersion


def new_game(rules: RuleVersion) -> Host:
    """A new phase game for one scenario (imports the engine now, not at registration)."""
    from splitcards.adapters.phase.host import PhaseHost

    return PhaseHost(rules)


@hookimpl
def splitcards_register_adapters() -> Sequence[AdapterInfo]:
    description = f"phase.rs {REQUIRED_VERSION} (phase-python): a real rules engine with its own AI"
    return [AdapterInfo("phase", description, new_game, unavailable_reason())]
