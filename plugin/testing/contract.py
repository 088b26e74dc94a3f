"""Deprecated: the host contract tests moved to :mod:`splitcards.tools.testing.contract`."""

from __future__ import annotations

from splitcards.game import moved
from splitcards.tools.testing.contract import POOL as POOL
from splitcards.tools.testing.contract import HostContract as HostContract

moved(__name__, "splitcards.tools.testing.contract")
