"""The Table: a game under the split-card rules, orchestrating check, decide, act and report
through the hooks, with its checks of what it is given and of what its host answers."""

from __future__ import annotations

from splitcards.game.table.inputs import CastOrder
from splitcards.game.table.table import Table

__all__ = ["CastOrder", "Table"]
