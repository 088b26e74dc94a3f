"""The conformance page as a person sees it: real runs of the bundled suite and a small file of our
own on the reference host and on a wire engine that declares it lacks Rooms, the page opened from
the disk in headless Chromium (JavaScript off), and what it shows held against the results file.

Every count expected here is counted from the results file by this module, not by the report's code.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from splitcards.game.configuration.registry import VersionRegistry
from splitcards.tools.conformance import resultlines
from splitcards.tools.provenance import rule_files

ENGINE = Path(__file__).parent / "data" / "engines" / "declaring.py"
DECLARING = f"command:{sys.executable} {ENGINE}"

_CARDS = """format: 1.2
cards:
  "Fire // Ice":
    - {name: "Fire // Ice", faceName: Fire, side: a, layout: split, manaCost: "{1}{R}", types: [Instant],
       colors: [R], text: "Fire deals 2 damage divided as you choose among one or two targets."}
    - {name: "Fire // Ice", faceName: Ice, side: b, layout: split, manaCost: "{1}{U}", types: [Instant],
       colors: [U], text: "Tap target permanent. Draw a card."}
scenarios:
"""


def _scenario(sid: str, expect: list[int]) -> str:
    return f"""  - id: {sid}
    rules: [current]
    source: "CR 709.4 (2026-01-16)"
    setup:
      - create: {{card: "Fire // Ice", zone: hand, as: fi}}
    checks:
      - {{mana_values: fi, expect: {expect}}}
