"""Each question of the service, answered by the Table over the position its params describe.

A function here takes the server's :class:`~splitcards.service.position.Context` and the read
params, and returns an :class:`Answered`: the value, the rules that produced it and the rule
version. It decides nothing: every answer is a Table's (``characteristic``, ``castable``,
``cast_decision``, ``splice_candidates``, ``resolve``, ``can_unlock``, ``unlock``,
``copy_card``...), asked on a position of its own, so that one answer never sees another's game.
A refusal the question is about (a way to cast that is illegal, a door that can't be unlocked) is
part of the value; any other refusal of the rules (a card that does not exist under the version)
is raised, and the server answers it as the question's refusal.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from splitcards.errors import IllegalAction, UnknownQuery
from splitcards.game.table import Table
from splitcards.rules import characteristics as ch
from splitcards.rules.actions import CastGrants
from splitcards.rules.card import Card, Half, Side
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption, Event, ObjectId, SpellFacts, Zone
from splitcards.rules.permissions import cast_halves
from splitcards.service.answers import CastWay, Characteristics, Condition, Copied, Door, Refusal, SpliceCandidate
from splitcards.service.params import (
    CardQuestion,
    CastParams,
    Comparing,
    DoorParams,
    Explain,
    HasNameParams,
    OneCast,
    ParamsError,
    Permitted,
    Position,
    SpliceParams,
)
from splitcards.service.position import Context, Setup, card_table, printed_options, set_up

_COLOR_ORDER = "WUBRG"


@dataclass(frozen=True, slots=True)
class Answered:
    """A question's answer: the value, the rule numbers behind it, and the rule version."""

    value: Any
    rules: tuple[str, ...]
    version: str


def _cited(*groups: Iterable[str]) -> tuple[str, ...]:
    """The rule numbers of several answers, each once, in the order first cited."""
    return tuple(dict.fromkeys(n for group in groups for n in group))


# -- characteristics and names --------------------------------------------------------------


def characteristics(context: Context, q: Position) -> Answered:
    """The card's characteristics where it is (709.4, 708; two answers under 2009-2016's rules)."""
    setup = set_up(context, q)
    table, view = setup.table, setup.table.view(setup.obj)
    names = table.characteristic(view, ch.NAMES)
    costs = table.characteristic(view, ch.MANA_COSTS)
    values = table.characteristic(view, ch.MANA_VALUES)
    colors = table.characteristic(view, ch.COLORS)
    multicolored = table.characteristic(view, ch.MULTICOLORED)
    types = table.characteristic(view, ch.CARD_TYPES)
    subtypes = table.characteristic(view, ch.SUBTYPES)
    supertypes = table.characteristic(view, ch.SUPERTYPES)
    value = Characteristics(
        names=names.value,
        mana_costs=costs.value,
        mana_values=values.value,
        colors=tuple(sorted(colors.value, key=_COLOR_ORDER.index)),
        multicolored=multicolored.value,
        card_types=types.value,
        subtypes=subtypes.value,
        supertypes=supertypes.value,
    )
    cited = _cited(*(a.rules for a in (names, costs, values, colors, multicolored, types, subtypes, supertypes)))
    return Answered(value, cited, table.rules.name)


def has_name(context: Context, q: HasNameParams) -> Answered:
    """Whether the card has the name (709.4a): a list is the names of one choice that named both
    halves, under the rules whose choice names both (505.7, 708.7)."""
    setup = set_up(context, q)
    table = setup.table
    if isinstance(q.name, tuple):
        found = ch.has_chosen_name(table.view(setup.obj), table.rules, list(q.name))
    else:
        found = table.has_name(setup.obj, q.name)
    return Answered(found.value, found.rules, found.version)


def compare(context: Context, q: Comparing) -> Answered:
    """Whether a characteristic compares with a value: yes if any of its answers does (708.6, 709.4)."""
    setup = set_up(context, q)
    try:
        found = setup.table.compare(setup.obj, q.characteristic, q.op, q.value)
    except UnknownQuery as exc:
        raise ParamsError(f"params: {exc}") from None
    return Answered(found.value, found.rules, found.version)


def name_choices(context: Context, q: CardQuestion) -> Answered:
    """The legal answers when a player chooses a card name wanting this card (709.4a, 201.4b)."""
    table, card = card_table(context, q)
    table.check_card(card)
    found = table.name_choices(card)
    return Answered([list(choice) for choice in found.value], found.rules, found.version)


# -- casting --------------------------------------------------------------------------------


