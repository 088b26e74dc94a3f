"""The host contract tests shipped in ``splitcards.tools.testing``, run against every selected host
adapter (``SPLITCARDS_HOSTS``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from splitcards.game.contract import AdapterInfo
from splitcards.tools.testing.contract import HostContract


class TestHostContract(HostContract):
    @pytest.fixture
    def splitcards_host(self, host: AdapterInfo) -> AdapterInfo:
        """Each host that conftest.py selects, in place of ``--splitcards-host``."""
        return host


def test_docs_testing_md_lists_every_contract_test_with_what_it_checks() -> None:
    docs = (Path(__file__).parents[1] / "docs" / "testing.md").read_text(encoding="utf-8")
    tests = [name for name in dir(HostContract) if name.startswith("test_")]
    assert [name for name in tests if f"| `{name}` | " not in docs] == []
