"""Reading the values of a scenario's step fields and query arguments: names, aliases, enum
values, X, players, flags, cost changes and conditions.

:data:`READERS` holds the reader of every step field (``STEP_FIELDS``): the loader reads each
field a step gives with it, once, and the runner uses what it returns. A value a reader can't
read is a :class:`~splitcards.errors.ScenarioError` naming the key.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeVar

from splitcards.errors import ScenarioError, printable, shown
from splitcards.rules.card import Side
from splitcards.rules.conditions import Condition
from splitcards.rules.costs import CostEffect
from splitcards.rules.faces import FaceDownBy
from splitcards.rules.mana import COLORS, MAX_GENERIC, ManaCost
from splitcards.rules.model import CastFaceDown, CastOption, Phase, Player, UnlockBy, Zone

E = TypeVar("E", bound=Enum)

OLDER_THAN_1_2 = ("1", "1.1")
"""The formats that know nothing of what 1.2 gives to older fields (``door: both``...)."""


def key_name(key: object) -> str:
    """A key as a message names it: a string as written (its control characters escaped, cut
    after 60 characters), anything else as a value is shown."""
    return printable(key, 60) if isinstance(key, str) else shown(key)


def enum(kind: type[E], value: Any, key: str) -> E:
    """The member of ``kind`` whose value is ``value``."""
    try:
        return kind(value)
    except ValueError:
        allowed = ", ".join(m.value for m in kind)
        raise ScenarioError(f"{key}: {shown(value)} (allowed: {allowed})") from None


def x_value(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_GENERIC:
        said = "a number that long" if isinstance(value, int) and abs(value) >= 10**12 else shown(value)
        raise ScenarioError(f"{key}: {said} (allowed: a whole number from 0 to {MAX_GENERIC})")
    return value


@dataclass(frozen=True, slots=True)
class CostChanges:
    """A step's ``cost_change``: the plain increases and reductions, each summed, and the
    spell-cost effects of format 1.2, whose conditions the rules judge."""

    increase: ManaCost | None = None
    reduction: ManaCost | None = None
    effects: tuple[CostEffect, ...] = ()


NO_COST_CHANGE = CostChanges()
"""A step's ``cost_change`` when it has none."""


def cost_change(value: Any, key: str, fmt: str) -> CostChanges:
    """The changes of ``cost_change: "+{2}"``, ``["-{1}", "+{U}"]`` or, in format 1.2,
    ``{change: "-{2}", spells: {name: Armed}}`` (alone or in the list); none for ``None``."""
    if value is None:
        return CostChanges()
    changes = value if isinstance(value, list) else [value]
    increase: ManaCost | None = None
    reduction: ManaCost | None = None
    effects: list[CostEffect] = []
    for change in changes:
        if isinstance(change, Mapping) and fmt not in OLDER_THAN_1_2:
            unknown = [k for k in change if k not in ("change", "spells") and not is_note(k)]
            if unknown or "change" not in change or "spells" not in change:
                raise ScenarioError(f"{key}: a spell-cost effect is a mapping of change and spells")
            sign, cost = _signed(change["change"], key + ".change")
            if change["spells"] is None:
                raise ScenarioError(f"{key}.spells: must be a mapping (an empty one, {{}}, for every spell)")
            effects.append(CostEffect(cost, sign == "+", condition(change["spells"], key + ".spells")))
            continue
        sign, cost = _signed(change, key)
        if sign == "+":
            increase = cost if increase is None else increase + cost
        else:
            reduction = cost if reduction is None else reduction + cost
    return CostChanges(increase, reduction, tuple(effects))


def _signed(change: Any, key: str) -> tuple[str, ManaCost]:
    if not isinstance(change, str) or change[:1] not in ("+", "-"):
        raise ScenarioError(f'{key}: {shown(change)} (allowed: a mana cost after + or -, such as "-{{1}}")')
    try:
        cost = ManaCost.parse(change[1:])
    except ValueError as exc:
        raise ScenarioError(f"{key}: {exc}") from None
    if not cost.symbols:
        raise ScenarioError(f"{key}: {shown(change)}: no mana symbols after the sign")
    return change[0], cost


def is_note(key: object) -> bool:
    """Whether a key is a note (``x-...``), which the loader skips at any level."""
    return isinstance(key, str) and key.startswith("x-")


CONDITION_KEYS = ("types", "not_types", "colors", "not_colors", "name", "mana_value")
OPERATORS = ("==", "!=", "<", "<=", ">", ">=")