def castable(context: Context, q: Permitted) -> Answered:
    """The options the caster may cast the card as now (the Table's ``castable``)."""
    setup = set_up(context, q, q.caster)
    found = setup.table.castable(setup.obj, q.permission, q.caster)
    return Answered([option.value for option in found.value], found.rules, found.version)


def ways_to_cast(context: Context, q: CastParams) -> Answered:
    """Every way the printed card offers, each decided as ``cast_decision`` decides it: the legal
    ones, and with ``why_not`` the refused ones too."""
    setup = _cast_setup(context, q)
    ways = [_way(setup, q, option) for option in printed_options(setup.card)]
    shown = [way for way in ways if way.legal or q.explain is not Explain.RULES]
    return Answered(shown, _cited(*(way.rules for way in shown)), setup.table.rules.name)


def cast_decision(context: Context, q: OneCast) -> Answered:
    """One cast decided without casting: the spell, its total cost and what remains; or why not."""
    setup = _cast_setup(context, q)
    option = q.option if q.option is not None else CastOption.WHOLE
    way = _way(setup, q, option)
    return Answered(way, way.rules, setup.table.rules.name)


def _cast_setup(context: Context, q: CastParams) -> Setup:
    return set_up(context, q, q.caster, q.hand, q.splice)


def _way(setup: Setup, q: CastParams, option: CastOption) -> CastWay:
    table = setup.table
    grants = CastGrants(cost_effects=q.cost_effects, hybrid=q.hybrid, flash=q.flash, flashback=q.flashback)
    try:
        decision = table.cast_decision(
            setup.obj,
            option,
            setup.splice,
            caster=q.caster,
            permission=q.permission,
            without_paying=q.without_paying,
            x=q.x,
            cost_increase=q.cost_increase,
            cost_reduction=q.cost_reduction,
            grants=grants,
        )
    except IllegalAction as refused:
        refusal = Refusal.of(refused)
        return CastWay(
            option, False, refusal.rules, summary=f"not castable {_as(option)}: {refusal.message}", refusal=refusal
        )
    spliced = [table.view(obj).card.halves[0] for obj in setup.splice]
    remaining = _remaining(decision.total_cost, [*cast_halves(setup.card, option), *spliced])
    return CastWay(
        option,
        True,
        decision.rules,
        spell=_spliced_named(decision.spell, table),
        total_cost=decision.total_cost,
        remaining=remaining,
        summary=f"castable {_as(option)}" + (" if " + " and ".join(c.text for c in remaining) if remaining else ""),
    )


def _as(option: CastOption) -> str:
    return {CastOption.FUSED: "fused", CastOption.WHOLE: "whole"}.get(option, f"as its {option.value} half")


def _remaining(cost: ManaCost | None, halves: Iterable[Half]) -> tuple[Condition, ...]:
    """What only the engine can tell: that the total cost is paid (601.2g-h), and that each
    required target phrase of each face cast or spliced has a legal target (601.2c, 702.102)."""
    found: list[Condition] = []
    if cost is not None and str(cost) != "{0}":
        found.append(Condition("pay", f"{cost} is paid", cost=cost))
    for half in halves:
        for target in half.targets:
            if target.optional:
                continue  # "up to one": none need exist
            found.append(
                Condition(
                    "target", f"{half.name} has a legal target ({target.describe()})", half=half.name, target=target
                )
            )
    return tuple(found)


def splice_candidates(context: Context, q: SpliceParams) -> Answered:
    """The cards of the hand that may be spliced onto the card cast as ``option`` (702.47a)."""
    setup = set_up(context, q, q.caster, q.hand)
    found = setup.table.splice_candidates(setup.obj, q.option, q.caster)
    index = {obj: i for i, obj in enumerate(setup.hand)}
    value = [SpliceCandidate(index[obj], setup.table.view(obj).card.name) for obj in found.value if obj in index]
    return Answered(value, found.rules, found.version)


# -- the stack and the battlefield -----------------------------------------------------------


def resolution(context: Context, q: Position) -> Answered:
    """How the spell resolves: its instructions, where its card goes (aftermath's exile, 702.127a),
    who controls it, and the doors a Room enters with unlocked (709.5d)."""
    if q.zone is not Zone.STACK:
        raise ParamsError("params.zone: only a spell on the stack resolves (zone: stack, with its spell)")
    setup = set_up(context, q)
    outcome = setup.table.resolve(setup.obj)
    return Answered(outcome, outcome.rules, setup.table.rules.name)


