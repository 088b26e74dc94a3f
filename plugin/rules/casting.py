"""Casting split cards: halves, fuse, aftermath, splice, copies, and leaving the stack.

:func:`cast_refusal` decides whether a cast is legal: it returns the typed
:class:`~splitcards.errors.IllegalAction` of the first rule the cast breaks, citing it, or
``None``; :func:`decide_cast` decides the spell that results and what it costs. No decision here
raises to say no: a refusal is a value, which the ``Table`` alone raises to its caller. The order
of the checks follows 601.2: the choice of half or fused (601.2a-b, 709.3), the zone it is cast
from and the ways of casting it combines (601.2b, :mod:`splitcards.rules.permissions`), the
timing permission, then splices revealed with it (601.2b, 702.47), the targets (601.2c), then
the cost (601.2f).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence

from splitcards.errors import (
    CannotPay,
    IllegalAction,
    IllegalCast,
    IllegalSplice,
    IllegalTiming,
    IllegalZone,
    Prohibited,
    UnknownCard,
)
from splitcards.rules import characteristics as ch
from splitcards.rules import costs, permissions, targets
from splitcards.rules.actions import CastDecision, CastRequest, Resolution
from splitcards.rules.card import Card, Splice
from splitcards.rules.mana import COLORLESS, COLORS, ManaCost, could_pay
from splitcards.rules.model import (
    Answer,
    CastOption,
    ObjectId,
    ObjectView,
    Player,
    SpellFacts,
    Spliced,
    Timing,
    Zone,
)
from splitcards.rules.permissions import cast_halves as cast_halves
from splitcards.rules.targets import target_exists as target_exists
from splitcards.rules.versions import RuleVersion


def check_card_exists(card: Card, rules: RuleVersion) -> None:
    """Raise ``UnknownCard`` if ``card`` does not exist under the rule version ``rules`` (a Room
    before Rooms, 709.5). Deprecated, with a ``DeprecationWarning``: a rules function returns its
    refusal, :func:`card_refusal` (``Table.check_card`` raises it)."""
    warnings.warn(
        "splitcards.check_card_exists is deprecated: use splitcards.rules.casting.card_refusal, which returns"
        " the refusal, or Table.check_card, which raises it",
        DeprecationWarning,
        stacklevel=2,
    )
    refusal = card_refusal(card, rules)
    if refusal is not None:
        raise refusal


def card_refusal(card: Card, rules: RuleVersion) -> UnknownCard | None:
    """Refuse a Room under a rule version without Rooms: its characteristics are those of 709.5.

    A card with a keyword the version lacks (aftermath before 2017, fuse before 2013) exists with
    that version's characteristics; only the keyword's own actions are refused, naming the version.
    """
    if card.is_room and not rules.rooms:
        return UnknownCard(
            f"{card.name!r} is a Room, and rule version {rules.name!r} has no Rooms (features.rooms is false)",
            (),
            rules.name,
        )
    return None


def options_of(card: Card, rules: RuleVersion) -> tuple[CastOption, ...]:
    """The ways a card may be cast at all: one half or the other, fused with fuse, whole if one-faced."""
    if not card.is_split:
        return (CastOption.WHOLE,)
    if card.fuse and rules.fuse:
        return (CastOption.LEFT, CastOption.RIGHT, CastOption.FUSED)
    return (CastOption.LEFT, CastOption.RIGHT)


def cast_refusal(
    request: CastRequest, rules: RuleVersion, timing: Timing, board: Sequence[ObjectView]
) -> IllegalAction | None:
    """The refusal of the first rule the cast breaks, citing it, or ``None`` for a legal cast."""
    return (
        _option_refusal(request.view.card, request.option, rules)
        # What lets it be cast from where it is, and which of its ways of casting may combine, is
        # one decision (601.2a-b, 601.3, 118.9a).
        or permissions.refusal(request, rules)
        or prohibition_refusal(request, rules)
        or (None if request.during_resolution else _timing_refusal(request, rules, timing))
        or _splice_refusal(request, rules, board)
        or _target_refusal(request, rules)
        or _cost_refusal(request, rules)
    )


def check_cast(request: CastRequest, rules: RuleVersion, timing: Timing, board: Sequence[ObjectView]) -> None:
    """Raise the refusal :func:`cast_refusal` returns. Deprecated, with a ``DeprecationWarning``:
    a rules function returns its refusal (``Table.cast_refusal`` answers it, ``Table.cast`` raises it)."""
    warnings.warn(
        "splitcards.rules.casting.check_cast is deprecated: use splitcards.rules.casting.cast_refusal, which"
        " returns the refusal",
        DeprecationWarning,
        stacklevel=2,
    )
    refusal = cast_refusal(request, rules, timing, board)
    if refusal is not None:
        raise refusal


def decide_cast(request: CastRequest, rules: RuleVersion) -> CastDecision | IllegalCast:
    """The spell a legal cast puts on the stack (601.2a), what it costs in all (601.2f), and
    the rules that allow it; :func:`cast_refusal` has found it legal. A hybrid choice the cost
    can't take is refused here too, should a plugin have let the cast through."""
    view, option, card = request.view, request.option, request.view.card
    x = request.x or 0
    spliced = tuple(Spliced(obj, spliced_view.card.halves[0]) for obj, spliced_view in request.splice)
    spell = SpellFacts(
        option=option,
        cast=True,
        cast_from=view.zone,
        caster=request.caster,
        spliced=spliced,
        x=x,
        flashback=request.flashback,
        instead=request.instead,
        resolves_to=request.resolves_to,
    )
    found = total_cost(request, rules)
    if isinstance(found, IllegalCast):
        return found
    cost, cited = found
    keys = ["cast_half"] if card.is_split else []
    if option is CastOption.FUSED:
        keys += ["fuse", "fuse_cost"]
    elif permissions.aftermath_cast(view, option, rules):
        keys.append("aftermath")
    else:
        keys.append("cast_zone")
    if request.flashback:
        keys.append("flashback")
    if not request.during_resolution:
        keys.append("flash" if request.flash else "timing")
    if spliced:
        keys += ["splice", "splice_order"]
    if request.x is not None:
        keys.append("x_value")
    if request.without_paying:
        keys.append("free_cast")
    if request.plotted:
        keys.append("plot")
    if request.mana is not None:
        keys += ["mana_payment", "mana_any_type"] if request.any_type else ["mana_payment"]
    if request.instead is not None or request.resolves_to is not None:
        keys.append("replacement")
    if request.hybrid is not None:
        keys.append("hybrid")
    if request.cost_increase is not None or request.cost_reduction is not None or request.cost_effects:
        keys.append("cost_change")
    cited_all = rules.cite(*keys) + tuple(n for n in cited if n not in rules.cite(*keys))
    return CastDecision(spell=spell, total_cost=cost, rules=cited_all)


