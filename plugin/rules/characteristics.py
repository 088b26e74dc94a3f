"""Characteristics of split cards, split spells and Rooms, and comparisons against them.

Every query first asks which *facets* an object shows: groups of halves whose
characteristics make one answer together. The rule version decides them:

* off the stack, one facet per half (old 505.2/708.2: two answers) or one facet of both
  halves combined (709.4);
* a spell cast as one half shows that half only (709.3b);
* a fused split spell shows two facets (708.2, 2013) or one combined facet (709.4d);
* a Room permanent shows one facet made of its unlocked halves (709.5).

Answers are cached per (object view, rule version); views are immutable.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Generic, TypeVar

from splitcards.errors import IllegalChoice, UnknownQuery
from splitcards.rules.card import Card, Half
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import Answer, CastOption, ObjectView, Zone
from splitcards.rules.versions import RuleVersion

Facets = tuple[tuple[Half, ...], ...]

OPERATORS: dict[str, Callable[[int, int], bool]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
CHARACTERISTICS = ("mana_value", "color")
FACE_DOWN_TYPES = ("Creature",)
"""The card types of a face-down permanent that no effect gives others (708.2a: a 2/2 creature)."""


@lru_cache(maxsize=4096)
def facets(view: ObjectView, rules: RuleVersion) -> tuple[Facets, tuple[str, ...]]:
    """The facets the object shows and the rules that decide them."""
    card = view.card
    if _face_down(view):
        # 708.2a: none of the card's halves shows, whatever the card; one answer, of nothing. A
        # face-down spell shows the same (708.4).
        if view.zone is Zone.STACK and view.spell is not None and view.spell.face_down is not None:
            return ((),), rules.cite(view.spell.face_down.value, "face_down")
        return ((),), rules.cite("face_down")
    if not card.is_split:
        return (card.halves,), ()
    if view.zone is Zone.STACK and view.spell is not None:
        option = view.spell.option
        if option is CastOption.FUSED:
            if rules.fused_spell_combined:
                return (card.halves,), rules.cite("fused_spell")
            return tuple((h,) for h in card.halves), rules.cite("fused_spell")
        side = option.side
        if side is not None:
            return ((card.half(side),),), rules.cite("on_stack")
    if card.is_room and rules.rooms and view.zone is Zone.BATTLEFIELD:
        unlocked = tuple(h for h in card.halves if card.side_of(h) in view.unlocked)
        return (unlocked,), rules.cite("room")
    if rules.off_stack_combined:
        return (card.halves,), rules.cite("off_stack")
    return tuple((h,) for h in card.halves), rules.cite("off_stack")


@lru_cache(maxsize=4096)
def names(view: ObjectView, rules: RuleVersion) -> Answer[tuple[str, ...]]:
    """The names the object has, left to right (709.4a: a split card has two names)."""
    found = tuple(h.name for facet in facets(view, rules)[0] for h in facet)
    return Answer(found, _cited(view, rules, "has_name"), rules.name)


@lru_cache(maxsize=4096)
def mana_costs(view: ObjectView, rules: RuleVersion) -> Answer[tuple[ManaCost, ...]]:
    """One mana cost per answer; a facet with no mana cost gives none (709.5: a locked Room)."""
    out = []
    for facet in facets(view, rules)[0]:
        costs = [h.mana_cost for h in facet if h.mana_cost is not None]
        if costs:
            total = costs[0]
            for cost in costs[1:]:
                total = total + cost
            out.append(total if len(costs) > 1 else costs[0])
    return Answer(tuple(out), _cited(view, rules, "mana_value"), rules.name)


@lru_cache(maxsize=4096)
def mana_values(view: ObjectView, rules: RuleVersion) -> Answer[tuple[int, ...]]:
    """One mana value per answer; a fused split spell always has one, the total (702.102c, 708.2).
    X counts as the number announced for it while the object is a spell on the stack, and as 0
    everywhere else (202.3e)."""
    groups = facets(view, rules)[0]
    x = view.spell.x if view.zone is Zone.STACK and view.spell is not None else 0
    values = tuple(sum(h.mana_value + x * _x_count(h) for h in facet) for facet in groups)
    extra = ("x_value",) if x and any(_x_count(h) for facet in groups for h in facet) else ()
    if view.zone is Zone.STACK and view.spell is not None and view.spell.option is CastOption.FUSED:
        return Answer((sum(values),), _cited(view, rules, "fused_spell", *extra), rules.name)
    return Answer(values, _cited(view, rules, "mana_value", *extra), rules.name)


def _x_count(half: Half) -> int:
    return sum(s.text == "X" for s in half.mana_cost.symbols) if half.mana_cost is not None else 0


@lru_cache(maxsize=4096)
def mana_symbols(view: ObjectView, rules: RuleVersion) -> Answer[tuple[str, ...]]:
    """Every symbol of each half's own cost, never merged (709.4b, Fire // Ice and Jegantha)."""
    symbols = sorted(
        str(s)
        for facet in facets(view, rules)[0]
        for h in facet
        if h.mana_cost is not None
        for s in h.mana_cost.symbols
    )
    return Answer(tuple(symbols), _cited(view, rules, "mana_symbols"), rules.name)


