"""Deprecated: the built-in rules as hook implementations moved to :mod:`splitcards.game.plugins.builtin`."""

from __future__ import annotations

from splitcards.game import moved
from splitcards.game.plugins.builtin import *  # noqa: F403

moved(__name__, "splitcards.game.plugins.builtin")
