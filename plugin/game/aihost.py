"""Deprecated: what an AI host offers moved to :mod:`splitcards.game.contract.aihost`."""

from __future__ import annotations

from splitcards.game import moved
from splitcards.game.contract.aihost import *  # noqa: F403

moved(__name__, "splitcards.game.contract.aihost")
