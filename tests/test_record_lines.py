"""A record's lines are read back as written, whatever a card's name holds, and no more than
is written: a record or a soak's results are read strictly, each bad line the package's own error.
A command never writes its output over one of its own inputs."""

from __future__ import annotations

import errno
import json
import os
import sys
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from splitcards.errors import OutputError, RecordError, SplitcardsError
from splitcards.tools.cli import main
from splitcards.tools.conformance import bundled
from splitcards.tools.play import soak
from splitcards.tools.play.decklists import MAX_CARDS
from splitcards.tools.play.record import FORMAT, RECORD, Difference, RecordWriter, read_record, record_line
from splitcards.tools.play.recordfields import result_problem, step_problem
from splitcards.tools.schemas import record as record_schema

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
    assert f"--record {record}: it is the {option} file {files[option]}: the command would overwrite" in err
    assert all(path.read_text(encoding="utf-8") == "kept\n" for path in files.values())


HEADER: dict[str, object] = {
    "record": RECORD,
    "format": FORMAT,
    "host": "phase",
    "engine": "phase-python 0.103.0",
    "splitcards": "0.1.0",
    "rules": "duskmourn-2024",
    "rules_file": None,
    "seed": 1,
    "max_actions": 10,
    "cards": "embedded",
    "decks": [{"player": "p1", "name": "a", "library": []}, {"player": "p2", "name": "b", "library": []}],
    "hashes": {},
}
RESULT: dict[str, object] = {
    "winner": None,
    "reason": "the action cap",
    "rules": [],
    "turns": 3,
    "actions": 10,
    "casts": 0,
    "refusals": 0,
}


def _deck_of(size: int) -> dict[str, object]:
    library = {"player": "p2", "name": "b", "library": ["Forest"] * size}
    return {**HEADER, "decks": [HEADER["decks"][0], library]}  # type: ignore[index]


EVENT = {"event": "cast", "object": "a", "rules": []}
STEP = '{"step": 1, "turn": 1, "player": "p1", "action": {}, "said": [], "events": []}'


