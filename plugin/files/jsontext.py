"""JSON text read as strictly as splitcards writes it.

``json.loads`` keeps the last of a key given twice, recurses once per level of nesting (a line of
100,000 ``[`` is a ``RecursionError``), and reads an integer of any length (a 5,000-digit seed
fails later, wherever it is used). :func:`loads` refuses each of these with a ``ValueError`` that
names what is wrong, so a reader reports it as the file's fault.
"""

from __future__ import annotations

import json
from typing import Any

MAX_DIGITS = 30
"""The most digits an integer may have: far over any count, seed or id splitcards writes."""


class JSONTextError(ValueError):
    """JSON text that splitcards does not read: not JSON, a key twice, too deep, a number too long."""


class RepeatedKey(JSONTextError):
    """A key given twice in one JSON object; ``key`` is the key as a message shows it."""

    def __init__(self, key: str) -> None:
        super().__init__(f"the key {key} is given twice in one object")
        self.key = key


def loads(text: str) -> Any:
    """The value of a JSON text; :class:`JSONTextError` naming the problem otherwise."""
    try:
        return json.loads(text, object_pairs_hook=once, parse_int=_integer, parse_constant=_constant)
    except JSONTextError:
        raise
    except json.JSONDecodeError as exc:
        raise JSONTextError(f"not JSON: {exc.msg} (column {exc.colno})") from None
    except RecursionError:
        raise JSONTextError("not JSON splitcards reads: nested too deep") from None


def once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An ``object_pairs_hook`` for :func:`json.loads` that refuses a key given twice
    (:class:`RepeatedKey`), where ``json`` would keep the last."""
    found = dict(pairs)
    if len(found) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise RepeatedKey(repr(key) if len(key) <= 60 else repr(key[:57] + "..."))
            seen.add(key)
    return found


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise JSONTextError(f"a number of {len(text.lstrip('-'))} digits, over the {MAX_DIGITS} allowed")
    return int(text)


def _constant(text: str) -> float:
    raise JSONTextError(f"{text} is not a JSON number")
