"""Reading YAML files safely, with errors that name the file.

A file is data from outside: it may be a FIFO, a device, huge, not UTF-8, nested without end,
or an alias bomb. Each of these is refused with the caller's error before it can hang the
process or fill its memory.
"""

from __future__ import annotations

import os
import stat
from functools import cache
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from splitcards.errors import SplitcardsError

if TYPE_CHECKING:
    from yaml.composer import ComposerError

MAX_BYTES = 1 << 20
"""The largest file read; rule versions and scenario files are a few kilobytes."""
MAX_DEPTH = 50
"""The deepest nesting of collections in a document."""
MAX_NODES = 100_000
"""The most values a document may hold once every alias is expanded (billion laughs)."""
MAX_MESSAGE = 600


def read_yaml(path: Path | Traversable, error: type[SplitcardsError]) -> Any:
    """The document in ``path`` (safe YAML only, within the limits above); raises ``error`` naming the file."""
    text = _read_text(path, error)
    # PyYAML is imported on the first file read: ``import splitcards`` reads none.
    import yaml

    loader = None
    try:
        loader = _bounded_loader()(text)
        return loader.get_single_data()
    except yaml.YAMLError as exc:
        raise error(f"{path}: malformed YAML: {_shorten(str(exc))}") from exc
    except RecursionError as exc:
        raise error(f"{path}: malformed YAML: nested too deeply") from exc
    except Exception as exc:
        # PyYAML's constructors let ValueError, KeyError or AttributeError out of malformed
        # tagged scalars (``!!timestamp x``, ``!!bool x``, an int of 5000 digits): the file is at fault.
        raise error(f"{path}: malformed YAML: {type(exc).__name__}: {_shorten(str(exc))}") from exc
    finally:
        if loader is not None:
            loader.dispose()


def _shorten(message: str) -> str:
    # A message may quote the file (an anchor name, a scalar): keep it readable.
    return message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 3] + "..."


def _read_text(path: Path | Traversable, error: type[SplitcardsError]) -> str:
    try:
        data = _read_bytes(path, error)
    except OSError as exc:
        raise error(f"{path}: cannot read: {exc.strerror or exc}") from exc
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{path}: not UTF-8 text (byte {data[exc.start]:#04x} at offset {exc.start})") from exc


def _read_bytes(path: Path | Traversable, error: type[SplitcardsError]) -> bytes:
    if isinstance(path, os.PathLike):
        # Stat before opening so a device is never opened; O_NONBLOCK so a FIFO swapped in
        # after the stat cannot block the open, and fstat checks what was really opened.
        _check_regular(path, os.stat(path), error)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        with open(fd, "rb") as file:
            _check_regular(path, os.fstat(file.fileno()), error)
            data = file.read(MAX_BYTES + 1)
    else:
        if not path.is_file():
            raise error(f"{path}: not a regular file")
        with path.open("rb") as file:
            data = file.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise error(f"{path}: larger than {MAX_BYTES} bytes")
    return data


def _check_regular(path: object, status: os.stat_result, error: type[SplitcardsError]) -> None:
    if not stat.S_ISREG(status.st_mode):
        raise error(f"{path}: not a regular file")
    if status.st_size > MAX_BYTES:
        raise error(f"{path}: larger than {MAX_BYTES} bytes ({status.st_size})")


@cache
def _bounded_loader() -> type[Any]:
    """``yaml.SafeLoader`` counting nesting and nodes as it composes, an alias counting as the
    whole value it stands for, so a document is refused before it is built."""
    import yaml
    from yaml.events import AliasEvent, NodeEvent
    from yaml.nodes import Node

    class BoundedLoader(yaml.SafeLoader):
        def __init__(self, stream: str) -> None:
            super().__init__(stream)
            self._depth = 0
            self._nodes = 0
            self._sizes: dict[str, int] = {}

        def compose_node(self, parent: Node | None, index: int) -> Node | None:
            event: NodeEvent = self.peek_event()  # type: ignore[no-untyped-call]
            if isinstance(event, AliasEvent):
                if event.anchor in self.anchors:
                    if event.anchor not in self._sizes:
                        raise _refused(f"alias {event.anchor!r} refers to itself", event.start_mark)
                    self._count(self._sizes[event.anchor], event)
                return super().compose_node(parent, index)
            if self._depth >= MAX_DEPTH:
                raise _refused(f"nested more than {MAX_DEPTH} levels deep", event.start_mark)
            self._depth += 1
            before = self._nodes
            node = super().compose_node(parent, index)
            self._depth -= 1
            self._count(1, event)
            if event.anchor is not None:
                self._sizes[event.anchor] = self._nodes - before
            return node

        def _count(self, nodes: int, event: NodeEvent) -> None:
            self._nodes += nodes
            if self._nodes > MAX_NODES:
                raise _refused(f"more than {MAX_NODES} values once aliases are expanded", event.start_mark)

    return BoundedLoader


def _refused(problem: str, mark: Any) -> ComposerError:
    from yaml.composer import ComposerError

    return ComposerError(None, None, problem, mark)
