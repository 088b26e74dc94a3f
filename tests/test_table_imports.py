"""The Table only orchestrates: its modules take types and constants from the rules, never a
function, so every check and decision it needs goes through a hook a plugin can implement."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest

import splitcards.game.table

MODULES = sorted(info.name for info in pkgutil.iter_modules(splitcards.game.table.__path__))


def _from_rules(module: str) -> list[tuple[str, str]]:
    source = Path(importlib.import_module(f"splitcards.game.table.{module}").__file__ or "").read_text("utf-8")
    found: list[tuple[str, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("splitcards.rules"):
            found += [(node.module or "", alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, "") for alias in node.names if alias.name.startswith("splitcards.rules")]
    return found


@pytest.mark.parametrize("module", MODULES)
def test_a_table_module_imports_no_rules_function(module: str) -> None:
    imported = [
        (where, name, getattr(importlib.import_module(where), name, None)) for where, name in _from_rules(module)
    ]
    assert [(w, n) for w, n, value in imported if not n or inspect.isfunction(value) or inspect.ismodule(value)] == []


def test_the_check_sees_the_table_itself() -> None:
    assert "table" in MODULES and len(_from_rules("table")) > 5