@pytest.mark.parametrize(
    ("lines", "problem"),
    [
        ([json.dumps({**HEADER, "seed": -1})], ":1: seed: a whole number from 0 to 9223372036854775807, not -1"),
        ([json.dumps({**HEADER, "seed": 2**64})], ":1: seed: a whole number from 0 to 9223372036854775807, not 1844"),
        ([json.dumps({**HEADER, "seed": 10**40})], ":1: a number of 41 digits, over the 30 allowed"),
        ([json.dumps({**HEADER, "seed": True})], ":1: seed: missing or of the wrong type"),
        ([json.dumps({**HEADER, "format": True})], ":1: format True: this splitcards reads record format 1"),
        ([json.dumps(HEADER)[:-1] + ', "seed": 2}'], ":1: the key 'seed' is given twice in one object"),
        ([json.dumps(HEADER), "[" * 100_000 + "]" * 100_000], ":2: not JSON splitcards reads: nested too deep"),
        ([json.dumps(HEADER), STEP.replace('"step": 1', '"step": true')], ":2: step 1 expected, with its action"),
        ([json.dumps(HEADER), '{"step": 1, "x": NaN}'], ":2: NaN is not a JSON number"),
        ([json.dumps(HEADER), STEP.replace('"turn": 1', '"turn": -1')], ":2: step 1: turn: must be a whole number"),
        ([json.dumps(HEADER), STEP.replace('"p1"', '"p3"')], ":2: step 1: player: must be 'p1' or 'p2'"),
        ([json.dumps(HEADER), STEP.replace('"said": []', '"said": [1]')], ":2: step 1: said: must be a list of"),
        ([json.dumps(HEADER), STEP.replace('"turn": 1, ', "")], ":2: step 1: turn: missing"),
        ([json.dumps(HEADER), STEP[:-1] + ', "extra": 1}'], ":2: step 1: extra: not a field of the record"),
        (
            [json.dumps(HEADER), STEP.replace('"events": []', '"events": [{"event": "cast", "object": "a"}]')],
            ":2: step 1: events[0].rules: missing",
        ),
        ([json.dumps(HEADER), '{"result": {"winner": "p1"}}'], ":2: result.reason: missing"),
        (
            [json.dumps(HEADER), json.dumps({"result": {**RESULT, "turns": True}})],
            ":2: result.turns: must be a whole number from 0",
        ),
        ([json.dumps(HEADER), json.dumps({"result": RESULT, "said": []})], ":2: the result line holds the result"),
        # Every count is bounded as a decklist's is: the engine never builds what a decklist can't ask for.
        ([json.dumps(_deck_of(MAX_CARDS + 1))], ":1: decks[1].library: 501 cards, more than the 500 a deck holds"),
        ([json.dumps({**HEADER, "hashes": {str(n): "0" * 16 for n in range(1001)}})], ":1: hashes: 1001 cards"),
        ([json.dumps({**HEADER, "max_actions": 10**6})], ":1: max_actions: a whole number from 1 to 100000"),
        ([json.dumps({**HEADER, "max_actions": 1}), STEP, STEP.replace('"step": 1', '"step": 2')], ":3: step: more"),
        ([json.dumps(HEADER), STEP.replace('"said": []', f'"said": {json.dumps(["x"] * 1001)}')], ":2: step 1: said"),
        (
            [json.dumps(HEADER), STEP.replace('"events": []', f'"events": {json.dumps([EVENT] * 1001)}')],
            ":2: step 1: events: must be a list of at most 1000",
        ),
    ],
    ids=[
        *("seed-1", "seed-2**64", "seed-40-digits", "seed-true", "format-true", "key-twice", "deep", "step-true"),
        *("nan", "turn-negative", "player-p3", "said-number", "turn-missing", "step-extra-key", "event-no-rules"),
        *("result-no-reason", "result-turns-true", "result-line-extra", "deck-501", "hashes-1001"),
        *("max-actions-10**6", "steps-past-max-actions", "said-1001", "events-1001"),
    ],
)
def test_a_record_is_read_as_strictly_as_it_is_written(tmp_path: Path, lines: list[str], problem: str) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        read_record(path)
    assert problem in str(caught.value)


def test_replay_of_a_bad_record_is_exit_status_2_not_an_internal_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.jsonl"
    for text in (json.dumps({**HEADER, "seed": 2**64}), "[" * 100_000 + "]" * 100_000):
        path.write_text(text + "\n", encoding="utf-8")
        assert main(["replay", str(path)]) == 2
        assert "internal error" not in capsys.readouterr().err


def test_replay_echoes_no_string_of_a_record_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps({**HEADER, "host": "h" * 2_000_000}) + "\n", encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "r.jsonl:1: host 'hhh" in err and "... (2000002 characters)" in err
    assert len(err) < 1000
    difference = str(Difference(3, "said", ["x" * 100_000], ["y"]))
    assert len(difference) < 1000 and "(100004 characters)" in difference


# -- soak --resume ----------------------------------------------------------------------------------

GAME = {"host": "phase", "rules": "duskmourn-2024", "seed": 1, "max_actions": 10, "reason": "life 0", "turns": 9}


def _results(tmp_path: Path, *lines: str) -> Path:
    path = tmp_path / "run.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_resume_counts_a_game_given_twice_once_and_skips_what_is_no_game(tmp_path: Path) -> None:
    game = json.dumps({**GAME, "record": None})
    path = _results(tmp_path, game, game, json.dumps(HEADER), json.dumps({"totals": {"games": 3}}), game)
    assert soak.read_results(path) == [{**GAME, "record": None}]


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"rules": None}, "rules: str expected, got None"),
        ({"rules": ["duskmourn-2024"]}, "rules: str expected, got ['duskmourn-2024']"),
        ({"turns": "abc"}, "turns: int or null expected, got 'abc'"),
        ({"seed": True}, "seed: int expected, got True"),
        ({"seed": -4}, "seed -4 or max_actions 10 out of range"),
    ],
)
def test_resume_refuses_a_game_line_it_cannot_count(tmp_path: Path, change: dict[str, object], problem: str) -> None:
    line = json.dumps({k: v for k, v in {**GAME, **change}.items() if v is not None})
    path = _results(tmp_path, line, json.dumps(GAME))
    with pytest.raises(SplitcardsError) as caught:
        soak.read_results(path)
    assert str(caught.value) == f"--resume: {path}: line 1: {problem}"