def total_cost(request: CastRequest, rules: RuleVersion) -> tuple[ManaCost | None, tuple[str, ...]] | IllegalCast:
    """The total cost (601.2f) and the rules of the cost effects that changed it: the mana cost
    or none (an alternative cost of nothing, 118.9, 702.170d) with the hybrid choices made,
    plus additional costs and increases, minus reductions, each once; or the refusal of a
    hybrid choice the cost can't take."""
    cost = _base_cost(request)
    if request.hybrid is not None:
        chosen = costs.with_hybrid(cost, request.hybrid, _what(request), rules)
        if isinstance(chosen, IllegalCast):
            return chosen
        cost = chosen
    # ...plus increases, minus reductions, each once, to the one total (601.2f).
    more, less, cited = costs.applying(request.cost_effects, stack_view(request), rules)
    increase = costs.total([request.cost_increase, more])
    reduction = costs.total([request.cost_reduction, less])
    return costs.changed(cost, increase, reduction), cited


def payment_refusal(request: CastRequest, rules: RuleVersion) -> CannotPay | None:
    """Whether the caster's mana (``request.mana``) can pay the total cost (601.2g-h): each mana
    pays one symbol of its own type, or any symbol when an effect lets it be spent as though it
    were mana of any type (609.4b, which changes how the cost may be paid, not the cost). No
    mana given: the payment is taken as made."""
    if request.mana is None:
        return None
    found = total_cost(request, rules)
    if isinstance(found, IllegalCast) or found[0] is None:
        return None
    cost = found[0]
    every = frozenset((*COLORS, COLORLESS))
    sources = [every if request.any_type else kinds for kinds in _sources(request.mana)]
    if could_pay(cost, sources):
        return None
    keys = ("mana_payment", "mana_any_type") if request.any_type else ("mana_payment",)
    spent = " as though it were mana of any type" if request.any_type else ""
    unwritten = rules.no_text("mana_any_type") if request.any_type else None
    note = f" ({unwritten})" if unwritten else ""
    return CannotPay(
        f"{_what(request)!r} costs {cost} in all, and {request.mana} spent{spent} can't pay it{note}",
        rules.cite(*keys),
        rules.name,
    )


