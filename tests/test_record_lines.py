"""A record's lines are read back as written, whatever a card's name holds, and a command never
writes its output over one of its own inputs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from splitcards.errors import RecordError
from splitcards.tools.cli import main
from splitcards.tools.play.record import read_record, record_line

LINE_BREAKS = ("\u2028", "\u2029", "\u0085")


@pytest.mark.parametrize("char", LINE_BREAKS, ids=["u2028", "u2029", "u0085"])
def test_a_record_line_holds_no_character_a_reader_ends_a_line_at(char: str) -> None:
    data = {"card": f"Æther{char}Vial", "steps": [f"a{char}b"]}
    line = record_line(data)
    assert len(line.splitlines()) == 1 and "\n" not in line
    assert json.loads(line) == data


@pytest.mark.parametrize("char", LINE_BREAKS, ids=["u2028", "u2029", "u0085"])
def test_a_line_break_raw_inside_a_string_does_not_split_the_line(tmp_path: Path, char: str) -> None:
    # As an earlier writer left them: the reader ends lines at "\n" alone, so the header is read
    # whole and refused for what it is, not as a line cut in two.
    path = tmp_path / "old.jsonl"
    path.write_text(json.dumps({"record": f"x{char}y"}, ensure_ascii=False) + "\n", encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        read_record(path)
    assert "old.jsonl:1: not a game record" in str(caught.value)
    assert "not JSON" not in str(caught.value)


@pytest.mark.parametrize("option", ["--cards", "--deck", "--opponent-deck"])
def test_demo_refuses_to_record_over_its_own_input(
    tmp_path: Path, option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    files = {name: tmp_path / f"{name.strip('-')}.txt" for name in ("--cards", "--deck", "--opponent-deck")}
    for path in files.values():
        path.write_text("kept\n", encoding="utf-8")
    argv = ["demo", *(arg for name, path in files.items() for arg in (name, str(path)))]
    # The same file by another spelling of its path.
    record = tmp_path / "." / files[option].name
    assert main([*argv, "--record", str(record)]) == 2
    err = capsys.readouterr().err
    assert f"--record: {record} is the {option} file: the command would overwrite its own input" in err
    assert all(path.read_text(encoding="utf-8") == "kept\n" for path in files.values())
