"""Characteristic facts: what python-mtg knows about a card, rewritten to what the rules say an
object shows.

python-mtg keeps one record per card name and truncates a split card to its first half. The
engine derives an object's printed characteristics from the card-level facts (``card_type``,
``card_color``, ``card_ability``...) of the card its ``instance_of`` row points at, and decides
castability from instance-level facts (``spell_type``, ``mana_cost``, ``mana_pip``...). So the
adapter writes card-level facts for every face of a card under synthetic card ids, and points an
object at the face it has now. Which face that is, and every characteristic written for it, is
the answer of :mod:`splitcards.rules.characteristics` for the object's view under the game's rule
version; the faces are:

* ``left`` / ``right``: one half (a spell on the stack, or a Room with that door unlocked);
* ``both``: the whole card, off the stack or a fully unlocked Room. It gets no ``spell_type``,
  so neither the engine's legal moves nor its built-in players ever cast the card whole: a split
  card is cast through the adapter's moves, which ask the rules;
* ``fused``: both halves as one spell, left's instructions first (702.102d);
* ``none``: a Room with no door unlocked;
* ``whole``: a one-faced card.

Rules text is not parsed by python-mtg either: abilities come from its bundled card data, for the
first half under the card's own name, and otherwise from a one-faced card with the same text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from enum import StrEnum
from functools import cache, lru_cache
from typing import Any

from splitcards.adapters.mtg import corpus, keys
from splitcards.adapters.mtg.states import State, modelled_keywords
from splitcards.cards.loaders import card_from_mtgjson, mtgjson_faces
from splitcards.rules import characteristics
from splitcards.rules.card import Card, Half, Side
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption, ObjectView, SpellFacts, Zone
from splitcards.rules.versions import RuleVersion

COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
LETTERS = {word: letter for letter, word in COLOR_WORDS.items()}

Rows = dict[str, set[tuple[Any, ...]]]

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


def shown_halves(view: ObjectView, rules: RuleVersion) -> tuple[Half, ...]:
    """The halves whose characteristics the object shows, left to right: those of the facets the
    rules give it (:func:`splitcards.rules.characteristics.facets`)."""
    # Compared by value: the rules' answers are cached by view, and an equal card read twice (two
    # loads of the same data) is another object with other halves.
    # A tuple, not a set: `in` tries identity first, and hashing a half hashes all its fields.
    shown = tuple(half for facet in characteristics.facets(view, rules)[0] for half in facet)
    return tuple(half for half in view.card.halves if half in shown)


def face_of(view: ObjectView, rules: RuleVersion) -> Face:
    """The engine card an object points at: the one of the halves the rules say it shows."""
    card = view.card
    if not card.is_split:
        return Face.WHOLE
    halves = shown_halves(view, rules)
    if len(halves) == len(card.halves):
        return Face.FUSED if view.zone is Zone.STACK and view.spell is not None else Face.BOTH
    if not halves:
        return Face.NONE
    return Face.LEFT if halves[0] == card.halves[0] else Face.RIGHT


def spell_view(card: Card, option: CastOption) -> ObjectView:
    """The card as a spell cast with ``option`` would be on the stack (for its face and costs)."""
    return ObjectView(card, Zone.STACK, spell=SpellFacts(option))


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
    return f"{corpus.slug(name)}__sc"


def spliced_slug(card_id: str, obj: str) -> str:
    """The card id of the spell ``obj``, an instance of ``card_id``, with cards spliced onto it."""
    return f"{card_id}_spliced_{obj}"


def unspliced_slug(card_id: str, obj: str) -> str:
    """The card id the spell ``obj`` is an instance of without its splices."""
    suffix = spliced_slug("", obj)
    return card_id[: -len(suffix)] if card_id.endswith(suffix) else card_id


def trial_slug(card_id: str) -> str:
    """The card id a trial of a cast of the face ``card_id`` is an instance of (:func:`register`)."""
    return f"{card_id}__trial"


def face_slug(name: str, face: Face) -> str:
    """The synthetic engine card id of one face (``both`` and ``fused`` share their card facts)."""
    return f"{base_slug(name)}_{'both' if face is Face.FUSED else face.value}"


def cost_facts(cost: ManaCost | None) -> tuple[int, dict[str, int], int]:
    """(generic, colored pips by color word, number of X) as python-mtg counts them: hybrid,
    Phyrexian, colorless and snow symbols are paid as generic mana."""
    if cost is None:
        return 0, {}, 0
    generic, xs = 0, 0
    pips: dict[str, int] = {}
    for symbol in cost.symbols:
        if symbol.text == "X":
            xs += 1
        elif symbol.text in COLOR_WORDS:
            word = COLOR_WORDS[symbol.text]
            pips[word] = pips.get(word, 0) + 1
        else:
            generic += symbol.value
    return generic, pips, xs


# -- abilities from the engine's card data ------------------------------------------------------


@cache
def _one_faced_by_text() -> dict[str, str]:
    """The names of the engine's one-faced cards by their rules text."""
    by_text: dict[str, str] = {}
    for entry in corpus.corpus().values():
        if entry.get("layout") == "normal" and entry.get("text"):
            by_text.setdefault(_plain(entry["text"], entry["name"]), entry["name"])
    return by_text


