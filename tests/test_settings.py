"""The project configuration: found like pytest's, ranked below arguments and the environment."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from splitcards.errors import ConfigError
from splitcards.game.configuration.registry import load_registry
from splitcards.game.configuration.settings import BLOCK_ENV, CONFIG_ENV, RULES_ENV, effective, project_config
from splitcards.game.plugins.manager import make_plugin_manager

HOUSE = """version: house-both-names
extends: current
description: a house rule naming both halves
naming: {choose: both_halves}
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv(RULES_ENV, raising=False)
    monkeypatch.delenv(CONFIG_ENV, raising=False)
    monkeypatch.delenv(BLOCK_ENV, raising=False)
    nested = tmp_path / "engine" / "src"
    nested.mkdir(parents=True)
    monkeypatch.chdir(nested)
    return tmp_path / "engine"


def test_pyproject_table_of_a_parent_sets_the_default_version(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (project / "pyproject.toml").write_text('[tool.splitcards]\nrules = "classic-2009"\n', encoding="utf-8")
    assert load_registry().get().name == "classic-2009"
    assert load_registry().get("amonkhet-2017").name == "amonkhet-2017"  # an argument comes first
    monkeypatch.setenv(RULES_ENV, "classic-2013")
    assert load_registry().get().name == "classic-2013"  # then the environment


def test_changing_the_config_changes_the_next_game(project: Path) -> None:
    config = project / "splitcards.yaml"
    config.write_text("rules: classic-2009\n", encoding="utf-8")
    assert load_registry().get().name == "classic-2009"
    config.write_text("rules: invasion-2000 \n", encoding="utf-8")
    assert load_registry().get().name == "invasion-2000"


def test_house_rules_are_relative_to_the_config_file(project: Path) -> None:
    (project / "rules").mkdir()
    (project / "rules" / "house.yaml").write_text(HOUSE, encoding="utf-8")
    (project / "splitcards.yaml").write_text(
        "rules: house-both-names\nhouse_rules: [rules/house.yaml]\n", encoding="utf-8"
    )
    version = load_registry().get()
    assert version.name == "house-both-names" and version.name_both_halves


def test_config_named_by_the_environment(project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = tmp_path / "ci.yaml"
    elsewhere.write_text("rules: classic-2013\ndisable_plugins: [phase, mtg]\n", encoding="utf-8")
    monkeypatch.setenv(CONFIG_ENV, str(elsewhere))
    assert load_registry().get().name == "classic-2013"
    assert make_plugin_manager().is_blocked("phase")
    shown = {s.name: (s.value, s.origin) for s in effective("current")}
    assert shown["rules"] == ("classic-2013", str(elsewhere.resolve()))
    assert shown["disable_plugins"] == (("phase", "mtg"), str(elsewhere.resolve()))


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("rule: current\n", "rule: unknown key"),
        ("rules: [current]\n", "rules: must be"),
        ("house_rules: house.yaml\n", "house_rules: must be a list"),
        ("hosts: {phase: fast}\n", "hosts: unknown key"),
        ("- rules\n", "must be a table"),
    ],
)
def test_bad_config_names_file_and_key(project: Path, text: str, problem: str) -> None:
    (project / "splitcards.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        project_config()
    assert str(project / "splitcards.yaml") in str(info.value) and problem in str(info.value)


def test_bad_pyproject_table_is_named(project: Path) -> None:
    (project / "pyproject.toml").write_text("[tool.splitcards]\ncolour = 1\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"pyproject.toml: \[tool.splitcards\]: colour: unknown key"):
        load_registry().get()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("tool = 3\n", "pyproject.toml: tool: must be a table, got int"),
        ('tool = "splitcards"\n', "pyproject.toml: tool: must be a table, got str"),
        ("[tool]\nsplitcards = 5\n", "pyproject.toml: [tool.splitcards]: must be a table of keys"),
        ('[tool.splitcards]\nrules = "a"\nrules = "b"\n', "pyproject.toml: malformed TOML: Cannot overwrite a value"),
    ],
)
def test_a_malformed_tool_table_names_file_and_key(
    project: Path, monkeypatch: pytest.MonkeyPatch, text: str, problem: str
) -> None:
    pyproject = project / "pyproject.toml"
    pyproject.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match=re.escape(f"{pyproject}: {problem.split(': ', 1)[1]}")):
        project_config()  # found by the search upwards
    monkeypatch.setenv(CONFIG_ENV, str(pyproject))
    with pytest.raises(ConfigError, match=re.escape(problem)):
        project_config()  # named by the environment


def test_unknown_configured_version_says_where_it_came_from(project: Path) -> None:
    (project / "splitcards.yaml").write_text("rules: mirage-1996\n", encoding="utf-8")
    with pytest.raises(Exception, match=r"unknown rule version 'mirage-1996' \(from .*splitcards.yaml\)"):
        load_registry().get()