def facet_colors(facet: Sequence[Half]) -> frozenset[str]:
    """The colors of one facet: those of each of its halves."""
    out: frozenset[str] = frozenset()
    for half in facet:
        out |= half.colors
    return out


@lru_cache(maxsize=4096)
def colors(view: ObjectView, rules: RuleVersion) -> Answer[frozenset[str]]:
    """The object's colors: those of every facet it shows."""
    out: frozenset[str] = frozenset()
    for facet in facets(view, rules)[0]:
        out |= facet_colors(facet)
    return Answer(out, _cited(view, rules, "colors"), rules.name)


@lru_cache(maxsize=4096)
def multicolored(view: ObjectView, rules: RuleVersion) -> Answer[bool]:
    """Two or more colors; under the first split-card rules every split card off the stack (505.3)."""
    groups = facets(view, rules)[0]
    if view.card.is_split and rules.every_split_card_multicolored and len(groups) > 1:
        return Answer(True, _cited(view, rules, "multicolored"), rules.name)
    return Answer(len(colors(view, rules).value) > 1, _cited(view, rules, "multicolored"), rules.name)


def _type_halves(view: ObjectView, rules: RuleVersion) -> tuple[Half, ...]:
    # A Room's shared type line stays whatever is locked (709.5, 709.5a); a face-down permanent
    # has none of its card's (708.2a).
    if view.card.is_room and view.zone is Zone.BATTLEFIELD and not _face_down(view):
        return view.card.halves
    return tuple(h for facet in facets(view, rules)[0] for h in facet)


@lru_cache(maxsize=4096)
def card_types(view: ObjectView, rules: RuleVersion) -> Answer[tuple[str, ...]]:
    """Each card type on any half it shows (709.4c), in first-seen order."""
    found = _unique(t for h in _type_halves(view, rules) for t in h.card_types)
    if _face_down(view):
        found = FACE_DOWN_TYPES
    return Answer(found, _cited(view, rules, "types_and_abilities"), rules.name)


@lru_cache(maxsize=4096)
def subtypes(view: ObjectView, rules: RuleVersion) -> Answer[tuple[str, ...]]:
    found = _unique(t for h in _type_halves(view, rules) for t in h.subtypes)
    return Answer(found, _cited(view, rules, "types_and_abilities"), rules.name)


@lru_cache(maxsize=4096)
def supertypes(view: ObjectView, rules: RuleVersion) -> Answer[tuple[str, ...]]:
    """Each supertype on any half it shows ("legendary"), in first-seen order."""
    found = _unique(t for h in _type_halves(view, rules) for t in h.supertypes)
    return Answer(found, _cited(view, rules, "types_and_abilities"), rules.name)


@lru_cache(maxsize=4096)
def abilities_of(view: ObjectView, rules: RuleVersion) -> Answer[tuple[str, ...]]:
    """Names of the faces whose rules text the object has; spliced cards' text follows (702.47c)."""
    own = tuple(h.name for facet in facets(view, rules)[0] for h in facet)
    if view.zone is Zone.STACK and view.spell is not None and view.spell.spliced:
        spliced = tuple(s.half.name for s in view.spell.spliced)
        return Answer(own + spliced, _cited(view, rules, "splice_characteristics"), rules.name)
    return Answer(own, _cited(view, rules, "types_and_abilities"), rules.name)


