"""The public conformance scenarios and the bundled suite, on real phase games."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

pytest.importorskip("phase", reason="phase-python is not installed (pip install splitcards[phase])")

from splitcards.adapters.phase.plugin import new_game
from splitcards.conformance.runner import Status, run_file
from splitcards.conformance.scenario import load_file
from splitcards.versions import load_registry

SHARED = Path(__file__).resolve().parents[2] / "shared/conformance/scenarios"
BUNDLED = sorted(
    Path(str(p)) for p in resources.files("splitcards.conformance.bundled").iterdir() if p.name.endswith(".yaml")
)


def _failures(path: Path) -> list[str]:
    results = run_file(load_file(path), {"phase": new_game}, load_registry())
    return [f"{r.scenario} [{r.version}]: {r.detail}" for r in results if r.status is Status.FAIL]


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared conformance folder is absent")
@pytest.mark.parametrize("name", sorted(p.name for p in SHARED.glob("*.yaml")) if SHARED.is_dir() else [])
def test_public_scenarios_pass_on_phase(name: str) -> None:
    assert _failures(SHARED / name) == []


@pytest.mark.parametrize("path", BUNDLED, ids=[p.name for p in BUNDLED])
def test_bundled_scenarios_pass_on_phase(path: Path) -> None:
    assert _failures(path) == []
