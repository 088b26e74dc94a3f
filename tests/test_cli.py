from __future__ import annotations

from pathlib import Path

import pytest

from splitcards.cli import main


def test_versions_in_edition_order(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["versions"]) == 0
    names = [line.split(":")[0].split(" ")[0] for line in capsys.readouterr().out.splitlines()]
    assert names == ["invasion-2000", "classic-2009", "classic-2013", "amonkhet-2017", "duskmourn-2024"]


def test_hosts_lists_the_reference_host(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hosts"]) == 0
    assert "reference: in-memory reference host (tests of the rules) [available]" in capsys.readouterr().out


def test_unknown_host_is_an_error_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "--host", "xmage"]) == 2
    err = capsys.readouterr().err
    assert "--host: unknown host 'xmage' (allowed: reference" in err
    assert "Traceback" not in err


def test_unknown_rule_version_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "--rules", "alpha-1993"]) == 2
    assert "unknown rule version 'alpha-1993'" in capsys.readouterr().err


def test_missing_scenario_file_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nope.yaml"
    assert main(["conformance", str(missing)]) == 1
    assert f"{missing}: cannot read" in capsys.readouterr().out


def test_bundled_suite_is_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "--rules", "classic-2009"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.endswith(" failed, 0 not_supported") and " 0 failed" in last
