"""What lets a card be cast, and which ways of casting one spell may be used together.

Each way of casting the conformance format can express is one :class:`CastingMethod`, and the rules
give each a :class:`Kind` (or two):

* an **alternative cost** is paid instead of the mana cost (118.9; 117.9 in 2016, 116.9 in
  2009, the glossary's "Alternative Cost" in 2008): a cast without paying the mana cost, and
  flashback, whose cost replaces the mana cost and is paid by the rules for alternative costs
  (702.34a; 702.33a 2013-2021, 702.31a in 2009, 502.22a in 2008);
* an **additional cost** is paid as well as the mana cost or the alternative cost: splice
  (702.47a; 702.46a in 2016, 702.44a in 2009, 502.40a in 2008);
* a **permission** lets the card be cast where or when it otherwise could not, or as what it
  otherwise could not (601.3): flashback's cast from a graveyard, aftermath's graveyard cast
  (702.127a), fuse's choice of both halves from the hand (702.102a; the rules call fuse
  neither cost: the total cost includes each half's mana cost, 702.102c),
  an effect that lets a card be cast from another zone, and flash granted (702.8a);
* a **cost change** is neither: an increase or a reduction applies to whatever total cost was
  chosen (601.2f; 118.9d: to the alternative cost too).

:func:`refusal` is the one decision: whether the permissions the cast relies on let this spell
be cast from where the card is, and whether its ways of casting may be combined. A player can't
apply two alternative methods of casting or two alternative costs to one spell (601.2b; 409.1b
in 2008): a free cast with flashback is refused, whatever else allows it. Whether flashback
allows only an instant or sorcery spell is a setting of the rule version
(``casting.flashback``): the condition that the spell be an instant or a sorcery was added to
flashback on 2021-02-02, so a door of a Room, an enchantment spell, is never cast with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum
from types import MappingProxyType

from splitcards.errors import IllegalAction, IllegalCast, IllegalTiming, IllegalZone
from splitcards.rules import characteristics as ch
from splitcards.rules.actions import CastRequest
from splitcards.rules.card import Card, Half
from splitcards.rules.model import Answer, CastOption, ObjectView, Player, SpellFacts, Timing, Zone
from splitcards.rules.versions import RuleVersion


class Kind(StrEnum):
    """What the rules call a way of casting."""

    ALTERNATIVE_COST = "alternative cost"
    ADDITIONAL_COST = "additional cost"
    PERMISSION = "permission"
    COST_CHANGE = "cost change"


class CastingMethod(StrEnum):
    """A way of casting one spell, as a cast request can use it."""

    WITHOUT_PAYING = "without paying its mana cost"
    FLASHBACK = "flashback"
    AFTERMATH = "aftermath"
    FUSE = "fuse"
    SPLICE = "splice"
    FROM_ZONE = "a permission to cast it from another zone"
    FLASH = "flash"
    PLOT = "plot"
    COST_CHANGE = "a cost increase or reduction"


KINDS: Mapping[CastingMethod, frozenset[Kind]] = MappingProxyType(
    {
        CastingMethod.WITHOUT_PAYING: frozenset({Kind.ALTERNATIVE_COST}),
        CastingMethod.FLASHBACK: frozenset({Kind.PERMISSION, Kind.ALTERNATIVE_COST}),
        CastingMethod.AFTERMATH: frozenset({Kind.PERMISSION}),
        CastingMethod.FUSE: frozenset({Kind.PERMISSION}),
        CastingMethod.SPLICE: frozenset({Kind.ADDITIONAL_COST}),
        CastingMethod.FROM_ZONE: frozenset({Kind.PERMISSION}),
        CastingMethod.FLASH: frozenset({Kind.PERMISSION}),
        # A plotted card is cast from exile without paying its mana cost: a permission and an
        # alternative cost at once (702.170d, 601.2b).
        CastingMethod.PLOT: frozenset({Kind.PERMISSION, Kind.ALTERNATIVE_COST}),
        CastingMethod.COST_CHANGE: frozenset({Kind.COST_CHANGE}),
    }
)
"""What the rules call each way of casting; the same under every edition (only the rule numbers
move, and those are each version's citations)."""

CITATION_KEYS: Mapping[CastingMethod, str] = MappingProxyType(
    {
        CastingMethod.WITHOUT_PAYING: "free_cast",
        CastingMethod.FLASHBACK: "flashback",
        CastingMethod.AFTERMATH: "aftermath",
        CastingMethod.FUSE: "fuse",
        CastingMethod.SPLICE: "splice",
        CastingMethod.FROM_ZONE: "cast_zone",
        CastingMethod.FLASH: "flash",
        CastingMethod.PLOT: "plot",
        CastingMethod.COST_CHANGE: "cost_change",
    }
)
"""The citation key of each way's own rule in a version file."""


def methods_of(request: CastRequest, rules: RuleVersion) -> tuple[CastingMethod, ...]:
    """The ways of casting this request uses, in the order of :class:`CastingMethod`."""
    used = {
        CastingMethod.WITHOUT_PAYING: request.without_paying,
        CastingMethod.FLASHBACK: request.flashback,
        CastingMethod.AFTERMATH: aftermath_cast(request.view, request.option, rules),
        CastingMethod.FUSE: request.option is CastOption.FUSED,
        CastingMethod.SPLICE: bool(request.splice),
        CastingMethod.FROM_ZONE: request.permission is not None,
        CastingMethod.FLASH: request.flash,
        CastingMethod.PLOT: request.plotted,
        CastingMethod.COST_CHANGE: bool(
            request.cost_increase is not None or request.cost_reduction is not None or request.cost_effects
        ),
    }
    return tuple(method for method in CastingMethod if used[method])


def cast_halves(card: Card, option: CastOption) -> tuple[Half, ...]:
    """The halves a cast puts onto the stack (709.3a; both when fused, 702.102a)."""
    side = option.side
    return (card.half(side),) if side is not None else card.halves


def has_aftermath(halves: Iterable[Half], rules: RuleVersion) -> bool:
    """Whether one of ``halves`` is an aftermath half under this version: a half with the keyword,
    under a version that has aftermath (702.127a); before it, such a half is an ordinary half."""
    return rules.aftermath and any(h.aftermath for h in halves)


def aftermath_cast(view: ObjectView, option: CastOption, rules: RuleVersion) -> bool:
    """Whether this option casts an aftermath half, so the graveyard rules of 702.127a apply."""
    return has_aftermath(cast_halves(view.card, option), rules)


def own_zones(card: Card, rules: RuleVersion) -> Answer[frozenset[Zone]]:
    """The zones other than its owner's hand from which the card itself lets its owner cast it:
    a graveyard, for a card with an aftermath half under a version with aftermath (702.127a).
    Every other way of casting from another zone (flashback, an effect naming the zone) is
    granted by something else, and a cast request carries it; a card with none of its own has
    nothing to cast from a graveyard unless granted."""
    if has_aftermath(card.halves, rules):
        return Answer(frozenset({Zone.GRAVEYARD}), rules.cite("aftermath"), rules.name)
    return Answer(frozenset(), rules.cite("cast_zone"), rules.name)


def refusal(request: CastRequest, rules: RuleVersion) -> IllegalAction | None:
    """Why the permissions and costs this cast relies on don't let it be cast, or ``None``.

    In casting order (601.2a-b): the card must be cast from a zone something lets it be cast
    from, as what that permission allows (fused only from its caster's own hand, 702.102a; with
    flashback only from a graveyard, and under the newer wording only as an instant or sorcery
    spell, 702.34a; an aftermath half only from a graveyard, 702.127a; otherwise its owner's
    hand or the zone an effect names, 601.3); then at most one alternative cost (601.2b, 118.9a).
    """
    found = _zone_refusal(request, rules)
    if found is not None:
        return found
    alternative = [m for m in methods_of(request, rules) if Kind.ALTERNATIVE_COST in KINDS[m]]
    if len(alternative) > 1:
        what = " and ".join(m.value for m in alternative)
        keys = ("alternative_costs", *(CITATION_KEYS[m] for m in alternative))
        return IllegalCast(
            f"{_what(request)!r} can't be cast with {what}: both are alternative costs, and only one can be"
            " applied to a spell",
            rules.cite(*keys),
            rules.name,
        )
    return None


def _what(request: CastRequest) -> str:
    return " // ".join(h.name for h in cast_halves(request.view.card, request.option))


def _zone_refusal(request: CastRequest, rules: RuleVersion) -> IllegalAction | None:
    view, option = request.view, request.option
    zone = view.zone
    name = view.card.name
    if zone in (Zone.STACK, Zone.BATTLEFIELD):
        return IllegalZone(f"{name!r} is on the {zone}: only a card can be cast", rules.cite("cast_zone"), rules.name)
    if option is CastOption.FUSED:
        # Fuse allows both halves from the hand only, and flashback allows a graveyard only: the
        # two never meet.
        if zone is not Zone.HAND or request.caster is not view.owner or request.flashback:
            where = "with flashback" if zone is Zone.HAND and request.flashback else f"from the {zone}"
            return IllegalZone(
                f"{name!r} can be cast fused only from its caster's own hand, not {where}",
                rules.cite("fuse", "flashback") if request.flashback else rules.cite("fuse"),
                rules.name,
            )
        return None
    if request.plotted:
        return _plot_refusal(request, rules)
    if request.flashback:
        return _flashback_refusal(request, rules)
    if aftermath_cast(view, option, rules):
        if zone is not Zone.GRAVEYARD:
            return IllegalZone(
                f"the aftermath half of {name!r} can be cast only from a graveyard", rules.cite("aftermath"), rules.name
            )
        if request.caster is view.owner or request.permission is Zone.GRAVEYARD:
            return None
    own_hand = zone is Zone.HAND and request.caster is view.owner
    if own_hand or request.permission is zone:
        return None
    own_graveyard_cast = zone is Zone.GRAVEYARD and has_aftermath(view.card.halves, rules)
    lacking = ""
    if not rules.aftermath and any(h.aftermath for h in cast_halves(view.card, option)):
        # Without the keyword its half is an ordinary half: castable from a hand, not a graveyard.
        lacking = f" (rule version {rules.name!r} has no aftermath: features.aftermath is false)"
    return IllegalZone(
        f"nothing lets {request.caster} cast {'that half of ' if view.card.is_split else ''}{name!r} from the"
        f" {zone}{lacking}",
        rules.cite("cast_zone", "aftermath") if own_graveyard_cast else rules.cite("cast_zone"),
        rules.name,
    )


def _plot_refusal(request: CastRequest, rules: RuleVersion) -> IllegalAction | None:
    """A plotted card is cast by its owner from exile (702.170d): one half of a split card, as
    from any zone other than a hand. A version whose edition has no plot says so."""
    view = request.view
    missing = rules.no_text("plot")
    if missing is not None:
        return IllegalCast(
            f"{view.card.name!r} can't be cast as a plotted card under rule version {rules.name!r}: {missing}",
            (),
            rules.name,
        )
    if view.zone is not Zone.EXILE or request.caster is not view.owner:
        where = f"from the {view.zone}" if view.zone is not Zone.EXILE else f"by {request.caster}, not its owner"
        return IllegalZone(
            f"a plotted card is cast only by its owner from exile: {view.card.name!r} can't be cast {where}",
            rules.cite("plot"),
            rules.name,
        )
    return None


def _flashback_refusal(request: CastRequest, rules: RuleVersion) -> IllegalAction | None:
    """Flashback lets the card be cast from a graveyard, one half for that half's own cost; under
    the wording of 2021 on, only if the resulting spell is an instant or sorcery spell."""
    view = request.view
    if view.zone is not Zone.GRAVEYARD:
        return IllegalZone(
            f"flashback casts {view.card.name!r} only from a graveyard, not from the {view.zone}",
            rules.cite("flashback"),
            rules.name,
        )
    if not rules.flashback_instant_or_sorcery_only:
        return None
    spell = view.on_stack(SpellFacts(option=request.option, cast_from=view.zone), request.caster)
    types = ch.card_types(spell, rules)
    if {"Instant", "Sorcery"} & set(types.value):
        return None
    shown = " ".join(types.value).lower() or "typeless"
    return IllegalZone(
        f"flashback lets {_what(request)!r} be cast from the graveyard only if the resulting spell is an instant or"
        f" sorcery spell, and it would be a {shown} spell",
        rules.cite("flashback", "on_stack"),
        rules.name,
    )


def plot_refusal(
    view: ObjectView, player: Player, by_effect: bool, timing: Timing, rules: RuleVersion
) -> IllegalAction | None:
    """Why ``player`` can't plot the card ``view`` (exile it, plotted), or ``None``.

    The special action (702.170a-b, 116.2k): a card with plot, from its owner's hand, during its
    owner's main phase with priority and an empty stack. An effect (702.170c, as Lilah's) plots a
    card from the zone it is in, any time, but not a permanent or a spell: those leave the
    battlefield or the stack otherwise. A version whose edition has no plot says so."""
    name = view.card.name
    missing = rules.no_text("plot_action")
    if missing is not None:
        return IllegalCast(f"{name!r} can't be plotted under rule version {rules.name!r}: {missing}", (), rules.name)
    if view.zone in (Zone.BATTLEFIELD, Zone.STACK):
        return IllegalZone(f"{name!r} is on the {view.zone}: only a card is plotted", rules.cite("plot"), rules.name)
    if by_effect:
        return None
    if not any(_has_plot(h.keywords, h.text) for h in view.card.halves):
        return IllegalCast(f"{name!r} has no plot ability to plot it with", rules.cite("plot_action"), rules.name)
    if view.zone is not Zone.HAND or view.owner is not player:
        return IllegalZone(
            f"{player} plots a card from their own hand only, and {name!r} is in {view.owner}'s {view.zone}",
            rules.cite("plot_action"),
            rules.name,
        )
    if not timing.sorcery_speed(player):
        return IllegalTiming(
            f"{player} plots {name!r} only during their main phase with priority and an empty stack",
            rules.cite("plot_action"),
            rules.name,
        )
    return None


def _has_plot(keywords: tuple[str, ...] | None, text: str) -> bool:
    # The card data's keywords, or a line of its text starting with the keyword (702.170a).
    return "Plot" in (keywords or ()) or any(line.startswith("Plot ") for line in text.splitlines())