"""


# The same file before and after: a scenario that regresses, one that is fixed, one that stays,
# one that is new, one that is gone, and one whose rule version no registry knows (an error).
OLD = _CARDS + _scenario("regresses", [4]) + _scenario("gets-fixed", [5]) + _scenario("stays", [4])
OLD += _scenario("is-gone", [4])
NEW = _CARDS + _scenario("regresses", [5]) + _scenario("gets-fixed", [4]) + _scenario("stays", [4])
NEW += _scenario("is-new", [4]) + "  - id: unknown-version\n    rules: [no-such-version]\n"


@dataclass(frozen=True)
class Runs:
    new: Path
    old: Path
    page: Path
    compared: Path
    transcript: Path


def _conformance(tmp: Path, name: str, text: str, *more: str) -> Path:
    folder = tmp / name
    folder.mkdir()
    (folder / "house.yaml").write_text(text, encoding="utf-8")
    out = tmp / f"{name}.jsonl"
    with out.open("w", encoding="utf-8") as stdout:
        done = subprocess.run(
            [sys.executable, "-m", "splitcards", "conformance", str(folder), *more, "--format", "jsonl"],
            stdout=stdout,
            stderr=subprocess.PIPE,
            text=True,
            timeout=600,
        )
    assert done.returncode == 1, done.stderr  # a run failed: the regressed one
    return out


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Runs]:
    tmp = tmp_path_factory.mktemp("report")
    hosts = ["--host", "reference", "--host", DECLARING]
    old = _conformance(tmp, "old", OLD, *hosts)
    transcript = tmp / "wire.jsonl"
    bundled = [str(p) for p in sorted(Path(resultlines.__file__).parent.joinpath("bundled").glob("*.yaml"))]
    new = _conformance(
        tmp, "new", NEW, *bundled, *hosts, "--transcript", str(transcript), "--report", str(tmp / "page")
    )
    compared = tmp / "compared"
    done = subprocess.run(
        [sys.executable, "-m", "splitcards", "report", str(new), "--compare", str(old), "--out", str(compared)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    yield Runs(new, old, tmp / "page" / "index.html", compared / "index.html", transcript)


def _lines(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    header: dict[str, Any] = {}
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        if "header" in data:
            header = data["header"]
        elif "status" in data:
            found.append(data)
    return header, found


def _kind(run: dict[str, Any]) -> str:
    if run["status"] == "not_supported":
        return "declared" if run["declared"] else "undeclared"
    return str(run["status"])


_SHOWN = {
    "pass": "pass",
    "fail": "fail",
    "not_supported, declared": "declared",
    "not_supported, undeclared": "undeclared",
    "error": "error",
}


def _cell_counts(text: str) -> Counter[str]:
    counts: Counter[str] = Counter()
    for line in text.splitlines():
        match = re.fullmatch(r"(\d+) (.+)", line.strip())
        if match:
            counts[_SHOWN[match.group(2)]] = int(match.group(1))
    return counts


def _open(browser: Any, page: Path) -> None:
    browser.get(page.as_uri())
    browser.get_log("browser")  # what an earlier page logged is not this one's


def _no_console_errors(browser: Any) -> None:
    severe = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert severe == []


def test_the_results_have_a_header_and_every_field_a_page_needs(runs: Runs) -> None:
    header, found = _lines(runs.new)
    assert header["format"] == "1.1"
    assert set(header["hosts"]) == {"reference", "declaring"}
    assert header["hosts"]["declaring"]["declarations"] == {"declaring.lacks[rooms]": "this engine has no Rooms"}
    assert header["rules"]["duskmourn-2024"]["file"] == "duskmourn-2024.yaml"
    assert re.fullmatch(r"[0-9a-f]{16}", header["rules"]["duskmourn-2024"]["sha256"])
    assert header["command"].startswith("splitcards conformance ")
    regresses = next(r for r in found if r["scenario"] == "regresses" and r["host"] == "reference")
    assert regresses["mechanic"] == "split"
    assert regresses["steps"] == [{"create": {"card": "Fire // Ice", "zone": "hand", "as": "fi"}}]
    assert regresses["checks"] == [{"mana_values": "fi", "expect": [5]}]
    assert regresses["answers"][0]["got"] == [4]
    assert regresses["answers"][0]["matched"] is False
    over_wire = next(r for r in found if r["scenario"] == "regresses" and r["host"] == "declaring")
    assert any(line.get("message", {}).get("method") == "create" for line in over_wire["exchange"])
    assert "exchange" not in regresses  # the reference host speaks no wire


def test_a_results_file_of_format_1_0_is_still_read(runs: Runs, tmp_path: Path) -> None:
    _, found = _lines(runs.new)
    old_lines = [
        {k: r[k] for k in ("file", "scenario", "rules", "host", "status", "detail", "source", "cited", "declared")}
        for r in found
    ]
    path = tmp_path / "old-format.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in old_lines) + '{"pass": 1}\n', encoding="utf-8")
    read = resultlines.read(path)
    assert read.format == "1.0"
    assert len(read.runs) == len(found)


def test_the_matrix_shows_the_counts_of_the_results_file(runs: Runs, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    _, found = _lines(runs.new)
    expected: dict[tuple[str, str, str], Counter[str]] = {}
    for run in found:
        for of in ("", run["mechanic"]):
            expected.setdefault((run["rules"], of, run["host"]), Counter())[_kind(run)] += 1
    _open(browser, runs.page)
    assert browser.find_elements(By.TAG_NAME, "script") == []
    hosts = [th.text for th in browser.find_elements(By.CSS_SELECTOR, "table.matrix thead th")][1:]
    assert hosts == ["reference", "declaring"]
    seen: dict[tuple[str, str, str], Counter[str]] = {}
    version = ""
    for row in browser.find_elements(By.CSS_SELECTOR, "table.matrix tbody tr"):
        name = row.find_element(By.TAG_NAME, "th").text
        is_version = "version" in (row.get_attribute("class") or "")
        version = name if is_version else version
        for host, cell in zip(hosts, row.find_elements(By.TAG_NAME, "td"), strict=True):
            counts = _cell_counts(cell.text)
            if counts:
                seen[(version, "" if is_version else name, host)] = counts
    assert seen == expected
    # The declared gap is told apart: every Rooms run of the engine that lacks them.
    rooms = sum(1 for r in found if r["host"] == "declaring" and r["declared"] == "declaring.lacks[rooms]")
    assert rooms > 0
    total = browser.find_elements(By.CSS_SELECTOR, "table.matrix tfoot td")[1]
    assert _cell_counts(total.text)["declared"] == rooms
    _no_console_errors(browser)


def test_a_click_on_a_cell_leads_to_a_scenario_and_its_detail(runs: Runs, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    _, found = _lines(runs.new)
    run = next(r for r in found if r["scenario"] == "regresses" and r["host"] == "declaring")
    _open(browser, runs.page)
    row = next(
        r
        for r in browser.find_elements(By.CSS_SELECTOR, "table.matrix tbody tr.mechanic")
        if r.find_element(By.TAG_NAME, "th").text == run["mechanic"]
        and r.find_element(By.XPATH, "preceding-sibling::tr[contains(@class,'version')][1]/th").text == run["rules"]
    )
    row.find_elements(By.TAG_NAME, "td")[1].find_element(By.TAG_NAME, "a").click()
    assert browser.current_url.endswith(f"#c-declaring-{run['rules'].replace('-', '_')}-{run['mechanic']}")
    section = browser.find_element(By.CSS_SELECTOR, ":target")
    details = next(
        d for d in section.find_elements(By.CSS_SELECTOR, "details.run") if "house.yaml::regresses " in d.text
    )
    assert details.get_attribute("open") is None
    details.find_element(By.TAG_NAME, "summary").click()
    assert details.get_attribute("open") == "true"
    text = details.text
    assert "FAIL house.yaml::regresses [duskmourn-2024] declaring" in text
    assert "CR 709.4 (2026-01-16)" in text  # where the expected answer comes from
    assert '"card": "Fire // Ice"' in text  # its steps
    table = details.find_element(By.CSS_SELECTOR, "table.checks tbody tr")
    cells = [td.text.replace("\n", "").replace(" ", "") for td in table.find_elements(By.TAG_NAME, "td")]
    assert cells[1:3] == ["[5]", "[4]"]  # expected, and what the engine answered
    assert cells[3] == ", ".join(run["answers"][0]["cited"]).replace(" ", "")
    exchange = details.find_element(By.CSS_SELECTOR, "pre.exchange").text
    assert '"method": "create"' in exchange
    _no_console_errors(browser)


def test_a_declared_gap_shows_its_declaration(runs: Runs, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    _, found = _lines(runs.new)
    run = next(r for r in found if r["declared"] == "declaring.lacks[rooms]")
    _open(browser, runs.page)
    name = f"{Path(run['file']).name}::{run['scenario']} [{run['rules']}] declaring"
    details = next(d for d in browser.find_elements(By.CSS_SELECTOR, "details.run") if name in d.text)
    details.find_element(By.TAG_NAME, "summary").click()
    assert "declared: declaring.lacks[rooms]: this engine has no Rooms" in details.text
    _no_console_errors(browser)


def test_the_compare_view_shows_what_changed(runs: Runs, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    _, new = _lines(runs.new)
    _, old = _lines(runs.old)

    def keyed(found: list[dict[str, Any]]) -> dict[tuple[str, ...], str]:
        return {(Path(r["file"]).name, r["scenario"], r["rules"], r["host"]): r["status"] for r in found}

    before, now = keyed(old), keyed(new)
    expected = {}
    for host in ("reference", "declaring"):
        mine = {k: s for k, s in now.items() if k[3] == host}
        was = {k: s for k, s in before.items() if k[3] == host}
        expected[host] = [
            sum(1 for k, s in mine.items() if s == "pass" and k in was and was[k] != "pass"),
            sum(1 for k, s in mine.items() if s != "pass" and was.get(k) == "pass"),
            sum(1 for k in mine if k not in was),
            sum(1 for k in was if k not in mine),
        ]
    assert expected["reference"][:2] == [1, 1] and expected["reference"][3] == 1
    _open(browser, runs.compared)
    rows = browser.find_elements(By.CSS_SELECTOR, "#compare table.compare tbody tr")
    shown = {
        cells[0]: [int(c) for c in cells[1:5]]
        for cells in ([td.text for td in row.find_elements(By.TAG_NAME, "td")] for row in rows)
    }
    assert shown == expected
    regressed = browser.find_element(By.CSS_SELECTOR, "#compare ul.regressed").text
    assert "house.yaml::regresses [duskmourn-2024] reference: pass → fail" in regressed
    fixed = browser.find_element(By.CSS_SELECTOR, "#compare ul.fixed").text
    assert "house.yaml::gets-fixed [duskmourn-2024] declaring: fail → pass" in fixed
    _no_console_errors(browser)


def test_a_rule_versions_hash_is_of_what_it_decides_not_of_its_file(registry: VersionRegistry) -> None:
    # A house rule that extends a version decides what that version decides: a change there shows.
    current = registry.get("duskmourn-2024")
    changed = replace(current, citations={**current.citations, "fuse_cost": ("702.102z",)})
    before, after = rule_files([current])[current.name], rule_files([changed])[current.name]
    assert before["file"] == after["file"] == "duskmourn-2024.yaml"
    assert before["sha256"] != after["sha256"] and len(after["sha256"]) == 16
