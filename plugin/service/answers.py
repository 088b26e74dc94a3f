"""The forms of the service's answers.

Every answer is an :class:`Envelope`: the value, the rule numbers that produced it, the rule
version, and a decision id. A refusal is an answer, not an error: :class:`Refusal` gives its type
(the conformance error kinds: ``illegal_zone``, ``illegal_timing``...), its message and its rules.
What only the engine can tell (whether the mana can be paid, whether a target exists) is given as
:class:`Condition` s that remain, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass

from splitcards.errors import IllegalAction
from splitcards.rules.card import Side, Target
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption, Event, ObjectView, SpellFacts


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why the rules refuse an action."""

    type: str
    """The refusal's kind, as scenario files name it (``illegal_zone``, ``illegal_timing``...)."""
    message: str
    """The refusal in words."""
    rules: tuple[str, ...]
    """The rule numbers that refuse it."""

    @staticmethod
    def of(error: IllegalAction) -> Refusal:
        """The refusal an error of the rules carries."""
        return Refusal(error.kind, error.reason, error.rules)


@dataclass(frozen=True, slots=True)
class Condition:
    """What must still hold for a legal action to be taken, that only the engine can tell."""

    kind: str
    """``pay``: the cost must be paid; ``target``: a legal target must be chosen for a phrase."""
    text: str
    """The condition in words."""
    cost: ManaCost | None = None
    """For ``pay``: the total cost."""
    half: str | None = None
    """For ``target``: the name of the face whose text asks for the target."""
    target: Target | None = None
    """For ``target``: what may be chosen."""


@dataclass(frozen=True, slots=True)
class Characteristics:
    """A card's characteristics where it is: one answer each, or two under the rules that gave a
    split card two (708, 2009-2016) or, on the stack, by the halves cast."""

    names: tuple[str, ...]
    """Its names (709.4, 708.2)."""
    mana_costs: tuple[ManaCost, ...]
    """Its mana costs (202.1)."""
    mana_values: tuple[int, ...]
    """Its mana values (202.3)."""
    colors: tuple[str, ...]
    """Its colors as letters, in WUBRG order (105.2)."""
    multicolored: bool
    """Whether it is multicolored (105.4)."""
    card_types: tuple[str, ...]
    """Its card types (205.2)."""
    subtypes: tuple[str, ...]
    """Its subtypes (205.3)."""
    supertypes: tuple[str, ...]
    """Its supertypes (205.4)."""


@dataclass(frozen=True, slots=True)
class CastWay:
    """One way to cast a card: legal, with the spell it would be, its total cost and what remains;
    or refused, with why."""

    option: CastOption
    """A half, both halves fused, or the whole card."""
    legal: bool
    """Whether the rules allow it here and now."""
    rules: tuple[str, ...]
    """The rule numbers that allow or refuse it."""
    spell: SpellFacts | None = None
    """The spell it would put on the stack; ``None`` when refused."""
    total_cost: ManaCost | None = None
    """Its total cost (601.2f); ``None`` when refused or when no mana is paid."""
    remaining: tuple[Condition, ...] = ()
    """What the engine must still see hold: the cost paid, each target chosen."""
    summary: str = ""
    """The answer in words ("castable fused if {3}{U}{R} is paid and ...")."""
    refusal: Refusal | None = None
    """Why it is refused; ``None`` when legal."""


@dataclass(frozen=True, slots=True)
class SpliceCandidate:
    """A card of the hand that may be spliced onto the spell."""

    index: int
    """Its place in the ``hand`` asked about, from 0."""
    card: str
    """Its name."""


@dataclass(frozen=True, slots=True)
class Door:
    """A door of a Room on the battlefield: whether it may be unlocked now, for what, and what
    unlocking it does."""

    door: Side
    """Which door."""
    name: str
    """The door's name."""
    can_unlock: bool
    """Whether its controller may take the unlock special action for it now (709.5e)."""
    rules: tuple[str, ...]
    """The rule numbers of that answer."""
    cost: ManaCost | None = None
    """Its unlock cost as the effects given change it; ``None``: no mana."""
    events: tuple[Event, ...] = ()
    """What unlocking it now does: the door unlocked, the Room fully unlocked, the trigger (709.5h)."""
    refusal: Refusal | None = None
    """Why it may not be unlocked now; ``None`` when it may."""


@dataclass(frozen=True, slots=True)
class Copied:
    """A copy of the card or spell: what the copy is, and, for a card, each way to cast it while
    the effect that made it resolves (707.12)."""

    copy: ObjectView
    """The copy as it is made."""
    ways: tuple[CastWay, ...] = ()
    """For a copy of a card: each way to cast it (the legal ones, or every one with ``why_not``)."""


@dataclass(frozen=True, slots=True)
class HookCall:
    """One hook call made to answer (the ``trace`` explanation)."""

    hook: str
    """The hook's name."""
    answered_by: tuple[str, ...]
    """The plugins whose answers were taken."""
    implementations: int
    """How many plugins implement it."""
