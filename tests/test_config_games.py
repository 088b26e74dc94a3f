"""The project configuration chooses the rule version of the next AI game on phase: changing
``splitcards.yaml`` changes the rules without touching code."""

from __future__ import annotations

from pathlib import Path

import pytest

from splitcards.game.configuration.registry import load_registry
from splitcards.game.configuration.settings import BLOCK_ENV, CONFIG_ENV, RULES_ENV
from splitcards.game.plugins.hosts import adapters
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.tools.cli import main
from splitcards.tools.play import AIGame


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    pytest.importorskip("phase", reason="phase-python is not installed (pip install 'splitcards[phase]')")
    for name in (RULES_ENV, CONFIG_ENV, BLOCK_ENV):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_changing_the_config_changes_the_rules_of_the_next_phase_game(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = project / "splitcards.yaml"
    config.write_text("rules: classic-2009\n", encoding="utf-8")
    assert main(["demo", "--max-actions", "150"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "splitcards demo: phase (phase-python 0.103.0) AI vs AI under classic-2009 (2009-07-11), seed 1"
    assert out[1] == "rule version features: none of fuse, aftermath, Rooms"
    # 709.5: no Rooms under classic-2009, so the demo deck leaves Bottomless Pool out.
    assert any(line.startswith("left out of the decks: 'Bottomless Pool // Locker Room' is a Room") for line in out)
    assert not [line for line in out if " fused" in line and " casts " in line]

    config.write_text("rules: current\n", encoding="utf-8")
    rules = load_registry().get()
    assert rules.name == "duskmourn-2024"
    ai_game = adapters(make_plugin_manager())["phase"].ai_game
    assert ai_game is not None
    game = AIGame(ai_game(rules), rules, seed=1, max_actions=150)
    assert game.table.rules is rules
    assert "Bottomless Pool // Locker Room" in {card.name for card in game.decks.cards}
    result = game.play()
    assert result.actions == 150

    assert main(["demo", "--max-actions", "5"]) == 0
    assert capsys.readouterr().out.startswith(
        "splitcards demo: phase (phase-python 0.103.0) AI vs AI under duskmourn-2024"
    )
