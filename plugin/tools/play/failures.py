"""Failures of soak games grouped by signature: the same defect met in many games is one group.

A signature is the kind of failure and where in the code it happened, without what changes from
game to game (object ids, numbers, names):

* an exception: its type and the innermost frame of splitcards's code it passed through
  (``KeyError in splitcards.rules.casting:cast_options``), or the innermost frame at all when it
  never passed through splitcards's code;
* a worker that died or ran past its limit: how (``the worker process died: killed by SIGKILL``);
* a broken invariant: which one (``invariant: the stack lists an object twice``).
"""

from __future__ import annotations

import re
import traceback
from collections.abc import Mapping
from types import TracebackType
from typing import Any

_NUMBERS = re.compile(r"\d+(\.\d+)?")
_AFTER_ACTION = re.compile(r"^after action \d+: ")
# A violation's words up to where it names objects and zones (invariants.violations' wording).
_OBJECT = re.compile(r"^\S+ \([^)]*\) ")


def of_exception(exc: BaseException) -> str:
    """The signature of an exception that escaped a game."""
    frames = traceback.extract_tb(exc.__traceback__) if isinstance(exc.__traceback__, TracebackType) else []
    ours = [f for f in frames if _module(f.filename, f.name) is not None]
    frame = ours[-1] if ours else (frames[-1] if frames else None)
    if frame is None:
        return type(exc).__name__
    where = _module(frame.filename, frame.name) or frame.filename.rsplit("/", 1)[-1]
    return f"{type(exc).__name__} in {where}:{frame.name}"


def _module(filename: str, function: str) -> str | None:
    """The splitcards module a file of its code is, or ``None``: by the package's folders as
    installed (``splitcards/...``) or as checked out (``plugin/``, ``adapters/``, ``hooks/``)."""
    path = filename.replace("\\", "/")
    for folder, package in (
        ("/splitcards/", "splitcards."),
        ("/plugin/", "splitcards."),
        ("/adapters/", "splitcards.adapters."),
        ("/hooks/", "splitcards.hooks."),
    ):
        if folder in path:
            rest = path.rsplit(folder, 1)[1].removesuffix(".py").replace("/", ".")
            return package + rest.removesuffix(".__init__")
    return None


def of_game(game: Mapping[str, Any]) -> str | None:
    """The signature of a game as its JSON Lines output gives it, or ``None`` for a game that did
    not fail. A game of an older output, which has no ``signature``, is given one from its
    ``crash`` line or its first violation."""
    given = game.get("signature")
    if isinstance(given, str) and given:
        return given
    crash = game.get("crash")
    if isinstance(crash, str) and crash:
        return of_crash(crash)
    violations = game.get("violations")
    if isinstance(violations, list) and violations:
        return of_violation(str(violations[0]))
    return None


def of_crash(first_line: str) -> str:
    """The signature of a crash known by its first line only (a worker that died, an older output)."""
    kind, _, _ = first_line.partition(":")
    if kind and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", kind):
        return kind  # an exception's type, as the crash line begins with it
    return _NUMBERS.sub("N", first_line)


def of_violation(violation: str) -> str:
    """The signature of a broken invariant: its words, without the action, objects and numbers."""
    text = _OBJECT.sub("", _AFTER_ACTION.sub("", violation))
    text = re.sub(r"\[[^\]]*\]", "[...]", text)
    return "invariant: " + _NUMBERS.sub("N", text)


def is_failure(game: Mapping[str, Any]) -> bool:
    return bool(game.get("crash")) or bool(game.get("violations"))
