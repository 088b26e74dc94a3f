"""Deprecated: the registry of rule versions moved to :mod:`splitcards.game.configuration.registry`."""

from __future__ import annotations

from splitcards.game import moved
from splitcards.game.configuration.registry import *  # noqa: F403

moved(__name__, "splitcards.game.configuration.registry")
