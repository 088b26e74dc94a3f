"""JSON Schemas (draft 2020-12) of the files splitcards reads, for editors and other tools.

* ``scenario``: a conformance scenario file (docs/format.md), ``scenario.schema.json``;
* ``version``: a rule-version file (``config/*.yaml``, or a house rule that ``extends:`` one),
  built from the tables the loader checks those files with (:mod:`splitcards.schemas.version`).

The loaders stay the authority: they also check what a schema cannot say (scenario ids unique
in a file, ``extends:`` naming a known version, the citations a version inherits). A file they
accept validates against its schema.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

NAMES = ("scenario", "version")


def text(name: str) -> str:
    """The schema as JSON text: ``text("scenario")`` or ``text("version")``."""
    if name == "version":
        from splitcards.schemas import version

        return json.dumps(version.schema(), indent=2) + "\n"
    if name not in NAMES:
        raise ValueError(f"unknown schema {name!r} (allowed: {', '.join(NAMES)})")
    return (resources.files(__name__) / f"{name}.schema.json").read_text(encoding="utf-8")


def load(name: str) -> dict[str, Any]:
    """The schema as a JSON object."""
    schema: dict[str, Any] = json.loads(text(name))
    return schema