def doors(context: Context, q: DoorParams) -> Answered:
    """Each door of a Room on the battlefield: may its controller unlock it now (709.5e), for
    what, and what unlocking it does (709.5c, 709.5h, 709.5i)."""
    found = []
    for i, side in enumerate(Side):
        # Each door on a position of its own: one door's unlock is not the other's position.
        setup = set_up(context, q)
        if not setup.card.is_room:
            # A card that is no Room has no doors: the rules' refusal (not_a_room, 709.5) is the
            # answer, as the Table gives it to an unlock on this position.
            setup.table.unlock(setup.obj, side)
        can = setup.table.can_unlock(setup.obj, side)
        name = setup.card.halves[i].name if i < len(setup.card.halves) else side.value
        try:
            setup.table.unlock(setup.obj, side, cost_increase=q.cost_increase, cost_reduction=q.cost_reduction)
        except IllegalAction as refused:
            refusal = Refusal.of(refused)
            found.append(Door(side, name, False, refusal.rules, _printed_cost(setup, side), refusal=refusal))
            continue
        events = tuple(_named(event, setup.obj, setup.card) for event in setup.table.events)
        found.append(Door(side, name, can.value, can.rules, setup.table.last_cost, events))
    cited = _cited(*(door.rules for door in found), *(event.rules for door in found for event in door.events))
    return Answered(found, cited, setup.table.rules.name)


def _spliced_named(spell: SpellFacts, table: Table) -> SpellFacts:
    """The spell with each spliced card named by its card's name: the position's own ids mean
    nothing to the client, which gave the cards in ``splice``, in that order."""
    if not spell.spliced:
        return spell
    named = tuple(replace(s, object=table.view(s.object).card.name) for s in spell.spliced)
    return replace(spell, spliced=named)


def _printed_cost(setup: Setup, side: Side) -> ManaCost | None:
    """A door's unlock cost with nothing changing it, when it can't be unlocked now; ``None`` off the
    battlefield, where a Room has no doors to unlock (709.5)."""
    try:
        return setup.table.unlock_cost(setup.obj, side).value
    except IllegalAction:
        return None


def _named(event: Event, obj: ObjectId, card: Card) -> Event:
    """An event about the asked object, naming its card instead of the position's own id."""
    return replace(event, object=card.name) if event.object == obj else event


def copies(context: Context, q: CastParams) -> Answered:
    """A copy of the spell (707.10) or of the card (707.12): what the copy is; for a card, each way
    to cast it while the effect that copies it resolves."""
    if q.zone is Zone.STACK:
        setup = set_up(context, q)
        rules = setup.table.rules
        view = setup.table.view(setup.table.copy_spell(setup.obj))
        # A copy of a spell copies the half or halves cast (709.3b, 707.10).
        return Answered(Copied(view), rules.cite("copy_spell"), rules.name)
    setup = _cast_setup(context, q)
    rules = setup.table.rules
    view = setup.table.view(setup.table.copy_card(setup.obj))
    ways = [_copy_way(context, q, option) for option in printed_options(setup.card)]
    shown = [way for way in ways if way.legal or q.explain is not Explain.RULES]
    # A copy of a card keeps both halves (709.3c, 707.12).
    cited = _cited(rules.cite("copy_card"), *(way.rules for way in shown))
    return Answered(Copied(view, tuple(shown)), cited, rules.name)


def _copy_way(context: Context, q: CastParams, option: CastOption) -> CastWay:
    setup = _cast_setup(context, q)
    table = setup.table
    grants = CastGrants(
        cost_effects=q.cost_effects, x=q.x, cost_increase=q.cost_increase, cost_reduction=q.cost_reduction
    )
    try:
        copy = table.copy_card(setup.obj, True, option, setup.splice, grants)
    except IllegalAction as refused:
        refusal = Refusal.of(refused)
        return CastWay(
            option, False, refusal.rules, summary=f"not castable {_as(option)}: {refusal.message}", refusal=refusal
        )
    spell = table.view(copy).spell
    spell = _spliced_named(spell, table) if spell is not None else None
    rules = _cited(*(e.rules for e in table.events))
    spliced = [table.view(obj).card.halves[0] for obj in setup.splice]
    remaining = _remaining(table.last_cost, [*cast_halves(setup.card, option), *spliced])
    summary = f"castable {_as(option)}" + (" if " + " and ".join(c.text for c in remaining) if remaining else "")
    return CastWay(option, True, rules, spell, table.last_cost, remaining, summary)
