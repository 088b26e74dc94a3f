from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from splitcards.rules.versionfile import CHOICES
from splitcards.tools.cli import main
from splitcards.tools.cli.diff import IN_PLAY
from splitcards.tools.conformance import runner


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


BUNDLED_ROOMS = str(Path(str(resources.files("splitcards.tools.conformance.bundled") / "rooms.yaml")))


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
    # The bad step of listed.yaml costs its scenario, not the file.
    assert "ERROR         listed.yaml::a [duskmourn-2024] host=reference: " in out
    assert out.splitlines()[-1] == "17 pass, 0 fail, 0 not_supported, 1 error, 3 file errors"


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
    assert lines[1].startswith("plugins: splitcards.game.builtin") and "reference" in lines[1]
    assert lines[2].startswith("PASS ")


def test_bundled_suite_is_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "--rules", "classic-2009"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert " 0 fail, 0 not_supported, 0 error" in last


def test_jsonl_a_line_per_run_then_the_totals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", BUNDLED_ROOMS, "--format", "jsonl"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == 18
    assert lines[0]["file"] == BUNDLED_ROOMS and lines[0]["status"] == "pass" and lines[0]["host"] == "reference"
    # Results format 1.1: the lines of 1.0, the totals line with the run's header added.
    header = lines[-1].pop("header")
    assert header["format"] == "1.1" and header["command"].startswith("splitcards conformance")
    assert lines[-1] == {"pass": 17, "fail": 0, "not_supported": 0, "error": 0, "file_errors": [], "interrupted": False}


@pytest.fixture
def interrupted_after_two(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """The arguments of a conformance command whose third run is stopped by Ctrl-C: an unreadable
    file, then rooms.yaml."""
    real = runner.run_planned
    calls: list[None] = []

    def run_planned(*args: Any, **kwargs: Any) -> runner.Result:
        if len(calls) == 2:
            raise KeyboardInterrupt
        calls.append(None)
        return real(*args, **kwargs)

    monkeypatch.setattr(runner, "run_planned", run_planned)
    return ["conformance", str(tmp_path / "nope.yaml"), BUNDLED_ROOMS]


def test_interrupted_text_keeps_the_runs_and_prints_their_totals(
    interrupted_after_two: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(interrupted_after_two) == 2
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines[2].startswith("ERROR ") and "nope.yaml: cannot read" in lines[2]
    assert [line[:6] for line in lines[3:5]] == ["PASS  ", "PASS  "]
    assert lines[5:] == ["2 pass, 0 fail, 0 not_supported, 0 error, 1 file errors (interrupted)"]
    assert captured.err == "splitcards: interrupted\n"


def test_interrupted_jsonl_keeps_the_runs_and_prints_their_totals(
    interrupted_after_two: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*interrupted_after_two, "--format", "jsonl"]) == 2
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["status"] for line in lines[:2]] == ["pass", "pass"]
    assert len(lines) == 3
    assert lines[2]["interrupted"] is True and lines[2]["header"]["format"] == "1.1"
    assert (lines[2]["pass"], lines[2]["fail"], lines[2]["error"], len(lines[2]["file_errors"])) == (2, 0, 0, 1)


def test_interrupted_json_prints_the_document_of_the_runs_that_ended(
    interrupted_after_two: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*interrupted_after_two, "--format", "json"]) == 2
    report = json.loads(capsys.readouterr().out)
    assert [r["status"] for r in report["results"]] == ["pass", "pass"]
    assert (report["pass"], report["interrupted"], len(report["file_errors"])) == (2, True, 1)


