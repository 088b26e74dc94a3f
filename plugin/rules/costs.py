"""What a spell or an unlock costs in all (601.2f): X, hybrid choices, additional costs, and the
effects that increase or reduce it, each applied once to the one total cost.

A spell-cost effect ("noncreature spells cost {1} more", "spells with the chosen name cost {2}
less") applies to a spell whose characteristics, as the rules see them on the stack, match its
:class:`~splitcards.rules.conditions.Condition` (a fused spell has both halves', 709.4d; one
half only its own, 709.3b); it never applies to the unlock special action, which is no spell
(116.2m). An effect without a condition changes the cost of the action it is given for.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from splitcards.errors import IllegalCast
from splitcards.rules.mana import ManaCost, ManaSymbol, could_pay
from splitcards.rules.model import Answer, ObjectView
from splitcards.rules.versions import RuleVersion

if TYPE_CHECKING:
    from splitcards.rules.conditions import Condition


@dataclass(frozen=True, slots=True)
class CostEffect:
    """An effect that increases (``increase``) or reduces the cost by ``amount``; ``spells``, when
    given, makes it a spell-cost effect for the spells matching it."""

    amount: ManaCost
    """How much the cost changes by (``{1}``)."""
    increase: bool
    """Whether it increases the cost; else it reduces it (a generic reduction takes generic mana only, 118.7a,
    601.2f)."""
    spells: Condition | None = None
    """The spells it applies to, as they would be on the stack; ``None``: the cost of the action it is given for."""


def total(costs: Sequence[ManaCost | None]) -> ManaCost | None:
    """The sum of the costs that exist; ``None`` when none does."""
    present = [c for c in costs if c is not None]
    if not present:
        return None
    out = present[0]
    for cost in present[1:]:
        out = out + cost
    return out


def with_x(cost: ManaCost | None, x: int) -> ManaCost | None:
    """The mana cost to pay with ``x`` announced for X (107.3a): each {X} is ``x`` generic mana."""
    if cost is None or not any(s.text == "X" for s in cost.symbols):
        return cost
    count = sum(s.text == "X" for s in cost.symbols)
    rest = [s for s in cost.symbols if s.text != "X"] + ([ManaSymbol(str(x * count))] if x else [])
    return ManaCost(tuple(rest)).normalized if rest else ManaCost((ManaSymbol("0"),))


def with_hybrid(
    cost: ManaCost | None, choices: Sequence[str], what: str, rules: RuleVersion
) -> ManaCost | IllegalCast | None:
    """The nonhybrid equivalent announced for the hybrid symbols of ``cost``, in their order
    (601.2b, 107.4e): each choice is one of its symbol's halves (``U`` for ``{U/R}``, ``2`` for
    ``{2/W}``). A choice too many, too few, or not of its symbol is refused: the refusal is
    returned."""
    hybrid = [s for s in (cost.symbols if cost else ()) if "/" in s.text and not s.text.endswith("/P")]
    if len(choices) != len(hybrid):
        return IllegalCast(
            f"{what!r}: {len(choices)} hybrid payment choice(s) for {len(hybrid)} hybrid symbol(s)",
            rules.cite("hybrid"),
            rules.name,
        )
    if cost is None:
        return cost
    out: list[ManaSymbol] = []
    pending = list(choices)
    for symbol in cost.symbols:
        if symbol not in hybrid:
            out.append(symbol)
            continue
        choice = pending.pop(0)
        if choice not in symbol.text.split("/"):
            return IllegalCast(f"{what!r}: {symbol} can't be paid as {{{choice}}}", rules.cite("hybrid"), rules.name)
        out.append(ManaSymbol(choice))
    return ManaCost(tuple(out)).normalized


def changed(cost: ManaCost | None, increase: ManaCost | None, reduction: ManaCost | None) -> ManaCost | None:
    """A total cost after cost increases and then reductions (601.2f); ``None`` when nothing is paid.

    A generic reduction takes generic mana only (118.7a); a colored or colorless one takes that
    symbol, or generic mana when the cost has none of it (118.7b-d). The mana component never
    goes below {0} (601.2f), which is what remains when a reduction takes everything.
    """
    if increase is None and reduction is None:
        return cost
    whole = cost if increase is None else increase if cost is None else cost + increase
    if whole is None or reduction is None:
        return whole
    generic = sum(s.value for s in whole.symbols if s.is_generic)
    rest = [s for s in whole.symbols if not s.is_generic]
    for symbol in reduction.symbols:
        if not symbol.is_generic and symbol in rest:
            rest.remove(symbol)
        else:
            generic -= symbol.value
    kept = ([ManaSymbol(str(generic))] if generic > 0 else []) + rest
    return ManaCost(tuple(kept)).normalized if kept else ManaCost((ManaSymbol("0"),))


def applying(
    effects: Sequence[CostEffect], spell: ObjectView | None, rules: RuleVersion
) -> tuple[ManaCost | None, ManaCost | None, tuple[str, ...]]:
    """The increase and the reduction the effects make to one total cost, summed, and the rules
    that decide which apply. ``spell`` is the spell as it would be on the stack, or ``None`` for
    the unlock special action, to which no spell-cost effect applies (116.2m)."""
    # The conditions read characteristics: loaded by the first cast with a spell-cost effect.
    from splitcards.rules.conditions import satisfies

    increases: list[ManaCost | None] = []
    reductions: list[ManaCost | None] = []
    cited: list[str] = []
    for effect in effects:
        if effect.spells is not None:
            if spell is None:
                cited.extend(n for n in rules.cite("unlock_not_spell") if n not in cited)
                continue
            applies = satisfies(spell, effect.spells, rules)
            cited.extend(n for n in rules.cite("cost_condition") + applies.rules if n not in cited)
            if not applies.value:
                continue
        (increases if effect.increase else reductions).append(effect.amount)
    return total(increases), total(reductions), tuple(cited)


def payable(cost: ManaCost | None, sources: Sequence[frozenset[str]], rules: RuleVersion) -> Answer[bool]:
    """Whether a total cost (601.2f, X at its least: 107.3) could be paid with the mana of
    ``sources``, each making one mana of one of its kinds (601.2g-h): a cost some colored symbol
    of which no source makes is not payable, whatever the number of sources. No cost (``None``)
    is paid with nothing. A yes is "maybe": see :func:`~splitcards.rules.mana.could_pay`."""
    found = cost is None or could_pay(cost, sources)
    return Answer(found, rules.cite("cost_change", "x_value"), rules.name)
