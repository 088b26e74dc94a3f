"""Deprecated: the typed hook calls moved to :mod:`splitcards.game.plugins.hookcalls`."""

from __future__ import annotations

from splitcards.game import moved
from splitcards.game.plugins.hookcalls import *  # noqa: F403

moved(__name__, "splitcards.game.plugins.hookcalls")
