"""docs/protocol.md and docs/adapters.md say what the code does: the error codes are methods.py's
and the client's, both documents give one answer to each question, every key of the protocol's
types is defined (in the docs, the schema and the contract), and the Markdown renders as written."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from splitcards.errors import HostError, NotSupported, UnknownObject
from splitcards.game.contract import Host, Resolution
from splitcards.tools import schemas
from splitcards.wire import methods
from splitcards.wire.engine import EngineProcess
from splitcards.wire.forms import fields_of

DOCS = Path(__file__).resolve().parents[1] / "docs"
PROTOCOL = (DOCS / "protocol.md").read_text(encoding="utf-8")
ADAPTERS = (DOCS / "adapters.md").read_text(encoding="utf-8")
EXCEPTIONS = {"NotSupported": NotSupported, "UnknownObject": UnknownObject, "HostError": HostError}
CODE = re.compile(r"-32\d\d\d")


def section(text: str, heading: str) -> str:
    """The text under ``heading`` (a whole heading line), up to the next heading of its level or above."""
    level = heading.split(" ", 1)[0]
    start = text.index(f"\n{heading}\n") + len(heading) + 2
    found = re.search(rf"^#{{1,{len(level)}}} ", text[start:], re.MULTILINE)
    return text[start : start + found.start()] if found else text[start:]


def tables(text: str) -> Iterator[list[dict[str, str]]]:
    """Each Markdown table of ``text``: its rows, each a dict from column heading to cell."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("|") and i + 1 < len(lines) and lines[i + 1].startswith("| ---"):
            head = [cell.strip() for cell in line.strip("|").split("|")]
            rows = []
            for row in lines[i + 2 :]:
                if not row.startswith("|"):
                    break
                rows.append(dict(zip(head, (cell.strip() for cell in row.strip("|").split("|")), strict=True)))
            yield rows


def exception_named(cell: str) -> str:
    (name,) = [name for name in EXCEPTIONS if f"`{name}`" in cell]
    return name


# -- the error codes -----------------------------------------------------------------------------


def protocol_codes() -> dict[int, str]:
    """docs/protocol.md's table of error codes: the exception each code is in splitcards."""
    (table, *_) = tables(section(PROTOCOL, "## Errors"))
    return {int(code): exception_named(row["in splitcards"]) for row in table for code in CODE.findall(row["code"])}


def adapter_codes() -> dict[int, str]:
    """docs/adapters.md's table of what a host raises: the exception it names for each code."""
    (table,) = [t for t in tables(section(ADAPTERS, "## The contract")) if "over the wire" in t[0]]
    return {int(code): exception_named(row["raises"]) for row in table for code in CODE.findall(row["over the wire"])}


CONSTANTS = {
    name: value for name, value in vars(methods).items() if name.isupper() and isinstance(value, int) and value < 0
}


def test_the_error_codes_of_the_docs_are_the_protocols() -> None:
    documented = protocol_codes()
    assert sorted(documented) == sorted(CONSTANTS.values())
    own = {"NOT_SUPPORTED": "NotSupported", "UNKNOWN_OBJECT": "UnknownObject", "REFUSED": "HostError"}
    assert {name: documented[CONSTANTS[name]] for name in own} == own
    assert documented[methods.UNKNOWN_GAME] == "HostError"
    # What adapters.md says an in-process host raises is what the same code is over the wire.
    adapters = adapter_codes()
    assert adapters and {code: documented[code] for code in adapters} == adapters


def test_an_engines_refusal_has_one_answer_in_both_documents() -> None:
    (protocol,) = [row for row in next(tables(section(PROTOCOL, "## Errors"))) if "refuses" in row["meaning"]]
    (adapters,) = [t for t in tables(section(ADAPTERS, "## The contract")) if "over the wire" in t[0]]
    (refusal,) = [row for row in adapters if "refuses" in row["the host"]]
    assert CODE.findall(protocol["code"]) == CODE.findall(refusal["over the wire"]) == [str(methods.REFUSED)]
    assert exception_named(protocol["in splitcards"]) == exception_named(refusal["raises"]) == "HostError"
    assert "`fail`" in protocol["in splitcards"] and "`fail`" in refusal["in splitcards"]
    # NotSupported is for what can't be expressed, or a declared deviation: never for a refusal.
    for text in (PROTOCOL, ADAPTERS):
        for sentence in re.split(r"(?<=[.:])\s", text):
            assert not ("refuses" in sentence and "raise `NotSupported` with the engine's reason" in sentence)


