"""The adapter contract: what a host engine must offer for the split-card rules to run on it.

A :class:`Host` is one game in one engine. The rules (:class:`splitcards.game.table.Table`) decide
every action first and call the host only for legal ones, telling it exactly what to do (which
half is cast, where a card goes, which doors are unlocked); the host makes its engine do that
and describes its objects back as :class:`~splitcards.rules.model.ObjectView` snapshots.

A host that cannot express an action at all raises :class:`~splitcards.errors.NotSupported`.
See docs/adapters.md for a guide to writing one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from splitcards.game.contract.capabilities import Capability as Capability
from splitcards.game.contract.capabilities import Gap as Gap
from splitcards.game.contract.capabilities import KnownDeviation as KnownDeviation

# The requests, decisions and resolutions are part of the contract; the rules define them.
from splitcards.rules.actions import CastDecision as CastDecision
from splitcards.rules.actions import CastRequest as CastRequest
from splitcards.rules.actions import Resolution as Resolution
from splitcards.rules.card import Card, Side
from splitcards.rules.model import ObjectId, ObjectView, Player, SpellFacts, Timing, TimingChange, Zone
from splitcards.rules.versions import RuleVersion

if TYPE_CHECKING:
    from splitcards.game.contract.aihost import AIHost


@runtime_checkable
class Host(Protocol):
    """One game in a host engine, seen through the primitives the split-card rules need."""

    name: str

    def prepare(self, cards: Sequence[Card]) -> None:
        """Learn the cards this game may create, before its first action (an engine that needs a
        card database or decks builds them here)."""

    def view(self, obj: ObjectId) -> ObjectView:
        """The object now; raises :class:`~splitcards.errors.UnknownObject` for an unknown id."""

    def objects(self) -> Sequence[ObjectId]:
        """Every object in the game, in any zone."""

    def stack(self) -> Sequence[ObjectId]:
        """The stack from bottom to top."""

    def timing(self) -> Timing:
        """Whose turn and phase it is, who has priority, whether the stack is empty."""

    def set_timing(self, change: TimingChange) -> None:
        """Move the game to this timing context."""

    def create(self, card: Card, zone: Zone, owner: Player) -> ObjectId:
        """Put a new card into a zone (onto the battlefield: not cast, no designation)."""

    def cast(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        """Put the card onto the stack as this spell (its costs are taken as paid); return the spell's id."""

    def resolve(self, obj: ObjectId, outcome: Resolution) -> None:
        """Resolve this spell as decided: follow ``outcome.instructions`` in order, then move the
        card to ``outcome.destination`` (``None``: the copy ceases to exist) with
        ``outcome.unlocked`` designations, as a token if ``outcome.token``."""

    def move(self, obj: ObjectId, zone: Zone) -> None:
        """Move an object to a zone, not by casting or resolving; leaving the stack ends its spell facts."""

    def copy_spell(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        """Create a copy of a spell on the stack with these facts (707.10); return its id."""

    def copy_card(self, obj: ObjectId) -> ObjectId:
        """Create a copy of a card in the zone it is in (707.12); return its id."""

    def copy_permanent(self, obj: ObjectId) -> ObjectId:
        """A new permanent enters as a copy of this one, without designations (709.5b); return its id."""

    def set_unlocked(self, obj: ObjectId, doors: frozenset[Side]) -> None:
        """Give the Room permanent exactly these unlocked designations."""


@dataclass(frozen=True, slots=True)
class AdapterInfo:
    """A host adapter as registered through ``splitcards_register_adapters``.

    ``factory`` builds a new game for a rule version; ``available`` is ``None`` when the engine
    is installed, otherwise the reason it is not (shown to users, e.g. "pip install 'splitcards[phase]'").
    ``ai_game``, for an engine with an AI of its own, builds a game its AI plays for a rule version
    (:class:`splitcards.game.contract.aihost.AIHost`, used by ``splitcards demo``); ``None`` when it has none.
    ``lacks`` declares the capabilities the host does not have, ``deviations`` the runs where it
    knowingly answers otherwise than the rules, each with its reason (docs/adapters.md).
    """

    name: str
    description: str
    factory: Callable[[RuleVersion], Host]
    available: str | None = None
    ai_game: Callable[[RuleVersion], AIHost] | None = None
    lacks: tuple[Gap, ...] = ()
    deviations: tuple[KnownDeviation, ...] = ()

    def gap(self, capability: Capability) -> Gap | None:
        """The declaration that the host lacks ``capability``, if there is one."""
        return next((g for g in self.lacks if g.capability is capability), None)
