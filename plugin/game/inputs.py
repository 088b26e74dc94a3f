"""Deprecated: the Table's inputs (CastOrder) moved to :mod:`splitcards.game.table.inputs`."""

from __future__ import annotations

from splitcards.game import moved
from splitcards.game.table.inputs import *  # noqa: F403

moved(__name__, "splitcards.game.table.inputs")
