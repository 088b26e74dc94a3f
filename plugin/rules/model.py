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
"""A host's id of an object (a ``str`` the host chooses). An object keeps its id through ``cast``,
``resolve`` and ``move``; a copy gets a new one, and no id is handed out twice in a game."""


class Zone(StrEnum):
    """A zone of the game (400.1); the values are the names scenario files and the wire protocol use."""

    LIBRARY = "library"
    """A player's library."""
    HAND = "hand"
    """A player's hand: where a spell is cast from, and a spliced card is revealed from (702.47a)."""
    GRAVEYARD = "graveyard"
    """A player's graveyard: aftermath's second half is cast from here (702.127a)."""
    EXILE = "exile"
    """Exile: where a half cast with aftermath or a spell cast with flashback goes (702.127a, 702.34a)."""
    BATTLEFIELD = "battlefield"
    """The battlefield: where a Room enters (709.5)."""
    STACK = "stack"
    """The stack: a spell is there from being cast until it resolves or leaves it."""
    COMMAND = "command"
    """The command zone."""


class Player(StrEnum):
    """One of the two players of a game; ``p1`` plays first."""

    P1 = "p1"
    """The first player: the active player of a new game (``Timing()``)."""
    P2 = "p2"
    """The second player."""

    @property
    def opponent(self) -> Player:
        """The other player of the two."""
        return Player.P2 if self is Player.P1 else Player.P1


class Phase(StrEnum):
    """A phase or step of a turn (500.1), as far as timing the split-card actions needs."""

    UNTAP = "untap"
    """The untap step of the beginning phase (502)."""
    UPKEEP = "upkeep"
    """The upkeep step (503)."""
    DRAW = "draw"
    """The draw step (504)."""
    MAIN1 = "main1"
    """The precombat main phase (505): sorcery-speed actions are allowed here and in ``main2``."""
    COMBAT = "combat"
    """The combat phase, any of its steps (506)."""
    MAIN2 = "main2"
    """The postcombat main phase (505)."""
    END = "end"
    """The end step of the ending phase (513)."""
    CLEANUP = "cleanup"
    """The cleanup step (514)."""

    @property
    def is_main(self) -> bool:
        """Whether this is a main phase, where sorcery-speed actions may be taken (307.1, 505)."""
        return self in (Phase.MAIN1, Phase.MAIN2)


class CastOption(StrEnum):
    """What is cast: one half, both halves fused (702.102a), or a one-faced card whole."""

    LEFT = "left"
    """The left half of a split card, or a Room's left door (709.3)."""
    RIGHT = "right"
    """The right half, or a Room's right door; for aftermath, the half cast from a graveyard (702.127a)."""
    FUSED = "fused"
    """Both halves of a split card with fuse, cast from a hand as one spell (702.102a)."""
    WHOLE = "whole"
    """A card that is not split: its one face."""

    @property
    def side(self) -> Side | None:
        """The half this option casts: ``Side.LEFT`` or ``Side.RIGHT``; ``None`` for ``fused``
        (both halves) and ``whole`` (no halves)."""
        return Side(self.value) if self in (CastOption.LEFT, CastOption.RIGHT) else None


class CastFaceDown(StrEnum):
    """The keyword a card is cast face down with (708.4): each value is its citation key."""

    MORPH = "morph"
    """Morph (702.37 in the 2024 numbering): a 2/2 face-down creature spell for {3}."""
    DISGUISE = "disguise"
    """Disguise (702.168): the same, and the face-down permanent has ward {2}."""


class UnlockBy(StrEnum):
    """How a door became unlocked."""

    CAST = "cast"
    """The door's half was cast and the Room entered with it unlocked (709.5d)."""
    SPECIAL_ACTION = "special_action"
    """The unlock special action, paying the door's unlock cost at sorcery speed (709.5e, 116.2m)."""
    EFFECT = "effect"
    """An effect unlocked it, with no cost and at any time (709.5f)."""


