"""Registers the reference host (entry point ``splitcards: reference``)."""

from __future__ import annotations

from collections.abc import Sequence

from splitcards.adapters.reference.host import ReferenceHost
from splitcards.game.contract import AdapterInfo
from splitcards.hooks import hookimpl


@hookimpl
def splitcards_register_adapters() -> Sequence[AdapterInfo]:
    return [AdapterInfo("reference", "in-memory reference host (tests of the rules)", ReferenceHost)]
