"""Build :class:`~splitcards.rules.card.Card` objects from the card data engines already hold.

* MTGJSON (:mod:`splitcards.cards.mtgjson`): one card's atomic faces, or a whole ``AtomicCards.json``,
  set file or ``AllPrintings.json``.
* Scryfall (:mod:`splitcards.cards.scryfall`): one card object, or a whole bulk data list
  (``oracle-cards.json``, ``default-cards.json``).

A whole-file load (:func:`load_card_file` tells the source by the file's shape) gives a
:class:`~splitcards.cards.cardpool.CardPool`: every card by name, and the cards that cannot be
represented, with the reason. A malformed card raises
:class:`~splitcards.errors.CardDataError` naming the card and the field, and nothing of it is
kept. Files are parsed with orjson when it is installed (``splitcards[fast]``), else with
:mod:`json`.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Collection, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from splitcards.cards.cardpool import SPLIT_CARDS, CardPool, Skipped, gc_paused, kind
from splitcards.cards.mtgjson import BASIC_LANDS, basic_land, card_from_mtgjson, load_mtgjson, mtgjson_faces
from splitcards.cards.scryfall import card_from_scryfall, load_scryfall
from splitcards.errors import CardDataError
from splitcards.rules.card import Card

__all__ = [
    "BASIC_LANDS",
    "SPLIT_CARDS",
    "CardPool",
    "Skipped",
    "basic_land",
    "card_from_mtgjson",
    "card_from_scryfall",
    "cards_from_atomic",
    "cards_from_atomic_file",
    "kind",
    "load_card_file",
    "load_mtgjson",
    "load_mtgjson_file",
    "load_scryfall",
    "load_scryfall_file",
    "mtgjson_faces",
    "read_json",
    "read_json_mapping",
]


def load_card_file(path: str | Path, only: Collection[str] | None = None) -> CardPool:
    """Read a card file of either source: a JSON list is a Scryfall bulk data file, an object an
    MTGJSON file (see :func:`load_scryfall` and :func:`load_mtgjson`)."""
    with gc_paused():
        document = read_json(path)
        load = load_scryfall if isinstance(document, list) else load_mtgjson
        return _labelled(path, load, document, only)


def load_mtgjson_file(path: str | Path, only: Collection[str] | None = None) -> CardPool:
    """Read ``AtomicCards.json``, an MTGJSON set file or ``AllPrintings.json`` (see :func:`load_mtgjson`)."""
    with gc_paused():
        return _labelled(path, load_mtgjson, read_json(path), only)


def load_scryfall_file(path: str | Path, only: Collection[str] | None = None) -> CardPool:
    """Read a Scryfall bulk data file (see :func:`load_scryfall`)."""
    with gc_paused():
        return _labelled(path, load_scryfall, read_json(path), only)


def cards_from_atomic(data: Mapping[str, Any]) -> dict[str, Card]:
    """The cards of an ``AtomicCards.json`` document by name; :func:`load_mtgjson` also says
    which cards it skipped."""
    return dict(load_mtgjson(data).cards)


def cards_from_atomic_file(path: str | Path) -> dict[str, Card]:
    """The cards of an ``AtomicCards.json`` file by name (see :func:`cards_from_atomic`)."""
    return dict(load_mtgjson_file(path).cards)


def read_json(path: str | Path) -> Any:
    """A JSON file, which must be UTF-8; a :class:`CardDataError` names the file otherwise."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise CardDataError(str(path), "<file>", str(exc)) from exc
    try:
        return _json_parser()(raw)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise CardDataError(str(path), "<file>", f"not a UTF-8 JSON file: {exc}") from exc


def read_json_mapping(path: str | Path) -> Mapping[str, Any]:
    """A JSON file whose top level is a mapping; a :class:`CardDataError` names the file otherwise."""
    data = read_json(path)
    if not isinstance(data, Mapping):
        raise CardDataError(str(path), "<file>", "top level must be a mapping")
    return data


@cache
def _json_parser() -> Callable[[bytes], Any]:
    try:
        loads: Callable[[bytes], Any] = importlib.import_module("orjson").loads
    except ImportError:
        return json.loads
    return loads


_Load = Callable[[Any, Collection[str] | None], CardPool]


def _labelled(path: str | Path, load: _Load, document: Any, only: Collection[str] | None) -> CardPool:
    try:
        return load(document, only)
    except CardDataError as exc:
        if exc.card.startswith("<"):  # the document, or a card with no name: say which file
            raise type(exc)(f"{path}: {exc.card}", exc.field, exc.problem) from exc
        raise
