"""What the adapter keeps of a spell in a python-mtg game state: its spell facts, and the card
id of a spell with cards spliced onto it. The engine has no record of which half was cast, from
where, with what spliced: the rules' :class:`~splitcards.rules.model.SpellFacts` are kept under
:data:`~splitcards.adapters.mtg.keys.SPELL`, as plain values (``serialize()`` keeps them)."""

from __future__ import annotations

from typing import Any

from splitcards.adapters.mtg import enginecards, facts, keys
from splitcards.adapters.mtg.facts import Face
from splitcards.adapters.mtg.states import State
from splitcards.rules.card import Card
from splitcards.rules.model import CastOption, Player, SpellFacts, Spliced, Zone

# Card-level relations a spliced spell takes from its own face and from each spliced card.
_SPLICED_RELATIONS = ("card_type", "card_subtype", "card_color", "card_ability", "card_effect", "ability_trigger")


def keep(state: State, obj: str, spell: SpellFacts) -> None:
    """Keep ``spell`` as the facts of the spell ``obj``."""
    spliced = tuple((s.object, state[keys.CARD_OF].get(s.object, s.half.name)) for s in spell.spliced)
    cast_from = spell.cast_from.value if spell.cast_from else ""
    caster = spell.caster.value if spell.caster else ""
    # Where a permission's replacement puts the card after the stack (614.1a), "" for none.
    instead = tuple(z.value if z else "" for z in (spell.instead, spell.resolves_to))
    row = (spell.option.value, spell.cast, cast_from, spliced, spell.copy, caster, spell.x, spell.flashback, *instead)
    state[keys.SPELL] = {**state.get(keys.SPELL, {}), obj: row}


def kept(state: State, obj: str) -> SpellFacts | None:
    """The spell facts kept for ``obj`` (``None``: none, it is no spell the adapter cast)."""
    row: Any = state.get(keys.SPELL, {}).get(obj)
    if row is None:
        return None
    option, cast, cast_from, spliced, copy, caster, x, flashback = row[:8]
    # A row kept before the replacements were kept has none.
    instead, resolves_to = (*row[8:10], "", "")[:2]
    return SpellFacts(
        CastOption(option),
        bool(cast),
        Zone(cast_from) if cast_from else None,
        tuple(Spliced(o, _card(state, o, name).halves[0]) for o, name in spliced),
        bool(copy),
        Player(caster) if caster else None,
        int(x),
        bool(flashback),
        Zone(instead) if instead else None,
        Zone(resolves_to) if resolves_to else None,
    )


def _card(state: State, obj: str, name: str) -> Card:
    # A card spliced is in the game's pool, or one of the engine's own data.
    if name in state.get(keys.CARDS, {}):
        return facts.card_named(state, name)
    return enginecards.engine_card(state, obj)


def splice(state: State, obj: str, name: str, face: Face, spell: SpellFacts) -> None:
    """Give the spell ``obj`` (of card ``name``, showing ``face``) the abilities of the cards
    spliced onto it.

    The engine has no splice: the spell gets a card id of its own whose abilities are its face's
    followed by each spliced card's (702.47b); leaving the stack ends it (702.47e)."""
    if not spell.spliced:
        return
    # Each object's abilities are those of the card id it is an instance of: a face the adapter
    # wrote, or a card of the engine's own data (a spell or a spliced card the adapter has no
    # card for).
    instance = dict(state.get("instance_of", ()))
    own = instance.get(obj, facts.face_slug(name, face))
    spliced_id = facts.spliced_slug(own, obj)
    sources = [own, *(instance[s.object] for s in spell.spliced if s.object in instance)]
    for rel in _SPLICED_RELATIONS:
        rows = set(state.get(rel, set()))
        for n, source in enumerate(sources):
            for row in state.get(rel, ()):
                if row[0] != source:
                    continue
                if rel == "card_effect":
                    rows.add((spliced_id, f"s{n}_{row[1]}", int(row[2]) + 100 * n, *row[3:]))
                elif rel in ("card_ability", "ability_trigger"):
                    rows.add((spliced_id, f"s{n}_{row[1]}", *row[2:]))
                elif n == 0:
                    rows.add((spliced_id, *row[1:]))
        state[rel] = rows
    state["instance_of"] = {r for r in state["instance_of"] if r[0] != obj} | {(obj, spliced_id)}
    facts.rematerialize(state, obj)
