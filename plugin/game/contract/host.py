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
from splitcards.game.contract.versions import OLDEST_CONTRACT, unknown_capability

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
    """The host's registered name (``"reference"``, ``"phase"``), as its :class:`AdapterInfo` gives it."""

    def prepare(self, cards: Sequence[Card]) -> None:
        """Learn ``cards``, the cards this game may create, before its first action (an engine that
        needs a card database or decks builds them here)."""

    def view(self, obj: ObjectId) -> ObjectView:
        """The object ``obj`` now; raises :class:`~splitcards.errors.UnknownObject` for an unknown id."""

    def objects(self) -> Sequence[ObjectId]:
        """Every object in the game, in any zone."""

    def stack(self) -> Sequence[ObjectId]:
        """The stack from bottom to top."""

    def timing(self) -> Timing:
        """Whose turn and phase it is, who has priority, whether the stack is empty."""

    def set_timing(self, change: TimingChange) -> None:
        """Move the game to the timing context ``change`` says: each of its fields that is ``None``
        stays as it is."""

    def create(self, card: Card, zone: Zone, owner: Player) -> ObjectId:
        """Put a new ``card`` into ``zone``, owned by ``owner`` (onto the battlefield: not cast, no
        designation); return its new id."""

    def cast(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        """Put the card ``obj`` onto the stack as ``spell`` (its costs are taken as paid); return the
        spell's id, which is ``obj``."""

    def resolve(self, obj: ObjectId, outcome: Resolution) -> None:
        """Resolve the spell ``obj`` as ``outcome`` decides, each of its fields meaning this:

        * ``instructions``: follow them in order. Each is the ``name`` of one face (a ``Half``) and
          means "do what this face's ``text`` says, now"; no other string appears. They are the
          half cast (the one face of a card cast whole), or both halves, left then right, when
          fused (702.102d); then the face of each card spliced onto the spell
          (``SpellFacts.spliced``), in that order (702.47b). An engine that models no rules text
          has nothing to do for them.
        * ``performed_by``: the names of the spell's own faces, the first instructions. Text that a
          spliced face adds and that names its own card is done by this spell, not by the spliced
          card, which stays in its owner's hand (702.47c). Empty: nothing more than the
          instructions say.
        * ``destination``: then move the card to this zone; ``None``: the spell is a copy and ceases
          to exist (707.10a).
        * ``unlocked``: the doors a Room enters the battlefield with unlocked, the half cast
          (709.5d); empty otherwise.
        * ``token``: it enters as a token, a copy of a permanent spell, which is then no longer a
          copy: its view's ``token`` true and ``copy`` false (608.3f).
        * ``controller``: who controls it where it goes (the spell's controller on the battlefield,
          608.3; elsewhere its owner, 400.7); ``None`` only with no destination.
        * ``rules``: the rule numbers behind the decision, for logs and messages; nothing to act on.
        """

    def move(self, obj: ObjectId, zone: Zone) -> None:
        """Move ``obj`` to ``zone``, not by casting or resolving; leaving the stack ends its spell facts."""

    def copy_spell(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        """Put a copy of the spell ``obj`` on top of the stack with the facts ``spell`` (707.10),
        owned and controlled by ``spell.caster``, the spell's controller (108.3), its view's
        ``copy`` true; return its new id."""

    def copy_card(self, obj: ObjectId) -> ObjectId:
        """Create a copy of the card ``obj`` in the zone it is in, owned and controlled by the card's
        owner (707.12), its view's ``copy`` true; return its new id."""

    def copy_permanent(self, obj: ObjectId) -> ObjectId:
        """A new permanent enters as a copy of ``obj``, without designations (709.5b): a token
        (``token`` true, ``copy`` false) owned and controlled by the original's controller; return
        its new id."""

    def set_unlocked(self, obj: ObjectId, doors: frozenset[Side]) -> None:
        """Give the Room permanent ``obj`` exactly the unlocked designations ``doors`` (709.5c)."""


@dataclass(frozen=True, slots=True)
class AdapterInfo:
    """A host adapter as registered through ``splitcards_register_adapters``; each field is checked
    when it is registered (a ``PluginFailure`` naming the adapter and the field)."""

    name: str
    """The host's name, unique among the installed hosts: what ``--host`` and ``--splitcards-host`` take."""
    description: str
    """A line about the host, for ``splitcards hosts``."""
    factory: Callable[[RuleVersion], Host]
    """Builds a new game, a :class:`Host`, for the rule version it is given."""
    available: str | None = None
    """The reason the engine can't run (shown to users: ``"pip install 'splitcards[phase]'"``); ``None`` when it
    can."""
    ai_game: Callable[[RuleVersion], AIHost] | None = None
    """For an engine with an AI of its own: builds a game its AI plays for a rule version
    (:class:`~splitcards.game.contract.aihost.AIHost`, used by ``splitcards demo`` and ``soak``); ``None`` when
    it has none."""
    lacks: tuple[Gap, ...] = ()
    """The capabilities the host does not have, each with its reason: a scenario needing one is ``not_supported``
    without being run."""
    deviations: tuple[KnownDeviation, ...] = ()
    """The places where the host knowingly answers otherwise than the rules: the runs they cover are run, and
    reported as declared while they still differ (docs/adapters.md)."""
    contract: str = OLDEST_CONTRACT
    """The version of the host contract the adapter was written for (:mod:`~splitcards.game.contract.versions`):
    where a later version asks more of a host, the ``Table`` keeps the old behaviour for it, with a
    ``DeprecationWarning``. A registration that names none was written for the oldest, ``"0.1"``."""

    def gap(self, capability: Capability) -> Gap | None:
        """The declaration that the host lacks ``capability``, or ``None``. A capability its
        contract version predates is lacking without a word (``versions.CAPABILITIES_SINCE``)."""
        declared = next((g for g in self.lacks if g.capability is capability), None)
        since = unknown_capability(self.contract, capability.value) if declared is None else None
        if since is not None:
            return Gap(
                capability,
                f"the adapter was written for host contract {self.contract}, which has no {capability.value}"
                f" (added in {since}): declare AdapterInfo(contract={since!r}) once it has",
            )
        return declared