# An engine that answers each request with the error whose code its params give.
ERRORS_ENGINE = r"""
import json, sys
inp, out = sys.stdin.buffer, sys.stdout.buffer
while True:
    length = None
    while True:
        line = inp.readline()
        if not line:
            sys.exit(0)
        if line == b"\r\n":
            break
        key, _, value = line.partition(b":")
        if key.strip().lower() == b"content-length":
            length = int(value)
    m = json.loads(inp.read(length))
    error = {"code": m["params"]["code"], "message": "said the engine"}
    body = json.dumps({"jsonrpc": "2.0", "id": m["id"], "error": error}).encode()
    out.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    out.flush()
"""


def test_the_client_raises_the_exception_the_docs_name_for_each_code(tmp_path: Path) -> None:
    script = tmp_path / "errors.py"
    script.write_text(ERRORS_ENGINE, encoding="utf-8")
    engine = EngineProcess([sys.executable, str(script)], timeout=20)
    try:
        for code, name in protocol_codes().items():
            with pytest.raises(EXCEPTIONS[name]) as caught:
                engine.call("view", {"game": "g7", "object": "o1", "code": code})
            assert type(caught.value) is EXCEPTIONS[name], code
            if code == methods.UNKNOWN_GAME:
                assert 'the engine knows no game "g7" (never made by this engine process, or disposed)' in str(
                    caught.value
                )
    finally:
        engine.close()


# -- every key of the protocol's types is defined ------------------------------------------------


def form_tables() -> dict[str, list[dict[str, str]]]:
    """The tables of docs/protocol.md's "JSON forms", by the type each is under."""
    text = section(PROTOCOL, "## JSON forms")
    found = {}
    for heading in re.findall(r"^### (\w+)$", text, re.MULTILINE):
        (table,) = tables(section(text, f"### {heading}"))
        found[heading] = table
    return found


def test_every_key_of_the_protocols_types_is_defined_in_the_docs_and_the_schema() -> None:
    protocol = schemas.load("protocol")
    types = {name: d for name, d in protocol["$defs"].items() if d.get("type") == "object" and "." not in name}
    documented = form_tables()
    assert sorted(documented) == sorted(types)
    for name, definition in types.items():
        rows = {row["key"].strip("`"): row for row in documented[name]}
        properties = definition["properties"]
        assert list(rows) == list(properties), name
        for key, row in rows.items():
            assert row["what it is"], f"{name}.{key}"
            assert properties[key].get("description"), f"{name}.{key}"
            if key in definition["required"]:
                assert row["default"] == "required", f"{name}.{key}"
            else:
                assert json.loads(row["default"].strip("`")) == properties[key]["default"], f"{name}.{key}"


def test_the_vocabulary_of_instructions_is_defined() -> None:
    resolution = schemas.load("protocol")["$defs"]["Resolution"]["properties"]
    for key in ("instructions", "performed_by"):
        assert "`name`" in resolution[key]["description"] and "702.47" in resolution[key]["description"]
    assert "**The vocabulary of `instructions`.**" in section(PROTOCOL, "### Resolution")
    # The contract says what a host does with every field of the Resolution it is given.
    doc = Host.resolve.__doc__ or ""
    assert [name for name, _, _ in fields_of(Resolution) if f"* ``{name}``:" not in doc] == []


# -- the Markdown renders as written -------------------------------------------------------------


def test_no_fenced_block_is_inside_a_list_item() -> None:
    # Python-Markdown's fenced_code (mkdocs.yml enables no superfences) reads a fence only at the
    # start of a line: one indented into a list item is shown as text, and ends the list.
    for page in sorted(DOCS.glob("*.md")):
        lines = enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        assert [f"{page.name}:{i}" for i, line in lines if line[:1] == " " and line.lstrip().startswith("```")] == []


def test_the_transport_section_renders_as_a_list_with_its_code_block() -> None:
    markdown = pytest.importorskip("markdown")
    # The extensions mkdocs always adds, and the ones mkdocs.yml names that render this page.
    html = markdown.markdown(section(PROTOCOL, "## Transport"), extensions=["toc", "tables", "fenced_code"])
    items = re.findall(r"<li>(.*?)</li>", html.split("</ul>")[0], re.DOTALL)
    assert len(items) == 4
    assert '<pre><code>Content-Length: 52\\r\\n\n\\r\\n\n{"jsonrpc":"2.0"' in items[0]
    assert "<code>text" not in html and "* <strong>" not in html
    steps = markdown.markdown(section(PROTOCOL, "## Writing an engine"), extensions=["toc", "tables", "fenced_code"])
    assert "<pre><code>splitcards conformance --host 'command:./my-engine'" in steps
    assert "<code>sh" not in steps