def _sources(mana: ManaCost) -> list[frozenset[str]]:
    # One source a mana: a colored or {C} symbol is one mana of that type; a number is that much
    # colorless mana.
    found: list[frozenset[str]] = []
    for symbol in mana.symbols:
        if symbol.is_generic:
            found += [frozenset({COLORLESS})] * symbol.value
        else:
            found.append(frozenset(symbol.text.split("/")))
    return found


def _base_cost(request: CastRequest) -> ManaCost | None:
    """The mana cost with X announced, or none when it is not paid (118.9), plus the splice costs:
    additional costs, paid even when the mana cost is not (702.47a, 601.2f). One total for the
    whole spell, fused or not (702.102c)."""
    halves = cast_halves(request.view.card, request.option)
    x = request.x or 0
    free = request.without_paying or request.plotted
    cost = None if free else costs.total([costs.with_x(h.mana_cost, x) for h in halves])
    splices = [v.card.halves[0].splice for _, v in request.splice]
    splice = costs.total([ability.cost if ability else None for ability in splices])
    found: ManaCost | None = costs.total([cost, splice])
    return found


def _what(request: CastRequest) -> str:
    return " // ".join(h.name for h in cast_halves(request.view.card, request.option))


def prohibition_refusal(request: CastRequest, rules: RuleVersion) -> Prohibited | None:
    """The refusal of a cast an effect forbids by name (Meddling Mage, Council of the Absolute),
    or ``None``. The spell is judged by the names it would have on the stack: a half cast alone
    has only its own (709.3b), so the other half of a named split card may still be cast, while
    a fused split spell has both (702.102b), as has a copy cast of the card (707.12, 709.3c).
    A spell has the chosen name if it has one of the names of the choice (709.4a; both halves
    named under 505.7, 708.7 before 2013)."""
    binding = [p for p in request.prohibitions if p.player is request.caster]
    if not binding:
        return None
    spell = stack_view(request)
    for prohibition in binding:
        found = ch.has_chosen_name(spell, rules, prohibition.names)
        if found.value:
            named = " or ".join(repr(n) for n in prohibition.names)
            return Prohibited(
                f"{request.caster.value} can't cast spells named {named}: {request.view.card.name!r} cast as"
                f" {request.option.value} has the names {list(ch.names(spell, rules).value)}",
                found.rules,
                rules.name,
            )
    return None


def stack_view(request: CastRequest) -> ObjectView:
    """The spell as it would be on the stack: what splice, cost effects and targets look at."""
    spell = SpellFacts(option=request.option, cast_from=request.view.zone, caster=request.caster, x=request.x or 0)
    return ObjectView(request.view.card, Zone.STACK, request.view.owner, request.caster, spell)


def _option_refusal(card: Card, option: CastOption, rules: RuleVersion) -> IllegalCast | None:
    if all("Land" in h.card_types for h in card.halves):
        return IllegalCast(f"{card.name!r} is a land: it is played, never cast", rules.cite("land"), rules.name)
    if not card.is_split:
        if option is not CastOption.WHOLE:
            return IllegalCast(f"{card.name!r} is not a split card: it has no halves to choose", (), rules.name)
        return None
    if option is CastOption.WHOLE:
        return IllegalCast(f"casting {card.name!r} needs a choice of half", rules.cite("cast_half"), rules.name)
    if option is CastOption.FUSED:
        if card.is_room:
            return IllegalCast(
                f"both doors of {card.name!r} can't be cast together", rules.cite("cast_half"), rules.name
            )
        if not rules.fuse:
            return IllegalCast(
                f"fuse does not exist under rule version {rules.name!r}: one half must be chosen",
                rules.cite("cast_half"),
                rules.name,
            )
        if not card.fuse:
            return IllegalCast(f"{card.name!r} has no fuse: only one half can be cast", rules.cite("fuse"), rules.name)
    return None


