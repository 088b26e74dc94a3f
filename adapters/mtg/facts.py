"""Characteristic facts: what python-mtg knows about a card, rewritten to the face the rules say.

python-mtg keeps one record per card name and truncates a split card to its first half. The
engine derives an object's printed characteristics from the card-level facts (``card_type``,
``card_color``, ``card_ability``...) of the card its ``instance_of`` row points at, and decides
castability from instance-level facts (``spell_type``, ``mana_cost``, ``mana_pip``...). So the
adapter writes card-level facts for every face of a card under synthetic card ids, and points an
object at the face it has now:

* ``left`` / ``right``: one half (a spell on the stack, or a Room with that door unlocked);
* ``both``: the whole card, off the stack or a fully unlocked Room. It gets no ``spell_type``,
  so neither the engine's legal moves nor its built-in players ever cast the card whole;
* ``fused``: both halves as one spell, left's instructions first (702.102d);
* ``none``: a Room with no door unlocked: its types only (709.5d);
* ``whole``: a one-faced card.

Rules text is not parsed by python-mtg either: abilities come from its bundled card data, for the
first half under the card's own name, and otherwise from a one-faced card with the same text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from enum import StrEnum
from functools import cache
from typing import Any

from splitcards.adapters.mtg import engine, keys
from splitcards.adapters.mtg.engine import State
from splitcards.cards.loaders import card_from_mtgjson, mtgjson_faces
from splitcards.rules.card import Card, Half, Side
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption

COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
LETTERS = {word: letter for letter, word in COLOR_WORDS.items()}


# Card-level relations that describe abilities, copied from the engine's data onto a face.
_ABILITY_RELATIONS = ("card_ability", "card_effect", "ability_trigger", "card_keyword", "keyword_param")
_CARD_WIDE = ("card_keyword", "keyword_param")  # rows without an ability id
_UNLOCK_TRIGGER = "you_unlock_this_door"
_INSTANCE_CAST_RELATIONS = ("spell_type", "mana_cost", "mana_generic", "mana_pip", "x_count")


class Face(StrEnum):
    """Which characteristics an object has now, as far as the engine is concerned."""

    LEFT = "left"
    RIGHT = "right"
    BOTH = "both"
    FUSED = "fused"
    NONE = "none"
    WHOLE = "whole"


def cast_face(card: Card, option: CastOption) -> Face:
    """The face a spell has on the stack for a cast option."""
    if not card.is_split:
        return Face.WHOLE
    return {CastOption.LEFT: Face.LEFT, CastOption.RIGHT: Face.RIGHT}.get(option, Face.FUSED)


def resting_face(card: Card, on_battlefield: bool, unlocked: Iterable[Side]) -> Face:
    """The face of a card that is not a spell: a Room permanent shows its unlocked doors (709.5d)."""
    if not card.is_split:
        return Face.WHOLE
    if not (card.is_room and on_battlefield):
        return Face.BOTH
    doors = set(unlocked)
    if doors == {Side.LEFT, Side.RIGHT}:
        return Face.BOTH
    if doors:
        return Face.LEFT if Side.LEFT in doors else Face.RIGHT
    return Face.NONE


# -- the card pool, kept in the state -----------------------------------------------------------


def pool_entry(card: Card) -> str:
    """The card as stored in a game state (JSON text, so that ``serialize()`` keeps it)."""
    text = json.dumps(mtgjson_faces(card), sort_keys=True)
    _KNOWN[text] = card
    return text


def card_named(state: State, name: str) -> Card:
    """A card of the game's pool by name."""
    text = state[keys.CARDS][name]
    card = _KNOWN.get(text)
    if card is None:
        card = _KNOWN[text] = card_from_mtgjson(json.loads(text), name)
    return card


# Cards by their stored text: a game state read back by deserialize() finds the same Card objects.
_KNOWN: dict[str, Card] = {}


# -- engine identifiers -------------------------------------------------------------------------


