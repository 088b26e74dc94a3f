"""The public names of ``splitcards``: each resolves to the object its module holds, the lazy map
and the type checkers' imports agree, and ``splitcards.adapters`` is always the subpackage."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import splitcards

INIT = Path(splitcards.__file__)


def _type_checking_imports() -> dict[str, str]:
    """Public name -> module, from the ``if TYPE_CHECKING:`` block of the package's ``__init__``."""
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    block = next(n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING")
    found: dict[str, str] = {}
    for node in block.body:
        assert isinstance(node, ast.ImportFrom) and node.module is not None
        for alias in node.names:
            found[alias.asname or alias.name] = node.module
    return found


def test_the_lazy_map_and_the_type_checking_imports_agree() -> None:
    assert _type_checking_imports() == splitcards._WHERE
    assert set(splitcards.__all__) == {*splitcards._WHERE, "__version__"}


def test_every_public_name_is_the_object_its_module_holds() -> None:
    for name, module in splitcards._WHERE.items():
        held = "adapters" if name == "host_adapters" else name
        assert getattr(splitcards, name) is getattr(importlib.import_module(module), held), name


def test_splitcards_adapters_is_the_subpackage_before_and_after_an_adapter_is_imported() -> None:
    code = (
        "import splitcards, types;"
        "before = splitcards.host_adapters;"
        "import splitcards.adapters.reference;"
        "assert isinstance(splitcards.adapters, types.ModuleType), splitcards.adapters;"
        "assert splitcards.host_adapters is before;"
        "print('ok')"
    )
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert (ran.returncode, ran.stdout.strip()) == (0, "ok"), ran.stderr


def test_importing_the_package_loads_none_of_its_layers() -> None:
    code = "import sys, splitcards; print(sorted(m for m in sys.modules if m.startswith('splitcards.')))"
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert ran.stdout.strip() == "[]"


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        splitcards.Tabel  # noqa: B018
    except AttributeError as exc:
        assert "has no attribute 'Tabel'" in str(exc)
    else:
        raise AssertionError("splitcards.Tabel resolved")