def _timing_refusal(request: CastRequest, rules: RuleVersion, timing: Timing) -> IllegalTiming | None:
    if timing.priority is not request.caster:
        return IllegalTiming(f"{request.caster} does not have priority", rules.cite("timing"), rules.name)
    halves = cast_halves(request.view.card, request.option)
    if request.plotted and not timing.sorcery_speed(request.caster):
        # Plot's own timing, whatever the card's type or a grant of flash (702.170d).
        return IllegalTiming(
            f"a plotted card ({' // '.join(h.name for h in halves)!r}) is cast only in its owner's main phase with"
            " an empty stack",
            rules.cite("plot"),
            rules.name,
        )
    plotted_on, turn = request.plotted_on, timing.turn
    if request.plotted and plotted_on is not None and turn is not None and turn <= plotted_on:
        return IllegalTiming(
            f"a plotted card is cast on a later turn than the one it became plotted on (turn {plotted_on}), and this"
            f" is turn {turn}",
            rules.cite("plot"),
            rules.name,
        )
    # Only the half (or fused spell) being cast is evaluated (709.3a, 708.2b); an effect that
    # grants flash lets it be cast any time an instant could be (702.8a).
    if request.flash or all(h.is_instant_speed for h in halves):
        return None
    if not timing.sorcery_speed(request.caster):
        what = " // ".join(h.name for h in halves)
        return IllegalTiming(
            f"{what!r} can be cast only in a main phase of its caster's turn with an empty stack",
            rules.cite("cast_half", "timing") if request.view.card.is_split else rules.cite("timing"),
            rules.name,
        )
    return None


def _cost_refusal(request: CastRequest, rules: RuleVersion) -> IllegalCast | None:
    """The total cost can be determined and paid (601.2f-h): X is announced only for a cost with
    {X} (107.3a), and is 0 when the mana cost is not paid (107.3b); a half with no mana cost has
    an unpayable cost unless an effect lets it be cast without paying it (202.1b, 118.6)."""
    halves = cast_halves(request.view.card, request.option)
    what = " // ".join(h.name for h in halves)
    if request.x is not None:
        if request.x < 0 or not any(h.mana_cost and any(s.text == "X" for s in h.mana_cost.symbols) for h in halves):
            reason = "X can't be negative" if request.x < 0 else "its mana cost has no {X}"
            return IllegalCast(f"X = {request.x} announced for {what!r}: {reason}", rules.cite("x_value"), rules.name)
        if (request.without_paying or request.plotted) and request.x:
            return IllegalCast(
                f"{what!r} is cast without paying its mana cost: the only legal choice for X is 0",
                rules.cite("x_value"),
                rules.name,
            )
    if request.hybrid is not None:
        chosen = costs.with_hybrid(_base_cost(request), request.hybrid, what, rules)
        if isinstance(chosen, IllegalCast):
            return chosen
    if not (request.without_paying or request.plotted) and any(h.mana_cost is None for h in halves):
        return IllegalCast(
            f"{what!r} has no mana cost: an unpayable cost, so it can be cast only by an effect that lets it be"
            " cast without paying its mana cost (its splice cost is paid when it is spliced)",
            rules.cite("unpayable_cost"),
            rules.name,
        )
    return payment_refusal(request, rules)


def _splice_refusal(request: CastRequest, rules: RuleVersion, board: Sequence[ObjectView]) -> IllegalSplice | None:
    if not request.splice:
        return None
    types = spell_types(request, rules)
    seen: set[ObjectId] = set()
    for obj, view in request.splice:
        name = view.card.name
        if obj in seen:
            return IllegalSplice(f"{name!r} is spliced onto this spell twice", rules.cite("splice_once"), rules.name)
        seen.add(obj)
        if obj == request.object:
            return IllegalSplice(f"{name!r} can't be spliced onto itself", rules.cite("splice"), rules.name)
        refusal = splice_refusal(view, types, request.caster, board, rules, request.view)
        if refusal is not None:
            return refusal
    return None


