"""The reference host: a game held in memory, with no engine behind it.

It exists to test the rules quickly; it decides nothing itself and does exactly what the rules
tell it. Its body is :class:`~splitcards.game.contract.memory.MemoryHost`, which the rules service
also sets its positions up on.
"""

from __future__ import annotations

from splitcards.game.contract.memory import MemoryHost


class ReferenceHost(MemoryHost):
    """The reference host (``--host reference``)."""

    name = "reference"
