"""A transcript of the wire: every message both ways, and the engine's stderr, as JSON Lines.

Each line is an object: ``at`` (seconds since the transcript began), ``engine`` (which engine
process of the run, counted from 1: a crashed engine is followed by a fresh one), ``to`` or
``from`` ``"engine"``, and ``message`` (a body that was no JSON is ``{"unreadable": text}``);
a line of the engine's stderr is ``{"at", "engine", "stderr"}``. An engine author reads it to see
exactly what was asked and answered.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import IO, Any

from splitcards.errors import ConfigError


class Transcript:
    """A JSON Lines file that messages are written to as they pass (thread-safe: stderr is read
    on a thread of its own)."""

    def __init__(self, path: str | Path) -> None:
        try:
            self._file: IO[str] = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed by close()
        except OSError as exc:
            raise ConfigError(f"--transcript {path}: {exc.strerror or exc}") from None
        self._lock = threading.Lock()
        self._began = time.monotonic()

    def write(self, engine: int, kind: str, item: Any) -> None:
        """One line about engine process number ``engine``: ``kind`` is ``to_engine``,
        ``from_engine`` or ``stderr``."""
        line: dict[str, Any] = {"at": round(time.monotonic() - self._began, 6), "engine": engine}
        if kind == "stderr":
            line["stderr"] = item
        else:
            line["to" if kind == "to_engine" else "from"] = "engine"
            line["message"] = item
        text = json.dumps(line, ensure_ascii=False)
        with self._lock:
            if not self._file.closed:
                self._file.write(text + "\n")
                self._file.flush()

    def close(self) -> None:
        with self._lock:
            self._file.close()
