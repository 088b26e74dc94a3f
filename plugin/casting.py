"""Casting split cards: halves, fuse, aftermath, splice, copies, and leaving the stack.

``check_cast`` decides whether a cast is legal and what spell results; it raises a typed
:class:`~splitcards.errors.IllegalAction` citing the rule otherwise. The order of the checks
follows 601.2: the choice of half or fused (601.2a-b, 709.3), the zone it is cast from, the
timing permission, then splices revealed with it (601.2b, 702.47).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from splitcards import characteristics as ch
from splitcards.card import Card, Half, Target
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


def check_cast(request: CastRequest, rules: RuleVersion, timing: Timing, board: Sequence[ObjectView]) -> CastDecision:
    """Decide a cast or raise the error of the first rule it breaks; nothing changes either way."""
    view, option, card = request.view, request.option, request.view.card
    _check_option(card, option, rules)
    cited = _check_zone(request, rules)
    if not request.during_resolution:
        cited += _check_timing(request, rules, timing)
    halves = cast_halves(card, option)
    spell = SpellFacts(option=option, cast=True, cast_from=view.zone, caster=request.caster)
    spliced, splice_cost, splice_rules = _check_splice(request, rules, spell, board)
    cost = None if request.without_paying else _sum_costs([h.mana_cost for h in halves])
    if splice_cost is not None:
        # Splice costs are additional costs: paid even without paying the mana cost (702.47a, 601.2f).
        cost = splice_cost if cost is None else cost + splice_cost
    fused_rules = rules.cite("fuse", "fuse_cost") if option is CastOption.FUSED else ()
    half_rules = rules.cite("cast_half") if card.is_split else ()
    return CastDecision(
        spell=replace(spell, spliced=spliced),
        total_cost=cost,
        rules=half_rules + fused_rules + cited + splice_rules,
    )


def castable(
    view: ObjectView,
    rules: RuleVersion,
    timing: Timing,
    permission: Zone | None = None,
    caster: Player | None = None,
) -> Answer[tuple[CastOption, ...]]:
    """The options that may be cast now from the object's zone; ``permission`` is a zone an
    effect lets its controller cast the card from (flashback, Mizzix's Mastery...)."""
    if view.zone in (Zone.STACK, Zone.BATTLEFIELD):
        return Answer((), rules.cite("cast_zone"), rules.name)
    who = caster or view.owner
    ok = []
    for option in options_of(view.card, rules):
        try:
            check_cast(CastRequest("", view, option, who, permission), rules, timing, ())
        except (IllegalCast, IllegalZone, IllegalTiming):
            continue
        ok.append(option)
    return Answer(tuple(ok), rules.cite("cast_half", "cast_zone", "timing"), rules.name)


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


def _check_zone(request: CastRequest, rules: RuleVersion) -> tuple[str, ...]:
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
        return rules.cite("fuse")
    halves = cast_halves(view.card, option)
    aftermath = rules.aftermath and any(h.aftermath for h in halves)
    if aftermath:
        if zone is not Zone.GRAVEYARD:
            raise IllegalZone(
                f"the aftermath half of {name!r} can be cast only from a graveyard", rules.cite("aftermath"), rules.name
            )
        if request.caster is view.owner or request.permission is Zone.GRAVEYARD:
            return rules.cite("aftermath")
    own_hand = zone is Zone.HAND and request.caster is view.owner
    if own_hand or request.permission is zone:
        return rules.cite("cast_zone")
    extra = (
        rules.cite("aftermath")
        if rules.aftermath
        and zone is Zone.GRAVEYARD
        and view.card.is_split
        and any(h.aftermath for h in view.card.halves)
        else ()
    )
    raise IllegalZone(
        f"nothing lets {request.caster} cast {'that half of ' if view.card.is_split else ''}{name!r} from the {zone}",
        rules.cite("cast_zone") + extra,
        rules.name,
    )


def _check_timing(request: CastRequest, rules: RuleVersion, timing: Timing) -> tuple[str, ...]:
    if timing.priority is not request.caster:
        raise IllegalTiming(f"{request.caster} does not have priority", rules.cite("timing"), rules.name)
    halves = cast_halves(request.view.card, request.option)
    # Only the half (or fused spell) being cast is evaluated (709.3a, 708.2b).
    if all(h.is_instant_speed for h in halves):
        return rules.cite("timing")
    if timing.active is not request.caster or not timing.phase.is_main or not timing.stack_empty:
        what = " // ".join(h.name for h in halves)
        raise IllegalTiming(
            f"{what!r} can be cast only in a main phase of its caster's turn with an empty stack",
            rules.cite("cast_half", "timing") if request.view.card.is_split else rules.cite("timing"),
            rules.name,
        )
    return rules.cite("timing")


def _check_splice(
    request: CastRequest, rules: RuleVersion, spell: SpellFacts, board: Sequence[ObjectView]
) -> tuple[tuple[Spliced, ...], ManaCost | None, tuple[str, ...]]:
    if not request.splice:
        return (), None, ()
    stack_view = ObjectView(request.view.card, Zone.STACK, request.view.owner, request.caster, spell)
    spell_subtypes = set(ch.subtypes(stack_view, rules).value) | set(ch.card_types(stack_view, rules).value)
    seen: set[ObjectId] = set()
    out: list[Spliced] = []
    cost: ManaCost | None = None
    for obj, view in request.splice:
        name = view.card.name
        if obj in seen:
            raise IllegalSplice(f"{name!r} is spliced onto this spell twice", rules.cite("splice_once"), rules.name)
        seen.add(obj)
        if obj == request.object:
            raise IllegalSplice(f"{name!r} can't be spliced onto itself", rules.cite("splice"), rules.name)
        half = view.card.halves[0]
        if view.card.is_split or half.splice is None:
            raise IllegalSplice(f"{name!r} has no splice ability", rules.cite("splice"), rules.name)
        if view.zone is not Zone.HAND or view.owner is not request.caster:
            raise IllegalSplice(
                f"{name!r} must be revealed from its caster's hand, but it is in {view.owner}'s {view.zone}",
                rules.cite("splice"),
                rules.name,
            )
        if not set(half.splice.qualities) & spell_subtypes:
            quality = " or ".join(half.splice.qualities)
            raise IllegalSplice(
                f"{name!r} splices onto {quality} spells; this spell is not {quality}", rules.cite("splice"), rules.name
            )
        missing = [t for t in half.targets if not t.optional and not _target_exists(t, board, rules, request.caster)]
        if missing:
            raise IllegalSplice(
                f"{name!r} needs a target {_describe(missing[0])} and there is none",
                rules.cite("splice_choices"),
                rules.name,
            )
        out.append(Spliced(obj, half))
        if half.splice.cost is not None:
            cost = half.splice.cost if cost is None else cost + half.splice.cost
    return tuple(out), cost, rules.cite("splice", "splice_order")


_PERMANENT_KINDS = {"artifact", "creature", "enchantment", "land", "planeswalker", "battle"}


def _target_exists(target: Target, board: Sequence[ObjectView], rules: RuleVersion, caster: Player) -> bool:
    # Players are always there to be targeted; other kinds need a matching object.
    kind = target.kind
    if kind in _PERMANENT_KINDS or kind == "permanent":
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


def leave_stack_destination(view: ObjectView, rules: RuleVersion, destination: Zone) -> tuple[Zone, tuple[str, ...]]:
    """Where a spell's card goes when it leaves the stack for ``destination``: exile instead if
    it is an aftermath half cast from a graveyard (702.127a). Splice changes end (702.47e)."""
    spell = view.spell
    if (
        spell is not None
        and rules.aftermath
        and spell.cast
        and spell.cast_from is Zone.GRAVEYARD
        and any(h.aftermath for h in cast_halves(view.card, spell.option))
        and destination is not Zone.EXILE
    ):
        return Zone.EXILE, rules.cite("aftermath")
    keys = ["leave_stack"] if view.card.is_split else []
    if spell is not None and spell.spliced:
        keys.append("splice_lost")
    return destination, rules.cite(*keys)


def resolution(view: ObjectView, rules: RuleVersion) -> Resolution:
    """How a spell resolves: instructions in order (left then right when fused, 702.102d; spliced
    text after the main spell's, 702.47b), then where the card goes."""
    spell = view.spell
    if spell is None:
        raise ValueError("only a spell on the stack resolves")
    halves = cast_halves(view.card, spell.option)
    own = tuple(h.name for h in halves)
    order = own + tuple(s.half.name for s in spell.spliced)
    keys = ["resolve"]
    if spell.option is CastOption.FUSED:
        keys.append("fuse_order")
    if spell.spliced:
        keys += ["splice_order", "splice_characteristics"]
    if all(h.is_permanent for h in halves):
        side = spell.option.side
        unlocked = frozenset({side}) if view.card.is_room and rules.rooms and side is not None else frozenset()
        keys += ["enter_battlefield", "room_enters"] if unlocked else ["enter_battlefield"]
        return Resolution(order, Zone.BATTLEFIELD, spell.copy, unlocked, rules.cite(*keys), own)
    if spell.copy:
        return Resolution(order, None, False, frozenset(), rules.cite(*keys, "copy_spell"), own)
    destination, leave_rules = leave_stack_destination(view, rules, Zone.GRAVEYARD)
    cited = rules.cite(*keys)
    return Resolution(
        order, destination, False, frozenset(), cited + tuple(n for n in leave_rules if n not in cited), own
    )