def _target_refusal(request: CastRequest, rules: RuleVersion) -> IllegalAction | None:
    # Targets are chosen after splices are revealed and before the cost is found (601.2c).
    if request.targets is None:
        return None
    return targets.target_refusal(request.targets, request.chosen_targets, _what(request), request.option, rules)


SPLICE_ZONES = frozenset({Zone.HAND})
"""Where a card spliced onto a spell comes from: it is revealed from its caster's hand (702.47a)."""


def splice_zones(spell: ObjectView, caster: Player, rules: RuleVersion) -> Answer[frozenset[Zone]]:
    """The zones whose cards could be spliced onto ``spell`` as ``caster`` casts it: the hand
    (702.47a). Which of them belong to the caster, and which may be spliced onto this spell, is
    :func:`splice_refusal`'s answer."""
    return Answer(SPLICE_ZONES, rules.cite("splice"), rules.name)


def spliceable(cards: Sequence[tuple[ObjectId, ObjectView]], rules: RuleVersion) -> Answer[tuple[ObjectId, ...]]:
    """The ids of the ``cards`` that could be spliced onto a spell at all: only a card with a splice
    ability can be (702.47a). Whether one can be spliced onto a given spell is
    :func:`splice_refusal`'s answer (the spell's qualities, the caster's hand, the targets its
    text requires)."""
    found = tuple(obj for obj, view in cards if _splice_of(view.card) is not None)
    return Answer(found, rules.cite("splice"), rules.name)


def _splice_of(card: Card) -> Splice | None:
    # What is spliced is a one-faced card's text (no split card has splice).
    return None if card.is_split else card.halves[0].splice


def splice_refusal(
    view: ObjectView,
    spell_types: set[str],
    caster: Player,
    board: Sequence[ObjectView],
    rules: RuleVersion,
    exclude: ObjectView | None = None,
) -> IllegalSplice | None:
    """Why this card can't be spliced onto a spell with these types and subtypes, or ``None`` if
    it can: it must have splice onto one of them and be in its caster's hand (702.47a), and each
    target its text requires must be there to choose (702.47b; ``exclude``: the spell itself)."""
    name = view.card.name
    half = view.card.halves[0]
    splice = _splice_of(view.card)
    if splice is None:
        return IllegalSplice(f"{name!r} has no splice ability", rules.cite("splice"), rules.name)
    if view.zone not in SPLICE_ZONES or view.owner is not caster:
        return IllegalSplice(
            f"{name!r} must be revealed from its caster's hand, but it is in {view.owner}'s {view.zone}",
            rules.cite("splice"),
            rules.name,
        )
    if not set(splice.qualities) & spell_types:
        quality = " or ".join(splice.qualities)
        return IllegalSplice(
            f"{name!r} splices onto {quality} spells; this spell is not {quality}", rules.cite("splice"), rules.name
        )
    missing = [t for t in half.targets if not target_exists(t, board, rules, caster, exclude)]
    if missing:
        keys = ("splice_choices", "target_description") if missing[0].kind in ("card", "spell") else ("splice_choices",)
        return IllegalSplice(
            f"{name!r} needs a target {missing[0].describe()} and there is none", rules.cite(*keys), rules.name
        )
    return None


def spell_types(request: CastRequest, rules: RuleVersion) -> set[str]:
    """The card types and subtypes the spell would have on the stack: what splice looks at."""
    on_stack = stack_view(request)
    return set(ch.subtypes(on_stack, rules).value) | set(ch.card_types(on_stack, rules).value)


def destination_refusal(card: Card, zone: Zone, rules: RuleVersion) -> IllegalZone | None:
    """Where a card can't be put: onto the stack, which it reaches only by being cast (601.2a),
    and onto the battlefield if no half of it is a permanent: an instant or sorcery card stays
    where it was (400.4a). ``None`` where it can go."""
    if zone is Zone.STACK:
        return IllegalZone("a card reaches the stack only by being cast", rules.cite("cast_zone"), rules.name)
    if zone is Zone.BATTLEFIELD and not any(h.is_permanent for h in card.halves):
        return IllegalZone(
            f"{card.name!r} is not a permanent card: it can't be put onto the battlefield",
            rules.cite("nonpermanent_battlefield"),
            rules.name,
        )
    return None


