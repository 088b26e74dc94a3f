"""Lines written whole: a file that stops taking bytes (a full disk) keeps every line before.

What splitcards writes as JSON Lines (game records, soak results, transcripts, decision logs, the
static dump) is read back line by line; a line a failed write cut would make the file unreadable
from there, so each goes through :func:`write_line`. :func:`json_lines` reads such a file back.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from typing import IO, Any

from splitcards.errors import OutputError
from splitcards.files import jsontext


def json_lines(text: str, refuse: Callable[[str], Exception]) -> Iterator[tuple[int, Any]]:
    """Each line's JSON value of a JSON Lines ``text``, with its line number: blank lines are
    skipped, and so is a last line cut short (a run killed while writing it); any other line that
    is no JSON is ``refuse``'s error naming its number."""
    lines = text.split("\n")
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            yield number, jsontext.loads(line)
        except jsontext.JSONTextError as exc:
            if number >= len(lines) - 1:
                continue
            raise refuse(f"line {number}: {exc}") from None


def write_line(out: IO[str], text: str, name: str, written: int) -> None:
    """Write ``text`` and its end of line to ``out`` whole, or not at all.

    A file that stops taking bytes (a full disk) raises :class:`~splitcards.errors.OutputError`
    naming ``name`` and the ``written`` lines before; the part of the line that got in is cut
    off again, so that the file ends with a whole line and a reader sees every line it holds.
    A pipe whose reader went away still raises :class:`BrokenPipeError`.
    """
    try:
        fd = out.fileno()
    except (OSError, ValueError):  # io.UnsupportedOperation is both: a file in memory
        fd = None
    try:
        if fd is None:
            out.write(text + "\n")
            out.flush()
            return
        # The bytes go to the descriptor itself: a text file's buffer would keep a failed line's
        # tail and write it at close, after the cut.
        out.flush()
        start = _position(fd)
        data = memoryview((text + "\n").encode("utf-8"))
        try:
            while data:
                data = data[os.write(fd, data) :]
        except OSError:
            if start is not None:
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, start)
            raise
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputError(name, exc.strerror or str(exc), written) from None


def _position(fd: int) -> int | None:
    """Where a file's next byte goes; ``None`` for a pipe or a terminal (nothing to cut back)."""
    try:
        return os.lseek(fd, 0, os.SEEK_CUR)
    except OSError:
        return None
