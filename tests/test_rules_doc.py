"""docs/rules.md names the one function behind each decision: each of them must exist."""

from __future__ import annotations

import importlib
import importlib.util
import re
from pathlib import Path

import pytest

DOC = Path(__file__).parent.parent / "docs" / "rules.md"


def _named() -> list[str]:
    table = DOC.read_text(encoding="utf-8").split("## Decisions and their code", 1)[1].split("\n## ", 1)[0]
    names: list[str] = []
    for row in table.splitlines():
        if not row.startswith("| ") or row.startswith("| decision") or row.startswith("| ---"):
            continue
        code = row.rstrip(" |").rsplit(" | ", 1)[1]
        module = None
        for token in re.findall(r"`([\w.]+)`", code):
            if "." in token:
                module = token.split(".")[0]
                names.append(token)
            elif module is not None and not token.startswith(("on_", "check_", "decide_")):
                names.append(f"{module}.{token}")
    return names


def test_the_table_names_functions() -> None:
    assert len(_named()) > 30


@pytest.mark.parametrize("dotted", _named())
def test_named_function_exists(dotted: str) -> None:
    module_name, *attributes = dotted.split(".")
    # A class (`Table.castable`) is named as the package exports it; a function by its module,
    # which lives in one of the layers.
    target: object = (
        getattr(importlib.import_module("splitcards"), module_name)
        if module_name[0].isupper()
        else _module(module_name)
    )
    for attribute in attributes:
        target = getattr(target, attribute)
    assert callable(target) or isinstance(target, property | frozenset)


def _module(name: str) -> object:
    found = [
        importlib.import_module(f"splitcards.{layer}.{name}")
        # The game by its rooms: its own top holds only the modules left at their old paths.
        for layer in ("rules", "cards", "game.table", "game.plugins", "game.contract", "game.configuration", "tools")
        if importlib.util.find_spec(f"splitcards.{layer}.{name}") is not None
    ]
    assert len(found) == 1, f"module {name!r} is in {len(found)} layers"
    return found[0]
