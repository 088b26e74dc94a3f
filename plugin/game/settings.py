"""Deprecated: the project's settings moved to :mod:`splitcards.game.configuration.settings`."""

from __future__ import annotations

from splitcards.game import moved
from splitcards.game.configuration.settings import *  # noqa: F403

moved(__name__, "splitcards.game.configuration.settings")
