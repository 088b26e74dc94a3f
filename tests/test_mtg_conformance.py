"""Conformance on real python-mtg games: every public scenario file and the bundled suite."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

pytest.importorskip("mtg")

from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.plugins.hosts import adapters
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.tools.conformance.runner import Status, iter_file
from splitcards.tools.conformance.scenario import load_file

SHARED = Path(__file__).resolve().parents[2] / "shared" / "conformance" / "scenarios"
BUNDLED = sorted(
    Path(str(p)) for p in resources.files("splitcards.tools.conformance.bundled").iterdir() if p.name.endswith(".yaml")
)
PUBLIC = sorted(SHARED.glob("*.yaml")) if SHARED.is_dir() else []


def _failures(path: Path, registry: VersionRegistry) -> tuple[list[str], int]:
    pm = make_plugin_manager()
    info = adapters(pm)["mtg"]
    assert info.available is None, info.available
    results = list(iter_file(load_file(path), {"mtg": info}, registry, pm=pm))
    failed = [f"{r.scenario} [{r.version}]: {r.detail}" for r in results if r.status is Status.FAIL]
    passed = sum(r.status is Status.PASS for r in results)
    return failed, passed


@pytest.mark.skipif(not PUBLIC, reason="the public scenario files are not next to this checkout")
@pytest.mark.parametrize("path", PUBLIC, ids=lambda p: p.name)
def test_public_scenarios_pass_on_mtg(path: Path, registry: VersionRegistry) -> None:
    failed, passed = _failures(path, registry)
    assert failed == []
    assert passed > 0


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_bundled_suite_passes_on_mtg(path: Path, registry: VersionRegistry) -> None:
    failed, passed = _failures(path, registry)
    assert failed == []
    assert passed > 0
