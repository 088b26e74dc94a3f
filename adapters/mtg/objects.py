"""An engine object's life as the adapter keeps it: created, put into a zone with the face the
rules give it there, and deleted with every fact the engine and the adapter hold of it.

The engine keeps an object's zone in its zone relations (:mod:`~splitcards.adapters.mtg.zones`),
its controller in ``printed_control`` and its characteristics in instance facts
(:mod:`~splitcards.adapters.mtg.facts`); the adapter keeps its card, owner, doors, token and copy
marks under the ``_split_*`` keys (:mod:`~splitcards.adapters.mtg.keys`).
"""

from __future__ import annotations

from splitcards.adapters.mtg import corpus, driver, enginecards, facts, keys, zones
from splitcards.adapters.mtg.states import IS_COPY, SUMMONING_SICK, State
from splitcards.rules.card import Card, Side
from splitcards.rules.model import ObjectView, Player, Zone
from splitcards.rules.versions import RuleVersion

# Instance-level facts an object carries in the engine, dropped when it ceases to exist.
_INSTANCE_RELATIONS = (
    "instance_of",
    "printed_control",
    "spell_type",
    "mana_cost",
    "mana_generic",
    "mana_pip",
    "x_count",
    "printed_type",
    "printed_subtype",
    "printed_color",
    "printed_keyword",
    "printed_power",
    "printed_toughness",
    "has_supertype",
    "land_produces",
    "tapped",
    SUMMONING_SICK,
    IS_COPY,
)


def seat(state: State, player: Player) -> str:
    """The engine's name for a player."""
    found: str = state[keys.SEATS][player.value]
    return found


def new_object(state: State, view: ObjectView, rules: RuleVersion) -> str:
    """A new engine object with ``view``'s card, zone, owner and controller; its id."""
    card = view.card
    number = state.get(keys.SEQ, 0) + 1
    state[keys.SEQ] = number
    obj = f"{corpus.slug(card.name)}__o{number}"
    controller = seat(state, view.controller)
    state["printed_control"] = state.get("printed_control", set()) | {(controller, obj)}
    state[keys.CARD_OF] = {**state.get(keys.CARD_OF, {}), obj: card.name}
    state[keys.OWNER] = {**state.get(keys.OWNER, {}), obj: view.owner.value}
    state["has_supertype"] = state.get("has_supertype", set()) | {(obj, s.lower()) for s in card.halves[0].supertypes}
    facts.set_face(state, obj, view, rules)
    enginecards.add_mana_abilities(state, obj, card)
    zones.place(state, obj, view.zone, seat(state, view.owner))
    if view.zone is Zone.BATTLEFIELD:
        entered(state, obj, controller)
    return obj


def entered(state: State, obj: str, controller: str) -> None:
    """``obj`` entered the battlefield: summoning sick, and its mana ready if it makes any."""
    state[SUMMONING_SICK] = state.get(SUMMONING_SICK, set()) | {(obj,)}
    if any(o == obj for (o, _c) in state.get("land_produces", ())):
        driver.refresh_mana_pool(state, controller)


def settle(state: State, obj: str, view: ObjectView, rules: RuleVersion) -> None:
    """Put a card that left the stack (or moved) where ``view`` says, with the face it has there."""
    keeper = seat(state, view.controller if view.zone is Zone.BATTLEFIELD else view.owner)
    state["printed_control"] = {r for r in state.get("printed_control", set()) if r[1] != obj} | {(keeper, obj)}
    set_doors(state, obj, view.unlocked)
    if obj in state.get(keys.CARD_OF, {}):
        facts.set_face(state, obj, view, rules)
    else:
        _unspliced(state, obj)
    zones.place(state, obj, view.zone, keeper)
    if view.zone is Zone.BATTLEFIELD:
        entered(state, obj, keeper)


def _unspliced(state: State, obj: str) -> None:
    """A spell of the engine's own card is its card again once it leaves the stack (702.47e)."""
    rows = {(o, c) for (o, c) in state.get("instance_of", ()) if o == obj}
    restored = {(o, facts.unspliced_slug(c, obj)) for (o, c) in rows}
    if restored != rows:
        state["instance_of"] = (state["instance_of"] - rows) | restored
        facts.rematerialize(state, obj)


def delete(state: State, obj: str) -> None:
    """``obj`` ceases to exist: every fact of it goes."""
    for rel in _INSTANCE_RELATIONS:
        if rel in state:
            state[rel] = {r for r in state[rel] if r[0] != obj and r[-1] != obj}
    for key in (keys.CARD_OF, keys.OWNER, keys.FACE, keys.SPELL, keys.DOORS, keys.TOKENS, keys.COPIES, keys.CHOICES):
        forget(state, key, obj)


def forget(state: State, key: str, obj: str) -> None:
    """Drop ``obj`` from one of the adapter's keys."""
    value = state.get(key)
    if isinstance(value, dict) and obj in value:
        state[key] = {k: v for k, v in value.items() if k != obj}
    elif isinstance(value, set):
        state[key] = {r for r in value if r[0] != obj}


def set_doors(state: State, obj: str, doors: frozenset[Side]) -> None:
    """The doors of ``obj`` that are unlocked now."""
    others = {r for r in state.get(keys.DOORS, set()) if r[0] != obj}
    state[keys.DOORS] = others | {(obj, door.value) for door in doors}


def mark(state: State, key: str, obj: str) -> None:
    """Mark ``obj`` as a token (:data:`keys.TOKENS`) or a copy (:data:`keys.COPIES`)."""
    state[key] = state.get(key, set()) | {(obj,)}


def name_card(state: State, obj: str, card: Card, owner: Player) -> None:
    """Record the card and owner of an object the engine made (a copy of a spell)."""
    state[keys.CARD_OF] = {**state.get(keys.CARD_OF, {}), obj: card.name}
    state[keys.OWNER] = {**state.get(keys.OWNER, {}), obj: owner.value}
