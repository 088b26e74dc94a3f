"""What was renamed still works, with a DeprecationWarning naming the new name: the modules the
game's rooms replaced, and ``Table.check_cast``."""

from __future__ import annotations

import importlib
import sys
from importlib import resources
from pathlib import Path

import pytest

from splitcards.adapters.reference import ReferenceHost
from splitcards.adapters.reference.plugin import new_game
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.rules.card import Card
from splitcards.rules.model import CastOption, Zone
from splitcards.rules.versions import RuleVersion
from splitcards.tools.conformance.runner import Status, run_file
from splitcards.tools.conformance.scenario import load_file

MOVED = {
    "splitcards.game.manager": ("splitcards.game.plugins.manager", ["default_manager", "make_plugin_manager"]),
    "splitcards.game.registry": ("splitcards.game.configuration.registry", ["VersionRegistry", "load_registry"]),
    "splitcards.game.settings": ("splitcards.game.configuration.settings", ["project_config", "blocked_plugins"]),
    "splitcards.game.aihost": ("splitcards.game.contract.aihost", ["AIHost", "Deviation"]),
    "splitcards.game.hosts": ("splitcards.game.plugins.hosts", ["adapters"]),
    "splitcards.game.builtin": ("splitcards.game.plugins.builtin", ["check_cast", "on_cast"]),
    "splitcards.game.hostcheck": ("splitcards.game.table.hostcheck", ["CheckedHost"]),
}


