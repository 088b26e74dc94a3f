"""The service over stdio needs nothing but the package: ``pip install splitcards`` serves it, and
only ``--http`` asks for the ``http`` extra.

The interpreter each test starts has the HTTP packages blocked (``sys.modules[name] = None`` makes
their import fail as if they were not installed), as on an install without the extra.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from splitcards.wire.framing import encode_frame

# Runs the command line with Starlette and uvicorn unimportable, then says whether either was asked for.
_BLOCKED = """
import sys
for name in ("starlette", "uvicorn", "httpx"):
    sys.modules[name] = None
from splitcards.tools.cli import main
status = main(sys.argv[1:])
sys.stdout.flush()
sys.exit(status)
"""


def _run(args: list[str], stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-c", _BLOCKED, *args], input=stdin, capture_output=True, timeout=60, check=False
    )


def _answers(stdout: bytes) -> list[dict[str, Any]]:
    found = []
    while stdout:
        head, _, rest = stdout.partition(b"\r\n\r\n")
        length = int(head.split(b":")[1])
        found.append(json.loads(rest[:length]))
        stdout = rest[length:]
    return found


def test_stdio_answers_without_the_http_extra() -> None:
    requests: list[dict[str, Any]] = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"versions": ["1.0"], "client": "bare"}},
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "characteristics",
            "params": {"card": "Fire // Ice", "rules": "amonkhet-2017"},
        },
        {"jsonrpc": "2.0", "id": 3, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    done = _run(["serve"], b"".join(encode_frame(r) for r in requests))
    assert done.returncode == 0, done.stderr.decode()
    initialized, characteristics, shut = _answers(done.stdout)
    assert initialized["result"]["version"] == "1.0"
    # Since Amonkhet a split card off the stack has its halves' mana costs combined (709.4): 2 + 2.
    assert characteristics["result"]["value"]["mana_values"] == [4]
    assert shut == {"jsonrpc": "2.0", "id": 3, "result": None}


def test_http_without_the_extra_names_it() -> None:
    done = _run(["serve", "--http", "127.0.0.1:8765"])
    assert done.returncode == 2
    assert "pip install 'splitcards[http]'" in done.stderr.decode()


def test_a_decision_log_that_cannot_be_written_is_an_error_and_the_server_goes_on() -> None:
    # /dev/full takes the file open and refuses every write with ENOSPC, as a full disk does.
    requests: list[dict[str, Any]] = [
        {"jsonrpc": "2.0", "id": 1, "method": "characteristics", "params": {"card": "Fire // Ice"}},
        {"jsonrpc": "2.0", "id": 2, "method": "ping"},
    ]
    done = _run(["serve", "--decision-log", "/dev/full"], b"".join(encode_frame(r) for r in requests))
    assert done.returncode == 0, done.stderr.decode()
    refused, pinged = _answers(done.stdout)
    assert refused["error"]["data"]["type"] == "internal_error"
    assert "decision log can't be written" in refused["error"]["message"]
    assert pinged == {"jsonrpc": "2.0", "id": 2, "result": None}
