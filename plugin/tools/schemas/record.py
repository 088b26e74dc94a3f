"""The JSON Schema of one line of a game record (:mod:`splitcards.tools.play.record`).

A record is JSON Lines: its first line is the header, then one line per step, then the
result. Each line is validated against this schema alone; which line comes where, and that the
steps are numbered from 1, is for the reader (:func:`~splitcards.tools.play.record.read_record`).
"""

from __future__ import annotations

from typing import Any

from splitcards.rules.endings import EndReason
from splitcards.tools.play.decklists import MAX_CARDS
from splitcards.tools.play.record import FORMAT, RECORD
from splitcards.tools.play.recordfields import MAX_ACTIONS, MAX_ITEMS

_PLAYER: dict[str, Any] = {"enum": ["p1", "p2"]}
_STRINGS: dict[str, Any] = {"type": "array", "maxItems": MAX_ITEMS, "items": {"type": "string"}}


def schema() -> dict[str, Any]:
    header = {
        "type": "object",
        "description": "The first line: what the game was, enough to play it again.",
        "required": [
            "record",
            "format",
            "host",
            "engine",
            "splitcards",
            "rules",
            "rules_file",
            "seed",
            "max_actions",
            "cards",
            "decks",
            "hashes",
        ],
        "properties": {
            "record": {"const": RECORD},
            "format": {"const": FORMAT},
            "host": {"type": "string", "description": "the host adapter's name"},
            "engine": {"type": "string", "description": "the engine's distribution and version"},
            "splitcards": {"type": "string", "description": "the splitcards version that wrote the record"},
            "rules": {"type": "string", "description": "the rule version's name"},
            "rules_file": {"type": ["string", "null"], "description": "the house rule file, if the version is one"},
            "seed": {"type": "integer", "minimum": 0},
            "max_actions": {"type": "integer", "minimum": 1, "maximum": MAX_ACTIONS},
            "cards": {"type": "string", "description": "'embedded', or the card file the decks' cards came from"},
            "decks": {
                "type": "array",
                "minItems": 2,
                "maxItems": 2,
                "items": {
                    "type": "object",
                    "required": ["player", "name", "library"],
                    "properties": {
                        "player": _PLAYER,
                        "name": {"type": "string"},
                        "library": {"type": "array", "maxItems": MAX_CARDS, "items": {"type": "string"}},
                    },
                    "additionalProperties": False,
                },
            },
            "hashes": {
                "type": "object",
                "description": "each card of the decks: a hash of its card data",
                "maxProperties": 2 * MAX_CARDS,
                "additionalProperties": {"type": "string", "pattern": "^[0-9a-f]{16}$"},
            },
        },
        "additionalProperties": False,
    }
    step = {
        "type": "object",
        "description": "One step of the game loop.",
        "required": ["step", "turn", "player", "action", "said", "events"],
        "properties": {
            "step": {"type": "integer", "minimum": 1},
            "turn": {"type": "integer", "minimum": 0},
            "player": _PLAYER,
            "action": {"type": "object", "description": "the engine's action, as its host records it"},
            "said": {**_STRINGS, "description": "the log's lines of this step, with the rules they cite"},
            "events": {
                "type": "array",
                "maxItems": MAX_ITEMS,
                "items": {
                    "type": "object",
                    "required": ["event", "object", "rules"],
                    "properties": {
                        "event": {"type": "string"},
                        "object": {"type": "string"},
                        "door": {"enum": ["left", "right"]},
                        "half": {"type": "string"},
                        "by": {"type": "string"},
                        "rules": _STRINGS,
                    },
                    "additionalProperties": False,
                },
            },
        },
        "additionalProperties": False,
    }
    result = {
        "type": "object",
        "description": "The last line: how the game ended.",
        "required": ["result"],
        "properties": {
            "result": {
                "type": "object",
                "required": ["winner", "reason", "rules", "turns", "actions", "casts", "refusals"],
                "properties": {
                    "winner": {"enum": ["p1", "p2", None]},
                    "reason": {"enum": [reason.value for reason in EndReason]},
                    "rules": _STRINGS,
                    "turns": {"type": "integer", "minimum": 0},
                    "actions": {"type": "integer", "minimum": 0},
                    "casts": {"type": "integer", "minimum": 0},
                    "refusals": {"type": "integer", "minimum": 0},
                },
                "additionalProperties": False,
            }
        },
        "additionalProperties": False,
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://splitcards.github.io/schemas/record.json",
        "title": "splitcards game record line",
        "description": "One line of a splitcards game record (JSON Lines): the header, a step or the result.",
        "oneOf": [header, step, result],
    }