@dataclass(frozen=True, slots=True)
class Timing:
    """Whose turn, which phase, who has priority, whether the stack is empty."""

    active: Player = Player.P1
    """The player whose turn it is (500.1)."""
    phase: Phase = Phase.MAIN1
    """The phase or step of that turn."""
    priority: Player = Player.P1
    """The player who has priority (117.1)."""
    stack_empty: bool = True
    """Whether the stack is empty: sorcery-speed actions need it (307.1)."""
    turn: int | None = None
    """The number of the turn, the game's first being 1: what tells a later turn from this one
    (702.170d); ``None`` from a host that keeps no turn number (it then lacks
    ``Capability.TURN_NUMBERS``), and what needs one is taken as holding."""

    def sorcery_speed(self, player: Player) -> bool:
        """Whether ``player`` may act at sorcery speed now: in a main phase of their turn, with
        priority and an empty stack (307.1, 709.5e)."""
        return self.priority is player and self.active is player and self.phase.is_main and self.stack_empty


@dataclass(frozen=True, slots=True)
class TimingChange:
    """A change of the timing context: the fields left ``None`` stay as they are."""

    active: Player | None = None
    """The new active player, or ``None``."""
    phase: Phase | None = None
    """The new phase or step, or ``None``."""
    priority: Player | None = None
    """The player who receives priority, or ``None``."""
    stack_empty: bool | None = None
    """What the host is told to assume of the stack, or ``None``."""
    turn: int | None = None
    """The new turn number, or ``None`` (asked only of a host that keeps one)."""


@dataclass(frozen=True, slots=True)
class Spliced:
    """A card spliced onto a spell (702.47): the card's object id and its one face."""

    object: ObjectId
    """The spliced card, revealed from its owner's hand, where it stays (702.47a)."""
    half: Half
    """The face whose rules text the spell gains."""


@dataclass(frozen=True, slots=True)
class SpellFacts:
    """What the rules need to know about a spell on the stack: how it was cast, and by whom."""

    option: CastOption
    """The half cast, both halves (fused), or the whole of a one-faced card."""
    cast: bool = True
    """False for a copy created on the stack without being cast (707.10)."""
    cast_from: Zone | None = None
    """The zone the card was cast from (aftermath's exile, 702.127a); ``None`` for a copy that was not cast."""
    spliced: tuple[Spliced, ...] = ()
    """The cards spliced onto it, in the order their effects happen (702.47b)."""
    copy: bool = False
    """Whether the spell is a copy of a spell (707.10) or a cast copy of a card (707.12); its object's
    :attr:`ObjectView.copy` is true too."""
    caster: Player | None = None
    """The player who cast it and controls it; ``None``: the card's owner."""
    x: int = 0
    """The value announced for X (107.3a), part of its mana value on the stack (202.3e); 0 without X."""
    flashback: bool = False
    """Cast with flashback: its card is exiled as it leaves the stack (702.34a)."""
    instead: Zone | None = None
    """Where its card goes instead of a graveyard whenever it would be put into one from the
    stack, resolving or countered: a replacement the permission it was cast with carries
    (614.1a; Torrential Gearhulk, Mission Briefing: exile); ``None``: none."""
    resolves_to: Zone | None = None
    """Where its card goes instead of a graveyard as it resolves, and only then (608.2n, 614.1a;
    Soulfire Grand Master: its owner's hand); ``None``: none."""
    face_down: CastFaceDown | None = None
    """Cast face down with that keyword (708.4): a face-down spell, which becomes a face-down
    permanent as it resolves; ``None``: cast face up."""


