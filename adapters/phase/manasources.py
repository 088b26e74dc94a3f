"""phase's lands and mana pool read as the kinds of mana they make (W, U, B, R, G, colorless, or
any kind where phase shows a choice): what a player could pay with, as the rules judge a cost."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from splitcards.adapters.phase.session import PhaseSession
from splitcards.rules.mana import ANY_KIND, COLORLESS

# phase's names of the kinds of mana.
_MANA = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G", "Colorless": COLORLESS}


def mana_sources(session: PhaseSession, seat: int) -> Sequence[frozenset[str]]:
    """The kinds of mana each source of the seat's player could make now: each untapped land they
    control, with the mana its abilities make as phase shows them, and each mana in their pool.
    phase itself decides whether a cost is paid."""
    sources = [land_mana(obj) for obj in session.battlefield() if land_of(obj, seat) and not obj.get("tapped")]
    pool = (session.player(seat).get("mana_pool") or {}).get("mana") or []
    return sources + [pool_mana(unit) for unit in pool]


def land_mana(obj: Mapping[str, Any]) -> frozenset[str]:
    """The kinds of mana a land's mana abilities make, as phase shows them: a fixed list of
    colors, or any kind where phase shows anything else (a choice, a color of the land's)."""
    kinds: set[str] = set()
    for ability in obj.get("abilities") or ():
        produced = (ability.get("effect") or {}).get("produced") or {}
        if not ability.get("is_mana_ability"):
            continue
        if produced.get("type") != "Fixed":
            return ANY_KIND
        kinds |= {_MANA.get(str(color), "") for color in produced.get("colors") or ()}
    return frozenset(kinds - {""}) if kinds and "" not in kinds else ANY_KIND


def is_land(obj: Mapping[str, Any]) -> bool:
    """Whether one of phase's objects is a land."""
    return "Land" in obj["card_types"]["core_types"]


def land_of(obj: Mapping[str, Any], seat: int) -> bool:
    """Whether one of phase's objects is a land the seat's player controls."""
    return bool(obj["controller"] == seat and is_land(obj))


def pool_mana(unit: object) -> frozenset[str]:
    """One mana of a player's pool: its kind, where phase shows one it names."""
    color = unit.get("color") if isinstance(unit, Mapping) else unit
    kind = _MANA.get(str(color))
    return frozenset({kind}) if kind is not None else ANY_KIND
