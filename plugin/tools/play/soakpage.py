"""The soak page: the figures of :mod:`~splitcards.tools.play.soakreport` laid out, with the plots
inline as SVG, written beside ``soak.json``, which holds the same figures (docs/soak.md)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from splitcards.tools.pages import document, esc, meta, table, write_page
from splitcards.tools.play import plots
from splitcards.tools.play.soakreport import SoakResults, figures


def write_soak_page(folder: Path, results: SoakResults, title: str = "Soak") -> Path:
    """Write ``folder/index.html`` and ``folder/soak.json``; returns the page's path."""
    found = figures(results)
    return write_page(
        folder, soak_page(results, found, title), {"soak.json": json.dumps(found, indent=2, ensure_ascii=False) + "\n"}
    )


def soak_page(results: SoakResults, found: Mapping[str, Any], title: str = "Soak") -> str:
    parts = [
        f"<h1>{esc(title)}</h1>",
        f'<p class="summary">{found["games"]} games, {sum(f["games"] for f in found["failures"])} failed</p>',
        _header(found["header"]),
        _bound(found),
        _throughput(found["throughput"]),
        _results(found["results"]),
        _coverage(found["coverage"]),
        _failures(found["failures"]),
        _plots(results, found),
    ]
    return document(title, "\n".join(parts))


def _header(h: Mapping[str, Any]) -> str:
    if not h:
        said = "An older output, which says nothing of how it was made."
        return f'<section id="header"><h2>The run</h2><p>{said}</p></section>'
    rules = "<br>".join(
        f"<b>{esc(name)}</b>: {esc(info.get('file') or '(no file)')} sha256 {esc(info.get('sha256') or '-')}"
        for name, info in h.get("rules", {}).items()
    )
    items = [
        ("splitcards", esc(h.get("splitcards", ""))),
        ("host", esc(h.get("host", ""))),
        ("engine", esc(h.get("engine", ""))),
        ("rule versions", rules),
        ("date", esc(h.get("date", ""))),
        ("command", f"<code>{esc(h.get('command', ''))}</code>"),
        ("scheduler", esc(h.get("scheduler", ""))),
        ("workers", esc(h.get("jobs", ""))),
        ("games per rule version", esc(h.get("games", ""))),
        ("seeds from", esc(h.get("seed", ""))),
        ("actions per game at most", esc(h.get("max_actions", ""))),
    ]
    return f'<section id="header"><h2>The run</h2>{meta(items)}</section>'


def _bound(found: Mapping[str, Any]) -> str:
    bound = found["bound"]
    if bound is None:
        failed = sum(f["games"] for f in found["failures"])
        text = f"{failed} of {found['games']} games failed: see the failures below." if failed else "No games."
    else:
        n = bound["games"]
        text = (
            f"0 failures in {n} games: the failure rate is below 3/{n} = {bound['rule_of_three']:.4g}"
            f" with 95% confidence (rule of three; exact binomial bound {bound['exact']:.4g})."
        )
    return f'<section id="bound"><h2>Failure rate</h2><p class="bound">{esc(text)}</p></section>'


def _throughput(t: Mapping[str, Any]) -> str:
    if not t["games"]:
        return '<section id="throughput"><h2>Throughput</h2><p>No game of this run has its end time.</p></section>'
    rows = [
        [
            esc(w["worker"]),
            str(w["games"]),
            f"{w['games_per_minute']:.3g}",
            '<span class="outlier">outlier</span>' if w["outlier"] else "",
        ]
        for w in t["workers"]
    ]
    outliers = (
        f'<p class="outlier">Outlier workers: {esc(", ".join(t["outliers"]))} (more than half off the median'
        " worker's games per minute).</p>"
        if t["outliers"]
        else ""
    )
    return (
        f'<section id="throughput"><h2>Throughput</h2><p class="overall">{t["games"]} games in'
        f" {t['minutes']:.3g} minutes: {t['games_per_minute']:.3g} games per minute</p>"
        f"{table(('worker', 'games', 'games per minute', ''), rows, 'workers')}{outliers}</section>"
    )


def _counts(counts: Mapping[str, int]) -> str:
    return esc(", ".join(f"{n} {what}" for what, n in counts.items()) or "-")


def _results(rows: list[Mapping[str, Any]]) -> str:
    body = [
        [
            esc(r["rules"]),
            esc(r["decks"]),
            str(r["games"]),
            _counts(r["winners"]),
            _counts(r["ended"]),
            esc(
                "-"
                if r["turns"]["median"] is None
                else f"{r['turns']['median']:g} ({r['turns']['min']}-{r['turns']['max']})"
            ),
            str(r["timeouts"]),
            str(r["crashes"]),
            str(r["invariant_violations"]),
        ]
        for r in rows
    ]
    heads = (
        "rules",
        "decks",
        "games",
        "winners",
        "ended by",
        "turns: median (range)",
        "timeouts",
        "crashes",
        "invariants",
    )
    return f'<section id="results"><h2>Results by rule version and deck</h2>{table(heads, body, "results")}</section>'


def _coverage(c: Mapping[str, Any]) -> str:
    rows = [
        [esc(m), str(s["games"]), "-" if s["share"] is None else f"{100 * s['share']:.0f}%"]
        for m, s in c["mechanics"].items()
    ]
    never = (
        f'<p class="warning">Never came up: {esc(", ".join(c["never"]))}. These games tested nothing of'
        f" {'it' if len(c['never']) == 1 else 'them'}.</p>"
        if c["never"]
        else ""
    )
    return (
        f'<section id="coverage"><h2>Coverage</h2><p>Of {c["games"]} games that say which mechanics they used.</p>'
        f"{table(('mechanic', 'games', 'share'), rows, 'coverage')}{never}</section>"
    )


def _failures(groups: list[Mapping[str, Any]]) -> str:
    if not groups:
        return '<section id="failures"><h2>Failures</h2><p>None.</p></section>'
    out = ['<section id="failures"><h2>Failures</h2>']
    for group in groups:
        items = "".join(
            f"<li>{esc(e['rules'])} seed {esc(e['seed'])}: {esc(e['failure'])}"
            + (f"<br>record: <code>{esc(e['record'])}</code>" if e["record"] else "")
            + (f"<br>replay: <code>{esc(e['replay'])}</code>" if e["replay"] else "")
            + "</li>"
            for e in group["examples"]
        )
        out.append(
            f'<details class="failure"><summary><b>{esc(group["signature"])}</b>: {group["games"]} games'
            f"</summary><ul>{items}</ul></details>"
        )
    out.append("</section>")
    return "\n".join(out)


def _plots(results: SoakResults, found: Mapping[str, Any]) -> str:
    ended = [int(g.get("turns") or 0) for g in results.games if not g.get("crash") and not g.get("violations")]
    shares = {m: s["share"] or 0.0 for m, s in found["coverage"]["mechanics"].items()}
    figures_ = [plots.turn_histogram(ended), plots.mechanic_shares(shares)]
    if found["throughput"]["games"]:
        figures_.append(plots.games_over_time(found["throughput"]["times"]))
    inline = "".join(f"<figure>{svg}</figure>" for svg in figures_)
    return f'<section id="plots"><h2>Plots</h2>{inline}</section>'
