"""The import-linter contracts cover the whole core: a new core module can't slip past them."""

from __future__ import annotations

import pkgutil
import tomllib
from pathlib import Path

import splitcards

PYPROJECT = Path(__file__).parent.parent / "pyproject.toml"


def _contract(contract_id: str) -> dict[str, list[str]]:
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"]
    found: dict[str, list[str]] = next(c for c in config["contracts"] if c["id"] == contract_id)
    return found


def test_every_core_module_is_forbidden_the_adapters() -> None:
    core = {
        f"splitcards.{info.name}"
        for info in pkgutil.iter_modules(splitcards.__path__)
        if info.name not in ("adapters", "__main__")
    }
    listed = set(_contract("core-owns-the-contract")["source_modules"])
    assert core - listed == set()
    assert _contract("core-owns-the-contract")["forbidden_modules"] == ["splitcards.adapters"]


def test_adapters_may_not_reach_the_rules_modules() -> None:
    forbidden = set(_contract("adapters-ask-the-table")["forbidden_modules"])
    assert forbidden == {"splitcards.casting", "splitcards.rooms", "splitcards.characteristics"}
