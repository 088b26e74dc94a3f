"""Cards from Scryfall card objects: one (:func:`card_from_scryfall`) or a bulk data file
(:func:`load_scryfall`: ``oracle-cards.json``, ``default-cards.json``, a JSON list of card objects).

Scryfall's layout ``split`` covers split cards, aftermath cards (keyword Aftermath) and Rooms (both
faces "Enchantment — Room"). Each object is read as MTGJSON faces and built by
:mod:`splitcards.cards.mtgjson`, so both sources give equal cards; errors name Scryfall's fields.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from splitcards.cards.cardpool import CardPool, PoolBuilder, gc_paused
from splitcards.cards.mtgjson import SPLIT_LAYOUTS, card_from_mtgjson
from splitcards.errors import CardDataError
from splitcards.rules.card import Card

_SUPERTYPES = frozenset({"Basic", "Legendary", "Snow", "World", "Ongoing", "Elite", "Host", "Token"})
# MTGJSON field -> Scryfall field, to name the field at fault in Scryfall's words.
_FIELDS = {
    "faceName": "name",
    "manaCost": "mana_cost",
    "type": "type_line",
    "types": "type_line",
    "subtypes": "type_line",
    "supertypes": "type_line",
    "text": "oracle_text",
    "colorIndicator": "color_indicator",
    "faces": "card_faces",
}


def card_from_scryfall(obj: Any) -> Card:
    """One card from ``obj``, a Scryfall card object (a multi-faced card carries ``card_faces``);
    :class:`~splitcards.errors.CardDataError` naming the card and the field if it is malformed."""
    if not isinstance(obj, Mapping):
        raise CardDataError("<unnamed>", "<card>", f"a Scryfall card must be a JSON object, got {type(obj).__name__}")
    name = obj.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardDataError("<unnamed>", "name", "a Scryfall card needs a name")
    layout = obj.get("layout", "normal")
    if not isinstance(layout, str) or not layout:
        raise CardDataError(name, "layout", "must be a non-empty string")
    keywords = obj.get("keywords")
    if keywords is not None and (not isinstance(keywords, list) or not all(isinstance(k, str) for k in keywords)):
        raise CardDataError(name, "keywords", "must be a list of strings")
    faces = obj.get("card_faces")
    if faces is None:
        return _built([_face(name, obj, "", layout, keywords)], name, (), "")
    if not isinstance(faces, list) or not faces:
        raise CardDataError(name, "card_faces", "must be a non-empty list of faces")
    for i, face in enumerate(faces):
        if not isinstance(face, Mapping):
            raise CardDataError(name, f"card_faces[{i}]", "must be a JSON object")
    where = tuple(f"card_faces[{i}]." for i in range(len(faces)))
    if layout in SPLIT_LAYOUTS:
        halves = [
            _face(name, face, where[i], layout, keywords, chr(ord("a") + i), faces) for i, face in enumerate(faces)
        ]
        return _built(halves, name, where, "")
    # Another multi-faced card: the rules see its front face only; the others go to the engine.
    others = [_face(name, face, where[i], layout, keywords, chr(ord("a") + i), faces) for i, face in enumerate(faces)]
    return _built(others, name, where, where[0])


def load_scryfall(document: Any, only: Collection[str] | None = None) -> CardPool:
    """Every card of a Scryfall bulk data list (see :class:`~splitcards.cards.cardpool.CardPool`).

    A card printed many times (``default-cards.json``) is built once. ``only`` keeps the cards of
    those kinds and neither builds nor checks the others. Raises
    :class:`~splitcards.errors.CardDataError` for a malformed card.
    """
    if not isinstance(document, list):
        raise CardDataError("<Scryfall>", "<document>", f"must be a JSON list of cards, got {type(document).__name__}")
    pool = PoolBuilder(only)
    seen: dict[str, Any] = {}
    with gc_paused():
        for i, obj in enumerate(document):
            if type(obj) is not dict and not isinstance(obj, Mapping):
                raise CardDataError(f"<card {i}>", "<card>", f"must be a JSON object, got {type(obj).__name__}")
            name = obj.get("name")
            if not isinstance(name, str) or not name.strip():
                raise CardDataError(f"<card {i}>", "name", "a Scryfall card needs a name")
            layout = obj.get("layout", "normal")
            if not isinstance(layout, str):
                raise CardDataError(name, "layout", "must be a string")
            if not pool.wants(layout):
                continue
            identity = _oracle_id(obj)
            first = seen.setdefault(name, identity)
            if first is not identity and identity is not None and first == identity:
                continue  # another printing of a card already read
            pool.build(card_from_scryfall, obj)
    return pool.result()


def _oracle_id(obj: Mapping[str, Any]) -> Any:
    oracle_id = obj.get("oracle_id")
    if oracle_id is None:  # a reversible card has one per face
        faces = obj.get("card_faces")
        if isinstance(faces, list) and faces and isinstance(faces[0], Mapping):
            oracle_id = faces[0].get("oracle_id")
    return oracle_id


def _built(faces: list[dict[str, Any]], name: str, where: tuple[str, ...], front: str) -> Card:
    """Build the card from its faces read as MTGJSON faces; an error names the Scryfall field:
    ``faces[i].`` is ``where[i]``, and an unprefixed field is the front face's (``front``) when
    only the front face was read, else the card's."""
    try:
        return card_from_mtgjson(faces, name)
    except CardDataError as exc:
        prefix, dot, rest = exc.field.rpartition(".")
        if dot and prefix.startswith("faces["):
            field = where[int(prefix[len("faces[") : -1])] + _FIELDS.get(rest, rest)
        else:
            field = front + _FIELDS.get(exc.field, exc.field)
        raise type(exc)(exc.card, field, exc.problem) from exc


