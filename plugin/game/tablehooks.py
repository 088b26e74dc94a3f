"""Deprecated: the Table's hook calls moved to :mod:`splitcards.game.table.tablehooks`."""

from __future__ import annotations

from splitcards.game import moved
from splitcards.game.table.tablehooks import *  # noqa: F403

moved(__name__, "splitcards.game.table.tablehooks")
