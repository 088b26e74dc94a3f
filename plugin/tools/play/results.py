"""The games of an earlier ``splitcards soak --format jsonl`` output, read back for ``--resume``:
read as strictly as they are written."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from splitcards.errors import SplitcardsError, shown
from splitcards.files.bounded import read_text
from splitcards.files.lines import json_lines
from splitcards.tools.play import record as records

RESULTS_MAX_BYTES = 256 * 1024 * 1024
"""The largest results file ``resume`` reads (about a million games' lines)."""


def read_results(path: Path, max_bytes: int = RESULTS_MAX_BYTES) -> list[dict[str, Any]]:
    """The games of an earlier JSON Lines output (its totals and any line cut short are skipped);
    a file that is no regular UTF-8 file of at most ``max_bytes`` is the package's error."""
    where = str(path)

    def refuse(problem: str) -> SplitcardsError:
        return SplitcardsError(f"--resume: {where}: {problem}")

    games: dict[tuple[Any, ...], dict[str, Any]] = {}
    for number, data in json_lines(read_text(path, refuse, max_bytes=max_bytes), refuse):
        if not isinstance(data, dict) or "host" not in data or data.get("record") == records.RECORD:
            continue  # a run's totals or notes, or a game record's header: no game
        problem = _game_line_problem(data)
        if problem:
            raise refuse(f"line {number}: {problem}")
        # A game given twice (a file written by two runs, or joined twice) is one game.
        games.setdefault(key(data), data)
    return list(games.values())


# What a line of the JSON Lines output holds of a game: each key and its types; the first four
# tell the game apart and must be there.
_GAME_LINE: dict[str, tuple[type, ...]] = {
    "host": (str,),
    "rules": (str,),
    "seed": (int,),
    "max_actions": (int,),
    "winner": (str, type(None)),
    "reason": (str, type(None)),
    "turns": (int, type(None)),
    "crash": (str, type(None)),
    "violations": (list,),
}
_REQUIRED = ("host", "rules", "seed", "max_actions")


def _game_line_problem(data: Mapping[str, Any]) -> str:
    for key, kinds in _GAME_LINE.items():
        if key not in data and key not in _REQUIRED:
            continue
        value = data.get(key)
        if not isinstance(value, kinds) or isinstance(value, bool):
            names = " or ".join("null" if k is type(None) else k.__name__ for k in kinds)
            return f"{key}: {names} expected, got {shown(value)}"
    if not 0 <= data["seed"] <= records.MAX_SEED or data["max_actions"] < 1:
        return f"seed {data['seed']} or max_actions {data['max_actions']} out of range"
    return ""


def key(game: Mapping[str, Any]) -> tuple[Any, ...]:
    """What tells two games of a results file apart."""
    return (game["host"], game["rules"], game["seed"], game["max_actions"])
