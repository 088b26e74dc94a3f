"""The host contract tests shipped in ``splitcards.tools.testing``, run against every selected host
adapter (``SPLITCARDS_HOSTS``)."""

from __future__ import annotations

import pytest

from splitcards.game.contract import AdapterInfo
from splitcards.tools.testing.contract import HostContract


class TestHostContract(HostContract):
    @pytest.fixture
    def splitcards_host(self, host: AdapterInfo) -> AdapterInfo:
        """Each host that conftest.py selects, in place of ``--splitcards-host``."""
        return host
