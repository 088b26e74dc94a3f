"""The params of the service's questions, and how they are read.

Every question is about one card in one position. :class:`Position` holds what every question
shares: the rule version, the card (a name from the server's card pool, or a whole Card form),
its zone, owner and controller, how it was cast when it is a spell, the unlocked doors of a Room,
the timing, and the explanation wanted. Each question adds its own fields (:class:`CastParams`
for a cast, :class:`Comparing` for a comparison...). The forms are the wire protocol's
(:mod:`splitcards.wire.forms`): an enum is its value, a mana cost its printed text.

Params are read strictly: a key a question does not have is refused, not ignored, because a
misspelt optional field would otherwise give a confident answer to another question.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from splitcards.rules import conditions as _conditions  # noqa: F401  (a cost effect's Condition form)
from splitcards.rules.card import Card, Side
from splitcards.rules.costs import CostEffect
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption, Player, SpellFacts, Timing, Zone
from splitcards.wire.forms import JSON, FormError, Reader, fields_of

P = TypeVar("P")

CardRef = str | Card
"""A card: its name in the server's card pool (``"Fire // Ice"``), or its whole Card form."""


class Explain(StrEnum):
    """How much an answer explains."""

    RULES = "rules"
    """The answer and the rules that produced it (the default)."""
    WHY_NOT = "why_not"
    """Also every refused option, with its refusal type, message and rules."""
    TRACE = "trace"
    """Also every hook call made to answer, with the plugin that answered each."""


