"""python-mtg's actions as a game record keeps them, and read back.

An action is a tuple (``("cast", seat, object, {"target": ...})``, ``("attack", frozenset(...))``,
``("pass",)``...) whose parts are strings, numbers, tuples, frozensets and dicts of choices. A
record is JSON: each tuple, set and dict is written as an object naming what it was, so that the
action read back is equal to the one played (python-mtg compares moves by equality).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from splitcards.adapters.mtg.states import Action


def as_record(action: Action) -> dict[str, Any]:
    """The action as JSON data: its kind and its other parts."""
    return {"type": action[0], "args": [_encoded(part) for part in action[1:]]}


def from_record(data: Mapping[str, Any]) -> Action:
    """The action :func:`as_record` wrote; ``ValueError`` for data that is no python-mtg action."""
    kind, args = data.get("type"), data.get("args")
    if not isinstance(kind, str) or not isinstance(args, list):
        raise ValueError(f"a python-mtg action is a JSON object with a 'type' and a list of 'args', got {data!r:.200}")
    return (kind, *(_decoded(part) for part in args))


def _encoded(value: Any) -> Any:
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, tuple):
        return {"tuple": [_encoded(v) for v in value]}
    if isinstance(value, frozenset | set):
        # In one order whatever the process's hashing: a record compares as text.
        return {"set": sorted((_encoded(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))}
    if isinstance(value, dict):
        return {"dict": [[_encoded(k), _encoded(v)] for k, v in value.items()]}
    raise ValueError(f"no record form for a {type(value).__name__} in a python-mtg action")


def _decoded(value: Any) -> Any:
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, Mapping) and len(value) == 1:
        ((kind, parts),) = value.items()
        if isinstance(parts, list):
            if kind == "tuple":
                return tuple(_decoded(v) for v in parts)
            if kind == "set":
                return frozenset(_decoded(v) for v in parts)
            if kind == "dict" and all(isinstance(p, list) and len(p) == 2 for p in parts):
                return {_decoded(k): _decoded(v) for k, v in parts}
    raise ValueError(f"{value!r:.200} is no part of a python-mtg action")
