"""What a results file says of how it was made: the splitcards version, the time, the command,
and a hash of each rule-version file, so that a page built from it later, elsewhere (a CI job
publishing it), still says what ran."""

from __future__ import annotations

import hashlib
import json
import shlex
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from splitcards.rules.versions import RuleVersion

RULE_FILE_MAX_BYTES = 1 << 20
"""A rule-version file is a few kilobytes; a larger one is not hashed."""


def splitcards_version() -> str:
    """The installed splitcards distribution's version."""
    try:
        return version("splitcards")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree that is not installed
        import splitcards

        return str(splitcards.__version__)


def now() -> str:
    """The time now, in UTC, as ISO 8601 to the second (``2026-01-16T09:30:00Z``)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def command_line(argv: Sequence[str]) -> str:
    """The command as a shell would take it again."""
    return shlex.join(argv)


def rule_files(versions: Iterable[RuleVersion]) -> dict[str, dict[str, Any]]:
    """Each rule version's file, by the version's name: ``file`` (its name, ``None`` for a version
    made in code) and ``sha256``, the first 16 hex digits of the hash of what the version decides
    (:meth:`RuleVersion.decisions`): a house rule changes it when the version it extends changes."""
    found: dict[str, dict[str, Any]] = {}
    for rules in sorted(versions, key=lambda v: v.edition):
        text = json.dumps(rules.decisions(), sort_keys=True, default=list)
        found[rules.name] = {
            "file": Path(rules.source).name if rules.source else None,
            "sha256": hashlib.sha256(text.encode()).hexdigest()[:16],
        }
    return found