@pytest.mark.parametrize("old", sorted(MOVED))
def test_a_moved_module_warns_naming_its_new_path_and_holds_the_same_objects(
    old: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    new, names = MOVED[old]
    monkeypatch.delitem(sys.modules, old, raising=False)
    with pytest.warns(DeprecationWarning, match=f"{old} is deprecated: import from {new}"):
        shim = importlib.import_module(old)
    held = importlib.import_module(new)
    assert [getattr(shim, name) for name in names] == [getattr(held, name) for name in names]


def test_the_contract_and_the_table_keep_their_paths_as_packages() -> None:
    from splitcards.game import contract, table
    from splitcards.game.contract import capabilities, host
    from splitcards.game.table import table as table_module

    assert (contract.Host, contract.AdapterInfo, contract.Capability) == (
        host.Host,
        host.AdapterInfo,
        capabilities.Capability,
    )
    assert table.Table is table_module.Table


def test_the_old_manager_path_keeps_the_built_in_plugins_name() -> None:
    with pytest.warns(DeprecationWarning):
        sys.modules.pop("splitcards.game.manager", None)
        from splitcards.game.manager import BUILTIN_NAME

    assert BUILTIN_NAME == "splitcards.game.builtin"


def test_table_check_cast_warns_and_gives_the_cast_decision(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    table = Table(
        ReferenceHost(), v["duskmourn-2024"], make_plugin_manager(load_entry_points=False), judge_targets=False
    )
    fire = table.create(cards["Fire // Ice"], Zone.HAND)
    with pytest.warns(DeprecationWarning, match="use Table.cast_decision"):
        old = table.check_cast(fire, CastOption.LEFT)
    assert old == table.cast_decision(fire, CastOption.LEFT)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("splitcards.testing", "splitcards.tools.testing"),
        ("splitcards.testing.contract", "splitcards.tools.testing.contract"),
        ("splitcards.testing.plugin", "splitcards.tools.testing.plugin"),
    ],
)
def test_the_old_path_of_the_pytest_kit_warns_naming_the_new_one(
    old: str, new: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in [m for m in sys.modules if m.startswith("splitcards.testing")]:
        monkeypatch.delitem(sys.modules, name)
    # A submodule's parent, the old package, warns too.
    with pytest.warns(DeprecationWarning) as caught:
        importlib.import_module(old)
    assert any(str(w.message).startswith(f"{old} is deprecated: import from {new} ") for w in caught)


def test_the_old_path_of_the_pytest_kit_holds_the_same_contract_tests_and_plugin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from splitcards.tools.testing import contract, plugin

    for name in [m for m in sys.modules if m.startswith("splitcards.testing")]:
        monkeypatch.delitem(sys.modules, name)

    with pytest.warns(DeprecationWarning):
        from splitcards.testing import HostContract
        from splitcards.testing.contract import HostContract as FromModule

        old_plugin = importlib.import_module("splitcards.testing.plugin")
    assert (HostContract, FromModule) == (contract.HostContract, contract.HostContract)
    # The plugin is the one module, so `-p splitcards.testing.plugin` can't register its hooks twice.
    assert old_plugin is plugin


def test_run_file_warns_naming_iter_file_and_still_takes_a_bare_factory(registry: VersionRegistry) -> None:
    path = Path(str(resources.files("splitcards.tools.conformance.bundled") / "fuse.yaml"))
    with pytest.warns(DeprecationWarning, match="run_file is deprecated: use iter_file"):
        results = run_file(load_file(path), {"reference": new_game}, registry, "current")
    assert results
    assert {r.status for r in results} == {Status.PASS}


def test_phases_old_declarations_module_warns_and_holds_the_declarations(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "splitcards.adapters.phase.declared", raising=False)
    with pytest.warns(
        DeprecationWarning, match="import LACKS and DECLARED .* from splitcards.adapters.phase.deviations"
    ):
        from splitcards.adapters.phase import declared
    from splitcards.adapters.phase import deviations

    assert (declared.LACKS, declared.DEVIATIONS) == (deviations.LACKS, deviations.DECLARED)
    assert {d.name for d in declared.DEVIATIONS} >= {"reload-drops-room-triggers", "splice-onto-misread"}


RENAMED = {
    ("splitcards.tools.play", "Result"): "splitcards.tools.play.result.GameResult",
    ("splitcards.tools.play.loop", "Result"): "splitcards.tools.play.result.GameResult",
    ("splitcards.tools.play.loop", "Step"): "splitcards.tools.play.result.GameStep",
    ("splitcards.tools.play.record", "Writer"): "splitcards.tools.play.record.RecordWriter",
    ("splitcards.tools.play.decks", "cards"): "splitcards.tools.play.democards.cards",
    ("splitcards.tools.play.decks", "FACES"): "splitcards.tools.play.democards.FACES",
    ("splitcards.rules.versions", "ALL_CITATIONS"): "splitcards.rules.versionfile.ALL_CITATIONS",
    ("splitcards.rules.versions", "BASE_CITATIONS"): "splitcards.rules.versionfile.BASE_CITATIONS",
    ("splitcards.rules.versions", "CHOICES"): "splitcards.rules.versionfile.CHOICES",
    ("splitcards.rules.versions", "FEATURE_CITATIONS"): "splitcards.rules.versionfile.FEATURE_CITATIONS",
}


@pytest.mark.parametrize(("module", "old"), sorted(RENAMED))
def test_a_renamed_name_warns_naming_its_new_name_and_is_the_same_object(module: str, old: str) -> None:
    new = RENAMED[module, old]
    held, _, name = new.rpartition(".")
    with pytest.warns(DeprecationWarning, match=f"{module}.{old} is deprecated: use {new} "):
        found = getattr(importlib.import_module(module), old)
    assert found is getattr(importlib.import_module(held), name)


def test_an_old_name_imports_with_from_and_an_unknown_name_is_still_an_attribute_error() -> None:
    from splitcards.tools.play import record
    from splitcards.tools.play.record import RecordWriter

    with pytest.warns(DeprecationWarning, match="use splitcards.tools.play.record.RecordWriter"):
        from splitcards.tools.play.record import Writer
    assert Writer is RecordWriter
    with pytest.raises(AttributeError, match="has no attribute 'Nothing'"):
        record.Nothing  # noqa: B018 (the lookup is the test)