def has_name(view: ObjectView, rules: RuleVersion, name: str) -> Answer[bool]:
    """Whether one of the object's names is ``name`` (709.4a); "A // B" is no card's name."""
    return Answer(name in names(view, rules).value, _cited(view, rules, "has_name"), rules.name)


def has_chosen_name(view: ObjectView, rules: RuleVersion, choice: Sequence[str]) -> Answer[bool]:
    """Whether the object has a name chosen as ``choice`` (old 505.7/708.7: either of two named halves)."""
    own = names(view, rules).value
    return Answer(any(n in own for n in choice), _cited(view, rules, "has_name"), rules.name)


@lru_cache(maxsize=4096)
def name_choices(card: Card, rules: RuleVersion) -> Answer[tuple[tuple[str, ...], ...]]:
    """The legal answers when a player chooses a card name and wants this card (709.4a, 201.4b)."""
    if not card.is_split:
        return Answer(((card.name,),), (), rules.name)
    halves = tuple(h.name for h in card.halves)
    if rules.name_both_halves:
        return Answer((halves,), rules.cite("name_choice"), rules.name)
    return Answer(tuple((n,) for n in halves), rules.cite("name_choice"), rules.name)


def legal_choice(chosen: Sequence[str], legal: Iterable[Sequence[str]]) -> tuple[str, ...] | None:
    """The legal name choice a player's answer gives, or ``None``: naming both halves of a split
    card names the two of them, in either order (old 505.7, 708.7 ask for both names, not an
    order), so an answer matches a legal choice holding the same names, each once."""
    wanted = tuple(chosen)
    for choice in legal:
        if len(choice) == len(wanted) and sorted(choice) == sorted(wanted) and len(set(wanted)) == len(wanted):
            return tuple(choice)
    return None


def chosen_name(
    card: Card, choice: Sequence[str], legal: Sequence[Sequence[str]], rules: RuleVersion
) -> tuple[str, ...] | IllegalChoice:
    """The legal answer a player's name choice for ``card`` gives (see :func:`legal_choice`), or
    the refusal of a choice that is none of them."""
    found = legal_choice(choice, legal)
    if found is not None:
        return found
    return IllegalChoice(
        f"{list(choice)} is not a legal name choice for {card.name!r} (legal: {[list(c) for c in legal]})",
        rules.cite("name_choice"),
        rules.name,
    )


def compare(
    view: ObjectView, rules: RuleVersion, characteristic: str, op: str, value: int | str
) -> Answer[bool] | UnknownQuery:
    """A comparison with one answer (708.6a/b; 709.4 leaves a single value to compare).

    A positive or relative comparison is yes if any answer of the object says yes; ``!=`` is the
    negative comparison, yes when the analogous ``==`` is no. For ``color``, ``==`` asks whether
    the object is that color. A comparison that is none of these is refused: the refusal is
    returned.
    """
    if op not in OPERATORS:
        return UnknownQuery(f"unknown comparison {op!r} (allowed: {', '.join(OPERATORS)})")
    if characteristic == "mana_value":
        if isinstance(value, bool) or not isinstance(value, int):
            return UnknownQuery(f"mana_value compares with a whole number, got {type(value).__name__}")
        answers: tuple[object, ...] = mana_values(view, rules).value
        positive = OPERATORS["==" if op == "!=" else op]
        hit = any(positive(a, value) for a in answers if isinstance(a, int))
    elif characteristic == "color":
        if op not in ("==", "!="):
            return UnknownQuery(f"color compares with == or != only, got {op!r}")
        if not isinstance(value, str) or value not in ("W", "U", "B", "R", "G"):
            return UnknownQuery(f"color compares with a color letter (W, U, B, R or G), got {value!r:.60}")
        hit = any(value in facet_colors(facet) for facet in facets(view, rules)[0])
    else:
        return UnknownQuery(f"unknown characteristic {characteristic!r} (allowed: {', '.join(CHARACTERISTICS)})")
    key = "negative_comparison" if op == "!=" else "comparison"
    return Answer(hit != (op == "!="), _cited(view, rules, key), rules.name)


def holds(view: ObjectView, rules: RuleVersion, characteristic: str, op: str, value: int | str) -> Answer[bool]:
    """:func:`compare`, for a description's part (a condition, a target's color): a comparison
    that is none is a part no object matches."""
    found = compare(view, rules, characteristic, op, value)
    return Answer(False, (), rules.name) if isinstance(found, UnknownQuery) else found