def _plain(text: str, name: str) -> str:
    return re.sub(r"\([^)]*\)", "", text.replace(name, "~")).strip()


def _engine_card_rows(name: str) -> Rows:
    """The card-level ability rows the engine has for a card name, keyed by relation."""
    if corpus.entry(name) is None:
        return {}
    facts = corpus.card_facts(name)
    own = corpus.slug(name)
    # "When you unlock this door" (709.5h) is no event of the engine, which fires such an ability
    # whenever the permanent enters, whichever door was cast: leave it out.
    unlock = {r[1] for r in facts.get("ability_trigger", ()) if r[0] == own and r[2] == _UNLOCK_TRIGGER}
    return {
        rel: {r for r in facts.get(rel, ()) if r[0] == own and (rel in _CARD_WIDE or r[1] not in unlock)}
        for rel in _ABILITY_RELATIONS
    }


def _half_rows(card: Card, half: Half) -> Rows:
    """Ability rows for one half: the engine's own data for the first half of a split card (its
    record is that half's), else a one-faced card with the same rules text, line by line."""
    if not card.is_split or half == card.halves[0]:
        rows = _engine_card_rows(card.name)
        if any(rows.values()):
            return rows
    by_text = _one_faced_by_text()
    whole = by_text.get(_plain(half.text, half.name))
    if whole is not None:
        return _engine_card_rows(whole)
    merged: Rows = {rel: set() for rel in _ABILITY_RELATIONS}
    for n, line in enumerate(half.text.splitlines()):
        match = by_text.get(_plain(line, half.name))
        if match is not None:
            _merge(merged, _renamed(_engine_card_rows(match), None, f"l{n}_"))
    return merged


def _renamed(rows: Mapping[str, set[tuple[Any, ...]]], target: str | None, prefix: str) -> Rows:
    """Rows moved onto card id ``target`` (or kept), with ability ids prefixed so halves don't clash."""
    out: Rows = {}
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


def _merge(into: Rows, rows: Mapping[str, set[tuple[Any, ...]]]) -> None:
    for rel, found in rows.items():
        into.setdefault(rel, set()).update(found)


def _face_abilities(card: Card, halves: tuple[Half, ...], card_id: str) -> Rows:
    """The ability rows of a face showing ``halves``. Of a fused spell, the right half's
    instructions follow the left's (702.102d): its effect rows come later in the engine's
    sequence order."""
    out: Rows = {}
    for n, half in enumerate(halves):
        prefix = ("l_" if half == card.halves[0] else "r_") if card.is_split else ""
        rows = _renamed(_half_rows(card, half), card_id, prefix)
        if n:
            rows["card_effect"] = {(r[0], r[1], int(r[2]) + 100 * n, *r[3:]) for r in rows.get("card_effect", ())}
        _merge(out, rows)
    return out


# -- writing facts ------------------------------------------------------------------------------


def _sample_views(card: Card) -> Iterator[ObjectView]:
    # One view of each face the card can have: each half cast, the card off the stack, and a
    # Room permanent with each set of doors unlocked.
    if card.is_split:
        yield spell_view(card, CastOption.LEFT)
        yield spell_view(card, CastOption.RIGHT)
    yield ObjectView(card, Zone.HAND)
    if card.is_room:
        for doors in ((), (Side.LEFT,), (Side.RIGHT,), (Side.LEFT, Side.RIGHT)):
            yield ObjectView(card, Zone.BATTLEFIELD, unlocked=frozenset(doors))


def register(state: State, card: Card, rules: RuleVersion) -> None:
    """Add a card to the game's pool and write the card-level facts of each of its faces: their
    types, colors and names as the rules give them, their abilities from the engine's data."""
    pool = dict(state.get(keys.CARDS, {}))
    entry = pool_entry(card)
    if pool.get(card.name) == entry:
        return
    pool[card.name] = entry
    state[keys.CARDS] = pool
    names = dict(state.get(keys.NAMES, {}))
    for view in _sample_views(card):
        card_id = face_slug(card.name, face_of(view, rules))
        if card_id in names:
            continue
        # Game.name() and Game.describe() name an object by its card id.
        names[card_id] = " // ".join(characteristics.names(view, rules).value)
        rows = _face_abilities(card, shown_halves(view, rules), card_id)
        rows["card_type"] = {(card_id, t.lower()) for t in characteristics.card_types(view, rules).value}
        rows["card_subtype"] = {(card_id, t.lower()) for t in characteristics.subtypes(view, rules).value}
        rows["card_color"] = {(card_id, COLOR_WORDS[c]) for c in characteristics.colors(view, rules).value}
        for rel in ("card_type", "card_subtype", "card_color", *_ABILITY_RELATIONS):
            kept = {r for r in state.get(rel, set()) if r[0] != card_id}
            state[rel] = kept | rows.get(rel, set())
        # What a trial of a cast of this face is an instance of (add_trial_spells): its abilities,
        # whose targets the engine finds, and none of its colors, which a pitch cost counts in a hand.
        trial = trial_slug(card_id)
        for rel in _ABILITY_RELATIONS:
            kept = {r for r in state.get(rel, set()) if r[0] != trial}
            state[rel] = kept | {(trial, *r[1:]) for r in rows.get(rel, set())}
    state[keys.NAMES] = names


