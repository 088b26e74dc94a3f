"""The pytest plugin for adapter authors (``splitcards.tools.testing.plugin``), run in pytest sessions of
their own (pytester): inert without ``--splitcards-host``, one test per scenario and rule version
with it, and the host contract tests from the installed package."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path

import pytest

from splitcards.adapters.reference import ReferenceHost
from splitcards.errors import NotSupported
from splitcards.game.contract import AdapterInfo, Capability, Gap, KnownDeviation
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.hooks import hookimpl
from splitcards.rules.card import Side
from splitcards.rules.model import ObjectId
from splitcards.rules.versions import RuleVersion

pytest_plugins = ("pytester",)

ASSAULT = """\
  Assault // Battery:
    - {name: Assault // Battery, faceName: Assault, side: a, layout: split, manaCost: "{R}", types: [Sorcery],
       colors: [R]}
    - {name: Assault // Battery, faceName: Battery, side: b, layout: split, manaCost: "{3}{G}", types: [Sorcery],
       colors: [G]}
"""
SCENARIOS = f"""\
format: 1
cards:
{ASSAULT}\
  Bottomless Pool // Locker Room:
    - {{name: Bottomless Pool // Locker Room, faceName: Bottomless Pool, side: a, layout: split, manaCost: "{{U}}",
       types: [Enchantment], subtypes: [Room], colors: [U]}}
    - {{name: Bottomless Pool // Locker Room, faceName: Locker Room, side: b, layout: split, manaCost: "{{4}}{{U}}",
       types: [Enchantment], subtypes: [Room], colors: [U]}}