def condition(raw: Any, key: str, extra: tuple[str, ...] = ()) -> Condition:
    """A description of characteristics (format 1.2): ``types``, ``not_types``, ``colors``,
    ``not_colors`` (lists), ``name`` (a name or a list of names) and ``mana_value: {op, value}``;
    ``extra`` keys belong to the caller."""
    if not isinstance(raw, Mapping):
        raise ScenarioError(f"{key}: must be a mapping of {', '.join(CONDITION_KEYS)}")
    for k in raw:
        if k not in CONDITION_KEYS + extra and not is_note(k):
            raise ScenarioError(f"{key}.{key_name(k)}: unknown key (allowed: {', '.join(CONDITION_KEYS + extra)})")

    def names(k: str) -> tuple[str, ...]:
        found = raw.get(k, [])
        found = [found] if isinstance(found, str) and k == "name" else found
        if not isinstance(found, list) or not all(isinstance(n, str) for n in found):
            raise ScenarioError(f"{key}.{k}: must be a list of names")
        if k in raw and not found:
            # An empty list would describe every spell, which leaving the key out already says.
            raise ScenarioError(f"{key}.{k}: an empty list names nothing (leave the key out)")
        return tuple(found)

    for k in ("colors", "not_colors"):
        if any(c not in COLORS for c in names(k)):
            raise ScenarioError(f"{key}.{k}: {shown(list(names(k)))} (allowed: {', '.join(COLORS)})")
    mana_value = None
    if "mana_value" in raw:
        mv = raw["mana_value"]
        wanted = f"{key}.mana_value: must be {{op, value}} (op one of {' '.join(OPERATORS)})"
        if not isinstance(mv, Mapping) or any(k not in ("op", "value") and not is_note(k) for k in mv):
            raise ScenarioError(wanted)
        op = mv.get("op")
        if not isinstance(op, str) or op not in OPERATORS:
            raise ScenarioError(wanted)
        mana_value = (op, x_value(mv.get("value"), key + ".mana_value.value"))
    return Condition(
        names("types"), names("not_types"), names("colors"), names("not_colors"), names("name"), mana_value
    )


def flag(fields: Mapping[str, Any], name: str, key: str) -> bool:
    """A true-or-false field, false when absent."""
    value = fields.get(name, False)
    if not isinstance(value, bool):
        raise ScenarioError(f"{key}.{name}: must be true or false")
    return value


# -- the reader of each step field ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reading:
    """What a value is read against: the file's format, the aliases that name objects at this point
    of the scenario (those given by ``as`` in the steps before, but for a step that expects an
    error), and the cards the file defines."""

    format: str
    aliases: frozenset[str] = frozenset()
    cards: frozenset[str] = frozenset()


def name_value(value: Any, key: str, at: Reading) -> str:
    """A name: a string, not empty (a card, an alias given by ``as``)."""
    if not isinstance(value, str) or not value:
        raise ScenarioError(f"{key}: {shown(value)} (allowed: a name, not empty)")
    return value


def known_object(value: Any, key: str, at: Reading) -> str:
    """The alias of an object an earlier step named."""
    if not isinstance(value, str) or value not in at.aliases:
        known = ", ".join(sorted(at.aliases)) or "none yet"
        raise ScenarioError(f"{key}: unknown object {shown(value)} (known: {known})")
    return value


def objects(value: Any, key: str, at: Reading) -> tuple[str, ...]:
    """A list of aliases, in order (``splice``); none for ``None``."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise ScenarioError(f"{key}: {shown(value)} (allowed: a list of objects)")
    return tuple(known_object(v, f"{key}[{i}]", at) for i, v in enumerate(value))


def boolean(value: Any, key: str, at: Reading) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError(f"{key}: {shown(value)} (allowed: true, false)")
    return value


def boolean_or_none(value: Any, key: str, at: Reading) -> bool | None:
    return None if value is None else boolean(value, key, at)


def zone(value: Any, key: str, at: Reading) -> Zone:
    return enum(Zone, value, key)


def player(value: Any, key: str, at: Reading) -> Player:
    return enum(Player, value, key)


def half(value: Any, key: str, at: Reading) -> CastOption:
    return enum(CastOption, value, key)


def phase(value: Any, key: str, at: Reading) -> Phase:
    return enum(Phase, value, key)


def door(value: Any, key: str, at: Reading) -> Side | frozenset[Side]:
    """A door, or in format 1.2 ``both``: one effect unlocking the two (709.5i)."""
    if value == "both" and at.format not in OLDER_THAN_1_2:
        return frozenset(Side)
    return enum(Side, value, key)


def unlock_by(value: Any, key: str, at: Reading) -> UnlockBy:
    """How a step unlocks a door: the special action or an effect (a cast unlocks it by resolving)."""
    if value == UnlockBy.CAST.value:
        raise ScenarioError(f"{key}: 'cast' (allowed: special_action, effect)")
    return enum(UnlockBy, value, key)


def face_down_action(value: Any, key: str, at: Reading) -> FaceDownBy:
    """The keyword action of a ``manifest`` step: manifest, manifest_dread or cloak."""
    return enum(FaceDownBy, value, key)


def face_down_cast(value: Any, key: str, at: Reading) -> CastFaceDown:
    """The keyword a ``cast`` step casts the card face down with: morph or disguise (708.4)."""
    return enum(CastFaceDown, value, key)


def x_field(value: Any, key: str, at: Reading) -> int:
    return x_value(value, key)


def new_names(value: Any, key: str, at: Reading) -> tuple[str, ...]:
    """A list of new aliases, each given once (``storm.copies``)."""
    if not isinstance(value, list):
        raise ScenarioError(f"{key}: {shown(value)} (allowed: a list of names)")
    names = tuple(name_value(v, f"{key}[{i}]", at) for i, v in enumerate(value))
    if len(set(names)) != len(names):
        raise ScenarioError(f"{key}: {shown(value)} (allowed: a list of names, each once)")
    return names


def cost_change_field(value: Any, key: str, at: Reading) -> CostChanges:
    if value is None:
        raise ScenarioError(f'{key}: None (allowed: a cost after + or -, such as "-{{1}}", or a list of them)')
    return cost_change(value, key, at.format)


def hybrid(value: Any, key: str, at: Reading) -> tuple[str, ...]:
    """The half of each hybrid symbol paid, in order; one not of its symbol is the rules' refusal."""
    if not isinstance(value, list) or not all(isinstance(h, str) for h in value):
        raise ScenarioError(f"{key}: {shown(value)} (allowed: a list of the symbols paid, such as [U, R])")
    return tuple(value)