def _face(
    card: str,
    face: Mapping[str, Any],
    where: str,
    layout: str,
    keywords: list[str] | None,
    side: str | None = None,
    all_faces: Sequence[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    type_line = face.get("type_line")
    if not isinstance(type_line, str):
        raise CardDataError(card, where + "type_line", "must be a string")
    for key in ("mana_cost", "oracle_text"):
        value = face.get(key)
        if value is not None and type(value) is not str:
            raise CardDataError(card, where + key, "must be a string")
    left, _, right = type_line.partition("—")
    words = left.split()
    out: dict[str, Any] = {
        "name": card,
        "layout": layout,
        "manaCost": face.get("mana_cost") or "",
        "type": type_line,
        "supertypes": [w for w in words if w in _SUPERTYPES],
        "types": [w for w in words if w not in _SUPERTYPES],
        "subtypes": right.split(),
        "text": face.get("oracle_text") or "",
    }
    # Without colors on the face, the mana cost and color indicator give them (202.2, 204).
    if "colors" in face:
        out["colors"] = face["colors"]
    if "color_indicator" in face:
        out["colorIndicator"] = face["color_indicator"]
    for key in ("power", "toughness", "loyalty", "defense"):
        if face.get(key) is not None:
            out[key] = face[key]
    if keywords is not None:
        own = _face_keywords(keywords, face, all_faces)
        if own:
            out["keywords"] = own
    if side is not None:
        out["faceName"] = face.get("name")
        out["side"] = side
    return out


def _face_keywords(keywords: list[str], face: Mapping[str, Any], faces: Sequence[Mapping[str, Any]]) -> list[str]:
    """The keywords of one face, as MTGJSON lists them per face: Scryfall lists those of the
    whole card. A face has each keyword its own text names, in the text's order; a keyword no
    face's text names (a fuse card's Fuse) is every face's."""

    def at(text: str, keyword: str) -> int:
        match = re.search(rf"(?<![\w-]){re.escape(keyword.lower())}(?![\w-])", text.lower())
        return match.start() if match else -1

    texts = [str(f.get("oracle_text") or "") for f in faces] or [str(face.get("oracle_text") or "")]
    own = str(face.get("oracle_text") or "")
    named = sorted((at(own, k), k) for k in keywords if at(own, k) >= 0)
    unnamed = [k for k in keywords if all(at(text, k) < 0 for text in texts)]
    return [k for _, k in named] + unnamed