@dataclass(frozen=True, slots=True)
class ObjectView:
    """One object of a host's game: its card, where it is, who has it, and split-card state."""

    card: Card
    """The card (for a token or a copy, the card it is a copy of)."""
    zone: Zone
    """Where it is now."""
    owner: Player = Player.P1
    """Its owner (108.3)."""
    controller: Player = Player.P1
    """Who controls it (on the stack or the battlefield; elsewhere its owner)."""
    spell: SpellFacts | None = None
    """On the stack, how it was cast; ``None`` elsewhere."""
    unlocked: frozenset[Side] = frozenset()
    """The doors of a Room permanent that are unlocked (709.5)."""
    token: bool = False
    """Whether it is a token (111.1)."""
    copy: bool = False
    """Whether it is a copy of a spell (707.10) or of a card (707.12) rather than a card: an object that
    ceases to exist in a zone other than the stack (a spell's copy) or other than the stack and the
    battlefield (a card's copy) (704.5e). A permanent that entered as a copy of another (709.5b) and a
    copy of a permanent spell that resolved are tokens (``token``), no longer copies (608.3f, 111.12)."""
    face_down: bool = False
    """Whether it is a face-down permanent (708.2a: a 2/2 creature with no name, mana cost, color,
    subtypes or rules text, whatever its card). Its status, not a characteristic (110.5a): it is
    not copied, and the object a face-down permanent becomes in another zone is face up (400.7)."""

    def moved(self, zone: Zone) -> ObjectView:
        """The object after it moves to ``zone`` other than by being cast: a new object (400.7)
        that its owner controls, with no spell facts and no door designations."""
        return ObjectView(self.card, zone, self.owner, self.owner, token=self.token, copy=self.copy)

    def on_stack(self, spell: SpellFacts, caster: Player) -> ObjectView:
        """The card as a spell on the stack, cast as ``spell`` by ``caster``: its caster controls it,
        its owner stays (601.2a)."""
        return ObjectView(self.card, Zone.STACK, self.owner, caster, spell, token=self.token, copy=self.copy)

    def entering(self, token: bool) -> ObjectView:
        """The permanent this resolving permanent spell becomes (a ``token`` if it is a copy): its
        controller's, with no designation yet (608.3; 709.5d decides the doors)."""
        return ObjectView(self.card, Zone.BATTLEFIELD, self.owner, self.controller, token=token)


@dataclass(frozen=True, slots=True)
class Answer(Generic[T]):
    """A rules answer, with the rule numbers and the rule version that produced it."""

    value: T
    """The answer itself."""
    rules: tuple[str, ...]
    """The rule numbers that decide it, in the rule version's numbering."""
    version: str
    """The name of the rule version that answered."""

    def __str__(self) -> str:
        return f"{self.value} ({', '.join(self.rules)}; {self.version})"


class EventKind(StrEnum):
    """What an :class:`Event` reports; the values are the conformance event names."""

    CAST = "cast"
    """A spell was cast (601.2i); ``half`` says which half, or fused."""
    SPLICED = "spliced"
    """A card was spliced onto a spell (702.47a); ``object`` is the spliced card."""
    ENTERED_BATTLEFIELD = "entered_battlefield"
    """A permanent entered the battlefield."""
    DOOR_UNLOCKED = "door_unlocked"
    """A door of a Room was unlocked (709.5c); ``door`` and ``by`` say which and how."""
    DOOR_LOCKED = "door_locked"
    """A door of a Room was locked (709.5g)."""
    FULLY_UNLOCKED = "fully_unlocked"
    """A Room became fully unlocked: its second door was unlocked (709.5i)."""
    UNLOCK_TRIGGER = "unlock_trigger"
    """A door's "when you unlock this door" ability triggered (709.5h)."""
    NAME_CHOSEN = "name_chosen"
    """A player chose a card name (for an ability such as Meddling Mage's)."""


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in the game, as the plugin reports it to the host."""

    kind: EventKind
    """What happened."""
    object: ObjectId
    """The object it happened to."""
    door: Side | None = None
    """The door locked or unlocked, for door events."""
    half: CastOption | None = None
    """The half cast, for a cast event."""
    by: UnlockBy | None = None
    """How a door was unlocked (the special action or an effect)."""
    rules: tuple[str, ...] = field(default=(), compare=False)
    """The rule numbers of the decision (not compared: two events are equal by what happened)."""

    def as_dict(self) -> dict[str, str]:
        """The event as conformance scenarios and game records write it: ``event`` (the kind's
        value), ``object``, and ``door``, ``half`` and ``by`` where they are set; no rules."""
        out = {"event": self.kind.value, "object": self.object}
        if self.door is not None:
            out["door"] = self.door.value
        if self.half is not None:
            out["half"] = self.half.value
        if self.by is not None:
            out["by"] = self.by.value
        return out
