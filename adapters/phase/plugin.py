"""Registers the phase host adapter (entry point ``splitcards: phase``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from splitcards.adapters.phase.deviations import DECLARED, LACKS
from splitcards.adapters.phase.version import REQUIRED_VERSION, unavailable_reason
from splitcards.game.contract import AdapterInfo, Host
from splitcards.game.contract.versions import CURRENT_CONTRACT
from splitcards.hooks import hookimpl
from splitcards.rules.versions import RuleVersion

if TYPE_CHECKING:
    from splitcards.game.contract.aihost import AIHost


def new_game(rules: RuleVersion) -> Host:
    """A new phase game for one scenario (imports the engine now, not at registration). The
    host decides no rule, so the rule version is the table's alone."""
    from splitcards.adapters.phase.host import PhaseHost

    return PhaseHost()


def new_ai_game(rules: RuleVersion) -> AIHost:
    """A new phase game that phase's AI plays (imports the engine now, not at registration)."""
    from splitcards.adapters.phase.ai import PhaseAI

    return PhaseAI(rules)


@hookimpl
def splitcards_register_adapters() -> Sequence[AdapterInfo]:
    description = f"phase.rs {REQUIRED_VERSION} (phase-python): a real rules engine with its own AI"
    return [
        AdapterInfo(
            "phase",
            description,
            new_game,
            unavailable_reason(),
            ai_game=new_ai_game,
            lacks=LACKS,
            deviations=DECLARED,
            contract=CURRENT_CONTRACT,
        )
    ]
