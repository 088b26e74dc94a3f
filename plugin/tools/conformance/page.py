"""The conformance page: the matrix of hosts against rule versions and mechanics, every run one
click away, and, given an older run, what changed (docs/report.md).

Everything on the page comes from the results files (format 1.1 gives all of it; a 1.0 file
gives the matrix and each run's detail, without steps, answers or header). The matrix is a table
and each run a ``<details>`` element under an anchor: the page needs no script.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from splitcards.tools.conformance.matrix import (
    KINDS,
    Cell,
    Change,
    Matrix,
    RunComparison,
    build,
    compare,
    key,
    kind,
    merged,
)
from splitcards.tools.conformance.resultlines import ResultsFile
from splitcards.tools.pages import document, esc, meta, pretty, slug, table, write_page

LABELS = {
    "pass": "pass",
    "fail": "fail",
    "declared": "not_supported, declared",
    "undeclared": "not_supported, undeclared",
    "error": "error",
}
"""How a cell names each count."""


def write_conformance_page(
    folder: Path, files: Sequence[ResultsFile], before: ResultsFile | None = None, title: str = "Conformance"
) -> Path:
    """Write the page of ``files`` (compared with ``before`` when given) as ``folder/index.html``."""
    return write_page(folder, conformance_page(files, before, title))


def conformance_page(
    files: Sequence[ResultsFile], before: ResultsFile | None = None, title: str = "Conformance"
) -> str:
    """The page of the runs of ``files``, compared with the runs of ``before`` when given."""
    runs = merged(files)
    order = [name for results in files for name in results.header.get("rules", {})]
    matrix = build(runs, order)
    anchors = _anchors(runs)
    declarations: dict[str, str] = {}
    for results in files:
        for host in results.header.get("hosts", {}).values():
            declarations.update(host.get("declarations", {}))
    totals = Cell(runs).counts
    summary = ", ".join(f"{totals[k]} {LABELS[k]}" for k in KINDS)
    parts = [
        f"<h1>{esc(title)}</h1>",
        f'<p class="summary">{len(runs)} runs on {len(matrix.hosts)} hosts: {esc(summary)}</p>',
        _headers(files),
        _matrix(matrix),
    ]
    if before is not None:
        parts.append(_comparison(compare(before.runs, runs), before, anchors))
    parts.append(_runs(matrix, anchors, declarations))
    return document(title, "\n".join(parts))


def _anchors(runs: list[dict[str, Any]]) -> dict[tuple[str, str, str, str], str]:
    found: dict[tuple[str, str, str, str], str] = {}
    taken: set[str] = set()
    for run in runs:
        name = base = "r-" + slug(Path(str(run["file"])).stem, run["scenario"], run["rules"], run["host"])
        n = 1
        while name in taken:
            n += 1
            name = f"{base}-{n}"
        taken.add(name)
        found[key(run)] = name
    return found


def _headers(files: Sequence[ResultsFile]) -> str:
    """What each results file says of how it was made."""
    out = ['<section id="header"><h2>How these runs were made</h2>']
    for results in files:
        h = results.header
        if not h:
            out.append(f"<p>{esc(results.path)}: results format 1.0, which says nothing of how they were made.</p>")
            continue
        hosts = "<br>".join(
            f"<b>{esc(name)}</b>: {esc(info.get('engine', ''))} (host contract {esc(info.get('contract', ''))})"
            for name, info in h.get("hosts", {}).items()
        )
        rules = "<br>".join(
            f"<b>{esc(name)}</b>: {esc(info.get('file') or '(no file)')} sha256 {esc(info.get('sha256') or '-')}"
            for name, info in h.get("rules", {}).items()
        )
        items = [
            ("results", esc(results.path)),
            ("format", esc(h.get("format", ""))),
            ("splitcards", esc(h.get("splitcards", ""))),
            ("date", esc(h.get("date", ""))),
            ("command", f"<code>{esc(h.get('command', ''))}</code>"),
            ("hosts", hosts),
            ("rule versions", rules),
            ("plugins", esc(h.get("plugins", ""))),
        ]
        if h.get("transcript"):
            items.append(("transcript", esc(h["transcript"])))
        out.append(meta(items))
    out.append("</section>")
    return "\n".join(out)


def _matrix(matrix: Matrix) -> str:
    head = "".join(f"<th>{esc(host)}</th>" for host in matrix.hosts)
    rows = []
    for version in matrix.versions:
        cells = "".join(_cell(matrix.cell(host, version), None) for host in matrix.hosts)
        rows.append(f'<tr class="version"><th>{esc(version)}</th>{cells}</tr>')
        for of in matrix.mechanics.get(version, []):
            cells = "".join(
                _cell(matrix.cell(host, version, of), _cell_anchor(host, version, of)) for host in matrix.hosts
            )
            rows.append(f'<tr class="mechanic"><th>{esc(of)}</th>{cells}</tr>')
    total = "".join(_cell(matrix.total(host), None) for host in matrix.hosts)
    legend = (
        "Each cell counts the runs of one host under one rule version (bold rows: every mechanic; the rows"
        " under it: one mechanic each). <i>not_supported, declared</i>: the host declares the gap or the"
        " deviation behind it; <i>undeclared</i>: it does not, and the run fails. A count is a link to its runs."
    )
    return (
        f'<section id="matrix"><h2>The matrix</h2><p class="legend">{legend}</p>'
        f'<table class="matrix"><thead><tr><th>rules / mechanic</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody>"
        f'<tfoot><tr class="version"><th>all</th>{total}</tr></tfoot></table></section>'
    )


def _cell_anchor(host: str, version: str, of: str) -> str:
    return "c-" + slug(host, version, of)


def _cell(cell: Cell, anchor: str | None) -> str:
    if not cell.runs:
        return '<td class="cell empty">-</td>'
    counts = cell.counts
    shown = [f'<span class="{k}" data-kind="{k}">{counts[k]} {esc(LABELS[k])}</span>' for k in KINDS if counts[k]]
    inner = "".join(shown)
    if anchor is not None:
        inner = f'<a href="#{anchor}">{inner}</a>'
    return f'<td class="cell {_shade(counts)}">{inner}</td>'


def _shade(counts: Mapping[str, int]) -> str:
    if counts["error"]:
        return "has-error"
    if counts["fail"]:
        return "has-fail"
    if counts["undeclared"]:
        return "has-undeclared"
    if counts["declared"]:
        return "only-declared"
    return "all-pass"


def _comparison(found: RunComparison, before: ResultsFile, anchors: Mapping[tuple[str, str, str, str], str]) -> str:
    hosts = list(
        dict.fromkeys(c.key[3] for group in (found.fixed, found.regressed, found.new, found.gone) for c in group)
    )
    names = ("fixed", "regressed", "new", "gone", "changed")
    heads = ("host", "pass now, failed before", "regressed", "new", "gone", "changed otherwise")
    rows = [[esc(h), *(str(found.of_host(h)[n]) for n in names)] for h in hosts]
    when = before.header.get("date", "")
    made = f", {esc(when)}, splitcards {esc(before.header.get('splitcards', ''))}" if when else ""
    out = [
        '<section id="compare"><h2>Compared with an older run</h2>',
        f"<p>Older run: {esc(before.path)}{made}. {len(found.fixed)} pass now and failed before,"
        f" {len(found.regressed)} regressed, {len(found.new)} new, {len(found.gone)} gone,"
        f" {len(found.changed)} changed otherwise.</p>",
        table(heads, rows, "compare") if rows else "<p>No run changed.</p>",
    ]
    for title, changes, cls in (
        ("Regressed", found.regressed, "regressed"),
        ("Pass now, failed before", found.fixed, "fixed"),
        ("New", found.new, "new"),
        ("Gone", found.gone, "gone"),
        ("Changed otherwise", found.changed, "changed"),
    ):
        if changes:
            items = "".join(_change(c, anchors) for c in changes)
            out.append(f'<h3 id="compare-{cls}">{esc(title)} ({len(changes)})</h3><ul class="{cls}">{items}</ul>')
    out.append("</section>")
    return "\n".join(out)


def _change(change: Change, anchors: Mapping[tuple[str, str, str, str], str]) -> str:
    file, scenario, rules, host = change.key
    name = esc(f"{file}::{scenario} [{rules}] {host}")
    anchor = anchors.get(change.key)
    shown = f'<a href="#{anchor}">{name}</a>' if anchor and change.now else name
    was = esc(change.before or "not run")
    now = esc(change.now or "not run")
    return f'<li>{shown}: <span class="{was}">{was}</span> &rarr; <span class="{now}">{now}</span></li>'


def _runs(matrix: Matrix, anchors: Mapping[tuple[str, str, str, str], str], declarations: Mapping[str, str]) -> str:
    out = ['<section id="runs"><h2>Every run</h2><p>By host, rule version and mechanic; open a run to see it.</p>']
    for version in matrix.versions:
        for of in matrix.mechanics.get(version, []):
            for host in matrix.hosts:
                cell = matrix.cell(host, version, of)
                if not cell.runs:
                    continue
                out.append(
                    f'<section class="cell" id="{_cell_anchor(host, version, of)}">'
                    f"<h3>{esc(host)} &middot; {esc(version)} &middot; {esc(of)}</h3>"
                )
                out += [_run(run, anchors[key(run)], declarations) for run in cell.runs]
                out.append("</section>")
    out.append("</section>")
    return "\n".join(out)


def _run(run: Mapping[str, Any], anchor: str, declarations: Mapping[str, str]) -> str:
    status = str(run["status"])
    shown = f"{Path(str(run['file'])).name}::{run['scenario']} [{run['rules']}] {run['host']}"
    parts = []
    if run.get("source"):
        parts.append(f"<p><b>expected answers from</b> {esc(run['source'])}</p>")
    if run.get("detail"):
        parts.append(f'<p class="detail"><b>what happened</b>: {esc(run["detail"])}</p>')
    if run.get("cited"):
        parts.append(f"<p><b>rules cited</b>: {esc(', '.join(map(str, run['cited'])))}</p>")
    if run.get("declared"):
        reason = declarations.get(str(run["declared"]), "")
        parts.append(
            f'<p class="declaration"><b>declared</b>: <code>{esc(run["declared"])}</code>'
            + (f": {esc(reason)}" if reason else "")
            + "</p>"
        )
    elif kind(run) == "undeclared":
        parts.append('<p class="undeclared">No declaration of the host covers this not_supported: the run fails.</p>')
    if "steps" in run:
        parts.append(f'<h4>Steps</h4><pre class="steps">{pretty(run["steps"])}</pre>')
    if "checks" in run:
        parts.append(_checks(run))
    if run.get("exchange"):
        lines = "\n".join(esc(_exchange_line(line)) for line in run["exchange"])
        parts.append(f'<h4>The exchange with the engine (transcript)</h4><pre class="exchange">{lines}</pre>')
    if run.get("seconds") is not None:
        parts.append(f"<p>{esc(run['seconds'])} s</p>")
    label = f'<span class="{kind(run)}">{esc(status.upper())}</span>'
    return (
        f'<details id="{anchor}" class="run {esc(kind(run))}"><summary>{label} {esc(shown)}</summary>'
        f"{''.join(parts)}</details>"
    )


def _checks(run: Mapping[str, Any]) -> str:
    answers = {a.get("check"): a for a in run.get("answers", []) if isinstance(a, dict)}
    rows = []
    for index, check in enumerate(run["checks"]):
        query = {k: v for k, v in check.items() if k != "expect"} if isinstance(check, dict) else check
        answer = answers.get(index)
        if answer is None:
            got, cited, verdict = "(not reached)", "", ""
        else:
            got = pretty(answer.get("got"))
            cited = esc(", ".join(map(str, answer.get("cited", []))))
            verdict = (
                '<span class="pass">as expected</span>' if answer.get("matched") else '<span class="fail">not</span>'
            )
        expect = check.get("expect") if isinstance(check, dict) else None
        rows.append(
            [f"<pre>{pretty(query)}</pre>", f"<pre>{pretty(expect)}</pre>", f"<pre>{got}</pre>", cited, verdict]
        )
    return "<h4>Checks</h4>" + table(("query", "expected", "the host answered", "rules", ""), rows, "checks")


def _exchange_line(line: Mapping[str, Any]) -> str:
    if "stderr" in line:
        return f"engine {line.get('engine')} stderr: {line['stderr']}"
    way = "->" if "to" in line else "<-"
    return f"engine {line.get('engine')} {way} {json.dumps(line.get('message'), ensure_ascii=False)}"
