"""Deprecated path of the host contract tests for the host named by ``--splitcards-host``:
``pytest --splitcards-host NAME --pyargs splitcards.tools.testing`` runs the same tests."""

from __future__ import annotations

from splitcards.tools.testing.contract import HostContract


class TestHostContract(HostContract):
    """Every test of :class:`~splitcards.tools.testing.contract.HostContract` on the host under test."""
