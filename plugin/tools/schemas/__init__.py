"""JSON Schemas (draft 2020-12) of the files splitcards reads, for editors and other tools.

* ``scenario``: a conformance scenario file (docs/format.md);
* ``version``: a rule-version file (``config/*.yaml``, or a house rule that ``extends:`` one);
* ``record``: a line of a game record (``splitcards demo --record``);
* ``protocol``: every message of the wire protocol (docs/protocol.md), built from the method
  table and the contract's types (:mod:`splitcards.tools.schemas.protocol`);
* ``service``: every request and answer of the rules service (docs/service.md), built from its
  method table (:mod:`splitcards.service.schema`); ``openapi``: the same over HTTP.

Each is built from the tables its loader checks the files with (:mod:`splitcards.tools.schemas.scenario`,
:mod:`splitcards.tools.schemas.version`), so a schema and its loader cannot disagree on names. The
loaders stay the authority: they also check what a schema cannot say (scenario ids unique in a
file, ``extends:`` naming a known version, the citations a version inherits).
"""

from __future__ import annotations

import json
from typing import Any

NAMES = ("scenario", "version", "record", "protocol", "service", "openapi")


def load(name: str) -> dict[str, Any]:
    """The schema as a JSON object: ``load("scenario")`` or ``load("version")``."""
    if name == "scenario":
        from splitcards.tools.schemas import scenario

        return scenario.schema()
    if name == "version":
        from splitcards.tools.schemas import version

        return version.schema()
    if name == "record":
        from splitcards.tools.schemas import record

        return record.schema()
    if name == "protocol":
        from splitcards.tools.schemas import protocol

        return protocol.schema()
    if name == "service":
        from splitcards.service import schema

        return schema.schema()
    if name == "openapi":
        from splitcards.service import schema

        return schema.openapi()
    raise ValueError(f"unknown schema {name!r} (allowed: {', '.join(NAMES)})")


def text(name: str) -> str:
    """The schema as JSON text (``splitcards schema NAME`` prints it)."""
    return json.dumps(load(name), indent=2, ensure_ascii=False) + "\n"