scenarios:
  - id: mv
    rules: [classic-2009, current, duskmourn-2024]
    source: CR 708.2
    setup:
      - create: {{card: Assault // Battery, zone: hand, as: ab}}
    checks:
      - {{mana_values: ab, expect: [1, 4]}}
  - id: unlock
    rules: [current]
    setup:
      - create: {{card: Bottomless Pool // Locker Room, zone: battlefield, as: room}}
      - unlock: {{object: room, door: left}}
    checks:
      - {{unlocked: room, expect: [left]}}
  - id: copy
    rules: [current]
    setup:
      - create: {{card: Assault // Battery, zone: graveyard, as: ab}}
      - copy_card: {{object: ab, as: c}}
    checks:
      - {{zone: c, expect: graveyard}}
"""


class PartialHost(ReferenceHost):
    """An engine without Rooms, and with a defect in copying cards."""

    name = "partial"

    def set_unlocked(self, obj: ObjectId, doors: frozenset[Side]) -> None:
        raise NotSupported("this engine has no Rooms")

    def copy_card(self, obj: ObjectId) -> ObjectId:
        raise KeyError("copies")


class PartialPlugin:
    @hookimpl
    def splitcards_register_adapters(self) -> Sequence[AdapterInfo]:
        def new_game(rules: RuleVersion) -> PartialHost:
            return PartialHost()

        return [
            AdapterInfo("partial", "an engine without Rooms", new_game),
            AdapterInfo("absent", "an engine not installed", new_game, available="pip install absent"),
            AdapterInfo(
                "declaring",
                "an engine that says it has no Rooms",
                new_game,
                lacks=(Gap(Capability.ROOMS, "declared: no Rooms here"),),
                deviations=(KnownDeviation("mv-right", "this passes on the reference rules", ("s.yaml::mv",)),),
            ),
            AdapterInfo(
                "stale",
                "an engine declaring a deviation for a scenario renamed since",
                new_game,
                deviations=(KnownDeviation("gone", "its scenario was renamed", ("suite/s.yaml::mv-old",)),),
            ),
        ]


@pytest.fixture
def partial(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hosts ``partial`` and ``absent`` registered beside the installed ones."""
    pm = make_plugin_manager([PartialPlugin()])
    monkeypatch.setattr("splitcards.game.plugins.manager.default_manager", lambda: pm)


@pytest.fixture
def scenarios(pytester: pytest.Pytester) -> Path:
    path = pytester.path / "suite" / "s.yaml"
    path.parent.mkdir()
    path.write_text(SCENARIOS, encoding="utf-8")
    return path


def test_inert_without_a_host(pytester: pytest.Pytester, scenarios: Path) -> None:
    pytester.makepyfile(test_plain="def test_plain():\n    pass\n")
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)


def test_one_test_per_scenario_and_rule_version(pytester: pytest.Pytester, scenarios: Path) -> None:
    # Other YAML files beside the scenarios (card data, a broken draft) are not scenario files.
    (scenarios.parent / "cards.yaml").write_text(ASSAULT.replace("  ", "", 1), encoding="utf-8")
    (scenarios.parent / "broken.yaml").write_text("format: [1\n", encoding="utf-8")
    result = pytester.runpytest(
        "-p", "no:cacheprovider", "--splitcards-host", "reference", "--collect-only", "-q", "suite"
    )
    assert result.outlines[:5] == [
        "suite/s.yaml::mv[classic-2009]",
        "suite/s.yaml::mv[duskmourn-2024]",
        "suite/s.yaml::unlock[duskmourn-2024]",
        "suite/s.yaml::copy[duskmourn-2024]",
        "",
    ]
    assert result.outlines[5].startswith("4 tests collected")


def test_a_failure_shows_expected_got_and_rules_and_reruns_with_lf(pytester: pytest.Pytester, scenarios: Path) -> None:
    xml = pytester.path / "report.xml"
    result = pytester.runpytest("--splitcards-host", "reference", f"--junitxml={xml}", "suite")
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*_ mv ?duskmourn-2024? _*",
            "fail: checks[0] mana_values: expected [1, 4], got [5]",
            "rules: 709.4*, 202.3d (duskmourn-2024)",
            "source: CR 708.2",
            "FAILED suite/s.yaml::mv?duskmourn-2024?*",
        ]
    )
    cases = [case.get("name") for case in ET.parse(xml).getroot().iter("testcase")]
    assert cases == ["mv[classic-2009]", "mv[duskmourn-2024]", "unlock[duskmourn-2024]", "copy[duskmourn-2024]"]
    again = pytester.runpytest("--splitcards-host", "reference", "--lf", "suite")
    again.assert_outcomes(failed=1)


def test_keyword_and_rule_version_select(pytester: pytest.Pytester, scenarios: Path) -> None:
    result = pytester.runpytest(
        "-p",
        "no:cacheprovider",
        "--splitcards-host",
        "reference",
        "--splitcards-rules",
        "classic-2009",
        "-k",
        "mv",
        "suite",
    )
    result.assert_outcomes(passed=1)


@pytest.mark.usefixtures("partial")
def test_not_supported_is_a_skip_and_a_host_exception_a_failure_naming_it(
    pytester: pytest.Pytester, scenarios: Path
) -> None:
    result = pytester.runpytest(
        "-p",
        "no:cacheprovider",
        "--splitcards-host",
        "partial",
        "--splitcards-allow-undeclared",
        "-rs",
        "-k",
        "unlock or copy",
        "suite",
    )
    result.assert_outcomes(skipped=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "fail: HostError: host 'partial' raised KeyError in Host.*: 'copies'",
            "SKIPPED * not supported by host partial: this engine has no Rooms",
        ]
    )


@pytest.mark.usefixtures("partial")
def test_an_undeclared_not_supported_fails_saying_what_to_declare(pytester: pytest.Pytester, scenarios: Path) -> None:
    result = pytester.runpytest("-p", "no:cacheprovider", "--splitcards-host", "partial", "-k", "unlock", "suite")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "not_supported: this engine has no Rooms",
            "host partial declares nothing behind it, which fails the test (--splitcards-allow-undeclared, *",
            "declare the capability the host lacks among those needed, rooms (card 'Bottomless Pool // Locker Room'):"
            " an adapter in AdapterInfo.lacks (Gap(Capability.ROOMS, reason)), a wire engine in the `lacks` it"
            ' answers to initialize ({"capability": "rooms", *',
            "see https://*/docs/testing.md#every-not_supported-is-declared",
        ]
    )
    # Allowed in the ini file, it is a skip again.
    pytester.makeini("[pytest]\nsplitcards_allow_undeclared = true\n")
    allowed = pytester.runpytest("-p", "no:cacheprovider", "--splitcards-host", "partial", "-k", "unlock", "suite")
    allowed.assert_outcomes(skipped=1)


@pytest.mark.usefixtures("partial")
def test_declared_gap_skips_and_a_deviation_that_passes_fails(pytester: pytest.Pytester, scenarios: Path) -> None:
    result = pytester.runpytest(
        "-p", "no:cacheprovider", "--splitcards-host", "declaring", "-rs", "-k", "unlock or mv", "suite"
    )
    result.assert_outcomes(skipped=2, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*declares the deviation 'mv-right'*the declaration is out of date*",
            "SKIPPED * not supported by host declaring ?declared: declaring.lacks?rooms??: *declared: no Rooms here",
        ]
    )


