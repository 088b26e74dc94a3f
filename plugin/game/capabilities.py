"""Deprecated: what a host declares it lacks moved to :mod:`splitcards.game.contract.capabilities`."""

from __future__ import annotations

from splitcards.game import moved
from splitcards.game.contract.capabilities import *  # noqa: F403

moved(__name__, "splitcards.game.contract.capabilities")
