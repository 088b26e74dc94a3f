"""Cards from MTGJSON data, and back.

* One card from its atomic faces (:func:`card_from_mtgjson`), and its faces from a card
  (:func:`mtgjson_faces`).
* A whole file (:func:`load_mtgjson`): ``AtomicCards.json`` (``{"data": {name: [faces]}}``), a
  set file (``{"data": {"cards": [...]}}``) or ``AllPrintings.json`` (``{"data": {code: set}}``).

Layouts ``split`` and ``aftermath`` are split cards (709); a split card whose halves both have
the subtype Room is a Room (709.5). Every other layout (transform, adventure, flip, meld...) is an
ordinary one-faced card here, with the characteristics of its front face, the ones it has in
every zone but the stack and the battlefield (712.8a, 715.4, 710.1b), and keeps its layout in
:attr:`Card.source_layout`.

A malformed card raises :class:`~splitcards.errors.CardDataError` naming the card and the field.
A sound card that the rules here cannot represent (a split card of five halves, one half of a
split card alone, a mana symbol the rules do not count) raises
:class:`~splitcards.errors.UnsupportedCard`, which a whole-file load reports and skips.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from typing import Any

from splitcards.cards.cardpool import CardPool, PoolBuilder, gc_paused
from splitcards.cards.mtgjson_face import face_keywords, face_str, read_face
from splitcards.errors import CardDataError, UnsupportedCard
from splitcards.rules.card import Card, Layout
from splitcards.rules.mana import in_color_order

SPLIT_LAYOUTS = frozenset({"split", "aftermath"})
"""The card-data layouts of split cards (a Room has layout ``split``)."""

BASIC_LANDS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}

_FUSE_LINE = re.compile(r"^Fuse\b", re.MULTILINE)


def card_from_mtgjson(faces: Sequence[Mapping[str, Any]] | Mapping[str, Any], name: str | None = None) -> Card:
    """One card from ``faces``, its MTGJSON atomic faces (a list of face dicts, or a single dict).

    ``name`` labels errors; it defaults to the faces' ``name``.
    """
    face_list = _face_list(faces, name)
    label = name or _first_name(face_list)
    layout = _layout(label, face_list)
    if layout in SPLIT_LAYOUTS:
        return _split_card(label, face_list, layout)
    return _one_faced(label, face_list, layout)


def load_mtgjson(document: Any, only: Collection[str] | None = None) -> CardPool:
    """Every card of an MTGJSON document: ``AtomicCards.json``, a set file or ``AllPrintings.json``.

    ``only`` keeps the cards of those kinds (see :class:`~splitcards.cards.cardpool.CardPool`) and
    neither builds nor checks the others. Raises :class:`~splitcards.errors.CardDataError` for a
    malformed card.
    """
    if not isinstance(document, Mapping):
        raise CardDataError("<MTGJSON>", "<document>", f"must be a JSON object, got {type(document).__name__}")
    body = document.get("data", document)
    if not isinstance(body, Mapping):
        raise CardDataError("<MTGJSON>", "data", "must map card names to faces, or set codes to sets")
    pool = PoolBuilder(only)
    printings = _Printings(pool)
    with gc_paused():
        if "cards" in body:  # a set file
            printings.add_set(str(body.get("code", "<set>")), body["cards"])
        else:
            for key, value in body.items():
                if _is_mapping(value):  # AllPrintings: one set
                    printings.add_set(str(key), value.get("cards"))
                else:
                    _add_atomic(pool, str(key), value)
        printings.finish()
    return pool.result()


def mtgjson_faces(card: Card) -> list[dict[str, Any]]:
    """The card as MTGJSON atomic faces, every printed characteristic with them: the inverse of
    :func:`card_from_mtgjson`."""
    if card.is_split:
        layout = "aftermath" if card.layout is Layout.AFTERMATH else "split"
    else:
        layout = card.source_layout or "normal"
    faces_of = (*card.halves, *card.other_faces)
    multi = len(faces_of) > 1
    name = " // ".join(h.name for h in faces_of) if multi else card.name
    total = sum(h.mana_value for h in card.halves)
    faces = []
    for index, half in enumerate(faces_of):
        face: dict[str, Any] = {
            "name": name,
            "layout": layout,
            "manaCost": str(half.mana_cost) if half.mana_cost is not None else "",
            "manaValue": float(total),
            "type": half.type_line,
            "types": list(half.card_types),
            "subtypes": list(half.subtypes),
            "supertypes": list(half.supertypes),
            "colors": in_color_order(half.colors),
            "text": half.text,
        }
        for key in ("power", "toughness", "loyalty", "defense"):
            value = getattr(half, key)
            if value is not None:
                face[key] = value
        if half.color_indicator is not None:
            face["colorIndicator"] = in_color_order(half.color_indicator)
        if half.keywords is not None:
            face["keywords"] = list(half.keywords)
        elif card.fuse:
            face["keywords"] = ["Fuse"]
        if multi:
            face.update(faceName=half.name, side=chr(ord("a") + index), faceManaValue=float(half.mana_value))
        faces.append(face)
    return faces


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


# -- whole files ------------------------------------------------------------------------------


def _add_atomic(pool: PoolBuilder, key: str, faces: Any) -> None:
    if not isinstance(faces, list) or not faces:
        raise CardDataError(key, "faces", "must be a non-empty list of faces")
    first = faces[0]
    if not _is_mapping(first):
        raise CardDataError(key, "faces[0]", "each face must be a mapping")
    if not pool.wants(_raw_layout(key, first, "faces[0].")):
        return
    for i, face in enumerate(faces):
        if not _is_mapping(face):
            raise CardDataError(key, f"faces[{i}]", "each face must be a mapping")
        if face.get("name") != key:
            problem = f"the card is filed under {key!r}, its face is named {face.get('name')!r}"
            raise CardDataError(key, f"faces[{i}].name", problem)
    if len(faces) > 1 and all("side" not in face for face in faces):
        # Cards that share a name but not their text (the variants of some Un-cards).
        for face in faces:
            pool.build(card_from_mtgjson, [face], key)
        return
    pool.build(card_from_mtgjson, faces, key)


class _Printings:
    """The printings of set files: a split card is one entry per half, another multi-faced card
    one entry per face; the faces are gathered here by name."""

    def __init__(self, pool: PoolBuilder) -> None:
        self.pool = pool
        self.halves: dict[str, dict[str, Mapping[str, Any]]] = {}
        self.seen: dict[str, tuple[Any, ...]] = {}

    def add_set(self, code: str, cards: Any) -> None:
        if not isinstance(cards, list):
            raise CardDataError(code, "cards", "a set must have a list of cards")
        for i, entry in enumerate(cards):
            label = f"{code} cards[{i}]"
            if not _is_mapping(entry):
                raise CardDataError(label, "<card>", f"must be a mapping, got {type(entry).__name__}")
            name = entry.get("name")
            if not isinstance(name, str) or not name.strip():
                raise CardDataError(label, "name", "must be a non-empty string")
            layout = _raw_layout(name, entry, "")
            if not self.pool.wants(layout):
                continue
            side = entry.get("side")
            if layout in SPLIT_LAYOUTS or side is not None:
                # The faces of one card are printed as one entry each: gathered by name, the
                # first printing of each face kept.
                self.halves.setdefault(name, {}).setdefault(str(side), entry)
                continue
            # Reprints carry the same rules text; a different text under one name is another card.
            identity = (entry.get("faceName"), entry.get("manaCost"), entry.get("type"), entry.get("text"))
            first = self.seen.setdefault(name, identity)
            if first is not identity and first == identity:
                continue
            self.pool.build(card_from_mtgjson, [entry], name)

    def finish(self) -> None:
        for name, by_side in self.halves.items():
            faces = [by_side[side] for side in sorted(by_side)]
            self.pool.build(card_from_mtgjson, faces, name)


# -- one card ---------------------------------------------------------------------------------


def _face_list(faces: Any, name: str | None) -> list[Mapping[str, Any]]:
    if _is_mapping(faces):
        return [faces]
    if not isinstance(faces, list | tuple):
        raise CardDataError(name or "<unnamed>", "faces", f"must be a list of faces, got {type(faces).__name__}")
    label = name or _first_name(faces)
    if not faces:
        raise CardDataError(label, "faces", "a card needs at least one face")
    for i, face in enumerate(faces):
        if not _is_mapping(face):
            raise CardDataError(label, f"faces[{i}]", "each face must be a mapping")
    return list(faces)


def _layout(label: str, faces: list[Mapping[str, Any]]) -> str:
    if len(faces) == 1:
        return _raw_layout(label, faces[0], "")
    layout = face_str(label, faces[0], "layout", "faces[0].")
    if any(f.get("layout") != layout for f in faces):
        raise CardDataError(label, "layout", "every face must have the same layout")
    return layout


def _raw_layout(label: str, face: Mapping[str, Any], where: str) -> str:
    layout = face.get("layout", "normal")
    if not isinstance(layout, str) or not layout:
        raise CardDataError(label, where + "layout", "must be a non-empty string")
    return layout


def _split_card(label: str, faces: list[Mapping[str, Any]], layout: str) -> Card:
    if len(faces) != 2:
        count = "one half" if len(faces) == 1 else f"{len(faces)} halves"
        raise UnsupportedCard(label, "faces", f"a split card of {count}: the split-card rules (709) know two halves")
    ordered = sorted(faces, key=lambda f: str(f.get("side", "")))
    sides = [f.get("side") for f in ordered]
    if sides != ["a", "b"]:
        raise CardDataError(label, "side", f"a split card needs faces with side 'a' and 'b', got {sides}")
    full = face_str(label, ordered[0], "name", "faces[0].")
    if ordered[1].get("name") != full:
        raise CardDataError(label, "faces[1].name", f"both halves must carry the card's name {full!r}")
    names = [face_str(label, face, "faceName", f"faces[{i}].") for i, face in enumerate(ordered)]
    if names[0] == names[1]:
        raise CardDataError(label, "faces[1].faceName", f"both halves are named {names[0]!r}")
    if full != f"{names[0]} // {names[1]}":
        raise CardDataError(label, "name", f"a split card is named after its halves: {names[0]} // {names[1]}")
    keywords = [face_keywords(label, face, f"faces[{i}].") for i, face in enumerate(ordered)]
    left, right = (read_face(label, face, f"faces[{i}].", names[i], keywords[i]) for i, face in enumerate(ordered))
    if keywords[0] is not None or keywords[1] is not None:
        words = {*(keywords[0] or ()), *(keywords[1] or ())}
        fuse = "Fuse" in words
        aftermath = "Aftermath" in words
    else:
        fuse = bool(_FUSE_LINE.search(left.text) or _FUSE_LINE.search(right.text))
        aftermath = right.aftermath
    # Aftermath is always the second half's (702.127a).
    aftermath = aftermath or layout == "aftermath"
    if left.aftermath:
        left = replace(left, aftermath=False)
    if right.aftermath != aftermath:
        right = replace(right, aftermath=aftermath)
    if "Room" in left.subtypes and "Room" in right.subtypes:
        kind = Layout.ROOM
    else:
        kind = Layout.AFTERMATH if aftermath else Layout.SPLIT
    return Card(full, (left, right), kind, fuse)


def _one_faced(label: str, faces: list[Mapping[str, Any]], layout: str) -> Card:
    if len(faces) == 1:
        index, where = 0, ""
    else:
        fronts = [i for i, face in enumerate(faces) if face.get("side") == "a"]
        if len(fronts) > 1:
            raise CardDataError(label, "side", "more than one face has side 'a'")
        if not fronts:
            raise UnsupportedCard(label, "side", f"none of its {len(faces)} faces is a front face (side 'a')")
        index, where = fronts[0], f"faces[{fronts[0]}]."
    face = faces[index]
    key = "faceName" if "faceName" in face else "name"
    half = read_face(label, face, where, face_str(label, face, key, where), face_keywords(label, face, where))
    # The other faces are given to the engine as printed; the rules read none of them.
    others = []
    for i, other in sorted(enumerate(faces), key=lambda pair: str(pair[1].get("side", ""))):
        if i != index:
            at = f"faces[{i}]."
            key = "faceName" if "faceName" in other else "name"
            others.append(read_face(label, other, at, face_str(label, other, key, at), face_keywords(label, other, at)))
    source_layout = "" if layout == "normal" else layout
    return Card(half.name, (half,), Layout.NORMAL, source_layout=source_layout, other_faces=tuple(others))


def _first_name(faces: Sequence[Any]) -> str:
    for face in faces:
        if isinstance(face, Mapping) and isinstance(face.get("name"), str):
            return str(face["name"])
    return "<unnamed>"


def _is_mapping(value: Any) -> bool:
    # A JSON object is a dict: the exact type test spares the slower abstract-class test.
    return type(value) is dict or isinstance(value, Mapping)