def test_resume_refuses_deep_json_but_skips_a_last_line_cut_short(tmp_path: Path) -> None:
    assert soak.read_results(_results(tmp_path, json.dumps(GAME), '{"host": "pha')) == [GAME]
    with pytest.raises(SplitcardsError, match="line 1: not JSON splitcards reads: nested too deep"):
        soak.read_results(_results(tmp_path, "[" * 100_000 + "]" * 100_000, json.dumps(GAME)))


def test_resume_counts_only_the_games_of_this_run(tmp_path: Path) -> None:
    ours = soak.GameSpec("phase", "duskmourn-2024", 1, 10)
    theirs = [
        {**GAME, "host": "mtg"},
        {**GAME, "rules": "classic-2009"},
        {**GAME, "seed": 7},
        {**GAME, "max_actions": 5},
    ]
    lines: list[str] = []
    totals = soak.soak([ours], 1, tmp_path, out=lines.append, resumed=[GAME, GAME, *theirs])
    assert totals.games == 1
    assert lines[0] == "resume: 4 earlier game(s) of another host, rule version, seed or action cap left out"


def test_a_last_line_cut_mid_write_is_a_record_cut_short(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps(HEADER) + "\n" + STEP + "\n" + '{"step": 2, "play', encoding="utf-8")
    record = read_record(path)
    assert len(record.steps) == 1 and record.result is None
    # A line in the middle that isn't JSON is no cut: the record is refused, naming it.
    path.write_text(json.dumps(HEADER) + "\n" + '{"step": 1, "pl' + "\n" + STEP + "\n", encoding="utf-8")
    with pytest.raises(RecordError, match=r"r\.jsonl:2: not JSON"):
        read_record(path)


# -- the reader and the published schema give the same answers ---------------------------------------

_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=3),
    st.sampled_from(["p1", "p2", "left", "right", "x", "life 0", "the action cap"]),
    st.lists(st.sampled_from(["702.102d", "x"]), max_size=2),
    st.lists(st.integers(), max_size=1),
    st.just({}),
)
_EVENT: dict[str, object] = {
    "event": "cast",
    "object": "a",
    "rules": ["601.2"],
    "door": "left",
    "half": "Fire",
    "by": "b",
}


def _mutated(base: dict[str, object], extra: str) -> st.SearchStrategy[dict[str, object]]:
    """``base`` with keys dropped, values replaced, or a key added."""
    keys = [*base, extra]
    return st.builds(
        lambda drop, changes: {k: v for k, v in {**base, **changes}.items() if k not in drop},
        st.sets(st.sampled_from(list(base)), max_size=2),
        st.dictionaries(st.sampled_from(keys), _VALUES, max_size=2),
    )


_STEP_BASE: dict[str, object] = {**json.loads(STEP), "said": ["p1 casts Fire"], "events": []}


@given(
    step=_mutated(_STEP_BASE, "extra"),
    event=st.one_of(st.none(), _mutated(_EVENT, "target")),
)
@settings(max_examples=300, deadline=None)
def test_a_step_line_is_read_when_and_only_when_the_schema_accepts_it(
    step: dict[str, object], event: dict[str, object] | None
) -> None:
    if event is not None and isinstance(step.get("events"), list):
        step = {**step, "events": [event]}
    schema = record_schema.schema()["oneOf"][1]
    valid = jsonschema.Draft202012Validator(schema).is_valid(step)
    assert (step_problem(step) is None) is valid, step


