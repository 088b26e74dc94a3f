"""Deprecated: the registered host adapters moved to :mod:`splitcards.game.plugins.hosts`."""

from __future__ import annotations

from splitcards.game import moved
from splitcards.game.plugins.hosts import *  # noqa: F403

moved(__name__, "splitcards.game.plugins.hosts")