def base_slug(name: str) -> str:
    return f"{engine.slug(name)}__sc"


def face_slug(name: str, face: Face) -> str:
    """The synthetic engine card id of one face (``both`` and ``fused`` share their card facts)."""
    return f"{base_slug(name)}_{'both' if face is Face.FUSED else face.value}"


def cost_facts(cost: ManaCost | None) -> tuple[int, dict[str, int], int, int]:
    """(generic, colored pips by color word, mana value, number of X) as python-mtg counts them:
    hybrid, Phyrexian, colorless and snow symbols are paid as generic mana."""
    if cost is None:
        return 0, {}, 0, 0
    generic, xs = 0, 0
    pips: dict[str, int] = {}
    for symbol in cost.symbols:
        if symbol.text in ("X", "Y", "Z"):
            xs += 1
        elif symbol.text in COLOR_WORDS:
            word = COLOR_WORDS[symbol.text]
            pips[word] = pips.get(word, 0) + 1
        else:
            generic += symbol.value
    return generic, pips, generic + sum(pips.values()), xs


# -- abilities from the engine's card data ------------------------------------------------------


@cache
def _one_faced_by_text() -> dict[str, str]:
    """The names of the engine's one-faced cards by their rules text."""
    by_text: dict[str, str] = {}
    for entry in engine.corpus().values():
        if entry.get("layout") == "normal" and entry.get("text"):
            by_text.setdefault(_plain(entry["text"], entry["name"]), entry["name"])
    return by_text


def corpus_entry(name: str) -> Mapping[str, Any] | None:
    """The engine's oracle record of a card name, if it has one."""
    return engine.corpus().get(name)


def _plain(text: str, name: str) -> str:
    return re.sub(r"\([^)]*\)", "", text.replace(name, "~")).strip()


def _engine_card_rows(name: str) -> dict[str, set[tuple[Any, ...]]]:
    """The card-level ability rows the engine has for a card name, keyed by relation."""
    if name not in engine.corpus():
        return {}
    facts = engine.card_facts(name)
    own = engine.slug(name)
    # "When you unlock this door" (709.5h) is no event of the engine, which fires such an ability
    # whenever the permanent enters, whichever door was cast: leave it out.
    unlock = {r[1] for r in facts.get("ability_trigger", ()) if r[0] == own and r[2] == _UNLOCK_TRIGGER}
    return {
        rel: {r for r in facts.get(rel, ()) if r[0] == own and (rel in _CARD_WIDE or r[1] not in unlock)}
        for rel in _ABILITY_RELATIONS
    }


def _half_rows(card: Card, half: Half) -> dict[str, set[tuple[Any, ...]]]:
    """Ability rows for one half: the engine's own data for the first half of a split card (its
    record is that half's), else a one-faced card with the same rules text, line by line."""
    if not card.is_split or half is card.halves[0]:
        rows = _engine_card_rows(card.name)
        if any(rows.values()):
            return rows
    by_text = _one_faced_by_text()
    whole = by_text.get(_plain(half.text, half.name))
    if whole is not None:
        return _engine_card_rows(whole)
    merged: dict[str, set[tuple[Any, ...]]] = {rel: set() for rel in _ABILITY_RELATIONS}
    for n, line in enumerate(half.text.splitlines()):
        match = by_text.get(_plain(line, half.name))
        if match is not None:
            _merge(merged, _renamed(_engine_card_rows(match), None, f"l{n}_"))
    return merged


def _renamed(
    rows: Mapping[str, set[tuple[Any, ...]]], target: str | None, prefix: str
) -> dict[str, set[tuple[Any, ...]]]:
    """Rows moved onto card id ``target`` (or kept), with ability ids prefixed so halves don't clash."""
    out: dict[str, set[tuple[Any, ...]]] = {}
    for rel, found in rows.items():
        moved = set()
        for row in found:
            card_id = row[0] if target is None else target
            if rel in _CARD_WIDE:
                moved.add((card_id, *row[1:]))
            else:
                moved.add((card_id, prefix + str(row[1]), *row[2:]))
        out[rel] = moved
    return out


