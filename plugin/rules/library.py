"""Processes that go through a library from the top, and copies made for the spells cast before:
cascade (702.85a), discover (701.55a) and storm (702.40a).

Each decision says which cards the process exiles, the card it stops at, and what of that card
may be cast without paying its mana cost; the ``Table`` carries it out through the host's moves,
casts and copies. A split card in a library is judged as the version's rules judge any card off
the stack: under the rules before 2017 its two mana values each answer a relative comparison, and
either yes is yes (708.6a: Violent Outburst could hit Boom // Bust by Boom's 1); since 2017 its
one combined mana value answers (709.4b: Boom // Bust is 7, no hit for a cascade of 3). What may
then be cast of the hit is any half its cast allows, unless the edition checks the resulting
spell (``cascade_resulting_spell``, from 2021-02-24; discover always): then only the halves whose
spell's mana value passes.
"""

from __future__ import annotations

from collections.abc import Sequence

from splitcards.errors import IllegalAction, IllegalCast, NotInRules
from splitcards.rules import characteristics
from splitcards.rules.actions import LibraryHit
from splitcards.rules.card import Card
from splitcards.rules.casting import options_of
from splitcards.rules.model import Answer, CastOption, ObjectView, Zone
from splitcards.rules.versions import RuleVersion


def cascade(library: Sequence[ObjectView], spell: ObjectView, rules: RuleVersion) -> Answer[LibraryHit] | IllegalAction:
    """Cascade of ``spell`` (a spell on the stack) through ``library``, top first (702.85a): exile
    until a nonland card whose mana value is less than the spell's; it may be cast if the
    resulting spell's mana value is also less, where the edition says so. Refused, saying why,
    under an edition with no cascade."""
    missing = rules.no_text("cascade")
    if missing is not None:
        return NotInRules(f"no cascade for {spell.card.name!r}: {missing}", (), rules.name)
    value = max(characteristics.mana_values(spell, rules).value)
    return _through(library, "<", value, rules, "cascade", to_hand=False)


def discover(library: Sequence[ObjectView], n: int, rules: RuleVersion) -> Answer[LibraryHit] | IllegalAction:
    """Discover ``n`` through ``library``, top first (701.55a): exile until a nonland card with mana
    value ``n`` or less; it may be cast if the resulting spell's mana value is ``n`` or less, and
    goes to its owner's hand if it is not. Refused, saying why, under an edition with no discover."""
    missing = rules.no_text("discover")
    if missing is not None:
        return NotInRules(f"no discover {n}: {missing}", (), rules.name)
    return _through(library, "<=", n, rules, "discover", to_hand=True)


def storm_copies(spell: ObjectView, cast_before: int | None, rules: RuleVersion) -> Answer[int] | IllegalAction:
    """How many copies storm makes of ``spell``: one for each other spell cast before it this turn
    (702.40a); ``cast_before`` is ``None`` when the spell was not cast this turn (a copy, which
    was never cast, 707.10), and storm, which triggers as it is cast, is refused. Each copy is a
    copy of the spell as it is, so a copy of a fused split spell is fused (707.10, 709.3)."""
    if cast_before is None:
        return IllegalCast(
            f"{spell.card.name!r} was not cast this turn: storm triggers when its spell is cast",
            rules.cite("storm"),
            rules.name,
        )
    return Answer(cast_before, rules.cite("storm", "copy_spell"), rules.name)


def _through(
    library: Sequence[ObjectView], op: str, value: int, rules: RuleVersion, key: str, to_hand: bool
) -> Answer[LibraryHit]:
    # cite() leaves out what the edition has no text for: the resulting spell's check before 2021.
    cited = list(rules.cite(key, "cascade_resulting_spell") if key == "cascade" else rules.cite(key))
    for place, view in enumerate(library):
        if view.zone is not Zone.LIBRARY:
            raise ValueError(f"{view.card.name!r} is in the {view.zone}, not a library")
        if "Land" in characteristics.card_types(view, rules).value:
            continue
        found = characteristics.compare(view, rules, "mana_value", op, value)
        if not isinstance(found, Answer):
            raise ValueError(str(found))
        if not found.value:
            continue
        cited += [n for n in found.rules if n not in cited]
        options = _castable(view.card, op, value, rules, key)
        return Answer(LibraryHit(place + 1, place, options, to_hand), tuple(cited), rules.name)
    return Answer(LibraryHit(len(library), None, (), to_hand), tuple(cited), rules.name)


def _castable(card: Card, op: str, value: int, rules: RuleVersion, key: str) -> tuple[CastOption, ...]:
    """The ways the hit may be cast: each but fused, and where the edition checks the resulting
    spell, only those whose spell's mana value (X is 0, cast without paying) passes."""
    options = [o for o in options_of(card, rules) if o is not CastOption.FUSED]
    # Discover checks the resulting spell in its one edition; cascade from 2021-02-24 on.
    checks = key == "discover" or rules.no_text("cascade_resulting_spell") is None
    if not checks:
        return tuple(options)
    return tuple(o for o in options if _passes(_spell_value(card, o), op, value))


def _spell_value(card: Card, option: CastOption) -> int:
    side = option.side
    half = card.half(side) if side is not None else card.halves[0]
    return half.mana_value


def _passes(found: int, op: str, value: int) -> bool:
    return found < value if op == "<" else found <= value
