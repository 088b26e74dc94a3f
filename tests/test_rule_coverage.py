"""Every rule cited in config/ is tested by a bundled scenario, or listed with why; the table of
docs/rules.md ("Rules and the scenarios that test them") says so, and is current."""

from __future__ import annotations

from pathlib import Path

import pytest

from splitcards.tools.conformance import coverage

ROOT = Path(__file__).parents[1]
BUNDLED = ROOT / "plugin" / "tools" / "conformance" / "bundled"
DOC = ROOT / "docs" / "rules.md"
COMMAND = (
    "python -m splitcards.tools.conformance.coverage plugin/tools/conformance/bundled"
    " --listing plugin/tools/conformance/coverage.yaml --prune --write docs/rules.md"
)

ONE_SCENARIO = """\
format: 1.2
cards:
  "Fire // Ice":
    - {name: "Fire // Ice", faceName: Fire, side: a, layout: split, manaCost: "{1}{R}", types: [Instant],
       colors: [R], text: "Fire deals 2 damage divided as you choose among one or two targets."}
    - {name: "Fire // Ice", faceName: Ice, side: b, layout: split, manaCost: "{1}{U}", types: [Instant],
       colors: [U], text: "Tap target permanent. Draw a card."}
scenarios:
  - id: fire-ice-colors
    rules: [current]
    source: "CR 709.4b, 709.5j, 702.47a"
    setup:
      - create: {card: "Fire // Ice", zone: hand, as: fi}
    checks:
      - {colors: fi, expect: [R, U]}
"""


@pytest.fixture(scope="module")
def generated() -> tuple[str, list[str], coverage.Coverage]:
    return coverage.generate(BUNDLED)


def test_every_bundled_run_passes_on_the_reference_host(generated: tuple[str, list[str], coverage.Coverage]) -> None:
    assert generated[2].not_passed == ()


def test_every_rule_cited_in_config_is_tested_or_listed(generated: tuple[str, list[str], coverage.Coverage]) -> None:
    # Each line says what to do: add a scenario that tests the rule, or list it in coverage.yaml with why.
    assert generated[1] == []


def test_the_table_in_docs_rules_is_current(generated: tuple[str, list[str], coverage.Coverage]) -> None:
    assert generated[0] in DOC.read_text(encoding="utf-8"), f"regenerate it: {COMMAND}"


def test_709_4b_is_tested_by_the_characteristics_scenarios(
    generated: tuple[str, list[str], coverage.Coverage],
) -> None:
    assert "characteristics.yaml::boom-bust-current" in generated[2].tested["duskmourn-2024", "709.4b"]


def test_708_6a_is_tested_in_the_old_numbering_only(generated: tuple[str, list[str], coverage.Coverage]) -> None:
    tested = generated[2].tested
    assert ("classic-2009", "708.6a") in tested
    assert ("duskmourn-2024", "708.6a") not in tested


def test_a_rule_named_only_in_a_source_is_not_tested(tmp_path: Path) -> None:
    (tmp_path / "one.yaml").write_text(ONE_SCENARIO, encoding="utf-8")
    found = coverage.observe(coverage.bundled_files(tmp_path))
    # The colors answer cites 709.4b; 709.5j and 702.47a are only in the source.
    assert found.tested["duskmourn-2024", "709.4b"] == ("one.yaml::fire-ice-colors",)
    assert ("duskmourn-2024", "709.5j") not in found.tested
    assert ("duskmourn-2024", "702.47a") not in found.tested


def test_a_failing_run_tests_nothing(tmp_path: Path) -> None:
    (tmp_path / "one.yaml").write_text(ONE_SCENARIO.replace("[R, U]", "[G]"), encoding="utf-8")
    found = coverage.observe(coverage.bundled_files(tmp_path))
    assert found.tested == {}
    assert found.not_passed == ("one.yaml::fire-ice-colors [duskmourn-2024]: fail",)


def test_problems_name_what_is_neither_tested_nor_listed() -> None:
    cited = {"duskmourn-2024": {"709.4b": ("colors",), "702.102d": ("fuse_order",), "609.4b": ("mana_any_type",)}}
    listing = coverage.Listing(
        seed={}, untested={"duskmourn-2024": {"709.4b": "why", "609.4b": "why", "116.2k": "why"}}
    )
    found = coverage.problems(coverage.Coverage({("duskmourn-2024", "709.4b"): ("a.yaml::s",)}), cited, listing)
    assert found == [
        "duskmourn-2024: 702.102d (fuse_order) is cited in config/ and no bundled scenario tests it",
        "duskmourn-2024: 116.2k is listed as untested, and config/ does not cite it",
        "duskmourn-2024: 709.4b is listed as untested, and a bundled scenario tests it",
    ]


def test_pruning_drops_only_the_tested_entries() -> None:
    text = 'seed: {}\nuntested:\n  current-x:\n    "709.4b": "why"\n    "709.5j": "why"\n'
    found = coverage.pruned(text, coverage.Coverage({("current-x", "709.4b"): ("a.yaml::s",)}))
    assert found == 'seed: {}\nuntested:\n  current-x:\n    "709.5j": "why"\n'


def test_rule_order() -> None:
    numbers = ["709.10", "709.4a", "116.2m", "709.4", "702.47a"]
    assert sorted(numbers, key=coverage.rule_order) == ["116.2m", "702.47a", "709.4", "709.4a", "709.10"]


def test_the_generator_reads_every_bundled_file() -> None:
    assert coverage.bundled_files(BUNDLED) == sorted(BUNDLED.glob("*.yaml"))
