"""Reading the values of a scenario's step fields: enum values, X, players and cost changes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from splitcards.errors import ScenarioError
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import Player


def enum(kind: type[Any], value: Any, key: str) -> Any:
    try:
        return kind(value)
    except ValueError:
        allowed = ", ".join(m.value for m in kind)
        raise ScenarioError(f"{key}: {value!r} (allowed: {allowed})") from None


def x_value(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ScenarioError(f"{key}: {value!r:.60} (allowed: a whole number, 0 or more)")
    return value


def cost_change(value: Any, key: str) -> tuple[ManaCost | None, ManaCost | None]:
    """The increases and the reductions of ``cost_change: "+{2}"`` or ``["-{1}", "+{U}"]``, each summed."""
    if value is None:
        return None, None
    changes = value if isinstance(value, list) else [value]
    increase: ManaCost | None = None
    reduction: ManaCost | None = None
    for change in changes:
        if not isinstance(change, str) or change[:1] not in ("+", "-"):
            raise ScenarioError(f'{key}: {change!r:.60} (allowed: a mana cost after + or -, such as "-{{1}}")')
        try:
            cost = ManaCost.parse(change[1:])
        except ValueError as exc:
            raise ScenarioError(f"{key}: {exc}") from None
        if not cost.symbols:
            raise ScenarioError(f"{key}: {change!r}: no mana symbols after the sign")
        if change[0] == "+":
            increase = cost if increase is None else increase + cost
        else:
            reduction = cost if reduction is None else reduction + cost
    return increase, reduction


def player(fields: Mapping[str, Any], key: str, where: str) -> Player:
    return enum(Player, fields.get(key, "p1"), f"{where}.{key}")  # type: ignore[no-any-return]
