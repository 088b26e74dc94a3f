"""How the commands write for people: colour and a progress line on a terminal, plain text in a pipe.

Colour follows the common conventions: only on a terminal, never when ``NO_COLOR`` is set (to any
non-empty value, https://no-color.org), and ``FORCE_COLOR`` asks for it in a pipe. The progress
line is rewritten in place on a terminal and never written to a pipe or a file, so what a
script reads is the same lines with or without one.
"""

from __future__ import annotations

import os
import sys
import time
from typing import TextIO

_CODES = {"red": "31", "green": "32", "yellow": "33", "cyan": "36", "bold": "1", "dim": "2"}


def is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal a person reads (not a pipe, a file or a captured stream)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or replaced stream
        return False


def wants_colour(stream: TextIO) -> bool:
    """Colour for ``stream``: ``NO_COLOR`` forbids it, ``FORCE_COLOR`` asks for it, else a terminal has it."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return is_terminal(stream) and os.environ.get("TERM") != "dumb"


class Writer:
    """Lines to a stream, coloured when the stream wants colour, with a progress line under them."""

    def __init__(self, stream: TextIO | None = None, *, colour: bool | None = None, progress: bool = True) -> None:
        self.stream = stream if stream is not None else sys.stdout
        self.colour = wants_colour(self.stream) if colour is None else colour
        self.progress = progress and is_terminal(self.stream)
        self._status = ""

    def paint(self, text: str, *styles: str) -> str:
        """``text`` in these styles (``red``, ``bold``...), or as it is without colour."""
        if not self.colour or not styles:
            return text
        codes = ";".join(_CODES[style] for style in styles)
        return f"\x1b[{codes}m{text}\x1b[0m"

    def line(self, text: str) -> None:
        """One line, above the progress line; written and flushed at once, so a reader of a pipe
        sees it as it happens and an interrupt can't run two lines together."""
        self._clear()
        self.stream.write(text + "\n")
        self._draw()
        self.stream.flush()

    def status(self, text: str) -> None:
        """Replace the progress line (on a terminal only)."""
        if not self.progress:
            return
        self._clear()
        self._status = text
        self._draw()
        self.stream.flush()

    def done(self) -> None:
        """Take the progress line away."""
        self._clear()
        self._status = ""
        self.stream.flush()

    def _clear(self) -> None:
        if self.progress and self._status:
            self.stream.write("\r\x1b[2K")

    def _draw(self) -> None:
        if self.progress and self._status:
            width = _width()
            shown = self._status if len(self._status) < width else self._status[: width - 4] + "..."
            self.stream.write(self.paint(shown, "dim"))


def _width() -> int:
    import shutil

    return shutil.get_terminal_size((80, 24)).columns


def seconds(start: float) -> str:
    """The time since ``start`` (``time.perf_counter()``), as people read it: ``0.04s``, ``12.3s``, ``2m05s``."""
    spent = time.perf_counter() - start
    return duration(spent)


def duration(spent: float) -> str:
    """A duration in seconds, as people read it."""
    if spent < 1:
        return f"{spent:.2f}s"
    if spent < 60:
        return f"{spent:.1f}s"
    minutes, rest = divmod(int(spent), 60)
    return f"{minutes}m{rest:02d}s"
