"""The layers contract covers the whole package: a new top-level module can't slip past it."""

from __future__ import annotations

import pkgutil
import tomllib
from pathlib import Path
from typing import Any

import splitcards

PYPROJECT = Path(__file__).parent.parent / "pyproject.toml"
# What stays at the top of the package, outside every layer: the public API and the errors,
# which every layer may raise.
# ``config`` holds only the rule versions' YAML files.
TOP = {"__main__", "errors", "config"}
# Mapped from their own folders: an editable install may not list them under the package.
MAPPED = {"adapters", "hooks"}


def _contract(contract_id: str) -> dict[str, Any]:
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"]
    found: dict[str, Any] = next(c for c in config["contracts"] if c["id"] == contract_id)
    return found


def _layered() -> set[str]:
    names: set[str] = set()
    for layer in _contract("layers")["layers"]:
        names.update(part.strip() for part in layer.replace(":", "|").split("|"))
    return names


def test_every_subpackage_is_in_a_layer() -> None:
    top = {info.name for info in pkgutil.iter_modules(splitcards.__path__)}
    assert top - TOP - MAPPED == _layered() - MAPPED
    assert _layered() >= MAPPED


def test_the_rules_are_the_bottom_layer_and_the_tools_the_top() -> None:
    layers = _contract("layers")["layers"]
    assert layers[-1] == "rules"
    # Above the tools only the deprecated path of the pytest kit, which imports it.
    assert layers[:2] == ["testing", "tools | adapters"]


def test_type_checking_imports_count() -> None:
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"]
    assert config["exclude_type_checking_imports"] is False


def test_the_hooks_are_a_layer_below_the_game_that_calls_them() -> None:
    layers = _contract("layers")["layers"]
    # The specs name the rules' types, never the game's: a plugin's contract does not depend on the
    # Table that calls it.
    assert "game" in layers and "hooks" in layers
    assert layers.index("game") < layers.index("hooks") < layers.index("rules")
