"""What an effect asks of an object's characteristics: "noncreature spells", "black spells",
"spells with the chosen name", "target spell with mana value X".

The answer is the split-card rules' answer for the object where it is: a fused split spell has
both halves' characteristics (709.4d; two sets under classic-2013, 708.2b), a spell cast as one
half only that half's (709.3b), a Room permanent only its unlocked doors' (709.5), and under the
old rules a split card off the stack answers yes where either half does (708.6a-b, 505.6).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from splitcards.errors import IllegalChoice
from splitcards.rules import characteristics as ch
from splitcards.rules.card import Card, Half
from splitcards.rules.model import Answer, ObjectView
from splitcards.rules.versions import RuleVersion


@dataclass(frozen=True, slots=True)
class Condition:
    """A description an object must match ("noncreature spells"); every part given must hold, and
    a part left empty always does."""

    types: tuple[str, ...] = ()
    """Card types or subtypes, one of which it has (``("Instant", "Sorcery")``)."""
    not_types: tuple[str, ...] = ()
    """Card types or subtypes it has none of (``("Creature",)``: "noncreature")."""
    colors: tuple[str, ...] = ()
    """Color letters, one of which it is (``("R",)``)."""
    not_colors: tuple[str, ...] = ()
    """Color letters it is none of (``("B",)``: "nonblack")."""
    name: tuple[str, ...] = ()
    """A name it has, or one of several when a choice named both halves of a split card (505.7, 708.7)."""
    mana_value: tuple[str, int] | None = None
    """A comparison ``(op, value)`` its mana value passes ("mana value 4 or less": ``("<=", 4)``); ``None``: any."""


def satisfies(view: ObjectView, condition: Condition, rules: RuleVersion) -> Answer[bool]:
    """Whether the object matches the description now, with the rules behind each part asked."""
    cited: list[str] = []

    def cite(answer: Answer[bool]) -> bool:
        cited.extend(n for n in answer.rules if n not in cited)
        return answer.value

    def typed(names: tuple[str, ...]) -> bool:
        found = ch.card_types(view, rules)
        sub = ch.subtypes(view, rules)
        cited.extend(n for n in found.rules + sub.rules if n not in cited)
        own = {t.lower() for t in (*found.value, *sub.value)}
        return any(t.lower() in own for t in names)

    ok = True
    if condition.types:
        ok = ok and typed(condition.types)
    if condition.not_types:
        ok = ok and not typed(condition.not_types)
    if condition.colors:
        ok = ok and any(cite(ch.holds(view, rules, "color", "==", c)) for c in condition.colors)
    if condition.not_colors:
        ok = ok and all(cite(ch.holds(view, rules, "color", "!=", c)) for c in condition.not_colors)
    if condition.name:
        ok = ok and cite(ch.has_chosen_name(view, rules, condition.name))
    if condition.mana_value is not None:
        op, value = condition.mana_value
        ok = ok and cite(ch.holds(view, rules, "mana_value", op, value))
    return Answer(ok, tuple(cited), rules.name)


def half_matches(half: Half, condition: Condition) -> bool:
    """Whether one half, with its own characteristics only, matches the description (201.4b: a
    split card's name is judged by that half's characteristics)."""
    own = {t.lower() for t in (*half.card_types, *half.subtypes)}
    checks = (
        not condition.types or any(t.lower() in own for t in condition.types),
        not any(t.lower() in own for t in condition.not_types),
        not condition.colors or any(c in half.colors for c in condition.colors),
        not any(c in half.colors for c in condition.not_colors),
        not condition.name or half.name in condition.name,
        condition.mana_value is None or ch.OPERATORS[condition.mana_value[0]](half.mana_value, condition.mana_value[1]),
    )
    return all(checks)


def described_name_choices(
    card: Card, legal: Sequence[tuple[str, ...]], described: Condition, rules: RuleVersion
) -> Answer[tuple[tuple[str, ...], ...]] | IllegalChoice:
    """The answers among ``legal`` a player may give when told to choose a card name "with certain
    characteristics" (Council of the Absolute's noncreature, nonland card name) and wanting
    ``card``: a name of a half is judged by that half's characteristics only (201.4b, 201.3b of
    2017). Where the edition has no text for it (``name_choice_characteristics`` unwritten), the
    answer is given only when the halves agree, all matching or none; otherwise the refusal says
    that no rule decides it, rather than guess."""
    matching = {h.name: half_matches(h, described) for h in card.halves}
    found = tuple(choice for choice in legal if all(matching.get(n, False) for n in choice))
    if len(set(matching.values())) > 1:
        why = rules.no_text("name_choice_characteristics")
        if why is not None:
            asked = f"choosing a name of {card.name!r} with certain characteristics"
            return IllegalChoice(f"{asked}: {why}", (), rules.name)
    return Answer(found, rules.cite("name_choice", "name_choice_characteristics"), rules.name)