def turn_number(value: Any, key: str, at: Reading) -> int:
    """A turn's number: the game's first turn is 1."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_GENERIC:
        raise ScenarioError(f"{key}: {shown(value)} (allowed: a whole number from 1 to {MAX_GENERIC})")
    return value


def mana(value: Any, key: str, at: Reading) -> ManaCost:
    """The mana a caster has, one symbol a mana (``"{R}{R}{G}"``; ``{C}`` or a number is
    colorless mana): only symbols of one mana of one type."""
    try:
        cost = ManaCost.parse(value) if isinstance(value, str) else None
    except ValueError as exc:
        raise ScenarioError(f"{key}: {exc}") from None
    allowed = (*COLORS, "C")
    if cost is None or any(not s.is_generic and s.text not in allowed for s in cost.symbols):
        wanted = 'mana symbols of one type each, such as "{R}{R}{G}"'
        raise ScenarioError(f"{key}: {shown(value)} (allowed: {wanted})")
    return cost


INSTEAD_ZONES = (Zone.EXILE, Zone.HAND, Zone.LIBRARY)
"""Where a permission's replacement may put a card instead of a graveyard."""


def instead_zone(value: Any, key: str, at: Reading) -> Zone:
    """Where a card goes instead of its graveyard: exile, a hand or a library."""
    found = enum(Zone, value, key)
    if found not in INSTEAD_ZONES:
        raise ScenarioError(f"{key}: {shown(value)} (allowed: {', '.join(z.value for z in INSTEAD_ZONES)})")
    return found


def chosen_targets(value: Any, key: str, at: Reading) -> tuple[tuple[str, ...], ...]:
    """What is chosen for each target of a spell, in order: an alias or a player (``p1``,
    ``p2``), or a list of them for a target that takes several ("up to two"), ``[]`` for none."""
    if not isinstance(value, list):
        raise ScenarioError(
            f"{key}: {shown(value)} (allowed: a list with, for each target, an object or player or a list of them)"
        )
    chosen = []
    for i, each in enumerate(value):
        picked = each if isinstance(each, list) else [each]
        chosen.append(tuple(_target_choice(p, f"{key}[{i}]", at) for p in picked))
    return tuple(chosen)


def _target_choice(value: Any, key: str, at: Reading) -> str:
    if isinstance(value, str) and value in PLAYERS:
        return value
    return known_object(value, key, at)


PLAYERS = frozenset(p.value for p in Player)
"""How a scenario names the players, also as targets: ``p1``, ``p2``."""


def chosen_names(value: Any, key: str, at: Reading) -> tuple[str, ...]:
    """A card name chosen, or the names chosen at once (both halves)."""
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not names or not all(isinstance(n, str) and n for n in names):
        raise ScenarioError(f"{key}: {shown(value)} (allowed: a card name, or a list of names)")
    return tuple(names)


def described(value: Any, key: str, at: Reading) -> Condition:
    """The characteristics a chosen name's card must have (``choose_name.with``, format 1.3):
    a description as ``can_target`` takes it ("noncreature, nonland": ``{not_types: [Creature, Land]}``)."""
    return condition(value, key)


Reader = Callable[[Any, str, Reading], Any]

READERS: dict[str, Reader] = {
    "card": name_value,
    "zone": zone,
    "owner": player,
    "as": name_value,
    "object": known_object,
    "half": half,
    "splice": objects,
    "x": x_field,
    "cost_change": cost_change_field,
    "without_paying": boolean,
    "from": zone,
    "flash": boolean,
    "flashback": boolean,
    "hybrid": hybrid,
    "targets": chosen_targets,
    "caster": player,
    "number": turn_number,
    "mana": mana,
    "any_type": boolean,
    "instead": instead_zone,
    "resolves_to": instead_zone,
    "plotted": boolean,
    "cast": boolean,
    "door": door,
    "by": unlock_by,
    "active": player,
    "phase": phase,
    "priority": player,
    "stack_empty": boolean_or_none,
    "name": chosen_names,
    "player": player,
    "source": known_object,
    "with": described,
    "action": face_down_action,
    "face_down": face_down_cast,
    "of": known_object,
    "copies": new_names,
    "n": x_field,
}
"""The reader of each step field, by the field's name: what a step's value of it must be."""
