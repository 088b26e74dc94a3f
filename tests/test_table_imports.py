"""The Table only orchestrates: its modules take types and constants from the rules, never a
function, so every check and decision it needs goes through a hook a plugin can implement."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import subprocess
import sys
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


def test_importing_the_table_loads_no_built_in_rules_and_no_yaml() -> None:
    # The built-in rules load with the first plugin manager, the settings' YAML reader with the
    # first setting read: an engine that imports the Table pays for neither until it plays.
    code = (
        "import sys; from splitcards import Table; "
        "print(sorted(m for m in ('splitcards.game.plugins.builtin', 'splitcards.rules.casting',"
        " 'splitcards.rules.characteristics', 'yaml') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