def value_without_comparison(view: ObjectView, rules: RuleVersion) -> Answer[int]:
    """The sum of the object's answers: the one mana value an effect uses without comparing it
    under 708.5a, and the combined value since 709.4b. Before 708.5a no text gives one value
    for two answers, and this cites nothing there: :func:`single_value` says so."""
    return Answer(sum(mana_values(view, rules).value), _cited(view, rules, "value_without_comparison"), rules.name)


def _face_down(view: ObjectView) -> bool:
    if view.zone is Zone.STACK:
        # A spell cast face down (708.4): the host keeps its spell facts, which say so.
        return view.spell is not None and view.spell.face_down is not None
    return view.face_down and view.zone is Zone.BATTLEFIELD


def single_value(view: ObjectView, rules: RuleVersion) -> Answer[int | None]:
    """The one mana value an effect uses without comparing it (Dark Confidant's life, Infernal
    Genesis's tokens, Living Lore's power): the object's only answer, or, for an object with
    two, the sum where the edition says so (708.5a). ``None`` where the object has two answers
    and the edition gives no one value for them (505.5 of 2008, 708.5 of 2009: "two answers",
    whose example only lets an effect that counts out objects use each); the answer then cites
    nothing and ``rules.no_text("value_without_comparison")`` says why."""
    answers = mana_values(view, rules).value
    if len(answers) > 1 and rules.no_text("value_without_comparison") is not None:
        return Answer(None, (), rules.name)
    return Answer(sum(answers), _cited(view, rules, "value_without_comparison"), rules.name)


NAME_CHARACTERISTIC = "name"
"""The characteristic two objects are compared by when one asks whether they have the same name."""


def compare_objects(
    view: ObjectView, other: ObjectView, rules: RuleVersion, characteristic: str, op: str
) -> Answer[bool] | UnknownQuery:
    """A comparison of two objects' characteristic: Counterbalance's "same mana value as the
    revealed card", "cards with different names".

    Each object gives its answers (two for a split card off the stack under the old rules, one
    combined since 709.4). A positive or relative comparison is yes if any pair of answers says
    yes (505.6, 708.6a: either side of each split card); ``!=`` is the negative one, yes when
    the analogous ``==`` is no (708.6b). Names: two objects have the same name when they have a
    name in common, so a split card has each half's (709.4a); only ``==`` and ``!=`` compare
    them. A comparison that is none of these is refused: the refusal is returned.
    """
    if op not in OPERATORS:
        return UnknownQuery(f"unknown comparison {op!r} (allowed: {', '.join(OPERATORS)})")
    positive = OPERATORS["==" if op == "!=" else op]
    if characteristic == "mana_value":
        mine, theirs = mana_values(view, rules), mana_values(other, rules)
        hit = any(positive(a, b) for a in mine.value for b in theirs.value)
        shown = mine.rules + theirs.rules
    elif characteristic == NAME_CHARACTERISTIC:
        if op not in ("==", "!="):
            return UnknownQuery(f"names compare with == or != only, got {op!r}")
        own, others = names(view, rules), names(other, rules)
        hit = bool(set(own.value) & set(others.value))
        shown = own.rules + others.rules
    else:
        allowed = ", ".join((*CHARACTERISTICS[:1], NAME_CHARACTERISTIC))
        return UnknownQuery(f"unknown characteristic {characteristic!r} to compare two objects by (allowed: {allowed})")
    key = "negative_comparison" if op == "!=" else "comparison"
    split = view.card.is_split or other.card.is_split
    cited = _unique((*shown, *(rules.cite(key) if split else ())))
    return Answer(hit != (op == "!="), cited, rules.name)


def _cited(view: ObjectView, rules: RuleVersion, key: str, *extra: str) -> tuple[str, ...]:
    if _face_down(view):
        return facets(view, rules)[1]
    if not view.card.is_split:
        return rules.cite(*extra)
    shown = facets(view, rules)[1]
    return shown + tuple(n for n in rules.cite(key, *extra) if n not in shown)


def _unique(items: Iterable[str]) -> tuple[str, ...]:
    out: list[str] = []
    for item in items:
        if item not in out:
            out.append(item)
    return tuple(out)


