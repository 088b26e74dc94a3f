"""Deprecated: the Table's check of its host moved to :mod:`splitcards.game.table.hostcheck`."""

from __future__ import annotations

from splitcards.game import moved
from splitcards.game.table.hostcheck import *  # noqa: F403

moved(__name__, "splitcards.game.table.hostcheck")
