"""Build :class:`~splitcards.card.Card` objects from the card formats engines already use.

* MTGJSON atomic cards: a list of face dicts (``AtomicCards.json`` maps each card name to one).
* Scryfall card objects (``card_faces`` for split cards).

Every field is checked; a malformed card raises :class:`~splitcards.errors.CardDataError`
naming the card and the field, and nothing of it is kept.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from splitcards.card import Card, Half, Layout, text_features
from splitcards.errors import CardDataError
from splitcards.mana import COLORS, ManaCost

_SPLIT_LAYOUTS = {"split": Layout.SPLIT, "aftermath": Layout.AFTERMATH}
_FUSE_LINE = re.compile(r"^Fuse\b", re.MULTILINE)
_SUPERTYPES = {"Basic", "Legendary", "Snow", "World", "Ongoing", "Elite", "Host"}


def card_from_mtgjson(faces: Sequence[Mapping[str, Any]] | Mapping[str, Any], name: str | None = None) -> Card:
    """One card from its MTGJSON atomic faces (a list of face dicts, or a single dict)."""
    face_list = [faces] if isinstance(faces, Mapping) else list(faces)
    label = name or _first_name(face_list)
    if not face_list or len(face_list) > 2:
        raise CardDataError(label, "faces", f"expected one or two faces, got {len(face_list)}")
    for i, face in enumerate(face_list):
        if not isinstance(face, Mapping):
            raise CardDataError(label, f"faces[{i}]", "each face must be a mapping")
    if len(face_list) == 1:
        face = face_list[0]
        half = _half(label, face, "", _text(label, face, ""))
        return Card(_str(label, face, "name", ""), (half,), Layout.NORMAL)
    ordered = sorted(face_list, key=lambda f: str(f.get("side", "")))
    sides = [f.get("side") for f in ordered]
    if sides != ["a", "b"]:
        raise CardDataError(label, "side", f"a split card needs faces with side 'a' and 'b', got {sides}")
    layout_name = _str(label, ordered[0], "layout", "faces[0].")
    if any(f.get("layout") != layout_name for f in ordered):
        raise CardDataError(label, "layout", "both faces must have the same layout")
    if layout_name not in _SPLIT_LAYOUTS:
        raise CardDataError(label, "layout", f"{layout_name!r} is not a split layout (allowed: split, aftermath)")
    halves = []
    fuse = False
    for i, face in enumerate(ordered):
        text = _text(label, face, f"faces[{i}].")
        keywords = face.get("keywords", [])
        if not isinstance(keywords, list):
            raise CardDataError(label, f"faces[{i}].keywords", "must be a list")
        fuse = fuse or "Fuse" in keywords or bool(_FUSE_LINE.search(text))
        halves.append(_half(label, face, f"faces[{i}].", text, name_key="faceName"))
    full = _str(label, ordered[0], "name", "faces[0].")
    layout = _SPLIT_LAYOUTS[layout_name]
    if all("Room" in h.subtypes for h in halves):
        layout = Layout.ROOM
    if layout is Layout.AFTERMATH and not halves[1].aftermath:
        halves[1] = replace(halves[1], aftermath=True)
    return Card(full, (halves[0], halves[1]), layout, fuse)


def cards_from_atomic(data: Mapping[str, Any]) -> dict[str, Card]:
    """Every card of an ``AtomicCards.json`` document (``{"data": {name: [faces]}}``)."""
    body = data.get("data", data)
    if not isinstance(body, Mapping):
        raise CardDataError("<AtomicCards>", "data", "must map card names to face lists")
    cards = {}
    for card_name, faces in body.items():
        if not isinstance(faces, list):
            raise CardDataError(str(card_name), "faces", "must be a list of face dicts")
        cards[str(card_name)] = card_from_mtgjson(faces, str(card_name))
    return cards


def cards_from_atomic_file(path: str | Path) -> dict[str, Card]:
    """Read an ``AtomicCards.json`` file."""
    return cards_from_atomic(read_json_mapping(path))


def read_json_mapping(path: str | Path) -> Mapping[str, Any]:
    """A JSON file whose top level is a mapping; a :class:`CardDataError` names the file otherwise."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise CardDataError(str(path), "<file>", str(exc)) from exc
    if not isinstance(data, Mapping):
        raise CardDataError(str(path), "<file>", "top level must be a mapping")
    return data


def mtgjson_faces(card: Card) -> list[dict[str, Any]]:
    """The card as MTGJSON atomic faces: the inverse of :func:`card_from_mtgjson`."""
    layout = "normal" if not card.is_split else "aftermath" if card.layout is Layout.AFTERMATH else "split"
    total = sum(h.mana_value for h in card.halves)
    faces = []
    for index, half in enumerate(card.halves):
        face: dict[str, Any] = {
            "name": card.name,
            "layout": layout,
            "manaCost": str(half.mana_cost) if half.mana_cost is not None else "",
            "manaValue": float(total),
            "type": half.type_line,
            "types": list(half.card_types),
            "subtypes": list(half.subtypes),
            "supertypes": list(half.supertypes),
            "colors": sorted(half.colors, key=COLORS.index),
            "text": half.text,
        }
        if card.is_split:
            face.update(faceName=half.name, side="ab"[index], faceManaValue=float(half.mana_value))
            if card.fuse:
                face["keywords"] = ["Fuse"]
        faces.append(face)
    return faces


