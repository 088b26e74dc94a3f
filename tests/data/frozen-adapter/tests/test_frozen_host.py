"""The host contract tests on this adapter, as the splitcards 0.1 documentation said to run them
from an adapter's own test suite."""

from __future__ import annotations

import pytest
from frozen_adapter.plugin import new_game

from splitcards import AdapterInfo
from splitcards.testing import HostContract


class TestFrozenHost(HostContract):
    @pytest.fixture
    def splitcards_host(self) -> AdapterInfo:
        return AdapterInfo("frozen", "an in-memory engine written against splitcards 0.1", new_game)
