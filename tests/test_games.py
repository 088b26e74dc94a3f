"""Real games on phase: whole cards reach the engine, games end as Magic games end, and every
game is recorded and can be played again."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

from splitcards.adapters.phase import carddata
from splitcards.adapters.phase.version import load_phase
from splitcards.cards.loaders import load_card_file
from splitcards.rules.endings import EndReason
from splitcards.tools.cli import main
from splitcards.tools.schemas import load

pytest.importorskip("phase", reason="phase-python is not installed (pip install 'splitcards[phase]')")

DATA = Path(__file__).parent / "data"
ATOMIC = DATA / "AtomicCards.json"
ADVENTURES = DATA / "izzet-adventures.txt"
TURN = re.compile(r"^-- turn (\d+), (p[12])'s turn; life p1 (-?\d+), p2 (-?\d+)$")
GAME_OVER = re.compile(r"^game over on turn (\d+): (p[12]) wins, (p[12])'s life reached 0 \[704\.5a, 104\.3b\]$")


def _lines(capsys: pytest.CaptureFixture[str], argv: list[str], status: int = 0) -> list[str]:
    assert main(argv) == status
    return capsys.readouterr().out.splitlines()


def test_704_5a_demo_seed_1_ends_with_a_winner_within_20_turns(capsys: pytest.CaptureFixture[str]) -> None:
    out = _lines(capsys, ["demo"])
    over = GAME_OVER.match(out[-1])
    assert over is not None, out[-1]
    assert int(over[1]) <= 20
    assert over[2] != over[3]
    turns = [TURN.match(line) for line in out if line.startswith("-- turn")]
    assert [int(t[1]) for t in turns if t] == list(range(1, int(over[1]) + 1))
    assert any(" attacks " in line for line in out)
    assert any(re.match(r"^T\d+ +combat damage: p[12] takes \d+ from .+, life -?\d+$", line) for line in out)


def test_a_split_card_decision_takes_one_line_with_its_rules(capsys: pytest.CaptureFixture[str]) -> None:
    out = _lines(capsys, ["demo", "--seed", "2"])
    casts = [line for line in out if re.search(r" casts .* \(the (left|right) half of .+ // .+\)", line)]
    assert casts
    for line in casts:
        assert re.search(r": mana value \d+ on the stack \[[0-9a-z., ]+\]$", line), line
    assert not any("event:" in line for line in out)


def test_record_and_replay_a_decklist_with_an_adventure_and_a_transform_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "g.jsonl"
    # 200 actions: how a game ends is the demo tests'; this one is the record of a decklist's game.
    argv = ["demo", "--cards", str(ATOMIC), "--deck", str(ADVENTURES), "--record", str(record), "--seed", "3"]
    *out, written = _lines(capsys, [*argv, "--max-actions", "200"])
    assert written == f"record written to {record}; play it again with: splitcards replay {record}"
    assert out[-1].startswith("game over: no winner, stopped at the action cap of 200 on turn ")
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    header, steps, result = lines[0], lines[1:-1], lines[-1]["result"]
    assert (header["host"], header["engine"], header["rules"], header["seed"]) == (
        "phase",
        "phase-python 0.103.0",
        "duskmourn-2024",
        3,
    )
    assert header["cards"] == str(ATOMIC)
    assert header["decks"][0]["library"].count("Bonecrusher Giant") == 4
    assert header["decks"][0]["library"].count("Delver of Secrets") == 4
    assert [s["step"] for s in steps] == list(range(1, len(steps) + 1))
    assert (result["winner"], result["reason"], result["actions"]) == (None, EndReason.ACTION_CAP.value, 200)
    replayed = _lines(capsys, ["replay", str(record)])
    assert replayed == [f"replay {record}: the same {len(steps)} steps and the same result; {out[-1]}"]


def test_every_line_of_a_record_fits_the_published_schema(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "g.jsonl"
    _lines(capsys, ["demo", "--record", str(record), "--max-actions", "120"])
    schema = load("record")
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        validator.validate(line)
    # At the cap the result says so, and gives no rule of the game.
    assert lines[-1]["result"]["reason"] == "the action cap" and lines[-1]["result"]["rules"] == []
    with pytest.raises(jsonschema.ValidationError):
        validator.validate({**lines[1], "player": "p3"})


@pytest.fixture(scope="module")
def one_record(tmp_path_factory: pytest.TempPathFactory) -> str:
    """One game's record, played once for the tests that change or cut a copy of it."""
    record = tmp_path_factory.mktemp("record") / "g.jsonl"
    assert main(["demo", "--record", str(record), "--max-actions", "160"]) == 0
    return record.read_text(encoding="utf-8")


@pytest.fixture
def recorded(tmp_path: Path, one_record: str) -> Path:
    record = tmp_path / "g.jsonl"
    record.write_text(one_record, encoding="utf-8")
    return record