@pytest.mark.usefixtures("partial")
def test_a_declaration_covering_no_run_of_its_file_is_reported_and_fails(
    pytester: pytest.Pytester, scenarios: Path
) -> None:
    result = pytester.runpytest("-p", "no:cacheprovider", "--splitcards-host", "stale", "-k", "mv and classic", "suite")
    result.assert_outcomes(passed=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(
        [
            "*splitcards declarations out of date*",
            "host 'stale' declares the deviation 'gone' for suite/s.yaml::mv-old, which covers no run of s.yaml:"
            " the declaration is out of date",
        ]
    )
    # A run of other files does not judge a declaration about s.yaml.
    other = pytester.path / "other" / "s.yaml"
    other.parent.mkdir()
    other.write_text(SCENARIOS, encoding="utf-8")
    elsewhere = pytester.runpytest(
        "-p", "no:cacheprovider", "--splitcards-host", "stale", "-k", "mv and classic", "other"
    )
    assert elsewhere.ret == pytest.ExitCode.OK
    assert "out of date" not in elsewhere.stdout.str()


@pytest.mark.usefixtures("partial")
def test_unknown_or_unavailable_host_is_a_usage_error(pytester: pytest.Pytester) -> None:
    for name, problem in [("nosuch", "unknown host 'nosuch'"), ("absent", "absent: pip install absent")]:
        result = pytester.runpytest("-p", "no:cacheprovider", "--splitcards-host", name)
        assert result.ret == pytest.ExitCode.USAGE_ERROR
        result.stderr.fnmatch_lines([f"ERROR: --splitcards-host: {problem} (allowed: *partial*)"])
        assert "absent," not in result.stderr.str()


def test_a_malformed_scenario_file_is_named_not_a_traceback(pytester: pytest.Pytester) -> None:
    path = pytester.path / "bad.yaml"
    path.write_text("format: 1\nscenarios: [{id: a, rules: [current]}, {id: a, rules: [current]}]\n", encoding="utf-8")
    result = pytester.runpytest("-p", "no:cacheprovider", "--splitcards-host", "reference", str(path))
    assert result.ret == pytest.ExitCode.INTERRUPTED
    assert "bad.yaml: a: id: used twice in this file" in result.stdout.str()
    assert "Traceback" not in result.stdout.str()


def test_a_malformed_scenario_is_one_error_and_the_others_run(pytester: pytest.Pytester, scenarios: Path) -> None:
    scenarios.write_text(SCENARIOS.replace("{unlocked: room,", "{unlockd: room,"), encoding="utf-8")
    result = pytester.runpytest("-p", "no:cacheprovider", "--splitcards-host", "reference", "suite")
    result.assert_outcomes(passed=2, failed=1, errors=1)
    result.stdout.fnmatch_lines(
        [
            "*ERROR at setup of unlock ?duskmourn-2024?*",
            "*s.yaml: unlock: checks?0?: unknown query 'unlockd' (did you mean 'unlocked'*",
            "ERROR suite/s.yaml::unlock?duskmourn-2024?*",
        ]
    )
    assert "Traceback" not in result.stdout.str()


def test_bundled_suite_without_a_path(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("-p", "no:cacheprovider", "--splitcards-host", "reference", "--collect-only", "-q")
    assert any("rooms.yaml::" in line and line.endswith("[duskmourn-2024]") for line in result.outlines)


@pytest.mark.usefixtures("partial")
def test_contract_tests_from_the_package(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest(
        "-p", "no:cacheprovider", "-rs", "--splitcards-host", "partial", "--pyargs", "splitcards.tools.testing"
    )
    # Its NotSupported for Rooms is declared nowhere: in the Room test of 0.1 a skip saying so, with a
    # DeprecationWarning; in the copy of a Room (a strict test) a failure; copy_card's defect fails.
    result.assert_outcomes(passed=15, skipped=1, failed=2)
    result.stdout.fnmatch_lines(
        [
            "host partial raised NotSupported, which it declares nowhere: this engine has no Rooms",
            "declare the gap on its AdapterInfo *",
            "*DeprecationWarning: host partial raised NotSupported, which it declares nowhere: a contract test will*",
            "SKIPPED * not supported by host partial, which declares nothing for it: this engine has no Rooms",
        ]
    )
    declaring = pytester.runpytest(
        "-p", "no:cacheprovider", "-rs", "--splitcards-host", "declaring", "--pyargs", "splitcards.tools.testing"
    )
    # The Room tests (copies of Rooms too) are skipped naming the declaration; copy_card's defect fails.
    # (Its game's host is named "partial": the name check fails too.)
    declaring.assert_outcomes(passed=13, skipped=3, failed=2)
    declaring.stdout.fnmatch_lines(
        ["SKIPPED * host declaring declares declaring.lacks?rooms?: declared: no Rooms here"]
    )
    without_host = pytester.runpytest("-p", "no:cacheprovider", "--pyargs", "splitcards.tools.testing")
    assert without_host.ret == pytest.ExitCode.USAGE_ERROR
    assert without_host.stderr.str().count("the host contract tests need a host: --splitcards-host NAME") == 1


def test_the_deprecated_path_runs_the_same_contract_tests(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    # Imported afresh, so it warns as in a new process.
    for name in [m for m in sys.modules if m.startswith("splitcards.testing")]:
        monkeypatch.delitem(sys.modules, name)
    args = ["-p", "no:cacheprovider", "--splitcards-host", "reference", "--collect-only", "-q", "--pyargs"]
    old = pytester.runpytest(*args, "splitcards.testing", "-W", "always::DeprecationWarning")
    new = pytester.runpytest(*args, "splitcards.tools.testing")
    tests = [line.split("::", 1)[1] for line in new.outlines if "::" in line]
    assert len(tests) == 18
    assert [line.split("::", 1)[1] for line in old.outlines if "::" in line] == tests
    old.stdout.fnmatch_lines(
        ["*DeprecationWarning: splitcards.testing is deprecated: import from splitcards.tools.testing*"]
    )
    without_host = pytester.runpytest("-p", "no:cacheprovider", "--pyargs", "splitcards.testing")
    assert without_host.ret == pytest.ExitCode.USAGE_ERROR
    assert "the host contract tests need a host" in without_host.stderr.str()


@pytest.mark.usefixtures("partial")
def test_a_typo_in_the_ini_file_is_named_as_the_ini_option(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nsplitcards_host = partail\n")
    result = pytester.runpytest("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: splitcards_host (ini): unknown host 'partail' (did you mean 'partial'*"])
    pytester.makeini("[pytest]\nsplitcards_host = reference\nsplitcards_rules =\n    clasic-2009\n")
    result = pytester.runpytest("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: splitcards_rules (ini): unknown rule version 'clasic-2009'*"])
    result = pytester.runpytest("-p", "no:cacheprovider", "--splitcards-rules", "clasic-2009")
    result.stderr.fnmatch_lines(["ERROR: --splitcards-rules: unknown rule version 'clasic-2009'*"])


def test_a_scenario_naming_an_unknown_rule_version_is_an_error_not_a_failure(pytester: pytest.Pytester) -> None:
    path = pytester.path / "v.yaml"
    path.write_text(SCENARIOS.replace("rules: [current]", "rules: [mirage-1996]", 1), encoding="utf-8")
    result = pytester.runpytest("-p", "no:cacheprovider", "--splitcards-host", "reference", str(path))
    # (mv fails under duskmourn-2024 on purpose, as everywhere in this file.)
    result.assert_outcomes(passed=2, failed=1, errors=1)
    result.stdout.fnmatch_lines(["*rules: unknown rule version 'mirage-1996'*", "ERROR v.yaml::unlock?mirage-1996?*"])


def test_the_ini_file_names_the_host_and_the_rules(pytester: pytest.Pytester, scenarios: Path) -> None:
    pytester.makeini("[pytest]\nsplitcards_host = reference\nsplitcards_rules =\n    classic-2009\n")
    result = pytester.runpytest("-p", "no:cacheprovider", "suite")
    # Of the four runs of s.yaml only mv names classic-2009, and it passes there.
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["splitcards: host reference (*); rules: classic-2009", "splitcards plugins: *"])


def test_an_unknown_query_names_the_near_one(pytester: pytest.Pytester) -> None:
    path = pytester.path / "q.yaml"
    path.write_text(
        "format: 1\ncards: {}\nscenarios:\n  - {id: q, rules: [current], setup: [],"
        " checks: [{mana_valeus: x, expect: 1}]}\n",
        encoding="utf-8",
    )
    result = pytester.runpytest("-p", "no:cacheprovider", "--splitcards-host", "reference", str(path))
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*unknown query 'mana_valeus' (did you mean 'mana_values'*"])


def test_pytest_help_imports_none_of_the_rules(tmp_path: Path) -> None:
    import subprocess
    import sys

    probe = (
        "import contextlib, io, sys, pytest\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    pytest.main(['--help', '-p', 'no:cacheprovider'])\n"
        "print(sorted(m for m in sys.modules if m.startswith('splitcards')))\n"
    )
    # In a folder of its own: this project's conftest.py would import the rules itself.
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=tmp_path)
    out = run.stdout
    assert (
        out.strip()
        == "['splitcards', 'splitcards.tools', 'splitcards.tools.testing', 'splitcards.tools.testing.plugin']"
    )