@given(result=_mutated(RESULT, "extra"))
@settings(max_examples=200, deadline=None)
def test_a_result_is_read_when_and_only_when_the_schema_accepts_it(result: dict[str, object]) -> None:
    schema = record_schema.schema()["oneOf"][2]
    valid = jsonschema.Draft202012Validator(schema).is_valid({"result": result})
    assert (result_problem(result) is None) is valid, result


# -- outputs: never over an input, and a full disk is the package's own error -------------------------

FULL = Path("/dev/full")  # opens, and fails every write with ENOSPC
needs_full = pytest.mark.skipif(not FULL.exists(), reason="no /dev/full here")


def test_conformance_refuses_a_transcript_that_is_a_scenario_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text("kept\n", encoding="utf-8")
    for named in (mine, tmp_path):  # the file itself, and a folder that holds it
        assert main(["conformance", "--transcript", str(mine), str(named)]) == 2
        err = capsys.readouterr().err
        assert f"--transcript {mine}: it is the scenario file {mine}: the command would overwrite" in err
    assert mine.read_text(encoding="utf-8") == "kept\n"


def test_dump_refuses_to_write_over_its_card_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "cards.json"
    cards.write_text("{}", encoding="utf-8")
    (tmp_path / "link.json").symlink_to(cards)
    assert main(["dump", "--cards", str(cards), "--out", str(tmp_path / "link.json")]) == 2
    assert f"it is the --cards file {cards}" in capsys.readouterr().err
    assert cards.read_text(encoding="utf-8") == "{}"


@needs_full
def test_a_line_that_cannot_be_written_is_the_packages_error_naming_the_file() -> None:
    with FULL.open("w", encoding="utf-8") as out:
        writer = RecordWriter(out)
        with pytest.raises(OutputError, match=r"^/dev/full: can't write it: No space left on device; 0 whole"):
            writer.line({"a": 1})


def test_a_line_a_full_disk_cut_is_taken_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "r.jsonl"
    real = os.write

    def filled(fd: int, data: bytes | memoryview) -> int:  # the disk fills mid-line
        real(fd, bytes(data[:3]))
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with path.open("w", encoding="utf-8") as out:
        writer = RecordWriter(out)
        writer.line({"a": 1})
        monkeypatch.setattr(os, "write", filled)
        with pytest.raises(OutputError, match=r"r\.jsonl: can't write it: No space left on device; 1 whole line"):
            writer.line({"b": 2})
        monkeypatch.undo()
    assert path.read_text(encoding="utf-8") == '{"a":1}\n'


@pytest.mark.host
@needs_full
def test_demo_and_soak_onto_a_full_disk_stop_with_the_packages_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("phase", reason="phase-python is not installed (pip install 'splitcards[phase]')")
    assert main(["demo", "--max-actions", "5", "--record", str(FULL)]) == 2
    assert "error: /dev/full: can't write it: No space left on device; 0 whole lines" in capsys.readouterr().err
    with FULL.open("w", encoding="utf-8") as full:
        monkeypatch.setattr(sys, "stdout", full)
        argv = ["soak", "--games", "1", "--rules", "classic-2013", "--max-actions", "5", "--format", "jsonl"]
        assert main(argv) == 2
        monkeypatch.undo()
    err = capsys.readouterr().err
    assert "error: standard output: can't write it: No space left on device; 0 whole lines written" in err


@needs_full
def test_a_transcript_on_a_full_disk_is_reported_after_the_runs(capsys: pytest.CaptureFixture[str]) -> None:
    host = f"command:{sys.executable} -m splitcards serve-host reference"
    scenario = str(sorted(Path(str(bundled.__path__[0])).glob("*.yaml"))[0])
    assert main(["conformance", "-q", "--host", host, "--transcript", str(FULL), scenario]) == 2
    out, err = capsys.readouterr()
    assert " 0 error" in out  # the runs ended, and their totals were printed
    assert "--transcript /dev/full: can't write it: No space left on device" in err
    assert "internal error" not in err
