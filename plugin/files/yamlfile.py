"""Reading YAML files safely, with errors that name the file.

A file is data from outside: it may be a FIFO, a device, huge, not UTF-8, nested without end,
an alias bomb, or a mapping that gives one key twice (YAML keeps the last silently). Each of
these is refused with the caller's error, naming the file (and for a repeated key, the key and
both lines), before it can hang the process or fill its memory. The file is read by the bounded
reader (:mod:`splitcards.files.bounded`).
"""

from __future__ import annotations

from functools import cache
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from splitcards.errors import SplitcardsError
from splitcards.files.bounded import read_text

if TYPE_CHECKING:
    from yaml.composer import ComposerError

MAX_BYTES = 1 << 20
"""The largest file read by default (1 MiB); rule versions, settings and scenario files are a few
kilobytes. ``read_yaml(..., max_bytes=)`` raises it."""
MAX_DEPTH = 50
"""The deepest nesting of collections in a document."""
MAX_NODES = 100_000
"""The most values a document may hold once every alias is expanded (billion laughs)."""
MAX_MESSAGE = 600
_KEY_SHOWN = 60


def read_yaml(path: Path | Traversable, error: type[SplitcardsError], *, max_bytes: int = MAX_BYTES) -> Any:
    """The document in ``path`` (safe YAML only, within the limits above, no key twice in a
    mapping); raises ``error`` naming the file. A file over ``max_bytes`` bytes is refused."""
    text = _read_text(path, error, max_bytes)
    # PyYAML is imported on the first file read: ``import splitcards`` reads none.
    import yaml

    loader = None
    try:
        loader = _bounded_loader()(text, path.name)
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


def _read_text(path: Path | Traversable, error: type[SplitcardsError], max_bytes: int) -> str:
    return read_text(path, lambda problem: error(f"{path}: {problem}"), max_bytes=max_bytes)


@cache
def _bounded_loader() -> type[Any]:
    """``yaml.SafeLoader`` counting nesting and nodes as it composes, an alias counting as the
    whole value it stands for, so a document is refused before it is built; and refusing a key
    given twice in one mapping, naming it and its two lines."""
    import yaml
    from yaml.constructor import ConstructorError
    from yaml.events import AliasEvent, NodeEvent
    from yaml.nodes import MappingNode, Node, ScalarNode

    merge, value = "tag:yaml.org,2002:merge", "tag:yaml.org,2002:value"

    class BoundedLoader(yaml.SafeLoader):
        def __init__(self, stream: str, name: str) -> None:
            super().__init__(stream)
            self.name = name  # the marks of errors say "in <name>, line N" rather than "<unicode string>"
            self._depth = 0
            self._nodes = 0
            self._sizes: dict[str, int] = {}
            self._unique: set[int] = set()

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

        def flatten_mapping(self, node: MappingNode) -> None:
            # Every mapping comes here before its merge keys (<<) are expanded in place, which
            # repeats keys on purpose (a key given beside a merge overrides the merged one): so
            # each mapping's own keys are checked once, as written.
            if id(node) not in self._unique:
                self._unique.add(id(node))
                self._refuse_repeated_keys(node)
            super().flatten_mapping(node)

        def _refuse_repeated_keys(self, node: MappingNode) -> None:
            lines: dict[Any, int] = {}
            for key_node, _ in node.value:
                # Only a scalar key can be compared here: a collection key is unhashable, which
                # the base constructor reports; "=" is the value key, a string once flattened.
                if not isinstance(key_node, ScalarNode) or key_node.tag == merge:
                    continue
                key = key_node.value if key_node.tag == value else self.construct_object(key_node)
                if key in lines:
                    shown = repr(key) if len(repr(key)) <= _KEY_SHOWN else repr(key)[: _KEY_SHOWN - 3] + "..."
                    raise ConstructorError(
                        None, None, f"duplicate key {shown} (first on line {lines[key]})", key_node.start_mark
                    )
                lines[key] = key_node.start_mark.line + 1

    return BoundedLoader


def _refused(problem: str, mark: Any) -> ComposerError:
    from yaml.composer import ComposerError

    return ComposerError(None, None, problem, mark)
