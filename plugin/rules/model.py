"""The game as the split-card rules see it: zones, timing, spells, permanents and events.

A host adapter describes each of its objects as an :class:`ObjectView`; the rules answer
from views alone, so the same rules serve every host engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Generic, TypeVar

from splitcards.rules.card import Card, Half, Side

T = TypeVar("T")
ObjectId = str


class Zone(StrEnum):
    LIBRARY = "library"
    HAND = "hand"
    GRAVEYARD = "graveyard"
    EXILE = "exile"
    BATTLEFIELD = "battlefield"
    STACK = "stack"
    COMMAND = "command"


class Player(StrEnum):
    P1 = "p1"
    P2 = "p2"

    @property
    def opponent(self) -> Player:
        return Player.P2 if self is Player.P1 else Player.P1


class Phase(StrEnum):
    UNTAP = "untap"
    UPKEEP = "upkeep"
    DRAW = "draw"
    MAIN1 = "main1"
    COMBAT = "combat"
    MAIN2 = "main2"
    END = "end"
    CLEANUP = "cleanup"

    @property
    def is_main(self) -> bool:
        return self in (Phase.MAIN1, Phase.MAIN2)


class CastOption(StrEnum):
    """What is cast: one half, both halves fused (702.102a), or a one-faced card whole."""

    LEFT = "left"
    RIGHT = "right"
    FUSED = "fused"
    WHOLE = "whole"

    @property
    def side(self) -> Side | None:
        return Side(self.value) if self in (CastOption.LEFT, CastOption.RIGHT) else None


class UnlockBy(StrEnum):
    """How a door became unlocked."""

    CAST = "cast"
    SPECIAL_ACTION = "special_action"
    EFFECT = "effect"


@dataclass(frozen=True, slots=True)
class Timing:
    """Whose turn, which phase, who has priority, whether the stack is empty.

    :ivar active: the player whose turn it is (500.1).
    :ivar phase: the phase or step of that turn.
    :ivar priority: the player who has priority (117.1).
    :ivar stack_empty: whether the stack is empty: sorcery-speed actions need it (307.1).
    """

    active: Player = Player.P1
    phase: Phase = Phase.MAIN1
    priority: Player = Player.P1
    stack_empty: bool = True

    def sorcery_speed(self, player: Player) -> bool:
        """Whether ``player`` may act at sorcery speed now: in a main phase of their turn, with
        priority and an empty stack (307.1, 709.5e)."""
        return self.priority is player and self.active is player and self.phase.is_main and self.stack_empty


@dataclass(frozen=True, slots=True)
class TimingChange:
    """A change of the timing context: the fields left ``None`` stay as they are.

    :ivar active: the new active player, or ``None``.
    :ivar phase: the new phase or step, or ``None``.
    :ivar priority: the player who receives priority, or ``None``.
    :ivar stack_empty: what the host is told to assume of the stack, or ``None``.
    """

    active: Player | None = None
    phase: Phase | None = None
    priority: Player | None = None
    stack_empty: bool | None = None


@dataclass(frozen=True, slots=True)
class Spliced:
    """A card spliced onto a spell (702.47): the card's object id and its one face.

    :ivar object: the spliced card, revealed from its owner's hand, where it stays (702.47a).
    :ivar half: the face whose rules text the spell gains.
    """

    object: ObjectId
    half: Half


@dataclass(frozen=True, slots=True)
class SpellFacts:
    """What the rules need to know about a spell on the stack.

    ``cast`` is false for a copy that was only created on the stack (707.10); ``cast_from`` is
    the zone the card was cast from (aftermath's exile clause, 702.127a); ``caster`` is the player
    who cast it and controls the spell (``None``: the card's owner); ``x`` is the value announced
    for X (107.3a), part of its mana value on the stack (202.3e); ``flashback``: it was cast
    with flashback, so its card is exiled as it leaves the stack (702.34a).

    :ivar option: the half cast, both halves (fused), or the whole of a one-faced card.
    :ivar cast: false for a copy created on the stack without being cast (707.10).
    :ivar cast_from: the zone the card was cast from, ``None`` for a copy that was not cast.
    :ivar spliced: the cards spliced onto it, in the order their effects happen (702.47b).
    :ivar copy: whether the spell is a copy (707.10) or a cast copy of a card (707.12).
    :ivar caster: the player who cast it and controls it; ``None``: the card's owner.
    :ivar x: the value announced for X (107.3a); 0 without X.
    :ivar flashback: cast with flashback (702.34a).
    """

    option: CastOption
    cast: bool = True
    cast_from: Zone | None = None
    spliced: tuple[Spliced, ...] = ()
    copy: bool = False
    caster: Player | None = None
    x: int = 0
    flashback: bool = False


@dataclass(frozen=True, slots=True)
class ObjectView:
    """One object of a host's game: its card, where it is, who has it, and split-card state.

    :ivar card: the card (for a token or a copy, the card it is a copy of).
    :ivar zone: where it is now.
    :ivar owner: its owner (108.3).
    :ivar controller: who controls it (on the stack or the battlefield; elsewhere its owner).
    :ivar spell: on the stack, how it was cast; ``None`` elsewhere.
    :ivar unlocked: the doors of a Room permanent that are unlocked (709.5).
    :ivar token: whether it is a token (111.1).
    :ivar copy: whether it is a copy of a card (707.12), which ceases to exist in any zone but
        the stack and the battlefield (704.5e).
    """

    card: Card
    zone: Zone
    owner: Player = Player.P1
    controller: Player = Player.P1
    spell: SpellFacts | None = None
    unlocked: frozenset[Side] = frozenset()
    token: bool = False
    copy: bool = False

    def moved(self, zone: Zone) -> ObjectView:
        """The object after it moves to ``zone`` other than by being cast: a new object (400.7)
        that its owner controls, with no spell facts and no door designations."""
        return ObjectView(self.card, zone, self.owner, self.owner, token=self.token, copy=self.copy)

    def on_stack(self, spell: SpellFacts, caster: Player) -> ObjectView:
        """The card as a spell on the stack: its caster controls it, its owner stays (601.2a)."""
        return ObjectView(self.card, Zone.STACK, self.owner, caster, spell, token=self.token, copy=self.copy)

    def entering(self, token: bool) -> ObjectView:
        """The permanent this resolving permanent spell becomes: its controller's, with no
        designation yet (608.3; 709.5d decides the doors)."""
        return ObjectView(self.card, Zone.BATTLEFIELD, self.owner, self.controller, token=token)


@dataclass(frozen=True, slots=True)
class Answer(Generic[T]):
    """A rules answer, with the rule numbers and the rule version that produced it.

    :ivar value: the answer itself.
    :ivar rules: the rule numbers that decide it, in the rule version's numbering.
    :ivar version: the name of the rule version that answered.
    """

    value: T
    rules: tuple[str, ...]
    version: str

    def __str__(self) -> str:
        return f"{self.value} ({', '.join(self.rules)}; {self.version})"


class EventKind(StrEnum):
    """What an :class:`Event` reports; the values are the conformance event names."""

    CAST = "cast"
    SPLICED = "spliced"
    ENTERED_BATTLEFIELD = "entered_battlefield"
    DOOR_UNLOCKED = "door_unlocked"
    DOOR_LOCKED = "door_locked"
    FULLY_UNLOCKED = "fully_unlocked"
    UNLOCK_TRIGGER = "unlock_trigger"
    NAME_CHOSEN = "name_chosen"


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in the game, as the plugin reports it to the host.

    :ivar kind: what happened.
    :ivar object: the object it happened to.
    :ivar door: the door locked or unlocked, for door events.
    :ivar half: the half cast, for a cast event.
    :ivar by: how a door was unlocked (the special action or an effect).
    :ivar rules: the rule numbers of the decision (not compared: two events are equal by what
        happened).
    """

    kind: EventKind
    object: ObjectId
    door: Side | None = None
    half: CastOption | None = None
    by: UnlockBy | None = None
    rules: tuple[str, ...] = field(default=(), compare=False)

    def as_dict(self) -> dict[str, str]:
        out = {"event": self.kind.value, "object": self.object}
        if self.door is not None:
            out["door"] = self.door.value
        if self.half is not None:
            out["half"] = self.half.value
        if self.by is not None:
            out["by"] = self.by.value
        return out