def leave_stack_destination(view: ObjectView, rules: RuleVersion, destination: Zone) -> Answer[Zone]:
    """Where a spell's card goes when it leaves the stack for ``destination``: exile instead if
    it is an aftermath half cast from a graveyard (702.127a). Splice changes end (702.47e)."""
    spell = view.spell
    if spell is not None and spell.flashback and destination is not Zone.EXILE:
        return Answer(Zone.EXILE, rules.cite("flashback"), rules.name)
    if (
        spell is not None
        and spell.cast
        and spell.cast_from is Zone.GRAVEYARD
        and permissions.aftermath_cast(view, spell.option, rules)
        and destination is not Zone.EXILE
    ):
        return Answer(Zone.EXILE, rules.cite("aftermath"), rules.name)
    if spell is not None and spell.instead is not None and destination is Zone.GRAVEYARD:
        # The permission's replacement: flashback's and aftermath's exile above replace every
        # destination, so they apply whatever the order (614.1a).
        return Answer(spell.instead, rules.cite("replacement"), rules.name)
    keys = ["leave_stack"] if view.card.is_split else []
    if spell is not None and spell.spliced:
        keys.append("splice_lost")
    return Answer(destination, rules.cite(*keys), rules.name)


def controller_after(view: ObjectView, destination: Zone, rules: RuleVersion) -> Answer[Player]:
    """Who controls a resolved spell's card where it goes: the spell's controller, for a
    permanent it becomes (608.3, 110.2); elsewhere its owner, as every card in a zone other
    than the battlefield and the stack is its owner's (400.7: a new object; 108.4a)."""
    if destination is Zone.BATTLEFIELD:
        return Answer(view.controller, rules.cite("enter_battlefield"), rules.name)
    return Answer(view.owner, rules.cite("resolve"), rules.name)


def resolution(view: ObjectView, rules: RuleVersion) -> Resolution | IllegalZone:
    """How a spell resolves: instructions in order (left then right when fused, 702.102d; spliced
    text after the main spell's, 702.47b), then where it would go: onto the battlefield for a
    permanent spell (608.3) unless it was cast with flashback, which exiles it instead (702.33a
    before 2021), nowhere for a copy (707.10a), otherwise its owner's graveyard (608.2n). The
    ``on_leave_stack`` and ``on_enter_battlefield`` hooks then decide what replaces that
    destination and which doors a Room enters with. An object with no spell facts is refused."""
    spell = view.spell
    if spell is None:
        return IllegalZone(f"{view.card.name!r} is not a spell on the stack", rules.cite("resolve"), rules.name)
    halves = cast_halves(view.card, spell.option)
    own = tuple(h.name for h in halves)
    order = own + tuple(s.half.name for s in spell.spliced)
    keys = ["resolve"]
    if spell.option is CastOption.FUSED:
        keys.append("fuse_order")
    if spell.spliced:
        keys += ["splice_order", "splice_characteristics"]
    if all(h.is_permanent for h in halves):
        if spell.flashback:
            # Only an edition whose flashback casts any card lets a permanent spell have it; its card
            # would leave the stack for the battlefield, and flashback exiles it instead.
            return Resolution(order, Zone.EXILE, False, frozenset(), rules.cite(*keys, "flashback"), own)
        return Resolution(order, Zone.BATTLEFIELD, spell.copy, frozenset(), rules.cite(*keys, "enter_battlefield"), own)
    if spell.copy:
        return Resolution(order, None, False, frozenset(), rules.cite(*keys, "copy_spell"), own)
    if spell.resolves_to is not None:
        # An effect puts the card elsewhere instead of into the graveyard as it resolves (608.2n, 614.1a).
        return Resolution(order, spell.resolves_to, False, frozenset(), rules.cite(*keys, "replacement"), own)
    return Resolution(order, Zone.GRAVEYARD, False, frozenset(), rules.cite(*keys), own)