BASIC_LANDS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def basic_land(name: str) -> Card:
    """One of the five basic lands (``BASIC_LANDS``) as a card."""
    face = {
        "name": name,
        "layout": "normal",
        "type": f"Basic Land — {name}",
        "types": ["Land"],
        "subtypes": [name],
        "supertypes": ["Basic"],
        "colors": [],
        "text": f"({{T}}: Add {{{BASIC_LANDS[name]}}}.)",
    }
    return card_from_mtgjson([face])


def card_from_scryfall(obj: Mapping[str, Any]) -> Card:
    """One card from a Scryfall card object (split cards carry ``card_faces``)."""
    label = str(obj.get("name", "<unnamed>"))
    layout_name = obj.get("layout", "normal")
    keywords = obj.get("keywords", [])
    faces = obj.get("card_faces")
    if faces is None:
        return card_from_mtgjson([_scryfall_face(label, obj, "", "normal", None)], label)
    if not isinstance(faces, list) or len(faces) != 2:
        raise CardDataError(label, "card_faces", "a split card needs exactly two faces")
    converted = []
    for i, face in enumerate(faces):
        if not isinstance(face, Mapping):
            raise CardDataError(label, f"card_faces[{i}]", "must be a mapping")
        converted.append(_scryfall_face(label, face, f"card_faces[{i}].", str(layout_name), "ab"[i]))
        converted[-1]["keywords"] = list(keywords) if isinstance(keywords, list) else []
    return card_from_mtgjson(converted, label)


def _scryfall_face(label: str, face: Mapping[str, Any], where: str, layout: str, side: str | None) -> dict[str, Any]:
    type_line = face.get("type_line")
    if not isinstance(type_line, str):
        raise CardDataError(label, where + "type_line", "must be a string")
    left, _, right = type_line.partition("—")
    words = left.split()
    out: dict[str, Any] = {
        "name": label,
        "layout": layout,
        "manaCost": face.get("mana_cost", ""),
        "type": type_line,
        "supertypes": [w for w in words if w in _SUPERTYPES],
        "types": [w for w in words if w not in _SUPERTYPES],
        "subtypes": right.split(),
        "colors": face.get("colors", []),
        "text": face.get("oracle_text", ""),
    }
    if side is not None:
        out["faceName"] = face.get("name")
        out["side"] = side
    return out


def _first_name(faces: Sequence[Any]) -> str:
    for face in faces:
        if isinstance(face, Mapping) and isinstance(face.get("name"), str):
            return str(face["name"])
    return "<unnamed>"


def _str(label: str, face: Mapping[str, Any], key: str, where: str) -> str:
    value = face.get(key)
    if not isinstance(value, str) or not value:
        raise CardDataError(label, where + key, "must be a non-empty string")
    return value


def _strings(label: str, face: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = face.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CardDataError(label, where + key, "must be a list of strings")
    return tuple(value)


def _text(label: str, face: Mapping[str, Any], where: str) -> str:
    text = face.get("text", "")
    if not isinstance(text, str):
        raise CardDataError(label, where + "text", "must be a string")
    return text


def _half(label: str, face: Mapping[str, Any], where: str, text: str, name_key: str = "name") -> Half:
    name = _str(label, face, name_key, where)
    raw_cost = face.get("manaCost")
    cost: ManaCost | None = None
    if raw_cost not in (None, ""):
        if not isinstance(raw_cost, str):
            raise CardDataError(label, where + "manaCost", "must be a string such as '{1}{R}'")
        try:
            cost = ManaCost.parse(raw_cost)
        except ValueError as exc:
            raise CardDataError(label, where + "manaCost", str(exc)) from exc
    colors = _strings(label, face, "colors", where)
    if any(c not in COLORS for c in colors):
        raise CardDataError(label, where + "colors", f"unknown color in {list(colors)} (allowed: W U B R G)")
    types = _strings(label, face, "types", where)
    if not types:
        raise CardDataError(label, where + "types", "a card needs at least one card type")
    type_line = face.get("type", " ".join(types))
    if not isinstance(type_line, str):
        raise CardDataError(label, where + "type", "must be a string")
    splice, targets, unlock_trigger, aftermath = text_features(text)
    return Half(
        name=name,
        mana_cost=cost,
        type_line=type_line,
        card_types=types,
        subtypes=_strings(label, face, "subtypes", where),
        supertypes=_strings(label, face, "supertypes", where),
        colors=frozenset(colors),
        text=text,
        aftermath=aftermath,
        unlock_trigger=unlock_trigger,
        splice=splice,
        targets=targets,
    )
