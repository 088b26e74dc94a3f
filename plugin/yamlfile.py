"""Reading YAML files safely, with errors that name the file."""

from __future__ import annotations

from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import yaml

from splitcards.errors import SplitcardsError


def read_yaml(path: Path | Traversable, error: type[SplitcardsError]) -> Any:
    """The document in ``path`` (``yaml.safe_load`` only); raises ``error`` naming the file."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"{path}: cannot read: {exc.strerror or exc}") from exc
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise error(f"{path}: malformed YAML: {exc}") from exc
