"""Registers the python-mtg host (entry point ``splitcards: mtg``); the engine is imported only
when a game is created, so this module loads without python-mtg installed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from splitcards.adapters.mtg.version import unavailable_reason
from splitcards.game.contract import AdapterInfo, Capability, Gap, Host
from splitcards.game.contract.versions import CURRENT_CONTRACT
from splitcards.hooks import hookimpl
from splitcards.rules.versions import RuleVersion

if TYPE_CHECKING:
    from splitcards.game.contract.aihost import AIHost


def _new_game(rules: RuleVersion) -> Host:
    from splitcards.adapters.mtg.host import MtgHost

    return MtgHost(rules)


def _new_ai_game(rules: RuleVersion) -> AIHost:
    """A new python-mtg game that python-mtg's AI plays (imports the engine now, not at registration)."""
    from splitcards.adapters.mtg.ai import MtgAI

    return MtgAI(rules)


@hookimpl
def splitcards_register_adapters() -> Sequence[AdapterInfo]:
    return [
        AdapterInfo(
            "mtg",
            "python-mtg 0.1.1 (Datalog engine): real games, split-card moves added by the adapter, its own AI",
            _new_game,
            unavailable_reason(),
            ai_game=_new_ai_game,
            contract=CURRENT_CONTRACT,
            lacks=(
                Gap(
                    Capability.TURN_NUMBERS,
                    "the adapter keeps python-mtg's position and timing as it is told, and no turn number: a"
                    " scenario's turn numbers (a card plotted on one turn, cast on a later one) can't be set",
                ),
                Gap(
                    Capability.FACE_DOWN,
                    "python-mtg has no face-down permanents: it keeps a face-down card only as a hidden card in exile,"
                    " so a card can't be manifested, cloaked, cast face down (morph, disguise) or turned face up",
                ),
                Gap(
                    Capability.LIBRARY_ORDER,
                    "the mtg adapter does not list python-mtg's libraries in order or put a card on the bottom of"
                    " one (Host.library, Host.put_on_bottom), so cascade and discover are not carried out on it",
                ),
                Gap(
                    Capability.BECOME_COPY,
                    "python-mtg's copy effects make new tokens; it has no way for a permanent on the battlefield to"
                    " become a copy of another",
                ),
            ),
        )
    ]
