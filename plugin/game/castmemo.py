"""Deprecated: the Table's memo of castable answers moved to :mod:`splitcards.game.table.castmemo`."""

from __future__ import annotations

from splitcards.game import moved
from splitcards.game.table.castmemo import *  # noqa: F403

moved(__name__, "splitcards.game.table.castmemo")
