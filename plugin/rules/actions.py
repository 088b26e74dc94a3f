"""What the rules decide about an action: a request to cast, the decision on it, and how a spell resolves.

The Table (:mod:`splitcards.game.table.table`) builds a :class:`CastRequest` from what a player asks,
the rules answer with a :class:`CastDecision` and, when the spell resolves, a
:class:`Resolution` that the host carries out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from splitcards.rules.card import Side, Target
from splitcards.rules.costs import CostEffect
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import Answer, CastOption, ObjectId, ObjectView, Player, SpellFacts, Zone


@dataclass(frozen=True, slots=True)
class Prohibition:
    """An effect in force that forbids ``player`` to cast spells with a chosen name ("your
    opponents can't cast spells with the chosen name"): ``names`` is the choice, one name, or
    both halves' names where the rule version's choice names both (505.7, 708.7 before 2013),
    and a spell has the chosen name if it has one of them."""

    names: tuple[str, ...]
    """The names of the choice."""
    player: Player
    """The player who can't cast such spells."""


@dataclass(frozen=True, slots=True)
class TargetChoices:
    """The legal choices, now, for one target a spell requires as it is cast (601.2c, 115.1).

    ``half`` says whose text requires it: ``LEFT`` or ``RIGHT`` for a half of a split card (both
    halves' for a fused spell, 702.102c), ``WHOLE`` for a one-faced card, with ``spliced`` the id
    of a card spliced onto the spell whose text requires it (702.47d), else ``None``.
    """

    target: Target
    """The target as its text describes it."""
    half: CastOption
    """Which text requires it (see above)."""
    spliced: ObjectId | None
    """The spliced card whose text requires it; ``None``: the spell's own text."""
    objects: tuple[ObjectId, ...]
    """The objects that may be chosen for it, in the host's order."""
    players: tuple[Player, ...]
    """The players that may be chosen for it."""
    unseen: bool = False
    """Whether it is chosen among what the rules here don't see (an ability on the stack): it is
    then taken as choosable."""

    @property
    def choosable(self) -> bool:
        """Whether the target can be chosen (601.2c): it is optional ("up to one"), or enough
        different objects and players may be chosen for it (115.3)."""
        return self.unseen or self.target.optional or len(self.objects) + len(self.players) >= self.target.count


@dataclass(frozen=True, slots=True)
class CastRequest:
    """A player's request to cast ``object``, as the ``check_cast`` and ``decide_cast`` hooks are
    given it: built by the :class:`~splitcards.game.table.Table` from a
    :class:`~splitcards.game.table.CastOrder` and the host's views."""

    object: ObjectId
    """The card asked to be cast."""
    view: ObjectView
    """The card as it is now (in its hand, graveyard...)."""
    option: CastOption
    """What is cast: a half, both fused, or a one-faced card whole."""
    caster: Player
    """Who casts it: the card's owner unless an effect lets another player cast it."""
    permission: Zone | None = None
    """A zone an effect lets it be cast from (601.3); ``None``: only where the rules let it be cast
    (a hand; a graveyard for aftermath or flashback)."""
    splice: tuple[tuple[ObjectId, ObjectView], ...] = ()
    """The cards spliced onto it, with their views, in the order revealed (702.47a)."""
    during_resolution: bool = False
    """Whether it is cast while another spell resolves (a cast copy of a card, 707.12), so timing does not apply."""
    without_paying: bool = False
    """Cast without paying its mana cost (118.9); additional costs such as splice are still paid."""
    x: int | None = None
    """The value announced for X (107.3a); ``None`` when none was announced."""
    cost_increase: ManaCost | None = None
    """A plain increase of the total cost (601.2f); ``None``: none."""
    cost_reduction: ManaCost | None = None
    """A plain reduction of the total cost (601.2f); ``None``: none."""
    cost_effects: tuple[CostEffect, ...] = ()
    """The cost effects in force, the plugins' included (``decide_cost_effects``)."""
    hybrid: tuple[str, ...] | None = None
    """The color or generic part chosen for each hybrid symbol, in order (601.2b); ``None``: not chosen."""
    flash: bool = False
    """Flash granted by an effect (702.8a): it may be cast any time its caster has priority."""
    flashback: bool = False
    """Cast with flashback (702.34a): an alternative cost, and exiled as it leaves the stack."""
    targets: tuple[TargetChoices, ...] | None = None
    """The legal choices for each target it requires (601.2c), as ``decide_targets`` answered them;
    ``None``: its targets are not judged (a position whose objects are not all known, such as a
    conformance scenario before format 1.3, takes them as chosen)."""
    chosen_targets: tuple[tuple[ObjectId | Player, ...], ...] | None = None
    """The objects and players the caster chose, one tuple per target in the order of ``targets``;
    ``None``: not chosen here (the engine chooses them)."""
    prohibitions: tuple[Prohibition, ...] = ()
    """The effects in force that forbid casting spells by name (Meddling Mage), whoever they bind."""
    mana: ManaCost | None = None
    """The mana the caster has to pay with, one symbol a mana (601.2g); ``None``: the payment is
    taken as made, as an engine that pays makes it."""
    any_type: bool = False
    """An effect lets the caster spend mana as though it were mana of any type (609.4b)."""
    plotted: bool = False
    """Cast as a plotted card from exile, without paying its mana cost (702.170d)."""
    plotted_on: int | None = None
    """The turn it became plotted on; ``None``: not known, and taken as an earlier turn."""
    instead: Zone | None = None
    """Where its card goes instead of a graveyard from the stack, a replacement the permission
    carries (614.1a): :attr:`~splitcards.rules.model.SpellFacts.instead`."""
    resolves_to: Zone | None = None
    """Where its card goes instead of a graveyard as it resolves (608.2n, 614.1a):
    :attr:`~splitcards.rules.model.SpellFacts.resolves_to`."""


@dataclass(frozen=True, slots=True)
class CastGrants:
    """What effects and announced choices add to a cast: spell-cost effects (601.2f), the
    nonhybrid equivalent of its hybrid symbols (601.2b), flash granted (702.8a), flashback
    granted (702.34a); and, for a copy cast while another spell resolves, X and plain cost
    increases and reductions (``None``: as the request has them)."""

    cost_effects: tuple[CostEffect, ...] = ()
    """Spell-cost effects in force for this cast (601.2f)."""
    hybrid: tuple[str, ...] | None = None
    """The part chosen for each hybrid symbol (601.2b); ``None``: not chosen."""
    flash: bool = False
    """Flash granted (702.8a)."""
    flashback: bool = False
    """Flashback granted (702.34a)."""
    any_type: bool = False
    """Mana may be spent as though it were mana of any type (609.4b)."""
    plotted: bool = False
    """Cast as a plotted card (702.170d)."""
    instead: Zone | None = None
    """Where the card goes instead of a graveyard from the stack (614.1a)."""
    resolves_to: Zone | None = None
    """Where the card goes instead of a graveyard as it resolves (608.2n, 614.1a)."""
    x: int | None = None
    """X for a cast copy (107.3a); ``None``: as the request has it."""
    cost_increase: ManaCost | None = None
    """A plain cost increase for a cast copy; ``None``: as the request has it."""
    cost_reduction: ManaCost | None = None
    """A plain cost reduction for a cast copy; ``None``: as the request has it."""

    def apply(self, request: CastRequest) -> CastRequest:
        """``request`` with these grants: its effects, hybrid choices, flash and flashback replaced
        by these, its X and plain cost changes kept where these are ``None``."""
        return replace(
            request,
            cost_effects=self.cost_effects,
            hybrid=self.hybrid,
            flash=self.flash,
            flashback=self.flashback,
            any_type=self.any_type,
            plotted=self.plotted,
            instead=self.instead,
            resolves_to=self.resolves_to,
            x=self.x if self.x is not None else request.x,
            cost_increase=self.cost_increase if self.cost_increase is not None else request.cost_increase,
            cost_reduction=self.cost_reduction if self.cost_reduction is not None else request.cost_reduction,
        )


NO_GRANTS = CastGrants()
"""A cast with nothing granted."""


@dataclass(frozen=True, slots=True)
class CastDecision:
    """A legal cast: the resulting spell, its total mana cost, and the rules that allowed it
    (``Table.cast_decision`` answers one without casting)."""

    spell: SpellFacts
    """The spell the cast puts on the stack (601.2a): what the host's ``cast`` is told."""
    total_cost: ManaCost | None
    """What is paid in all (601.2f): the mana cost with X, plus additional costs such as splice, plus increases,
    minus reductions, each once. ``None`` when no mana is paid at all: the spell is cast without paying its
    mana cost (118.9) and nothing adds to that. A cost of nothing that is still paid is ``{0}``."""
    rules: tuple[str, ...]
    """The rule numbers that allow it, in the rule version's numbering."""


@dataclass(frozen=True, slots=True)
class Resolution:
    """What happens as a spell resolves, decided by the rules and carried out by the host's
    ``resolve``. The card's owner never changes."""

    instructions: tuple[str, ...]
    """The names of the faces whose text is followed, in order (``("Wear", "Tear")`` for a fused spell, 702.102d;
    a spliced card's after the spell's own, 702.47b)."""
    destination: Zone | None
    """The zone the card goes to (its owner's graveyard, exile for aftermath, the battlefield for a permanent);
    ``None``: a copy ceases to exist (707.10a)."""
    token: bool
    """Whether it enters as a token: a copy of a permanent spell, no longer a copy (608.3f): the host sets
    the view's ``token`` and clears its ``copy``."""
    unlocked: frozenset[Side]
    """The doors a Room enters with unlocked: the half cast (709.5d)."""
    rules: tuple[str, ...]
    """The rule numbers behind the decision."""
    performed_by: tuple[str, ...] = ()
    """The names of the spell that follows every instruction: text a spliced card adds that names its own card
    means this spell (702.47c)."""
    controller: Player | None = None
    """Who controls the card afterwards: the spell's controller on the battlefield (608.3), else its owner (400.7,
    108.4a); ``None`` until it is decided. A ``Table`` decides it for every destination, so a host is given
    ``None`` only with no destination (the copy ceases to exist: nothing is left to control)."""

    def citing(self, answer: Answer[Any]) -> Resolution:
        """This resolution citing the rules of ``answer`` too, another answer about it (where its
        card goes, who controls it), each rule once."""
        return replace(self, rules=self.rules + tuple(n for n in answer.rules if n not in self.rules))


@dataclass(frozen=True, slots=True)
class LibraryHit:
    """Where a cascade or a discover stops, and what may be done with the card it stops at."""

    exiled: int
    """How many cards it exiles from the top of the library, the card it stops at included (all of
    them when none qualifies)."""
    hit: int | None
    """The place of the card it stops at, counted from the top (0), or ``None`` when no card qualifies."""
    castable: tuple[CastOption, ...]
    """What of that card may be cast without paying its mana cost: each half whose resulting spell
    passes where the edition checks it (``fused`` never: the card is cast from exile, 702.102a)."""
    to_hand: bool
    """Whether the card it stops at goes to its owner's hand when it is not cast (discover, 701.55a);
    otherwise it goes to the bottom with the rest (cascade)."""