def _merge(into: dict[str, set[tuple[Any, ...]]], rows: Mapping[str, set[tuple[Any, ...]]]) -> None:
    for rel, found in rows.items():
        into.setdefault(rel, set()).update(found)


# -- writing facts ------------------------------------------------------------------------------


def register(state: State, card: Card) -> None:
    """Add a card to the game's pool and write the card-level facts of each of its faces."""
    pool = dict(state.get(keys.CARDS, {}))
    entry = pool_entry(card)
    if pool.get(card.name) == entry:
        return
    pool[card.name] = entry
    state[keys.CARDS] = pool
    if card.is_split:
        left, right = card.halves
        rows_left = _renamed(_half_rows(card, left), face_slug(card.name, Face.LEFT), "l_")
        rows_right = _renamed(_half_rows(card, right), face_slug(card.name, Face.RIGHT), "r_")
        _write_face(state, card.name, Face.LEFT, [left], rows_left)
        _write_face(state, card.name, Face.RIGHT, [right], rows_right)
        both: dict[str, set[tuple[Any, ...]]] = {}
        _merge(both, _renamed(rows_left, face_slug(card.name, Face.BOTH), ""))
        _merge(both, _renamed(_shifted(rows_right), face_slug(card.name, Face.BOTH), ""))
        _write_face(state, card.name, Face.BOTH, [left, right], both)
        if card.is_room:
            _write_face(state, card.name, Face.NONE, [left], {}, colors=False)
    else:
        half = card.halves[0]
        rows = _renamed(_half_rows(card, half), face_slug(card.name, Face.WHOLE), "")
        _write_face(state, card.name, Face.WHOLE, [half], rows)
    _register_names(card)


def _shifted(rows: Mapping[str, set[tuple[Any, ...]]]) -> dict[str, set[tuple[Any, ...]]]:
    # A fused spell follows the right half's instructions after the left's (702.102d): its effect
    # rows come later in the engine's sequence order.
    out = {rel: set(found) for rel, found in rows.items()}
    out["card_effect"] = {(r[0], r[1], int(r[2]) + 100, *r[3:]) for r in rows.get("card_effect", ())}
    return out


def _write_face(
    state: State,
    name: str,
    face: Face,
    halves: list[Half],
    rows: Mapping[str, set[tuple[Any, ...]]],
    colors: bool = True,
) -> None:
    card_id = face_slug(name, face)
    for rel in ("card_type", "card_subtype", "card_color", *_ABILITY_RELATIONS):
        kept = {r for r in state.get(rel, set()) if r[0] != card_id}
        state[rel] = kept | set(rows.get(rel, ()))
    for half in halves:
        state["card_type"] |= {(card_id, t.lower()) for t in half.card_types}
        state["card_subtype"] |= {(card_id, t.lower()) for t in half.subtypes}
        if colors:
            state["card_color"] |= {(card_id, COLOR_WORDS[c]) for c in half.colors}


def _register_names(card: Card) -> None:
    # Game.name() and Game.describe() name an object by its card id.
    if card.is_split:
        left, right = card.halves
        engine.add_names(
            {
                face_slug(card.name, Face.LEFT): left.name,
                face_slug(card.name, Face.RIGHT): right.name,
                face_slug(card.name, Face.BOTH): card.name,
                face_slug(card.name, Face.NONE): "",
            }
        )
    else:
        engine.add_names({face_slug(card.name, Face.WHOLE): card.name})


def set_face(state: State, obj: str, card: Card, face: Face) -> None:
    """Point ``obj`` at ``face`` and rewrite its instance-level facts to match.

    Every value it changes is replaced, never edited in place, so it may write on an
    :func:`~splitcards.adapters.mtg.engine.probe` of a position."""
    for rel in ("instance_of", *_INSTANCE_CAST_RELATIONS):
        state[rel] = {r for r in state.get(rel, set()) if r[0] != obj}
    for rel, row in _face_rows(card, face):
        state[rel].add((obj, *row))
    state[keys.FACE] = {**state.get(keys.FACE, {}), obj: face.value}
    rematerialize(state, obj)


