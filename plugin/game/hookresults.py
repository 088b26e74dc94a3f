"""Deprecated: the checks of what a hook returns moved to :mod:`splitcards.game.plugins.hookresults`."""

from __future__ import annotations

from splitcards.game import moved
from splitcards.game.plugins.hookresults import *  # noqa: F403

moved(__name__, "splitcards.game.plugins.hookresults")
