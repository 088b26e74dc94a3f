"""The public names of ``splitcards``: each resolves to the object its module holds, the lazy map
and the type checkers' imports agree, and ``splitcards.adapters`` is always the subpackage."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
import zipfile
from pathlib import Path

import splitcards

INIT = Path(splitcards.__file__)


def _type_checking_names() -> dict[str, tuple[str, str]]:
    """Public name -> (module, name there), as a type checker reads the ``if TYPE_CHECKING:`` block
    of the package's ``__init__``."""
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    block = next(n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING")
    found: dict[str, tuple[str, str]] = {}
    modules: dict[str, str] = {}
    for node in block.body:
        if isinstance(node, ast.Assign):
            (target,) = node.targets
            assert isinstance(target, ast.Name) and isinstance(node.value, ast.Attribute)
            assert isinstance(node.value.value, ast.Name)
            found[target.id] = (modules[node.value.value.id], node.value.attr)
            continue
        assert isinstance(node, ast.ImportFrom) and node.module is not None
        for alias in node.names:
            # Every public name is imported as itself, which type checkers take as re-exported.
            assert alias.asname is not None, alias.name
            if alias.asname.startswith("_"):
                modules[alias.asname] = f"{node.module}.{alias.name}"
            else:
                assert alias.asname == alias.name, alias.asname
                found[alias.asname] = (node.module, alias.name)
    return found


def _run_time_names() -> dict[str, tuple[str, str]]:
    """Public name -> (module, name there), as the package imports it at run time."""
    return {name: splitcards._held(name) for name in splitcards._PUBLIC}


def test_the_run_time_table_and_the_type_checkers_imports_name_the_same_things_from_the_same_modules() -> None:
    assert _run_time_names() == _type_checking_names()


def test_all_is_every_name_of_the_table_and_the_version() -> None:
    assert splitcards.__all__ == sorted([*splitcards._PUBLIC, "__version__"])
    assert set(dir(splitcards)) >= set(splitcards.__all__)


def test_a_name_held_under_another_name_is_imported_from_there() -> None:
    from splitcards.game.plugins import hosts

    assert splitcards._held("host_adapters") == ("splitcards.game.plugins.hosts", "adapters")
    assert splitcards.host_adapters is hosts.adapters


def test_the_public_names_import_from_a_zip_archive(tmp_path: Path) -> None:
    # A zipapp or a frozen install has no source file to read: the names come from the table.
    archive = tmp_path / "splitcards.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        for path in sorted(INIT.parent.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                zipped.write(path, Path("splitcards", path.relative_to(INIT.parent)))
    code = (
        f"import sys; sys.path.insert(0, {str(archive)!r});"
        "import splitcards;"
        "from splitcards import Table, Zone, host_adapters;"
        "print(splitcards.__file__.startswith(sys.path[0]), Table.__name__, Zone.HAND, host_adapters.__name__)"
    )
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert (ran.returncode, ran.stdout.split()) == (0, ["True", "Table", "hand", "adapters"]), ran.stderr


def test_every_public_name_is_the_object_its_module_holds() -> None:
    for name, (module, held) in _run_time_names().items():
        assert getattr(splitcards, name) is getattr(importlib.import_module(module), held), name


def test_what_the_guides_import_from_the_package_is_there() -> None:
    # docs/adapters.md and docs/plugins.md import these from splitcards itself.
    for name in ("Capability", "Gap", "KnownDeviation", "CostEffect", "Condition", "CastGrants", "host_adapters"):
        assert name in splitcards.__all__, name


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
