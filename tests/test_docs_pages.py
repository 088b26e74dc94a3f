"""The documentation as a reader sees it: built by mkdocs (strict, as tox's docs environment does)
into a folder of its own, then every page's text read for Markdown that was left as text: a list
whose items show as ``* `` or ``- `` at the start of a paragraph (a list with no blank line before
it), a code fence or ``**`` shown as characters, a table left as lines of ``|``, a heading's ``#``.

It needs the docs dependency group (mkdocs); where mkdocs is not installed it skips, unless
``SPLITCARDS_REQUIRE_DOCS`` is set (tox's docs environment sets it), where it fails.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent

if importlib.util.find_spec("mkdocs") is None:
    if os.environ.get("SPLITCARDS_REQUIRE_DOCS"):
        raise RuntimeError("SPLITCARDS_REQUIRE_DOCS is set and mkdocs is not installed (the docs dependency group)")
    pytest.skip("mkdocs is not installed (the docs dependency group)", allow_module_level=True)


class _Text(HTMLParser):
    """The paragraphs of a page's content, and its text outside code, as a browser shows them."""

    BLOCKS = frozenset({"p", "li", "td", "th", "dd", "dt", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote"})
    CODE = frozenset({"pre", "code", "script", "style"})

    def __init__(self) -> None:
        super().__init__()
        self.in_main = 0
        self.code = 0
        self.blocks: list[str] = []
        self.current: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.in_main:
            self.in_main += tag not in ("br", "img", "hr", "input", "meta", "link")
        elif tag == "div" and ("role", "main") in attrs:
            self.in_main = 1
        if tag in self.CODE:
            self.code += 1
            if self.current is not None:
                self.current.append("`code`")
        elif tag in self.BLOCKS and self.in_main and not self.code:
            self.current = []

    def handle_endtag(self, tag: str) -> None:
        if self.in_main and tag not in ("br", "img", "hr", "input", "meta", "link"):
            self.in_main -= 1
        if tag in self.CODE:
            self.code = max(0, self.code - 1)
        elif tag in self.BLOCKS and self.current is not None:
            self.blocks.append("".join(self.current))
            self.current = None

    def handle_data(self, data: str) -> None:
        if self.in_main and not self.code and self.current is not None:
            self.current.append(data)


_LITERAL = (
    (re.compile(r"^\s*[*+-] \S", re.M), "a list item left as text"),
    (re.compile(r"^\s*\d+\. \S.*\n\s*\d+\. ", re.M), "a numbered list left as text"),
    (re.compile(r"```"), "a code fence shown as text"),
    # Between digits it is a power, as Python writes one (2**63).
    (re.compile(r"(?<![0-9])\*\*|\*\*(?![0-9])"), "** shown as text"),
    (re.compile(r"^\s*\|.*\|\s*$", re.M), "a table left as text"),
    (re.compile(r"^\s*#{1,6} \S", re.M), "a heading's # shown as text"),
)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return out


def literal_markdown(page: str) -> list[str]:
    """Each block of a built page that shows Markdown as text, with what is wrong in it."""
    parser = _Text()
    parser.feed(page)
    found = []
    for block in parser.blocks:
        for pattern, what in _LITERAL:
            if pattern.search(block):
                found.append(f"{what}: {block.strip()[:120]!r}")
    return found


def test_the_checker_finds_markdown_left_as_text() -> None:
    page = (
        '<div role="main"><p>Options:\n* one\n* two</p><p>**bold**</p><p>| a | b |\n| --- | --- |</p>'
        "<pre><code>* code is left alone **</code></pre><ul><li>a real list</li></ul></div>"
    )
    assert [found.split(":")[0] for found in literal_markdown(page)] == [
        "a list item left as text",
        "** shown as text",
        "a table left as text",
    ]


def test_no_page_shows_markdown_as_text(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 20
    found = {
        str(page.relative_to(site)): problems
        for page in pages
        if (problems := literal_markdown(page.read_text(encoding="utf-8")))
    }
    assert found == {}
