"""Reading the values of a scenario's step fields: enum values, X, players, cost changes and conditions."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from splitcards.errors import ScenarioError
from splitcards.rules.conditions import Condition
from splitcards.rules.costs import CostEffect
from splitcards.rules.mana import COLORS, MAX_GENERIC, ManaCost
from splitcards.rules.model import Player


def enum(kind: type[Any], value: Any, key: str) -> Any:
    try:
        return kind(value)
    except ValueError:
        allowed = ", ".join(m.value for m in kind)
        raise ScenarioError(f"{key}: {value!r} (allowed: {allowed})") from None


def x_value(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_GENERIC:
        shown_value = repr(value) if not isinstance(value, int) or abs(value) < 10**12 else "a number that long"
        raise ScenarioError(f"{key}: {shown_value:.60} (allowed: a whole number from 0 to {MAX_GENERIC})")
    return value


@dataclass(frozen=True, slots=True)
class CostChanges:
    """A step's ``cost_change``: the plain increases and reductions, each summed, and the
    spell-cost effects of format 1.2, whose conditions the rules judge."""

    increase: ManaCost | None = None
    reduction: ManaCost | None = None
    effects: tuple[CostEffect, ...] = ()


def cost_change(value: Any, key: str, fmt: str) -> CostChanges:
    """The changes of ``cost_change: "+{2}"``, ``["-{1}", "+{U}"]`` or, in format 1.2,
    ``{change: "-{2}", spells: {name: Armed}}`` (alone or in the list)."""
    if value is None:
        return CostChanges()
    changes = value if isinstance(value, list) else [value]
    increase: ManaCost | None = None
    reduction: ManaCost | None = None
    effects: list[CostEffect] = []
    for change in changes:
        if isinstance(change, Mapping) and fmt not in ("1", "1.1"):
            unknown = [k for k in change if k not in ("change", "spells") and not str(k).startswith("x-")]
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
        raise ScenarioError(f'{key}: {change!r:.60} (allowed: a mana cost after + or -, such as "-{{1}}")')
    try:
        cost = ManaCost.parse(change[1:])
    except ValueError as exc:
        raise ScenarioError(f"{key}: {exc}") from None
    if not cost.symbols:
        raise ScenarioError(f"{key}: {change!r}: no mana symbols after the sign")
    return change[0], cost


CONDITION_KEYS = ("types", "not_types", "colors", "not_colors", "name", "mana_value")


def condition(raw: Any, key: str, extra: tuple[str, ...] = ()) -> Condition:
    """A description of characteristics (format 1.2): ``types``, ``not_types``, ``colors``,
    ``not_colors`` (lists), ``name`` (a name or a list of names) and ``mana_value: {op, value}``;
    ``extra`` keys belong to the caller."""
    if not isinstance(raw, Mapping):
        raise ScenarioError(f"{key}: must be a mapping of {', '.join(CONDITION_KEYS)}")
    for k in raw:
        if k not in CONDITION_KEYS + extra and not str(k).startswith("x-"):
            raise ScenarioError(f"{key}.{k}: unknown key (allowed: {', '.join(CONDITION_KEYS + extra)})")

    def names(k: str) -> tuple[str, ...]:
        found = raw.get(k, [])
        found = [found] if isinstance(found, str) and k == "name" else found
        if not isinstance(found, list) or not all(isinstance(n, str) for n in found):
            raise ScenarioError(f"{key}.{k}: must be a list of names")
        if k in raw and not found:
            # An empty list would describe every spell, which leaving the key out already says.
            raise ScenarioError(f"{key}.{k}: an empty list names nothing (leave the key out)")
        return tuple(found)

    colors = names("colors") + names("not_colors")
    if any(c not in COLORS for c in colors):
        raise ScenarioError(f"{key}: colors: {list(colors)} (allowed: {', '.join(COLORS)})")
    mana_value = None
    if "mana_value" in raw:
        mv = raw["mana_value"]
        ops = ("==", "!=", "<", "<=", ">", ">=")
        if not isinstance(mv, Mapping) or mv.get("op") not in ops or isinstance(mv.get("value"), bool):
            raise ScenarioError(f"{key}.mana_value: must be {{op, value}} (op one of {' '.join(ops)})")
        mana_value = (str(mv["op"]), x_value(mv.get("value"), key + ".mana_value.value"))
    return Condition(
        names("types"), names("not_types"), names("colors"), names("not_colors"), names("name"), mana_value
    )


def flag(fields: Mapping[str, Any], name: str, key: str) -> bool:
    """A true-or-false field, false when absent."""
    value = fields.get(name, False)
    if not isinstance(value, bool):
        raise ScenarioError(f"{key}.{name}: must be true or false")
    return value


def player(fields: Mapping[str, Any], key: str, where: str) -> Player:
    return enum(Player, fields.get(key, "p1"), f"{where}.{key}")  # type: ignore[no-any-return]
