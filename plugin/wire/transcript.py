"""A transcript of the wire: every message both ways, and the engine's stderr, as JSON Lines.

Each line is an object: ``at`` (seconds since the transcript began), ``engine`` (which engine
process of the run, counted from 1: a crashed engine is followed by a fresh one), ``to`` or
``from`` ``"engine"``, and ``message`` (a body that was no JSON is ``{"unreadable": text}``);
a line of the engine's stderr is ``{"at", "engine", "stderr"}``. An engine author reads it to see
exactly what was asked and answered. Each line is written whole: a file that stops taking bytes
raises :class:`~splitcards.errors.OutputError` and keeps the lines before.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from pathlib import Path
from typing import IO, Any

from splitcards.errors import ConfigError
from splitcards.files.lines import write_line


class Transcript:
    """A JSON Lines file that messages are written to as they pass (thread-safe: stderr is read
    on a thread of its own)."""

    def __init__(self, path: str | Path) -> None:
        try:
            self._file: IO[str] = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed by close()
        except OSError as exc:
            raise ConfigError(f"--transcript {path}: {exc.strerror or exc}") from None
        self._name = f"--transcript {path}"
        self._lock = threading.Lock()
        self._began = time.monotonic()
        self.lines = 0
        """How many whole lines are written."""

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
                write_line(self._file, text, self._name, self.lines)
                self.lines += 1

    def close(self) -> None:
        with self._lock, contextlib.suppress(OSError):
            # Every line went to the file as it was written: nothing is left to lose here.
            self._file.close()
