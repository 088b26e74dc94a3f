"""phase's card database, built offline from the plugin's cards, and read back into them.

phase (phase.rs) loads a ``card-data.json`` that maps each lower-case face name to a built
CardFace. ``phase.build_oracle_face(_multi)`` builds a face from an MTGJSON face dict; the two
halves of a split card are paired by a shared ``identifiers.scryfallOracleId`` and carry the
card's ``layout`` and their ``face_index``.

Aftermath cards are given phase's ``split`` layout on purpose: with ``aftermath`` phase 0.103.0
never lets the aftermath half be cast at all (it checks only the front face), while with
``split`` the adapter can offer each half where 702.127a allows it (see
:mod:`splitcards.adapters.phase.deviations`).

The adapter also adds a few cards of its own, the *scaffold*: basic lands, an artifact
enchantment creature that gives split-card halves a legal target, and instants whose effects
phase has but no debug action offers (copy a spell, lock or unlock a door, cast a card while
an effect resolves). They sit in the decks' libraries and are never shown to the rules.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from splitcards.adapters.phase.version import load_phase
from splitcards.cards.loaders import BASIC_LANDS, basic_land, card_from_mtgjson, mtgjson_faces
from splitcards.errors import CardDataError, UnsupportedCard
from splitcards.rules.card import Card, Half
from splitcards.rules.mana import ManaCost, card_colors, in_color_order

_COLOR_WORDS = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green"}
_WORD_COLORS = {word: letter for letter, word in _COLOR_WORDS.items()}

# The scaffold: adapter-owned cards (name -> MTGJSON face). Their names start with "Scaffold"
# so they can't clash with a real card.
TARGET_DUMMY = "Scaffold Dummy"
COPIER = "Scaffold Copier"
LOCKER = "Scaffold Locker"
UNLOCKER = "Scaffold Unlocker"
FILLER = "Scaffold Filler"
CASTER = "Scaffold Caster"
SCAFFOLD_FACES: dict[str, dict[str, Any]] = {
    TARGET_DUMMY: {
        "type": "Artifact Enchantment Creature — Construct",
        "types": ["Artifact", "Enchantment", "Creature"],
        "subtypes": ["Construct"],
        "power": "0",
        "toughness": "1",
        "text": "",
    },
    COPIER: {"text": "Copy target spell. You may choose new targets for the copy."},
    LOCKER: {"text": "Lock a door of target Room."},
    UNLOCKER: {"text": "Unlock a door of target Room."},
    FILLER: {"text": "You gain 1 life."},
    # A cast while an effect resolves, without paying (a cast copy of a card, 707.12, 608.2g, 118.6a).
    CASTER: {"text": "You may cast a card from your hand without paying its mana cost."},
}


# The card-data layouts of cards with faces outside the split-card rules that phase builds with
# all their faces, under phase's name for the layout (Scryfall's battle layout is MTGJSON's and
# phase's transform). The rules see such a card's front face off the stack; phase plays it.
PHASE_LAYOUTS = {
    "transform": "transform",
    "battle": "transform",
    "modal_dfc": "modal_dfc",
    "adventure": "adventure",
    "flip": "flip",
    "meld": "meld",
    "prepare": "prepare",
}


def unbuildable(card: Card) -> str | None:
    """Why phase's card data can't be built from this card (``None``: it can)."""
    if card.other_faces and card.source_layout not in PHASE_LAYOUTS:
        known = ", ".join(sorted(PHASE_LAYOUTS))
        return f"a {card.source_layout} card: phase 0.103.0 builds no card of that layout (it builds {known})"
    if len(card.other_faces) > 1:
        return f"a {card.source_layout} card of {1 + len(card.other_faces)} faces: phase builds two"
    return None


def front_name(card: Card) -> str:
    """The name phase knows a card by in a deck list: its left half's (a right half's name
    would make that half the card's front)."""
    return card.halves[0].name


def scaffold_faces() -> dict[str, list[dict[str, Any]]]:
    """The adapter's own cards as MTGJSON faces."""
    out = {}
    for name, extra in SCAFFOLD_FACES.items():
        face: dict[str, Any] = {
            "name": name,
            "layout": "normal",
            "manaCost": "" if name == TARGET_DUMMY else "{C}",
            "manaValue": 0.0 if name == TARGET_DUMMY else 1.0,
            "type": "Instant",
            "types": ["Instant"],
            "subtypes": [],
            "supertypes": [],
            "colors": [],
        }
        face.update(extra)
        out[name] = [face]
    return out


