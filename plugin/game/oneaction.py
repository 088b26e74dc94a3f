"""Deprecated: the one-action-at-a-time guard moved to :mod:`splitcards.game.table.oneaction`."""

from __future__ import annotations

from splitcards.game import moved
from splitcards.game.table.oneaction import *  # noqa: F403

moved(__name__, "splitcards.game.table.oneaction")
