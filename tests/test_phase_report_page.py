"""The soak page as a person sees it: a tiny real soak on phase with ``--report``, the page opened
from the disk in headless Chromium, and what it shows held against the soak's own JSON Lines.

Every figure expected here is counted from the soak's output by this module, not by the report's code.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("phase", reason="phase-python is not installed")

MECHANICS = ("split", "fuse", "aftermath", "splice", "rooms")


@pytest.fixture(scope="module")
def soaked(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any], list[dict[str, Any]]]:
    tmp = tmp_path_factory.mktemp("soak")
    out = tmp / "soak.jsonl"
    command = [sys.executable, "-m", "splitcards", "soak", "--host", "phase", "--games", "2", "--jobs", "2"]
    command += ["--max-actions", "300", "--rules", "current", "--format", "jsonl", "--failures", str(tmp / "failed")]
    with out.open("w", encoding="utf-8") as stdout:
        done = subprocess.run(
            [*command, "--report", str(tmp / "page")], stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=600
        )
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    header = lines[0]["soak"]
    games = [line for line in lines if "seed" in line]
    return tmp, header, games


def test_the_soak_output_has_a_header_and_the_fields_a_report_reads(
    soaked: tuple[Path, dict[str, Any], list[dict[str, Any]]],
) -> None:
    _, header, games = soaked
    assert header["host"] == "phase"
    assert header["jobs"] == 2
    assert header["scheduler"] == "worker processes"
    assert list(header["rules"]) == ["duskmourn-2024"]
    assert len(games) == 2
    assert {g["worker"] for g in games} <= {"process 1", "process 2"}
    assert all(g["decks"] == ["Izzet Tempo", "Boros Charge"] for g in games)
    assert all(g["ended"] >= header["began"] for g in games)


def test_the_soak_page_shows_the_figures_of_its_games(
    soaked: tuple[Path, dict[str, Any], list[dict[str, Any]]], browser: Any
) -> None:
    from selenium.webdriver.common.by import By

    tmp, header, games = soaked
    browser.get((tmp / "page" / "index.html").as_uri())
    assert browser.find_elements(By.TAG_NAME, "script") == []
    text = browser.find_element(By.TAG_NAME, "body").text
    assert header["command"] in text.replace("\n", " ")
    failed = [g for g in games if g["crash"] or g["violations"]]
    if not failed:
        assert f"0 failures in {len(games)} games: the failure rate is below 3/{len(games)}" in text
    workers = Counter(g["worker"] for g in games)
    rows = browser.find_elements(By.CSS_SELECTOR, "#throughput table.workers tbody tr")
    shown = {cells[0].text: int(cells[1].text) for cells in (r.find_elements(By.TAG_NAME, "td") for r in rows)}
    assert shown == dict(workers)
    coverage = {
        cells[0].text: int(cells[1].text)
        for cells in (
            r.find_elements(By.TAG_NAME, "td") for r in browser.find_elements(By.CSS_SELECTOR, "#coverage tbody tr")
        )
    }
    assert coverage == {m: sum(1 for g in games if g["mechanics"].get(m)) for m in MECHANICS}
    never = [m for m in MECHANICS if coverage[m] == 0]
    warnings = browser.find_elements(By.CSS_SELECTOR, "#coverage .warning")
    assert [w.text.split(".")[0] for w in warnings] == ([f"Never came up: {', '.join(never)}"] if never else [])
    result = [
        td.text for td in browser.find_element(By.CSS_SELECTOR, "#results tbody tr").find_elements(By.TAG_NAME, "td")
    ]
    assert result[:3] == ["duskmourn-2024", "Izzet Tempo (p1) vs Boros Charge (p2)", str(len(games))]
    plots = browser.find_elements(By.CSS_SELECTOR, "#plots figure svg")
    assert len(plots) == 3 and all(p.size["height"] > 100 for p in plots)
    assert "Turn length" in plots[0].text and "Mechanic shares" in plots[1].text
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []


def test_the_report_command_gives_the_same_figures_from_the_saved_output(
    soaked: tuple[Path, dict[str, Any], list[dict[str, Any]]],
) -> None:
    tmp, _, _ = soaked
    again = tmp / "again"
    done = subprocess.run(
        [sys.executable, "-m", "splitcards", "report", str(tmp / "soak.jsonl"), "--out", str(again)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    first = json.loads((tmp / "page" / "soak.json").read_text(encoding="utf-8"))
    assert json.loads((again / "soak.json").read_text(encoding="utf-8")) == first
