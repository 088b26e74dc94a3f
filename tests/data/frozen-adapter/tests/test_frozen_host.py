"""The host contract tests on this adapter, run from its own test suite as the splitcards 0.1
documentation showed."""

from __future__ import annotations

import pytest
from frozen_adapter.plugin import new_game

from splitcards import AdapterInfo
from splitcards.tools.testing.contract import HostContract


class TestFrozenHost(HostContract):
    @pytest.fixture
    def splitcards_host(self) -> AdapterInfo:
        return AdapterInfo("frozen", "An in-memory engine written against splitcards 0.1", new_game)