def add_trial_spells(state: State, spells: Mapping[str, tuple[Card, Face]]) -> None:
    """Give objects that are not in ``state`` what python-mtg reads of a spell when it decides
    whether the spell can be cast: its types and its cost (``spell_type``, ``mana_generic``,
    ``mana_pip``; ``mana_cost`` is read only of a spell without the other two). Trial objects for
    the engine's eyes only, so no split-card state is kept for them.

    Nothing else is written. No colors: a card in the hand can change whether another is
    castable by its colors alone (a pitch cost). And python-mtg evaluates a position by patching
    the relations that changed since its last evaluation, so every relation a trial touches is
    loaded twice more. Values are replaced, never edited in place."""
    added: dict[str, set[tuple[Any, ...]]] = {}
    for obj, (card, face) in spells.items():
        for rel, row in _face_rows(card, face):
            if rel in _CAST_CHECK_RELATIONS:
                added.setdefault(rel, set()).add((obj, *row))
    for rel, rows in added.items():
        state[rel] = state.get(rel, set()) | rows


_CAST_CHECK_RELATIONS = frozenset({"spell_type", "mana_generic", "mana_pip"})


@cache
def _face_rows(card: Card, face: Face) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """The instance-level facts of an object with ``face`` of ``card``, without the object:
    ``(relation, rest of the row)``."""
    if card.is_split:
        halves = {
            Face.LEFT: card.halves[:1],
            Face.RIGHT: card.halves[1:],
            Face.NONE: (),
        }.get(face, card.halves)
    else:
        halves = card.halves
    rows: list[tuple[str, tuple[Any, ...]]] = [("instance_of", (face_slug(card.name, face),))]
    generic, value, xs = 0, 0, 0
    pips: dict[str, int] = {}
    for half in halves:
        g, p, v, x = cost_facts(half.mana_cost)
        generic, value, xs = generic + g, value + v, xs + x
        for color, n in p.items():
            pips[color] = pips.get(color, 0) + n
    # The whole split card is never a spell (709.3): without spell_type the engine can't cast it.
    if face not in (Face.BOTH, Face.NONE):
        rows += sorted({("spell_type", (t.lower(),)) for h in halves for t in h.card_types})
    rows += [("mana_cost", (value,)), ("mana_generic", (generic,))]
    rows += [("mana_pip", (color, n)) for color, n in pips.items()]
    if xs:
        rows.append(("x_count", (xs,)))
    return tuple(rows)


_PRINTED = {
    "printed_type": "card_type",
    "printed_subtype": "card_subtype",
    "printed_color": "card_color",
    "printed_power": "card_power",
    "printed_toughness": "card_toughness",
}


def rematerialize(state: State, obj: str) -> None:
    """Re-derive ``obj``'s printed characteristics from its card facts.

    The engine derives ``printed_*`` from ``instance_of`` but also keeps the derived rows in the
    state and feeds them back as facts, so rows of the object's previous face would survive a
    change of ``instance_of``. This mirrors the engine's derivation rules for the object.
    """
    card_ids = {c for (o, c) in state.get("instance_of", ()) if o == obj}
    for printed, source in _PRINTED.items():
        kept = {r for r in state.get(printed, set()) if r[0] != obj}
        state[printed] = kept | {(obj, *r[1:]) for r in state.get(source, ()) if r[0] in card_ids}
    keywords = frozenset(r[1] for r in state.get("card_keyword", ()) if r[0] in card_ids)
    kept = {r for r in state.get("printed_keyword", set()) if r[0] != obj}
    state["printed_keyword"] = kept | {(obj, kw) for kw in engine.modelled_keywords(keywords)}