def set_face(state: State, obj: str, view: ObjectView, rules: RuleVersion) -> None:
    """Point ``obj`` at the face the rules give ``view`` (the object as it is now) and rewrite
    its instance-level facts to match.

    Every value it changes is replaced, never edited in place, so it may write on an
    :func:`~splitcards.adapters.mtg.states.probe` of a position."""
    for rel in ("instance_of", *_INSTANCE_CAST_RELATIONS):
        state[rel] = {r for r in state.get(rel, set()) if r[0] != obj}
    for rel, row in _instance_rows(view, rules):
        state[rel].add((obj, *row))
    state[keys.FACE] = {**state.get(keys.FACE, {}), obj: face_of(view, rules).value}
    rematerialize(state, obj)


def add_trial_spells(
    state: State, spells: Mapping[str, tuple[Card, CastOption, ManaCost | None]], rules: RuleVersion
) -> None:
    """Give objects that are not in ``state`` what python-mtg reads of a spell when it decides
    whether the spell can be cast and which targets it may have: its types and its cost
    (``spell_type``, ``mana_generic``, ``mana_pip``; ``mana_cost`` is read only of a spell without
    the other two), and the abilities of the face it would be (``instance_of`` a card id of the
    face's abilities alone, :func:`trial_slug`). Trial objects for the engine's eyes only, so no
    split-card state is kept for them; ``spells`` gives each the card, how it would be cast and
    the total cost the rules give that cast.

    Nothing else is written. No colors: a card in the hand can change whether another is
    castable by its colors alone (a pitch cost). And python-mtg evaluates a position by patching
    the relations that changed since its last evaluation, so every relation a trial touches is
    loaded twice more. Values are replaced, never edited in place."""
    added: Rows = {rel: set() for rel in _CAST_CHECK_RELATIONS}
    for obj, (card, option, cost) in spells.items():
        for rel, row in _trial_rows(card, option, cost, rules):
            added[rel].add((obj, *row))
    for rel, rows in added.items():
        if rows:
            state[rel] = state.get(rel, set()) | rows


@lru_cache(maxsize=4096)
def _trial_rows(
    card: Card, option: CastOption, cost: ManaCost | None, rules: RuleVersion
) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """The rows of a trial spell, without the object: an instance of the abilities of the face it
    would be cast as (so that the engine finds its targets), with that face's types and the cast's
    total cost."""
    view = spell_view(card, option)
    rows = [(rel, row) for rel, row in _instance_rows(view, rules) if rel == "spell_type"]
    rows.append(("instance_of", (trial_slug(face_slug(card.name, face_of(view, rules))),)))
    generic, pips, _xs = cost_facts(cost)
    rows.append(("mana_generic", (generic,)))
    rows += [("mana_pip", (color, n)) for color, n in pips.items()]
    return tuple(rows)


_CAST_CHECK_RELATIONS = frozenset({"instance_of", "spell_type", "mana_generic", "mana_pip"})


@lru_cache(maxsize=4096)
def _instance_rows(view: ObjectView, rules: RuleVersion) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """The instance-level facts of an object with this view, without the object:
    ``(relation, rest of the row)``. The mana cost is the sum of the costs the rules give the
    object, its mana value the one an effect uses without comparing it: the engine keeps one."""
    face = face_of(view, rules)
    rows: list[tuple[str, tuple[Any, ...]]] = [("instance_of", (face_slug(view.card.name, face),))]
    if face not in (Face.BOTH, Face.NONE):
        rows += sorted({("spell_type", (t.lower(),)) for t in characteristics.card_types(view, rules).value})
    total: ManaCost | None = None
    for cost in characteristics.mana_costs(view, rules).value:
        total = cost if total is None else total + cost
    generic, pips, xs = cost_facts(total)
    rows += [("mana_cost", (characteristics.value_without_comparison(view, rules).value,))]
    rows += [("mana_generic", (generic,))]
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
    state["printed_keyword"] = kept | {(obj, kw) for kw in modelled_keywords(keywords)}
