from __future__ import annotations

from importlib import resources
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


BUNDLED_ROOMS = str(Path(str(resources.files("splitcards.conformance.bundled") / "rooms.yaml")))


def test_bad_files_are_named_and_the_others_still_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nope.yaml"
    listed = tmp_path / "listed.yaml"
    listed.write_text(
        "format: 1\nscenarios:\n  - {id: a, rules: [current], setup: [{create: {card: X,"
        " zone: hand, expect_error: [x]}}]}\n",
        encoding="utf-8",
    )
    null_card = tmp_path / "null.yaml"
    null_card.write_text("format: 1\ncards: {X: null}\nscenarios: []\n", encoding="utf-8")
    utf16 = tmp_path / "utf16.yaml"
    utf16.write_text("format: 1\n", encoding="utf-16")
    paths = [str(p) for p in (missing, listed, null_card, utf16)]
    assert main(["conformance", *paths, BUNDLED_ROOMS]) == 2
    out = capsys.readouterr().out
    assert out.count("ERROR ") == 4
    assert f"{missing}: cannot read" in out and "expect_error" in out and "'X'" in out
    assert out.splitlines()[-1].startswith("17 pass, 0 fail") and out.splitlines()[-1].endswith("4 file errors")


def test_exit_status_like_pytest(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", BUNDLED_ROOMS]) == 0
    assert main(["conformance", BUNDLED_ROOMS, "--rules", "invasion-2000"]) == 5
    wrong = tmp_path / "wrong.yaml"
    text = Path(BUNDLED_ROOMS).read_text(encoding="utf-8").replace("expect: true", "expect: false", 1)
    wrong.write_text(text, encoding="utf-8")
    assert main(["conformance", str(wrong)]) == 1


def test_results_stream_with_a_plugins_header(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", BUNDLED_ROOMS]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("hosts: reference")
    assert lines[1].startswith("plugins: splitcards.builtin") and "reference" in lines[1]
    assert lines[2].startswith("PASS ")


def test_bundled_suite_is_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "--rules", "classic-2009"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert " 0 fail, 0 not_supported, 0 error" in last