T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Query(Generic[T]):
    """A characteristic query by name, typed by its answer: ``Table.characteristic(obj, NAMES)``
    is an ``Answer[tuple[str, ...]]``."""

    name: str
    """The query's name, as scenario files write it (``"mana_values"``)."""
    function: Callable[[ObjectView, RuleVersion], Answer[T]]
    """The rules function that answers it for a view under a rule version."""

    def __call__(self, view: ObjectView, rules: RuleVersion) -> Answer[T]:
        return self.function(view, rules)

    @staticmethod
    def named(name: str) -> Query[Any]:
        """The characteristic query named ``name``; :class:`~splitcards.errors.UnknownQuery` otherwise."""
        return query(name)


NAMES = Query("names", names)
"""The names the object has, left to right: a split card has two (709.4a), a spell cast as one half only that
half's (709.3b). ``Answer[tuple[str, ...]]``."""
MANA_COSTS = Query("mana_costs", mana_costs)
"""One mana cost per answer the object gives; a facet with no mana cost gives none (a Room with both doors
locked). ``Answer[tuple[ManaCost, ...]]``."""
MANA_VALUES = Query("mana_values", mana_values)
"""One mana value per answer: two for a split card off the stack under the rule versions that answer twice
(708.2), one combined since 709.4; X counts as announced on the stack and as 0 elsewhere (202.3e).
``Answer[tuple[int, ...]]``."""
MANA_SYMBOLS = Query("mana_symbols", mana_symbols)
"""Every symbol of each half's own mana cost, sorted, never merged (709.4b). ``Answer[tuple[str, ...]]``."""
COLORS = Query("colors", colors)
"""The object's colors as letters, those of every half it shows (709.4, 709.3b). ``Answer[frozenset[str]]``."""
MULTICOLORED = Query("multicolored", multicolored)
"""Whether it has two or more colors; under the first split-card rules every split card off the stack is (505.3).
``Answer[bool]``."""
CARD_TYPES = Query("card_types", card_types)
"""Each card type of any half it shows, in first-seen order (709.4c). ``Answer[tuple[str, ...]]``."""
SUBTYPES = Query("subtypes", subtypes)
"""Each subtype of any half it shows, in first-seen order. ``Answer[tuple[str, ...]]``."""
SUPERTYPES = Query("supertypes", supertypes)
ABILITIES = Query("abilities_of", abilities_of)
"""The names of the faces whose rules text the object has; a spell's spliced cards' follow (702.47c).
``Answer[tuple[str, ...]]``."""
VALUE_WITHOUT_COMPARISON = Query("value_without_comparison", value_without_comparison)
"""The one mana value an effect uses without comparing it: the sum of the answers (708.5a; one combined value
since 709.4b). ``Answer[int]``."""

QUERIES: dict[str, Query[Any]] = {
    q.name: q
    for q in (
        NAMES,
        MANA_COSTS,
        MANA_VALUES,
        MANA_SYMBOLS,
        COLORS,
        MULTICOLORED,
        CARD_TYPES,
        SUBTYPES,
        SUPERTYPES,
        ABILITIES,
        VALUE_WITHOUT_COMPARISON,
    )
}


def query(name: str) -> Query[Any]:
    """The characteristic query of that name; raises :class:`~splitcards.errors.UnknownQuery`
    otherwise (a lookup, as ``Zone(name)`` is: :func:`answer` returns the refusal instead)."""
    found = _named(name)
    if isinstance(found, UnknownQuery):
        raise found
    return found


def _named(name: object) -> Query[Any] | UnknownQuery:
    found = QUERIES.get(name) if isinstance(name, str) else None
    if found is None:
        return UnknownQuery(f"unknown characteristic query {name!r:.60} (allowed: {', '.join(QUERIES)})")
    return found


def answer(view: ObjectView, rules: RuleVersion, asked: Query[Any] | str) -> Answer[Any] | UnknownQuery:
    """The answer to the characteristic query ``asked`` (a :class:`Query`, or its name) about the
    object ``view``, citing the rules that decide it (709.4, 709.3b, 708.2, 505.2); a name that
    is no query is refused: the refusal is returned."""
    found = asked if isinstance(asked, Query) else _named(asked)
    if isinstance(found, UnknownQuery):
        return found
    return found(view, rules)
