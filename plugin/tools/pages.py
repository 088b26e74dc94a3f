"""What the report pages share: one self-contained HTML document (its CSS inline, no script, no
asset fetched), the escaping of every text that goes in, and the writing of the page into its
folder.

A page opens from the disk with no server, is published as it is by a CI job, and shows its
tables and details without JavaScript (``<details>`` and anchors do the clicking).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from splitcards.errors import ConfigError

CSS = """
:root { --pass: #1a7f37; --fail: #cf222e; --error: #8250df; --declared: #6e7781; --undeclared: #bc4c00; }
body { font: 15px/1.45 system-ui, sans-serif; margin: 1.5rem auto; max-width: 78rem; padding: 0 1rem; color: #1f2328; }
h1 { font-size: 1.6rem; margin-bottom: .3rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #d0d7de; }
table { border-collapse: collapse; margin: .6rem 0; }
th, td { border: 1px solid #d0d7de; padding: .25rem .5rem; text-align: left; vertical-align: top; }
thead th { background: #f6f8fa; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: .5rem 0; }
dl.meta dt { font-weight: 600; } dl.meta dd { margin: 0; }
code, pre { font: 13px/1.4 ui-monospace, monospace; } pre { background: #f6f8fa; padding: .5rem; overflow-x: auto; }
.pass { color: var(--pass); } .fail { color: var(--fail); } .error { color: var(--error); }
.declared { color: var(--declared); } .undeclared { color: var(--undeclared); font-weight: 600; }
td.cell { min-width: 7rem; } td.cell span { display: block; white-space: nowrap; }
td.all-pass { background: #dafbe1; } td.has-fail { background: #ffebe9; } td.has-error { background: #fbefff; }
td.has-undeclared { background: #fff1e5; } td.only-declared { background: #f6f8fa; }
tr.version th, tr.version td { border-top: 2px solid #8c959f; font-weight: 600; }
tr.mechanic th { padding-left: 1.5rem; font-weight: normal; }
details { border: 1px solid #d0d7de; border-radius: 4px; margin: .3rem 0; padding: .2rem .6rem; }
details[open] { background: #fcfcfd; } summary { cursor: pointer; }
section.cell:target, details:target { outline: 3px solid #0969da; }
.warning { color: var(--undeclared); font-weight: 600; }
.outlier { color: var(--fail); font-weight: 600; }
figure { margin: 1rem 0; } figure svg { max-width: 100%; height: auto; }
"""


def esc(text: object) -> str:
    """``text`` as HTML shows it, quotes included (it may go in an attribute)."""
    return html.escape(str(text), quote=True)


def slug(*parts: object) -> str:
    """An anchor name made of ``parts``: letters, digits, ``-`` and ``_`` only."""
    return "-".join(re.sub(r"[^A-Za-z0-9_]+", "_", str(p)).strip("_") or "_" for p in parts)


def pretty(value: Any) -> str:
    """A value as JSON laid out for reading, escaped for a ``<pre>``."""
    return esc(json.dumps(value, indent=2, ensure_ascii=False, sort_keys=False, default=str))


def meta(items: Iterable[tuple[str, str]]) -> str:
    """A list of names and values already made HTML (``<dl class="meta">``)."""
    rows = "".join(f"<dt>{esc(name)}</dt><dd>{value}</dd>" for name, value in items)
    return f'<dl class="meta">{rows}</dl>'


def table(head: Iterable[str], rows: Iterable[Iterable[str]], cls: str = "") -> str:
    """A table whose cells are already HTML; ``head`` is escaped."""
    top = "".join(f"<th>{esc(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    kind = f' class="{esc(cls)}"' if cls else ""
    return f"<table{kind}><thead><tr>{top}</tr></thead><tbody>{body}</tbody></table>"


def document(title: str, body: str) -> str:
    """A whole page: the title, the inline CSS, and ``body`` (HTML)."""
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title><style>{CSS}</style></head>\n<body>\n{body}\n</body></html>\n"
    )


def write_page(folder: Path, page: str, extra: Mapping[str, str] | None = None) -> Path:
    """Write ``page`` as ``folder/index.html`` (and each of ``extra``, by file name), making the
    folder; returns the page's path. A folder that can't be written is :class:`ConfigError`."""
    path = folder / "index.html"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(page, encoding="utf-8")
        for name, text in (extra or {}).items():
            (folder / name).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"--report {folder}: can't write the page there: {exc.strerror or exc}") from None
    return path