@dataclass(frozen=True, slots=True, kw_only=True)
class NoParams:
    """A method that takes no params."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CardQuestion:
    """A question about a card wherever it is: the card, and the rule version."""

    card: CardRef
    """The card: a name in the server's card pool, or a Card form."""
    rules: str | None = None
    """The rule version (a name or an alias); ``None``: the server's (``--rules``)."""
    explain: Explain = Explain.RULES
    """How much the answer explains."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Position(CardQuestion):
    """A card in a position: where it is, whose it is, how it was cast, and when it is asked."""

    zone: Zone = Zone.HAND
    """Where the card is."""
    owner: Player = Player.P1
    """Its owner."""
    controller: Player | None = None
    """Who controls it, on the stack or the battlefield; ``None``: its owner (or a spell's caster)."""
    spell: SpellFacts | None = None
    """How it was cast: required in the stack, refused elsewhere."""
    unlocked: frozenset[Side] = frozenset()
    """The unlocked doors of a Room on the battlefield."""
    token: bool = False
    """Whether it is a token."""
    copy: bool = False
    """Whether it is a copy of a spell or of a card rather than a card."""
    timing: Timing | None = None
    """Whose turn and phase it is, who has priority, whether the stack is empty; ``None``: the
    precombat main phase of the player who acts (the caster, or else the controller), with
    priority and an empty stack."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HasNameParams(Position):
    """Whether the card has a name."""

    name: str | tuple[str, ...]
    """A name, or the names of one choice that named both halves (505.7, 708.7)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Comparing(Position):
    """Whether a characteristic of the card compares with a value."""

    characteristic: str
    """``mana_value`` or ``color``."""
    op: str
    """``==``, ``!=``, ``<``, ``<=``, ``>`` or ``>=``."""
    value: int | str
    """The number or color letter compared with."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Permitted(Position):
    """Who would cast the card, and from where an effect lets it."""

    caster: Player | None = None
    """Who casts it; ``None``: its owner."""
    permission: Zone | None = None
    """A zone an effect lets it be cast from (601.3); ``None``: where the rules allow."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CastParams(Permitted):
    """A cast, or the ways to cast: everything that changes whether it is legal and what it costs."""

    splice: tuple[CardRef, ...] = ()
    """Cards to splice onto it, revealed from the caster's hand, in that order (702.47a)."""
    hand: tuple[CardRef, ...] = ()
    """Other cards in the caster's hand (those spliced are in it already)."""
    x: int | None = None
    """The value announced for X (107.3a); ``None``: not announced."""
    without_paying: bool = False
    """Cast without paying its mana cost (118.9)."""
    cost_increase: ManaCost | None = None
    """A plain increase of its total cost (601.2f)."""
    cost_reduction: ManaCost | None = None
    """A plain reduction of its total cost (601.2f)."""
    cost_effects: tuple[CostEffect, ...] = ()
    """Cost effects in force, each for the spells it describes (601.2f)."""
    hybrid: tuple[str, ...] | None = None
    """The part chosen for each hybrid symbol, in order (601.2b)."""
    flash: bool = False
    """Flash granted by an effect (702.8a)."""
    flashback: bool = False
    """Cast with flashback granted (702.34a)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class OneCast(CastParams):
    """One cast, decided without casting."""

    option: CastOption | None = None
    """A half, both halves fused, or the whole card; ``None`` for a one-faced card."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SpliceParams(Permitted):
    """Which cards of a hand may be spliced onto the card cast as ``option``."""

    option: CastOption | None = None
    """How the spell is cast; ``None`` for a one-faced card."""
    hand: tuple[CardRef, ...] = ()
    """The cards in the caster's hand."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DoorParams(Position):
    """The doors of a Room on the battlefield, with what changes their unlock costs."""

    cost_increase: ManaCost | None = None
    """A plain increase of an unlock cost (118.7, 709.5e)."""
    cost_reduction: ManaCost | None = None
    """A plain reduction of an unlock cost."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Question:
    """One question of a batch: its method and its params (the batch's shared part fills what
    they leave out)."""

    method: str
    """The method asked."""
    params: dict[str, Any]
    """Its params."""


class ParamsError(ValueError):
    """Params that are not the form of the question: names the path of the first wrong value."""


def read_params(cls: type[P], params: JSON, path: str = "params") -> P:
    """The params of ``cls`` read from ``params``; :class:`ParamsError` names the first problem."""
    if not isinstance(params, dict):
        raise ParamsError(f"{path}: expected an object")
    known = {name for name, _, _ in fields_of(cls)}
    unknown = sorted(set(params) - known)
    if unknown:
        allowed = ", ".join(sorted(known)) or "none"
        raise ParamsError(f"{path}: unknown key {unknown[0]!r:.60} (this method takes: {allowed})")
    try:
        # A reader per question: the wire's reader keeps the cards it read, and a server must not
        # keep every card form a client ever sent.
        value: P = _ParamsReader().read(cls, params, path)
    except FormError as exc:
        raise ParamsError(str(exc)) from None
    _check_spell(value, path)
    return value


MAX_X = 1_000_000
"""The largest X a question may announce: a number of mana no game reaches, as for costs."""


def _check_spell(value: object, path: str) -> None:
    x = getattr(value, "x", None)
    # A negative X is the rules' to refuse (107.3a); a huge one is no question at all.
    if x is not None and x > MAX_X:
        raise ParamsError(f"{path}.x: X is at most {MAX_X}, not {x}")
    spell = getattr(value, "spell", None)
    if spell is not None and spell.x > MAX_X:
        raise ParamsError(f"{path}.spell.x: X is at most {MAX_X}, not {spell.x}")
    if not isinstance(value, Position):
        return
    if value.zone is Zone.STACK and value.spell is None:
        raise ParamsError(f"{path}.spell: a card on the stack is a spell: say how it was cast")
    if value.zone is not Zone.STACK and value.spell is not None:
        raise ParamsError(f"{path}.spell: only a card on the stack is a spell (zone is {value.zone.value})")
    if value.unlocked and value.zone is not Zone.BATTLEFIELD:
        raise ParamsError(f"{path}.unlocked: only a Room on the battlefield has unlocked doors")


class _ParamsReader(Reader):
    """The wire's reader, with unions of several forms (a card's name or its form; a number or
    a color) read as the first form the value is."""

    def _read(self, tp: Any, data: JSON, path: str) -> Any:
        origin = typing.get_origin(tp)
        if origin is types.UnionType or origin is typing.Union:
            options = [o for o in typing.get_args(tp) if o is not type(None)]
            if data is None and len(options) < len(typing.get_args(tp)):
                return None
            if len(options) > 1:
                for option in options:
                    if _shape_fits(option, data):
                        return self.read(option, data, path)
                wanted = " or ".join(_described(o) for o in options)
                raise FormError(path, f"expected {wanted}, got {type(data).__name__}")
        return super()._read(tp, data, path)


def _shape_fits(tp: Any, data: JSON) -> bool:
    if tp is str:
        return isinstance(data, str)
    if tp is int:
        return isinstance(data, int) and not isinstance(data, bool)
    if typing.get_origin(tp) is tuple:
        return isinstance(data, list)
    return isinstance(data, dict) and dataclasses.is_dataclass(tp)


def _described(tp: Any) -> str:
    if typing.get_origin(tp) is tuple:
        return "an array"
    return {str: "a string", int: "an integer"}.get(tp, f"an object ({getattr(tp, '__name__', tp)})")
