"""python-mtg's AI plays whole games under the split-card rules, in the shape phase's does: the game
loop makes the Table, python-mtg's AI chooses among its own moves and those the rules offer, the
rules play every cast and unlock and resolve each spell. ``splitcards demo``, ``replay`` and
``soak`` with ``--host mtg``, through the command line, on one short game (seed 6)."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mtg")

from splitcards.adapters.mtg.host import MtgHost
from splitcards.adapters.mtg.moves import SplitMoves
from splitcards.rules.versions import RuleVersion
from splitcards.tools.cli import main

SEED = "6"
RULES = "duskmourn-2024"


def _run(argv: list[str]) -> tuple[int, list[str]]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(argv)
    return status, out.getvalue().splitlines()


def _steps(path: Path) -> list[dict[str, Any]]:
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return [line for line in lines if "step" in line]


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], Path]:
    """The demo's log of a python-mtg game, and its record."""
    record = tmp_path_factory.mktemp("mtg") / "game.jsonl"
    status, lines = _run(["demo", "--host", "mtg", "--seed", SEED, "--rules", RULES, "--record", str(record)])
    assert status == 0, lines
    return lines, record


def test_104_3b_a_python_mtg_game_is_played_to_a_winner_under_the_current_rules(demo: tuple[list[str], Path]) -> None:
    lines, _record = demo
    assert lines[0].startswith(f"splitcards demo: mtg (python-mtg 0.1.1) AI vs AI under {RULES}")
    assert re.fullmatch(r"game over on turn \d+: p[12] wins, p[12]'s life reached 0 \[704\.5a, 104\.3b\]", lines[-2])
    said = [line.split(" ", 1)[1].strip() for line in lines if re.match(r"T\d+ ", line)]
    # A game of Magic: lands played, creatures cast and attacking, spells resolving, and the
    # split-card decisions with the rules that made them.
    assert any(re.fullmatch(r"p[12] plays (Island|Mountain|Plains)", line) for line in said)
    assert any(re.fullmatch(r"p[12] attacks p[12] with .+", line) for line in said)
    assert any(re.match(r"combat damage: p[12] takes \d+ from .+, life \d+", line) for line in said)
    fused = re.escape("Turn // Burn fused (both halves as one spell)")
    assert any(re.fullmatch(rf"p1 casts {fused}: mana value 5 on the stack \[702\.102a, .+\]", line) for line in said)
    assert any(
        re.fullmatch(rf"{fused} resolves and goes to its owner's graveyard \[.*702\.102d.*\]", line) for line in said
    )


def test_the_record_of_a_python_mtg_game_replays_step_by_step(demo: tuple[list[str], Path]) -> None:
    _lines, record = demo
    status, lines = _run(["replay", str(record)])
    assert status == 0, lines
    assert re.match(rf"replay {re.escape(str(record))}: the same \d+ steps and the same result; game over", lines[-1])


def test_soak_plays_python_mtg_games_and_the_same_seed_plays_the_same_game(
    demo: tuple[list[str], Path], tmp_path: Path
) -> None:
    _lines, record = demo
    kept = tmp_path / "records"
    # A time limit has the game played in a worker process of its own, even with one job.
    limits = ["--games", "1", "--seed", SEED, "--rules", RULES, "--timeout", "600"]
    argv = ["soak", "--host", "mtg", *limits, "--record-dir", str(kept)]
    status, lines = _run(argv)
    assert status == 0, lines
    game = rf"\[1/1\] mtg {RULES} seed {SEED}: turn \d+, \d+ actions, \d+ casts, [\d.]+ s: p[12] wins \(life 0\)"
    assert any(re.match(game, line) for line in lines), lines
    assert lines[-1].startswith("1 games, 0 crashes, 0 invariant violations; ended: 1 by life 0")
    # The soak's game, played in another process (whose strings hash otherwise), is the demo's,
    # step by step.
    assert _steps(kept / f"mtg-{RULES}-seed{SEED}.jsonl") == _steps(record)


def test_split_moves_that_make_a_table_of_their_own_are_deprecated(v: dict[str, RuleVersion]) -> None:
    rules = v[RULES]
    with pytest.warns(DeprecationWarning, match=r"SplitMoves\(rules, table=Table\(MtgHost\.cursor\(rules\)"):
        moves = SplitMoves(rules)
    assert isinstance(moves.table.host, MtgHost)
    assert moves.table.rules is rules
