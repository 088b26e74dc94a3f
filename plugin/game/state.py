"""Deprecated: the Table's snapshot of a game moved to :mod:`splitcards.game.table.state`."""

from __future__ import annotations

from splitcards.game import moved
from splitcards.game.table.state import *  # noqa: F403

moved(__name__, "splitcards.game.table.state")
