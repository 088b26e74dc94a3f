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

A card file is read by the bounded reader (:mod:`splitcards.files.bounded`): a regular file of at
most :data:`CARD_FILE_MAX_BYTES` (``max_bytes=`` raises it), strict UTF-8 JSON in which no object
gives a key twice (the parsers keep the last silently); a file that is none of these is a
:class:`~splitcards.errors.CardDataError` naming the file.
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
from splitcards.files import jsontext
from splitcards.files.bounded import decode, read_bytes

__all__ = [
    "BASIC_LANDS",
    "CARD_FILE_MAX_BYTES",
    "SPLIT_CARDS",
    "CardPool",
    "Skipped",
    "basic_land",
    "card_from_mtgjson",
    "card_from_scryfall",
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

CARD_FILE_MAX_BYTES = 1 << 30
"""The largest card file read by default (1 GiB): MTGJSON's ``AllPrintings.json``, the largest
card file, is about 500 MB. Every reader of card files takes ``max_bytes=`` to raise it."""


def load_card_file(
    path: str | Path, only: Collection[str] | None = None, *, max_bytes: int = CARD_FILE_MAX_BYTES
) -> CardPool:
    """Read the card file at ``path``, of either source: a JSON list is a Scryfall bulk data file, an
    object an MTGJSON file (see :func:`load_scryfall` and :func:`load_mtgjson`).

    ``only`` keeps the cards of those kinds (``SPLIT_CARDS``; see :class:`~splitcards.cards.cardpool.CardPool`);
    ``None`` keeps every card. A file over ``max_bytes`` (1 GiB by default) is refused before it is read.
    """
    with gc_paused():
        document = read_json(path, max_bytes=max_bytes)
        load = load_scryfall if isinstance(document, list) else load_mtgjson
        return _labelled(path, load, document, only)


def load_mtgjson_file(
    path: str | Path, only: Collection[str] | None = None, *, max_bytes: int = CARD_FILE_MAX_BYTES
) -> CardPool:
    """Read ``AtomicCards.json``, an MTGJSON set file or ``AllPrintings.json`` at ``path`` (see
    :func:`load_mtgjson`); ``only`` and ``max_bytes`` as for :func:`load_card_file`."""
    with gc_paused():
        return _labelled(path, load_mtgjson, read_json(path, max_bytes=max_bytes), only)


def load_scryfall_file(
    path: str | Path, only: Collection[str] | None = None, *, max_bytes: int = CARD_FILE_MAX_BYTES
) -> CardPool:
    """Read the Scryfall bulk data file at ``path`` (see :func:`load_scryfall`); ``only`` and
    ``max_bytes`` as for :func:`load_card_file`."""
    with gc_paused():
        return _labelled(path, load_scryfall, read_json(path, max_bytes=max_bytes), only)


def read_json(path: str | Path, *, max_bytes: int = CARD_FILE_MAX_BYTES) -> Any:
    """A JSON file: a regular file of at most ``max_bytes``, UTF-8, no object giving a key twice;
    a :class:`CardDataError` names the file otherwise."""

    def refuse(problem: str) -> CardDataError:
        return CardDataError(str(path), "<file>", problem)

    raw = read_bytes(path, refuse, max_bytes=max_bytes)
    try:
        return _json_parser()(raw)
    except jsontext.RepeatedKey as exc:
        raise refuse(f"duplicate key {exc.key} in a JSON object") from exc
    except (ValueError, RecursionError) as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        # The parsers name a byte that is not UTF-8 each their own way, orjson not by its offset.
        decode(raw, lambda problem: refuse(f"not UTF-8 ({problem})"))
        raise refuse(f"not a JSON file: {exc}") from exc


def read_json_mapping(path: str | Path, *, max_bytes: int = CARD_FILE_MAX_BYTES) -> Mapping[str, Any]:
    """A JSON file whose top level is a mapping; a :class:`CardDataError` names the file otherwise."""
    data = read_json(path, max_bytes=max_bytes)
    if not isinstance(data, Mapping):
        raise CardDataError(str(path), "<file>", "top level must be a mapping")
    return data


@cache
def _json_parser() -> Callable[[bytes], Any]:
    """orjson when installed, else :mod:`json`; either refuses a repeated key, strict UTF-8."""
    try:
        orjson = importlib.import_module("orjson")
    except ImportError:
        return _parse_json
    loads: Callable[[bytes], Any] = orjson.loads
    dumps: Callable[[Any], bytes] = orjson.dumps

    def parse(raw: bytes) -> Any:
        document = loads(raw)
        # orjson keeps the last of a repeated key and can't be told otherwise. Outside its
        # strings, every ':' of a JSON text parts a key from its value, and orjson writes the
        # ':' of a string as it is: so its dump of the document has as many as the file unless
        # a key was dropped, or the file escapes a ':' in a string (\u003a), or the document is
        # nested deeper than orjson dumps. Then the json module looks for the repeated key. The
        # count costs about 0.3 s per 100 MiB of card file, a fifth of a full load; the json
        # module's own check about half that (benchmarks/bench_loaders.py).
        try:
            same = b"\\u003" not in raw and raw.count(b":") == dumps(document).count(b":")
        except TypeError:  # orjson.JSONEncodeError: nested deeper than dumps goes
            same = False
        if not same:
            _parse_json(raw)
        return document

    return parse


def _parse_json(raw: bytes) -> Any:
    return json.loads(str(raw, "utf-8"), object_pairs_hook=jsontext.once)


_Load = Callable[[Any, Collection[str] | None], CardPool]


def _labelled(path: str | Path, load: _Load, document: Any, only: Collection[str] | None) -> CardPool:
    try:
        return load(document, only)
    except CardDataError as exc:
        if exc.card.startswith("<"):  # the document, or a card with no name: say which file
            raise type(exc)(f"{path}: {exc.card}", exc.field, exc.problem) from exc
        raise