def build_database(phase: Any, cards: Iterable[Card]) -> dict[str, Any]:
    """phase's card database for these cards, the basic lands and the scaffold: every printed
    characteristic of every face, so that phase's own card parser gives each card its body and
    abilities. A card phase can't build raises :class:`~splitcards.errors.UnsupportedCard`
    naming it and phase's reason."""
    faces_by_card: dict[str, tuple[str, list[dict[str, Any]]]] = {}
    for card in cards:
        reason = unbuildable(card)
        if reason is not None:
            raise UnsupportedCard(card.name, "layout", reason)
        layout = "split" if card.is_split else PHASE_LAYOUTS.get(card.source_layout, "")
        faces_by_card[card.name] = (layout, mtgjson_faces(card))
    for land in BASIC_LANDS:
        faces_by_card.setdefault(land, ("", mtgjson_faces(basic_land(land))))
    faces_by_card.update((name, ("", faces)) for name, faces in scaffold_faces().items())
    out: dict[str, Any] = {}
    for name, (layout, faces) in faces_by_card.items():
        try:
            out.update(_built(phase, name, layout, json.dumps(faces, sort_keys=True)))
        except (ValueError, TypeError, KeyError) as exc:
            raise UnsupportedCard(name, "card data", f"phase can't build it: {exc}") from None
    return out


@lru_cache(maxsize=1024)
def _built_cached(phase: Any, name: str, layout: str, faces_json: str) -> str:
    # Building a face costs about 6 ms; a conformance run builds the same cards hundreds of times.
    faces: list[dict[str, Any]] = json.loads(faces_json)
    oracle_id = str(uuid.uuid5(uuid.NAMESPACE_URL, "splitcards:" + name))
    identity = in_color_order(c for f in faces for c in f.get("colors", []))
    built: dict[str, Any] = {}
    for index, face in enumerate(faces):
        full = dict(face)
        full.setdefault("colorIdentity", identity)
        # The faces of one card must share the oracle id, or phase does not pair them.
        full["identifiers"] = {"scryfallOracleId": oracle_id}
        if len(faces) == 1:
            entry = dict(phase.build_oracle_face(full, oracle_id))
        else:
            entry = dict(phase.build_oracle_face_multi(full, oracle_id))
            entry["layout"] = layout
            entry["face_index"] = index
        built[str(entry["name"]).lower()] = entry
    return json.dumps(built)


def _built(phase: Any, name: str, layout: str, faces_json: str) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(_built_cached(phase, name, layout, faces_json))
    return result


# -- phase's engine for a card pool ---------------------------------------------------------


@dataclass(slots=True)
class Engine:
    """A phase engine for one card pool, with the cards it knows by face name."""

    engine: Any
    cards: dict[str, Card]  # lower-case face name of every half -> card


_ENGINES: dict[tuple[Card, ...], Engine] = {}


def engine_for(cards: Sequence[Card]) -> Engine:
    """phase's engine for a card pool (cached: the same pool is prepared for every scenario)."""
    key = tuple(sorted(set(cards), key=lambda c: c.name))
    found = _ENGINES.get(key)
    if found is None:
        phase = load_phase()
        database = build_database(phase, key)
        known = {name: card for name, (card, _) in half_by_name(key).items()}
        for land in BASIC_LANDS:
            known.setdefault(land.lower(), basic_land(land))
        found = Engine(phase.Engine.from_json(json.dumps(database)), known)
        _ENGINES[key] = found
    return found


# -- reading phase's card data back ------------------------------------------------------


def cards_from_card_data(data: Mapping[str, Any]) -> dict[str, Card]:
    """The plugin's cards from a phase ``card-data.json`` document (face name -> CardFace).

    Faces sharing a ``scryfall_oracle_id`` with a ``face_index`` are the halves of one split
    card (layout ``split`` or ``aftermath``; a Room is a split card), named "Left // Right".
    Cards of phase's other multi-face layouts (transform, modal DFC, adventure...) are left
    out: they are no split cards, and this adapter plays one-faced and split cards only.
    Raises :class:`~splitcards.errors.CardDataError` naming the face at fault.
    """
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for key, face in data.items():
        if not isinstance(face, Mapping):
            raise CardDataError(str(key), "<face>", "must be a mapping")
        multi = face.get("face_index") is not None and face.get("layout") not in (None, "normal")
        group = str(face.get("scryfall_oracle_id") or key) if multi else f"single:{key}"
        groups.setdefault(group, []).append(face)
    cards: dict[str, Card] = {}
    for faces in groups.values():
        ordered = sorted(faces, key=lambda f: int(f.get("face_index") or 0))
        if len(ordered) > 1 and (len(ordered) > 2 or ordered[0].get("layout") not in ("split", "aftermath")):
            continue
        card = _card_from_faces(ordered)
        cards[card.name] = card
    return cards


