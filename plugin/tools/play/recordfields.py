"""The fields of a record's step and result lines, checked as ``splitcards schema record`` states
them.

A record is read as strictly as it is written: a field missing, of another type, out of its range
or not in the format is refused with the line and the field's path, so that a record edited by
hand or cut by a tool never replays as something it is not. The reader
(:func:`~splitcards.tools.play.record.read_record`) checks the header and the order of the lines;
the tests hold these checks and the published schema to the same answers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from splitcards.rules.endings import EndReason

Check = Callable[[Any], bool]

MAX_ACTIONS = 100_000
"""The most actions a game is played to (``--max-actions``), and so the most steps a record holds."""
MAX_ITEMS = 1_000
"""The most lines, events or rules one step or result holds: a step says a few of each."""


def _integer(minimum: int) -> Check:
    # JSON's true and false are not numbers, though Python's bool is an int.
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= minimum


def _strings(v: Any) -> bool:
    return isinstance(v, list) and len(v) <= MAX_ITEMS and all(isinstance(s, str) for s in v)


def _one_of(*allowed: object) -> Check:
    return lambda v: not isinstance(v, bool) and any(v == a and type(v) is type(a) for a in allowed)


def _string(v: Any) -> bool:
    return isinstance(v, str)


def _object(v: Any) -> bool:
    return isinstance(v, dict)


_PLAYER = _one_of("p1", "p2")
_STRINGS = f"a list of at most {MAX_ITEMS} strings"

# field: (its check, what it must be, whether it is required)
_STEP: dict[str, tuple[Check, str, bool]] = {
    "step": (_integer(1), "a whole number from 1", True),
    "turn": (_integer(0), "a whole number from 0", True),
    "player": (_PLAYER, "'p1' or 'p2'", True),
    "action": (_object, "an object", True),
    "said": (_strings, _STRINGS, True),
    "events": (lambda v: isinstance(v, list) and len(v) <= MAX_ITEMS, f"a list of at most {MAX_ITEMS}", True),
}
_EVENT: dict[str, tuple[Check, str, bool]] = {
    "event": (_string, "a string", True),
    "object": (_string, "a string", True),
    "rules": (_strings, _STRINGS, True),
    "door": (_one_of("left", "right"), "'left' or 'right'", False),
    "half": (_string, "a string", False),
    "by": (_string, "a string", False),
}
_RESULT: dict[str, tuple[Check, str, bool]] = {
    "winner": (_one_of("p1", "p2", None), "'p1', 'p2' or null", True),
    "reason": (_one_of(*(r.value for r in EndReason)), "one of " + ", ".join(repr(r.value) for r in EndReason), True),
    "rules": (_strings, _STRINGS, True),
    "turns": (_integer(0), "a whole number from 0", True),
    "actions": (_integer(0), "a whole number from 0", True),
    "casts": (_integer(0), "a whole number from 0", True),
    "refusals": (_integer(0), "a whole number from 0", True),
}


def _fields(data: Mapping[str, Any], fields: Mapping[str, tuple[Check, str, bool]], path: str) -> str | None:
    for key in data:
        if key not in fields:
            return f"{path}{key}: not a field of the record format"
    for key, (check, described, required) in fields.items():
        if key not in data:
            if required:
                return f"{path}{key}: missing"
            continue
        if not check(data[key]):
            return f"{path}{key}: must be {described}"
    return None


def step_problem(data: Mapping[str, Any]) -> str | None:
    """What is wrong with a step line (its path and the rule broken), or ``None``."""
    problem = _fields(data, _STEP, "")
    if problem is not None:
        return problem
    for n, event in enumerate(data["events"]):
        if not isinstance(event, dict):
            return f"events[{n}]: must be an object"
        problem = _fields(event, _EVENT, f"events[{n}].")
        if problem is not None:
            return problem
    return None


def result_problem(data: Mapping[str, Any]) -> str | None:
    """What is wrong with a result line's ``result`` object, or ``None``."""
    return _fields(data, _RESULT, "result.")
