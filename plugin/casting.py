"""Casting split cards: halves, fuse, aftermath, splice, copies, and leaving the stack.

``check_cast`` decides whether a cast is legal and what spell results; it raises a typed
:class:`~splitcards.errors.IllegalAction` citing the rule otherwise. The order of the checks
follows 601.2: the choice of half or fused (601.2a-b, 709.3), the zone it is cast from, the
timing permission, then splices revealed with it (601.2b, 702.47).
"""

from __future__ import annotations

from collections.abc import Sequence

from splitcards import characteristics as ch
from splitcards.card import PERMANENT_TYPES, Card, Half, Target
from splitcards.contract import CastDecision, CastRequest, Resolution
from splitcards.errors import IllegalCast, IllegalSplice, IllegalTiming, IllegalZone, UnknownCard
from splitcards.mana import ManaCost
from splitcards.model import (
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
from splitcards.versions import RuleVersion


def check_card_exists(card: Card, rules: RuleVersion) -> None:
    """Refuse a card whose kind does not exist under the rule version (aftermath, Rooms)."""
    if card.is_room and not rules.rooms:
        raise UnknownCard(
            f"{card.name!r} is a Room, and rule version {rules.name!r} has no Rooms (features.rooms is false)",
            (),
            rules.name,
        )
    if any(h.aftermath for h in card.halves) and not rules.aftermath:
        raise UnknownCard(
            f"{card.name!r} has aftermath, which rule version {rules.name!r} lacks (features.aftermath is false)",
            (),
            rules.name,
        )


def options_of(card: Card, rules: RuleVersion) -> tuple[CastOption, ...]:
    """The ways a card may be cast at all: one half or the other, fused with fuse, whole if one-faced."""
    if not card.is_split:
        return (CastOption.WHOLE,)
    if card.fuse and rules.fuse:
        return (CastOption.LEFT, CastOption.RIGHT, CastOption.FUSED)
    return (CastOption.LEFT, CastOption.RIGHT)


def cast_halves(card: Card, option: CastOption) -> tuple[Half, ...]:
    """The halves a cast puts onto the stack (709.3a; both when fused, 702.102a)."""
    side = option.side
    if side is not None:
        return (card.half(side),)
    return card.halves


def check_cast(request: CastRequest, rules: RuleVersion, timing: Timing, board: Sequence[ObjectView]) -> None:
    """Raise the error of the first rule the cast breaks; nothing changes either way."""
    _check_option(request.view.card, request.option, rules)
    _check_zone(request, rules)
    if not request.during_resolution:
        _check_timing(request, rules, timing)
    _check_splice(request, rules, board)


def decide_cast(request: CastRequest, rules: RuleVersion) -> CastDecision:
    """The spell a legal cast puts on the stack (601.2a), what it costs in all (601.2f), and
    the rules that allow it; :func:`check_cast` has found it legal."""
    view, option, card = request.view, request.option, request.view.card
    halves = cast_halves(card, option)
    spliced = tuple(Spliced(obj, spliced_view.card.halves[0]) for obj, spliced_view in request.splice)
    spell = SpellFacts(option=option, cast=True, cast_from=view.zone, caster=request.caster, spliced=spliced)
    cost = None if request.without_paying else _sum_costs([h.mana_cost for h in halves])
    splice_cost = _sum_costs([s.half.splice.cost if s.half.splice else None for s in spliced])
    if splice_cost is not None:
        # Splice costs are additional costs: paid even without paying the mana cost (702.47a, 601.2f).
        cost = splice_cost if cost is None else cost + splice_cost
    keys = ["cast_half"] if card.is_split else []
    if option is CastOption.FUSED:
        keys += ["fuse", "fuse_cost"]
    elif _aftermath_cast(view, option, rules):
        keys.append("aftermath")
    else:
        keys.append("cast_zone")
    if not request.during_resolution:
        keys.append("timing")
    if spliced:
        keys += ["splice", "splice_order"]
    return CastDecision(spell=spell, total_cost=cost, rules=rules.cite(*keys))


def _aftermath_cast(view: ObjectView, option: CastOption, rules: RuleVersion) -> bool:
    """Whether this option casts an aftermath half, so the graveyard rules of 702.127a apply."""
    return rules.aftermath and any(h.aftermath for h in cast_halves(view.card, option))


def _check_option(card: Card, option: CastOption, rules: RuleVersion) -> None:
    if all("Land" in h.card_types for h in card.halves):
        raise IllegalCast(f"{card.name!r} is a land: it is played, never cast", rules.cite("land"), rules.name)
    if not card.is_split:
        if option is not CastOption.WHOLE:
            raise IllegalCast(f"{card.name!r} is not a split card: it has no halves to choose", (), rules.name)
        return
    if option is CastOption.WHOLE:
        raise IllegalCast(f"casting {card.name!r} needs a choice of half", rules.cite("cast_half"), rules.name)
    if option is CastOption.FUSED:
        if card.is_room:
            raise IllegalCast(
                f"both doors of {card.name!r} can't be cast together", rules.cite("cast_half"), rules.name
            )
        if not rules.fuse:
            raise IllegalCast(
                f"fuse does not exist under rule version {rules.name!r}: one half must be chosen",
                rules.cite("cast_half"),
                rules.name,
            )
        if not card.fuse:
            raise IllegalCast(f"{card.name!r} has no fuse: only one half can be cast", rules.cite("fuse"), rules.name)


def _check_zone(request: CastRequest, rules: RuleVersion) -> None:
    view, option = request.view, request.option
    zone = view.zone
    name = view.card.name
    if zone in (Zone.STACK, Zone.BATTLEFIELD):
        raise IllegalZone(f"{name!r} is on the {zone}: only a card can be cast", rules.cite("cast_zone"), rules.name)
    if option is CastOption.FUSED:
        if zone is not Zone.HAND or request.caster is not view.owner:
            raise IllegalZone(
                f"{name!r} can be cast fused only from its caster's own hand, not from the {zone}",
                rules.cite("fuse"),
                rules.name,
            )
        return
    if _aftermath_cast(view, option, rules):
        if zone is not Zone.GRAVEYARD:
            raise IllegalZone(
                f"the aftermath half of {name!r} can be cast only from a graveyard", rules.cite("aftermath"), rules.name
            )
        if request.caster is view.owner or request.permission is Zone.GRAVEYARD:
            return
    own_hand = zone is Zone.HAND and request.caster is view.owner
    if own_hand or request.permission is zone:
        return
    extra = rules.cite("aftermath") if _has_aftermath(view, rules) else ()
    raise IllegalZone(
        f"nothing lets {request.caster} cast {'that half of ' if view.card.is_split else ''}{name!r} from the {zone}",
        rules.cite("cast_zone") + extra,
        rules.name,
    )


def _has_aftermath(view: ObjectView, rules: RuleVersion) -> bool:
    # A card with an aftermath half in a graveyard: the refusal names 702.127a as well.
    return rules.aftermath and view.zone is Zone.GRAVEYARD and any(h.aftermath for h in view.card.halves)


def _check_timing(request: CastRequest, rules: RuleVersion, timing: Timing) -> None:
    if timing.priority is not request.caster:
        raise IllegalTiming(f"{request.caster} does not have priority", rules.cite("timing"), rules.name)
    halves = cast_halves(request.view.card, request.option)
    # Only the half (or fused spell) being cast is evaluated (709.3a, 708.2b).
    if all(h.is_instant_speed for h in halves):
        return
    if timing.active is not request.caster or not timing.phase.is_main or not timing.stack_empty:
        what = " // ".join(h.name for h in halves)
        raise IllegalTiming(
            f"{what!r} can be cast only in a main phase of its caster's turn with an empty stack",
            rules.cite("cast_half", "timing") if request.view.card.is_split else rules.cite("timing"),
            rules.name,
        )


def _check_splice(request: CastRequest, rules: RuleVersion, board: Sequence[ObjectView]) -> None:
    if not request.splice:
        return
    types = spell_types(request, rules)
    seen: set[ObjectId] = set()
    for obj, view in request.splice:
        name = view.card.name
        if obj in seen:
            raise IllegalSplice(f"{name!r} is spliced onto this spell twice", rules.cite("splice_once"), rules.name)
        seen.add(obj)
        if obj == request.object:
            raise IllegalSplice(f"{name!r} can't be spliced onto itself", rules.cite("splice"), rules.name)
        refusal = splice_refusal(view, types, request.caster, board, rules)
        if refusal is not None:
            raise refusal


def splice_refusal(
    view: ObjectView, spell_types: set[str], caster: Player, board: Sequence[ObjectView], rules: RuleVersion
) -> IllegalSplice | None:
    """Why this card can't be spliced onto a spell with these types and subtypes, or ``None`` if
    it can: it must have splice onto one of them, be in its caster's hand, and its targets must
    exist (702.47a)."""
    name = view.card.name
    half = view.card.halves[0]
    if view.card.is_split or half.splice is None:
        return IllegalSplice(f"{name!r} has no splice ability", rules.cite("splice"), rules.name)
    if view.zone is not Zone.HAND or view.owner is not caster:
        return IllegalSplice(
            f"{name!r} must be revealed from its caster's hand, but it is in {view.owner}'s {view.zone}",
            rules.cite("splice"),
            rules.name,
        )
    if not set(half.splice.qualities) & spell_types:
        quality = " or ".join(half.splice.qualities)
        return IllegalSplice(
            f"{name!r} splices onto {quality} spells; this spell is not {quality}", rules.cite("splice"), rules.name
        )
    missing = [t for t in half.targets if not t.optional and not _target_exists(t, board, rules, caster)]
    if missing:
        return IllegalSplice(
            f"{name!r} needs a target {_describe(missing[0])} and there is none",
            rules.cite("splice_choices"),
            rules.name,
        )
    return None


def spell_types(request: CastRequest, rules: RuleVersion) -> set[str]:
    """The card types and subtypes the spell would have on the stack: what splice looks at."""
    spell = SpellFacts(option=request.option, cast_from=request.view.zone, caster=request.caster)
    stack_view = ObjectView(request.view.card, Zone.STACK, request.view.owner, request.caster, spell)
    return set(ch.subtypes(stack_view, rules).value) | set(ch.card_types(stack_view, rules).value)


_TARGET_PERMANENT_KINDS = {t.lower() for t in PERMANENT_TYPES} | {"permanent"}


def _target_exists(target: Target, board: Sequence[ObjectView], rules: RuleVersion, caster: Player) -> bool:
    # Players are always there to be targeted; other kinds need a matching object.
    kind = target.kind
    if kind in _TARGET_PERMANENT_KINDS:
        return any(
            v.zone is Zone.BATTLEFIELD
            and (kind == "permanent" or kind.capitalize() in ch.card_types(v, rules).value)
            and (target.controller is None or (v.controller is caster) == (target.controller == "you"))
            for v in board
        )
    if kind == "spell":
        return any(v.zone is Zone.STACK for v in board)
    return True


def _describe(target: Target) -> str:
    whose = {"you": " you control", "opponent": " an opponent controls"}.get(target.controller or "", "")
    return target.kind + whose


def _sum_costs(costs: Sequence[ManaCost | None]) -> ManaCost | None:
    present = [c for c in costs if c is not None]
    if not present:
        return None
    total = present[0]
    for cost in present[1:]:
        total = total + cost
    return total


def check_destination(zone: Zone, rules: RuleVersion) -> None:
    """A card or object reaches the stack only by being cast (601.2a), never by being put there."""
    if zone is Zone.STACK:
        raise IllegalZone("a card reaches the stack only by being cast", rules.cite("cast_zone"), rules.name)


def leave_stack_destination(view: ObjectView, rules: RuleVersion, destination: Zone) -> Answer[Zone]:
    """Where a spell's card goes when it leaves the stack for ``destination``: exile instead if
    it is an aftermath half cast from a graveyard (702.127a). Splice changes end (702.47e)."""
    spell = view.spell
    if (
        spell is not None
        and spell.cast
        and spell.cast_from is Zone.GRAVEYARD
        and _aftermath_cast(view, spell.option, rules)
        and destination is not Zone.EXILE
    ):
        return Answer(Zone.EXILE, rules.cite("aftermath"), rules.name)
    keys = ["leave_stack"] if view.card.is_split else []
    if spell is not None and spell.spliced:
        keys.append("splice_lost")
    return Answer(destination, rules.cite(*keys), rules.name)


def resolution(view: ObjectView, rules: RuleVersion) -> Resolution:
    """How a spell resolves: instructions in order (left then right when fused, 702.102d; spliced
    text after the main spell's, 702.47b), then where it would go: onto the battlefield for a
    permanent spell (608.3), nowhere for a copy (707.10a), otherwise its owner's graveyard
    (608.2n). The ``on_leave_stack`` and ``on_enter_battlefield`` hooks then decide what
    replaces that destination and which doors a Room enters with."""
    spell = view.spell
    if spell is None:
        raise IllegalZone(f"{view.card.name!r} is not a spell on the stack", rules.cite("resolve"), rules.name)
    halves = cast_halves(view.card, spell.option)
    own = tuple(h.name for h in halves)
    order = own + tuple(s.half.name for s in spell.spliced)
    keys = ["resolve"]
    if spell.option is CastOption.FUSED:
        keys.append("fuse_order")
    if spell.spliced:
        keys += ["splice_order", "splice_characteristics"]
    if all(h.is_permanent for h in halves):
        return Resolution(order, Zone.BATTLEFIELD, spell.copy, frozenset(), rules.cite(*keys, "enter_battlefield"), own)
    if spell.copy:
        return Resolution(order, None, False, frozenset(), rules.cite(*keys, "copy_spell"), own)
    return Resolution(order, Zone.GRAVEYARD, False, frozenset(), rules.cite(*keys), own)
