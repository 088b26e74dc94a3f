"""One MTGJSON face as the rules' :class:`~splitcards.rules.card.Half`: each field read and
checked, a malformed one a :class:`~splitcards.errors.CardDataError` naming the card and the
field, a sound one the rules can't count an :class:`~splitcards.errors.UnsupportedCard`."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from splitcards.errors import CardDataError, UnsupportedCard
from splitcards.rules.card import Half
from splitcards.rules.mana import COLORS, ManaCost, card_colors
from splitcards.rules.oracle import text_features

# Symbols printed on a few Un-cards: real, but no mana cost the rules here can count (202.3).
# {Y} and {Z} are Un-card variables beside {X} (107.4 knows {X} alone): such a card is skipped
# and reported, where an unknown symbol of any other card stops the load.
_UNCOUNTED_SYMBOL = re.compile(r"\{(?:H[WUBRGS]?|½|∞|Y|Z)\}")
_COLOR_SET = frozenset(COLORS)


def read_face(label: str, face: Mapping[str, Any], where: str, name: str, keywords: list[str] | None) -> Half:
    """The face ``face`` of the card ``label`` (``where``: its place in the card's faces, for errors),
    named ``name``, with the keywords the data lists (``None``: none listed, read from the text)."""
    text = face.get("text")
    if text is None:
        text = ""
    elif type(text) is not str:
        raise CardDataError(label, where + "text", "must be a string")
    raw_cost = face.get("manaCost")
    cost = None if raw_cost is None or raw_cost == "" else _mana_cost(label, raw_cost, where)
    types = _strings(label, face, "types", where)
    if not types:
        raise CardDataError(label, where + "types", "a card needs at least one card type")
    type_line = face.get("type")
    if type_line is None:
        type_line = " ".join(types)
    elif not isinstance(type_line, str):
        raise CardDataError(label, where + "type", "must be a string")
    try:
        splice, targets, unlock_trigger, aftermath = text_features(text) if text else (None, (), False, False)
    except ValueError as exc:
        raise CardDataError(label, where + "text", str(exc)) from exc
    if keywords is not None:
        aftermath = "Aftermath" in keywords
        if "Splice" not in keywords:
            splice = None
        elif splice is None:
            raise UnsupportedCard(label, where + "text", "has splice, but no 'Splice onto <quality> <cost>' line")
    indicator = face.get("colorIndicator")
    return Half(
        name=name,
        mana_cost=cost,
        type_line=type_line,
        card_types=types,
        subtypes=_strings(label, face, "subtypes", where),
        supertypes=_strings(label, face, "supertypes", where),
        colors=_colors(label, face, where, cost),
        text=text,
        aftermath=aftermath,
        unlock_trigger=unlock_trigger,
        splice=splice,
        targets=targets,
        power=_printed(label, face, "power", where),
        toughness=_printed(label, face, "toughness", where),
        loyalty=_printed(label, face, "loyalty", where),
        defense=_printed(label, face, "defense", where),
        keywords=tuple(keywords) if keywords is not None else None,
        color_indicator=None if indicator is None else _color_list(label, indicator, where + "colorIndicator"),
    )


def _printed(label: str, face: Mapping[str, Any], key: str, where: str) -> str | None:
    """A printed number as the card data writes it (``"3"``, ``"*"``, ``"1+*"``, ``"X"``)."""
    value = face.get(key)
    if value is None:
        return None
    if type(value) is not str or not value.strip() or len(value) > _PRINTED_MAX:
        raise CardDataError(label, where + key, f"must be a printed value such as '2', '*' or '1+*', got {value!r}")
    return value


# The longest printed power, toughness, loyalty or defense is a few characters ("7-*", "2+*").
_PRINTED_MAX = 8


def _mana_cost(label: str, raw: Any, where: str) -> ManaCost:
    if not isinstance(raw, str):
        raise CardDataError(label, where + "manaCost", "must be a string such as '{1}{R}'")
    try:
        return _parse_cost(raw)
    except ValueError as exc:
        if _UNCOUNTED_SYMBOL.search(raw):
            raise UnsupportedCard(label, where + "manaCost", f"{exc}: a symbol the rules do not count") from exc
        raise CardDataError(label, where + "manaCost", str(exc)) from exc


@lru_cache(maxsize=4096)
def _parse_cost(raw: str) -> ManaCost:
    # A pool has a few thousand distinct costs across tens of thousands of cards.
    return ManaCost.parse(raw)


def _colors(label: str, face: Mapping[str, Any], where: str, cost: ManaCost | None) -> frozenset[str]:
    raw = face.get("colors")
    if raw is None:
        # No colors in the data: a card's colors come from its mana cost and its color indicator (202.2, 204).
        return card_colors(cost, _color_list(label, face.get("colorIndicator", []), where + "colorIndicator"))
    return _color_list(label, raw, where + "colors")


def _color_list(label: str, raw: Any, field: str) -> frozenset[str]:
    if not isinstance(raw, list):
        raise CardDataError(label, field, "must be a list of colors")
    colors = frozenset(raw) if all(isinstance(c, str) for c in raw) else None
    if colors is None or not colors <= _COLOR_SET:
        raise CardDataError(label, field, f"unknown color in {raw!r} (allowed: W U B R G)")
    return colors


def face_keywords(label: str, face: Mapping[str, Any], where: str) -> list[str] | None:
    """The face's ``keywords`` list; ``None`` when the data lists none."""
    raw = face.get("keywords")
    if raw is None:
        return None
    if not isinstance(raw, list) or not all(isinstance(k, str) for k in raw):
        raise CardDataError(label, where + "keywords", "must be a list of strings")
    return raw


def face_str(label: str, face: Mapping[str, Any], key: str, where: str) -> str:
    """The face's non-empty string field ``key``."""
    value = face.get(key)
    if not isinstance(value, str) or not value.strip():
        raise CardDataError(label, where + key, "must be a non-empty string")
    return value


def _strings(label: str, face: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = face.get(key)
    if value is None or value == []:
        return ()
    if type(value) is not list or not all(type(v) is str for v in value):
        raise CardDataError(label, where + key, "must be a list of strings")
    return tuple(value)
