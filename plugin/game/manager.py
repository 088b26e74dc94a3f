"""Deprecated: the plugin manager moved to :mod:`splitcards.game.plugins.manager`."""

from __future__ import annotations

from splitcards.game import moved
from splitcards.game.plugins.manager import *  # noqa: F403
from splitcards.game.plugins.manager import BUILTIN_NAME as BUILTIN_NAME
from splitcards.game.plugins.manager import PluginSource as PluginSource

moved(__name__, "splitcards.game.plugins.manager")