def _card_from_faces(faces: Sequence[Mapping[str, Any]]) -> Card:
    names = [str(f.get("name", "")) for f in faces]
    full = " // ".join(names)
    layout = str(faces[0].get("layout")) if len(faces) == 2 else "normal"
    if layout == "split" and "Aftermath" in (faces[-1].get("keywords") or []):
        # This adapter builds aftermath cards with phase's split layout (deviation aftermath-half-not-castable).
        layout = "aftermath"
    mtgjson = []
    for index, face in enumerate(faces):
        card_type = face.get("card_type") or {}
        types = list(card_type.get("core_types") or [])
        subtypes = list(card_type.get("subtypes") or [])
        supertypes = list(card_type.get("supertypes") or [])
        type_line = " ".join([*supertypes, *types]) + (" — " + " ".join(subtypes) if subtypes else "")
        cost = mana_cost_text(face.get("mana_cost"))
        out: dict[str, Any] = {
            "name": full,
            "layout": layout,
            "manaCost": cost,
            "type": type_line,
            "types": types,
            "subtypes": subtypes,
            "supertypes": supertypes,
            "colors": _colors(face, cost),
            "text": str(face.get("oracle_text") or ""),
        }
        # phase's keywords are what its own parser read from the text, not the card data's:
        # they are not read back (the rules find fuse, splice and aftermath in the text).
        for key in ("power", "toughness", "loyalty", "defense"):
            printed = _printed(face.get(key))
            if printed is not None:
                out[key] = printed
        if len(faces) == 2:
            out.update(faceName=names[index], side="ab"[index])
        mtgjson.append(out)
    return card_from_mtgjson(mtgjson, full)


def mana_cost_text(cost: Any) -> str:
    """A phase ManaCost (``{"type": "Cost", "shards": [...], "generic": n}``) as "{1}{R}"."""
    if not isinstance(cost, Mapping) or cost.get("type") != "Cost":
        return ""
    generic = int(cost.get("generic") or 0)
    shards = [_shard(str(s)) for s in cost.get("shards") or []]
    prefix = [f"{{{generic}}}"] if generic or not shards else []
    return "".join(prefix + shards)


_SHARD_WORDS = re.compile(r"[A-Z][a-z]*")


def _shard(name: str) -> str:
    words = _SHARD_WORDS.findall(name)
    letters = [_WORD_COLORS.get(w, "C" if w == "Colorless" else "2" if w == "Two" else w) for w in words]
    if letters and letters[0] == "Phyrexian":
        return "{" + "/".join([*letters[1:], "P"]) + "}"
    if letters == ["Snow"]:
        return "{S}"
    return "{" + "/".join(letters) + "}"


def _colors(face: Mapping[str, Any], cost: str) -> list[str]:
    override = face.get("color_override")
    if isinstance(override, list):
        return [_WORD_COLORS[c] for c in override if c in _WORD_COLORS]
    try:
        parsed = ManaCost.parse(cost)
    except ValueError as exc:
        raise CardDataError(str(face.get("name", "")), "mana_cost", str(exc)) from None
    return in_color_order(card_colors(parsed))


def _printed(value: Any) -> str | None:
    """A printed power, toughness, loyalty or defense from phase's face: ``{"type": "Fixed",
    "value": 2}`` is "2"; a value phase computes (``*``) is "*"."""
    if value is None:
        return None
    if isinstance(value, Mapping):
        return str(value["value"]) if value.get("type") == "Fixed" and "value" in value else "*"
    return str(value)


def _keywords(face: Mapping[str, Any]) -> list[str]:
    # phase writes a keyword with parameters as a one-key mapping: {"Splice": {"subtype": ..., "cost": ...}}.
    out = []
    for keyword in face.get("keywords") or []:
        if isinstance(keyword, str):
            out.append(keyword)
        elif isinstance(keyword, Mapping) and len(keyword) == 1:
            out.append(str(next(iter(keyword))))
    return out


def half_by_name(cards: Iterable[Card]) -> dict[str, tuple[Card, Half]]:
    """Each card under the lower-case name of every face (phase's face names): its halves, and
    its other faces (an adventure on the stack, a transformed permanent)."""
    out: dict[str, tuple[Card, Half]] = {}
    for card in cards:
        for half in (*card.halves, *card.other_faces):
            out.setdefault(half.name.lower(), (card, half))
    return out