# The command in a process of its own, paused before its second run until the test sends SIGINT.
PAUSED = """\
import signal, sys
from splitcards.tools.cli import main
from splitcards.tools.conformance import runner

# As in a terminal, even if the parent ignores or blocks it.
signal.signal(signal.SIGINT, signal.default_int_handler)
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
real, calls = runner.run_planned, []

def run_planned(*args, **kwargs):
    if calls:
        sys.stdin.readline()
    calls.append(None)
    return real(*args, **kwargs)

runner.run_planned = run_planned
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is a POSIX signal")
def test_sigint_during_jsonl_after_a_flushed_line(tmp_path: Path) -> None:
    script = tmp_path / "paused.py"
    script.write_text(PAUSED, encoding="utf-8")
    argv = [sys.executable, str(script), "conformance", BUNDLED_ROOMS, "--format", "jsonl"]
    with subprocess.Popen(
        argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as child:
        assert child.stdout is not None
        try:
            # The first run's line arrives while the command still runs: it was flushed.
            ready, _, _ = select.select([child.stdout], [], [], 60)
            assert ready, "no line before the second run"
            first = json.loads(child.stdout.readline())
            os.kill(child.pid, signal.SIGINT)
            out, err = child.communicate(timeout=60)
        finally:
            child.kill()
    assert first["status"] == "pass"
    (totals,) = [json.loads(line) for line in out.splitlines()]
    assert totals.pop("header")["format"] == "1.1"
    assert totals == {"pass": 1, "fail": 0, "not_supported": 0, "error": 0, "file_errors": [], "interrupted": True}
    assert (child.returncode, err) == (2, "splitcards: interrupted\n")


def test_version_and_module_entry(capsys: pytest.CaptureFixture[str]) -> None:
    import splitcards

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"splitcards {splitcards.__version__}"
    ran = subprocess.run([sys.executable, "-m", "splitcards", "--help"], capture_output=True, text=True, check=False)
    assert ran.returncode == 0 and "conformance" in ran.stdout and ran.stdout.startswith("usage: splitcards")


def test_listings_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["versions", "--format", "json"]) == 0
    versions = json.loads(capsys.readouterr().out)
    assert {v["name"]: v["source"] for v in versions}["duskmourn-2024"] == "shipped"
    assert main(["hosts", "--format", "json"]) == 0
    assert any(h["name"] == "reference" and h["available"] for h in json.loads(capsys.readouterr().out))
    assert main(["plugins", "--format", "json"]) == 0
    plugins = {p["name"]: p for p in json.loads(capsys.readouterr().out)}
    assert plugins["reference"]["hosts"] == ["reference"] and plugins["reference"]["origin"].startswith("shipped")
    assert "check_cast" in plugins["splitcards.game.builtin"]["hooks"]


def test_config_says_where_each_value_comes_from(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SPLITCARDS_RULES", "classic-2009")
    assert main(["config"]) == 0
    assert "rules: classic-2009  ($SPLITCARDS_RULES)" in capsys.readouterr().out


def test_schema_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "scenario"]) == 0
    assert json.loads(capsys.readouterr().out)["$schema"].startswith("https://json-schema.org/")


def test_show_fire_ice_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "Fire // Ice", "--rules", "all"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Fire // Ice (in the hand)" and lines[1].split() == [
        "invasion-2000",
        "classic-2009",
        "classic-2013",
        "amonkhet-2017",
        "duskmourn-2024",
    ]
    # Two answers until Amonkhet's rules change (708.2), one combined since (708.4, 709.4).
    values = next(line for line in lines if line.startswith("mana values"))
    assert values.split("values", 1)[1].split() == ["2", "|", "2", "2", "|", "2", "2", "|", "2", "4", "*", "4"]
    assert main(["show", "Fire // Ice", "--rules", "classic-2009", "--format", "json"]) == 0
    answers = json.loads(capsys.readouterr().out)["versions"]["classic-2009"]
    assert answers["mana values"] == {"value": "2 | 2", "rules": ["708.2", "708.5"]}
    assert answers["name choices"] == {"value": "Fire + Ice", "rules": ["708.7"]}
    assert main(["show", "Nope // Never"]) == 2


@pytest.mark.parametrize(
    "argv",
    [
        ["demo", "--seed", "-1"],
        ["demo", "--seed", str(2**80)],
        ["demo", "--max-actions", "-5"],
        ["soak", "--games", "0"],
        ["demo", "--seed", "one"],
    ],
)
def test_bad_numbers_are_usage_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "error: argument" in err and "Traceback" not in err


def test_demo_on_a_host_without_ai_is_an_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["demo", "--host", "reference"]) == 2
    assert "can't play AI games" in capsys.readouterr().err
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"\x00\xff\xfe\x01" * 10)
    assert main(["demo", "--rules", str(binary)]) == 2
    assert str(binary) in capsys.readouterr().err


def test_show_one_version_gives_rules_and_a_zone(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "Bottomless Pool // Locker Room", "--rules", "current", "--zone", "battlefield"]) == 0
    out = capsys.readouterr().out
    # A Room permanent with both doors locked has neither half's name nor mana cost (709.5).
    assert "names                             -  (709.5, 709.5a, 709.4a)" in out
    assert "mana values                       0  (709.5, 709.5a" in out
    assert main(["show", "Bottomless Pool // Locker Room", "--rules", "classic-2009"]) == 0
    assert "has no Rooms" in capsys.readouterr().out


def test_diff_names_each_key_and_what_it_changes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "classic-2009", "classic-2013"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("classic-2009 (2009-07-11) -> classic-2013 (")
    assert "features.fuse: no -> yes" in out
    assert "naming.choose: both halves -> one half" in out
    assert main(["diff", "current", "duskmourn-2024", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["differences"] == []


def test_a_bare_command_prints_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    assert capsys.readouterr().out.startswith("usage: splitcards")


def test_conformance_runs_a_folder_recursively(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "deep").mkdir()
    (tmp_path / "deep" / "rooms.yaml").write_text(Path(BUNDLED_ROOMS).read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["conformance", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "17 pass, 0 fail, 0 not_supported, 0 error"


def test_diff_puts_the_seven_behaviour_changes_first(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "classic-2009", "current"]) == 0
    lines = capsys.readouterr().out.splitlines()
    keys = [line.split(":")[0] for line in lines[1:15:2]]
    # Fuse (702.102), aftermath (702.127) and Rooms (709) arrive; 708.4 combines the halves off
    # the stack and a fused spell's characteristics; 201.4b names one half; 702.34a casts only an
    # instant or sorcery spell with flashback.
    assert keys == [
        "features.fuse",
        "features.aftermath",
        "features.rooms",
        "characteristics.off_stack",
        "characteristics.fused_spell",
        "naming.choose",
        "casting.flashback",
    ]
    assert len(lines) == 16 and lines[-1].startswith("rules.*: ")


def test_diff_says_what_every_setting_changes_in_play() -> None:
    assert set(IN_PLAY) == {"fuse", "aftermath", "rooms"} | set(CHOICES)


def test_show_forgives_case_and_spacing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "fire//ice", "--rules", "current"]) == 0
    assert capsys.readouterr().out.startswith("Fire // Ice (in the hand)")
    assert main(["show", "Fier // Ice"]) == 2
    assert "(did you mean 'Fire // Ice'" in capsys.readouterr().err


def test_show_says_why_a_room_is_missing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "Bottomless Pool // Locker Room", "--rules", "classic-2013", "--rules", "current"]) == 0
    out = capsys.readouterr().out
    assert "not in classic-2013: " in out and "has no Rooms" in out and "in duskmourn-2024 and later" in out


def test_config_check_reports_every_problem_and_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("SPLITCARDS_CONFIG", raising=False)
    monkeypatch.delenv("SPLITCARDS_DISABLE_PLUGINS", raising=False)
    monkeypatch.setenv("SPLITCARDS_RULES", "curent")
    monkeypatch.chdir(tmp_path)
    config = tmp_path / "splitcards.yaml"
    config.write_text("rule: x\nhouse_rules: [nope.yaml]\ndisable_plugins: [phse]\n", encoding="utf-8")
    assert main(["config", "--check"]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"error: config_file: {config}: rule: unknown key (did you mean 'rules'?) (allowed: rules, house_rules,"
        " disable_plugins) (from the project configuration)",
        "error: disable_plugins: unknown plugin 'phse' (did you mean 'phase'?) (allowed: mtg, phase, reference, *)"
        f" (from {config})",
        f"error: house_rules: {tmp_path / 'nope.yaml'}: cannot read: No such file or directory (from {config})",
        "error: rules: unknown rule version 'curent' (did you mean 'current'?) (allowed: amonkhet-2017,"
        " classic-2009, classic-2013, current, duskmourn-2024, invasion-2000) (from $SPLITCARDS_RULES)",
    ]
    config.unlink()
    monkeypatch.delenv("SPLITCARDS_RULES")
    assert main(["config", "--check"]) == 0


def test_a_blocked_host_says_what_blocks_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SPLITCARDS_DISABLE_PLUGINS", "phase")
    assert main(["conformance", "--host", "phase"]) == 2
    assert capsys.readouterr().err == "splitcards: error: --host: phase: blocked by $SPLITCARDS_DISABLE_PLUGINS\n"


def test_completion_script_for_bash(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", "bash"]) == 0
    assert "conformance" in capsys.readouterr().out
