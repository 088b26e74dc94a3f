"""The one reader of files: every file the package reads comes through :func:`read_bytes`, and
every text file through :func:`read_text`.

A file is data from outside. It may be a FIFO or a device that never ends, a directory, a file
of gigabytes, bytes that are not UTF-8, or a path the system cannot take. The reader refuses each
of these with the caller's error before it can hang the process or fill its memory:

* only a regular file is read: a FIFO, a device, a socket or a directory is refused on its
  ``os.stat``, before it is opened;
* at most ``max_bytes`` are read, the cap of the caller's kind of file (card files, decklists,
  YAML files, ``pyproject.toml`` and game records each have theirs, which the caller may raise);
  a larger file is refused, and no more than ``max_bytes + 1`` bytes of it are read;
* a path with a NUL byte, or that the file system can't encode, is refused, not a raw
  ``ValueError``;
* a file the system can't open or read (missing, no permission) is refused as ``cannot read:``
  and the system's reason;
* text is strict UTF-8 (:func:`decode`), and a byte that is not is named by its offset.

Each refusal is the caller's error, built by its ``refuse`` from what is wrong: the caller's
error names the file.
"""

from __future__ import annotations

import codecs
import os
import stat
from collections.abc import Callable
from importlib.resources.abc import Traversable

from splitcards.errors import SplitcardsError

Refuse = Callable[[str], SplitcardsError]
"""The caller's error for a file, built from what is wrong with it (``"not a regular file (a FIFO)"``)."""

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)
# O_NONBLOCK: a FIFO swapped in after the stat can't block the open (the fstat then refuses it);
# O_NOCTTY: a terminal never becomes the process's; O_BINARY: Windows reads the bytes as they are.
_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


class _Refused(Exception):
    """What is wrong with a file; :func:`read_bytes` makes it the caller's error."""


def read_bytes(path: str | os.PathLike[str] | Traversable, refuse: Refuse, *, max_bytes: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``max_bytes`` of them.

    :param refuse: builds the caller's error, raised for a path the system can't take, a file that
        is not a regular file, one larger than ``max_bytes``, or one the system can't open or read.
    :param max_bytes: the cap; a larger file is refused after reading at most ``max_bytes + 1`` bytes.
    """
    if isinstance(path, str | os.PathLike) and "\x00" in os.fspath(path):
        # Checked here, not left to the OS: each Python version words its own refusal differently.
        raise refuse(f"not a path the system can open (embedded null byte: {os.fspath(path)!r:.200})")
    try:
        if isinstance(path, str | os.PathLike):
            return _read_file(os.fspath(path), max_bytes)
        return _read_resource(path, max_bytes)
    except _Refused as exc:
        raise refuse(str(exc)) from None
    except ValueError as exc:  # a name the file system can't encode
        # The path is shown escaped too: a NUL byte printed as it is can't be seen.
        raise refuse(f"not a path the system can open ({exc}: {str(path)!r:.200})") from exc
    except OSError as exc:
        raise refuse(f"cannot read: {exc.strerror or exc}") from exc


def read_text(path: str | os.PathLike[str] | Traversable, refuse: Refuse, *, max_bytes: int, bom: bool = False) -> str:
    """The text of the regular file ``path`` (:func:`read_bytes`, then :func:`decode`): text that
    is not UTF-8 is refused as ``not UTF-8 text (byte 0xff at offset 12)``."""
    data = read_bytes(path, refuse, max_bytes=max_bytes)
    return decode(data, lambda problem: refuse(f"not UTF-8 text ({problem})"), bom=bom)


def decode(data: bytes, refuse: Refuse, *, bom: bool = False) -> str:
    """``data`` as strict UTF-8 text; ``bom``: a leading byte order mark is dropped.

    :param refuse: builds the caller's error from where the text stops being UTF-8
        (``"byte 0xff at offset 12"``); the offset counts from the file's first byte.
    """
    skip = len(codecs.BOM_UTF8) if bom and data.startswith(codecs.BOM_UTF8) else 0
    try:
        return str(memoryview(data)[skip:], "utf-8")
    except UnicodeDecodeError as exc:
        offset = skip + exc.start
        raise refuse(f"byte {data[offset]:#04x} at offset {offset}") from None


def _read_file(path: str, max_bytes: int) -> bytes:
    # Stat before opening, so that a device or a FIFO is never opened.
    _check(os.stat(path), max_bytes)
    with open(os.open(path, _FLAGS), "rb") as file:
        status = os.fstat(file.fileno())
        _check(status, max_bytes)
        data = file.read(min(status.st_size, max_bytes) + 1)
        if status.st_size < len(data) <= max_bytes:
            # Grown since the stat, or a file that reports no size (/proc): read on, to the cap.
            data += file.read(max_bytes + 1 - len(data))
    if len(data) > max_bytes:
        raise _Refused(f"larger than {max_bytes} bytes")
    return data


def _read_resource(path: Traversable, max_bytes: int) -> bytes:
    # A file inside an installed package (a zip, say): it has no os.stat, but is_file() tells a
    # directory, and the package's own files are small.
    if not path.is_file():
        raise _Refused("not a regular file")
    with path.open("rb") as file:
        data = file.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise _Refused(f"larger than {max_bytes} bytes")
    return data


def _check(status: os.stat_result, max_bytes: int) -> None:
    if not stat.S_ISREG(status.st_mode):
        kind = next((name for test, name in _KINDS if test(status.st_mode)), "")
        raise _Refused(f"not a regular file ({kind})" if kind else "not a regular file")
    if status.st_size > max_bytes:
        raise _Refused(f"larger than {max_bytes} bytes ({status.st_size} bytes)")