def _rewrite(record: Path, line: int, change: dict[str, object]) -> None:
    lines = record.read_text(encoding="utf-8").splitlines()
    lines[line] = json.dumps({**json.loads(lines[line]), **change})
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_a_record_of_another_engine_version_is_refused(recorded: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _rewrite(recorded, 0, {"engine": "phase-python 0.102.0"})
    assert main(["replay", str(recorded)]) == 2
    err = capsys.readouterr().err
    engines = "recorded with phase-python 0.102.0, this is phase-python 0.103.0"
    assert err == f"splitcards: error: {recorded}:1: engine: {engines}\n"


def test_a_record_whose_card_data_changed_is_refused(recorded: Path, capsys: pytest.CaptureFixture[str]) -> None:
    header = json.loads(recorded.read_text(encoding="utf-8").splitlines()[0])
    _rewrite(recorded, 0, {"hashes": {**header["hashes"], "Shock": "0000000000000000"}})
    assert main(["replay", str(recorded)]) == 2
    assert "card data of 'Shock' changed since the record (embedded): hash 0000000000000000" in capsys.readouterr().err


def test_a_changed_step_is_named(recorded: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _rewrite(recorded, 30, {"said": ["p1 casts Nothing"]})
    out = _lines(capsys, ["replay", str(recorded)], status=1)
    assert len(out) == 1
    assert out[0].startswith(f"replay {recorded}: step 30 differs in said: recorded ['p1 casts Nothing'], now [")


def test_a_record_that_is_no_record_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "notes.jsonl"
    path.write_text('{"hello": 1}\n', encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "notes.jsonl:1: not a game record" in capsys.readouterr().err


def test_soak_ends_every_game_with_a_winner_and_saves_replayable_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "records"
    argv = ["soak", "--games", "1", "--rules", "classic-2013", "--record-dir", str(folder), "--failures", str(tmp_path)]
    out = _lines(capsys, argv)
    assert re.match(
        r"^\[1/1\] phase classic-2013 seed 1: turn \d+, \d+ actions, \d+ casts, [\d.]+ s: p[12] wins \(life 0\);"
        r" \d+(:\d\d)+ elapsed$",
        out[0],
    )
    assert re.match(
        r"^1 games, 0 crashes, 0 invariant violations; ended: 1 by life 0; 0 at the action cap, median \d+ turns$",
        out[1],
    )
    record = folder / "phase-classic-2013-seed1.jsonl"
    assert _lines(capsys, ["replay", str(record)])[0].startswith(f"replay {record}: the same ")


def test_phase_is_given_the_whole_card() -> None:
    pool = load_card_file(ATOMIC).cards
    cards = [pool[name] for name in ("Grizzly Bears", "Bonecrusher Giant", "Delver of Secrets", "Fire // Ice")]
    database = carddata.build_database(load_phase(), cards)
    bears = database["grizzly bears"]
    assert (bears["power"], bears["toughness"]) == ({"type": "Fixed", "value": 2}, {"type": "Fixed", "value": 2})
    assert [(database[n]["layout"], database[n]["face_index"]) for n in ("bonecrusher giant", "stomp")] == [
        ("adventure", 0),
        ("adventure", 1),
    ]
    assert [database[n]["layout"] for n in ("delver of secrets", "insectile aberration")] == ["transform"] * 2
    assert database["insectile aberration"]["power"] == {"type": "Fixed", "value": 3}
    assert [(database[n]["layout"], database[n]["face_index"]) for n in ("fire", "ice")] == [("split", 0), ("split", 1)]


def _cut(record: Path, steps: int) -> None:
    """The record as a game interrupted or crashed after ``steps`` steps leaves it: no result."""
    lines = record.read_text(encoding="utf-8").splitlines()
    record.write_text("\n".join(lines[: steps + 1]) + "\n", encoding="utf-8")


def test_a_record_cut_short_plays_on_to_the_end_and_says_so(recorded: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whole = recorded.read_text(encoding="utf-8").splitlines()
    result = json.loads(whole[-1])["result"]
    _cut(recorded, 100)
    out = _lines(capsys, ["replay", str(recorded)], status=4)
    assert len(out) == 1
    assert out[0].startswith(f"replay {recorded}: the same 100 steps; the record was cut short at step 101,")
    # The AI played on as it had: the game ends as the whole record did.
    assert result["reason"] == "the action cap" and "the action cap" in out[0]


def test_a_crash_past_the_end_of_a_record_is_met_again(
    recorded: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from splitcards.tools.play.loop import AIGame

    _cut(recorded, 130)
    apply = AIGame._apply

    def crashing(game: AIGame, action: object) -> None:
        if game.steps == 132:
            raise RuntimeError("the engine fell over")
        apply(game, action)

    monkeypatch.setattr(AIGame, "_apply", crashing)
    out = _lines(capsys, ["replay", str(recorded)], status=1)
    failure = "step 132 fails (the record was cut short after step 130): RuntimeError: the engine fell over"
    assert out == [f"replay {recorded}: {failure}"]


def test_702_127a_an_aftermath_half_cast_in_the_last_turn_is_exiled_as_it_resolves() -> None:
    from splitcards.tools.play import soak

    # duskmourn-2024 seed 13: on their last turn p2 casts Victory from the graveyard, then attacks
    # and takes p1's last life.
    report = soak.play(soak.GameSpec("phase", "duskmourn-2024", 13, 2000))
    assert report.crash is None
    assert (report.winner, report.reason) == ("p2", EndReason.LIFE.value)
    steps = report.record[1:-1]
    last = [line for step in steps if step["turn"] == report.turns for line in step["said"]]
    resolved = [line for line in last if line.startswith("Victory (the right half of Onward // Victory) resolves")]
    assert len(resolved) == 1
    assert resolved[0].startswith("Victory (the right half of Onward // Victory) resolves and is exiled [")
    assert "702.127a" in resolved[0]
    assert re.match(r"^combat damage: p1 takes \d+ from .+, life -?\d+$", last[-1]), last[-1]
