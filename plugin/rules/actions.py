"""What the rules decide about an action: a request to cast, the decision on it, and how a spell resolves.

The Table (:mod:`splitcards.game.table.table`) builds a :class:`CastRequest` from what a player asks,
the rules answer with a :class:`CastDecision` and, when the spell resolves, a
:class:`Resolution` that the host carries out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from splitcards.rules.card import Side
from splitcards.rules.costs import CostEffect
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import Answer, CastOption, ObjectId, ObjectView, Player, SpellFacts, Zone


@dataclass(frozen=True, slots=True)
class CastRequest:
    """A player's request to cast ``object`` (see :func:`check_cast` for the fields' meaning)."""

    object: ObjectId
    view: ObjectView
    option: CastOption
    caster: Player
    permission: Zone | None = None
    splice: tuple[tuple[ObjectId, ObjectView], ...] = ()
    during_resolution: bool = False
    without_paying: bool = False
    x: int | None = None
    cost_increase: ManaCost | None = None
    cost_reduction: ManaCost | None = None
    cost_effects: tuple[CostEffect, ...] = ()
    hybrid: tuple[str, ...] | None = None
    flash: bool = False
    flashback: bool = False


@dataclass(frozen=True, slots=True)
class CastGrants:
    """What effects and announced choices add to a cast: spell-cost effects (601.2f), the
    nonhybrid equivalent of its hybrid symbols (601.2b), flash granted (702.8a), flashback
    granted (702.34a); and, for a copy cast while another spell resolves, X and plain cost
    increases and reductions (``None``: as the request has them)."""

    cost_effects: tuple[CostEffect, ...] = ()
    hybrid: tuple[str, ...] | None = None
    flash: bool = False
    flashback: bool = False
    x: int | None = None
    cost_increase: ManaCost | None = None
    cost_reduction: ManaCost | None = None

    def apply(self, request: CastRequest) -> CastRequest:
        """The request with these grants."""
        return replace(
            request,
            cost_effects=self.cost_effects,
            hybrid=self.hybrid,
            flash=self.flash,
            flashback=self.flashback,
            x=self.x if self.x is not None else request.x,
            cost_increase=self.cost_increase if self.cost_increase is not None else request.cost_increase,
            cost_reduction=self.cost_reduction if self.cost_reduction is not None else request.cost_reduction,
        )


NO_GRANTS = CastGrants()
"""A cast with nothing granted."""


@dataclass(frozen=True, slots=True)
class CastDecision:
    """A legal cast: the resulting spell, its total mana cost, and the rules that allowed it."""

    spell: SpellFacts
    total_cost: ManaCost | None
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Resolution:
    """What happens as a spell resolves: the order its instructions are followed in (by the name
    of the face whose text they are), where the card goes (``None``: a copy ceases to exist), the
    unlocked designations a Room enters with, the names of the spell that follows every
    instruction (text a splice added that names its own card means this spell, 702.47c), and
    who controls the card afterwards (``None`` until it is decided: see
    :func:`splitcards.rules.casting.controller_after`). The card's owner never changes."""

    instructions: tuple[str, ...]
    destination: Zone | None
    token: bool
    unlocked: frozenset[Side]
    rules: tuple[str, ...]
    performed_by: tuple[str, ...] = ()
    controller: Player | None = None

    def citing(self, answer: Answer[Any]) -> Resolution:
        """This resolution citing the rules of another answer about it too (where its card goes,
        who controls it), each rule once."""
        return replace(self, rules=self.rules + tuple(n for n in answer.rules if n not in self.rules))
