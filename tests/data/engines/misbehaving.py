"""An engine that serves the reference host over the wire and misbehaves on purpose.

``misbehaving.py MODE METHOD [WORD]``: answers every message as ``splitcards serve-host
reference`` would, except a request for METHOD (whose body contains WORD, when given), where it
does MODE. Before misbehaving it writes a line naming what it does to stderr, so that a test can
find it in the error's tail. ``SPLITCARDS_TEST_PIDS``, when set, is a file its pid is appended to.
"""

from __future__ import annotations

import json
import os
import sys
import time

from splitcards.game.configuration.registry import load_registry
from splitcards.game.plugins.hosts import adapters
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.wire.framing import decode_body, encode_frame, read_frame
from splitcards.wire.server import Server

MODES = (
    "die",  # exit with status 3
    "hang",  # never answer
    "bad-header",  # a header line that is not 'Name: value'
    "not-json",  # a well-framed body that is not JSON
    "wrong-id",  # an answer with another id
    "request",  # a request of its own, with a method the client does not serve
    "wrong-shape",  # a result of the wrong shape
    "huge-frame",  # a frame announcing 100 MB
    "refuse",  # the engine's own refusal (REFUSED)
)


def main() -> int:
    mode, method = sys.argv[1], sys.argv[2]
    word = sys.argv[3] if len(sys.argv) > 3 else ""
    pids = os.environ.get("SPLITCARDS_TEST_PIDS")
    if pids:
        with open(pids, "a", encoding="utf-8") as file:
            file.write(f"{os.getpid()}\n")
    info = adapters(make_plugin_manager())["reference"]
    server = Server(info, load_registry(), "misbehaving 1.0")
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer

    def send(data: bytes) -> None:
        stdout.write(data)
        stdout.flush()

    while True:
        body = read_frame(stdin)
        if body is None:
            return 0
        message = decode_body(body)
        if message.get("method") == method and word.encode() in body:
            print(f"misbehaving: {mode} in {method}", file=sys.stderr, flush=True)
            request_id = message.get("id")
            if mode == "die":
                return 3
            if mode == "hang":
                time.sleep(3600)
            if mode == "bad-header":
                send(b"Content-Length 12\r\n\r\n")
                continue
            if mode == "not-json":
                send(b"Content-Length: 9\r\n\r\n{not json")
                continue
            if mode == "wrong-id":
                send(encode_frame({"jsonrpc": "2.0", "id": 999_999, "result": None}))
                continue
            if mode == "request":
                send(encode_frame({"jsonrpc": "2.0", "id": 1, "method": "window/showMessage", "params": {}}))
                continue
            if mode == "wrong-shape":
                result = {"card": "Fire // Ice", "zone": "nowhere"} if method == "view" else {"no": "such"}
                send(encode_frame({"jsonrpc": "2.0", "id": request_id, "result": result}))
                continue
            if mode == "huge-frame":
                send(b"Content-Length: %d\r\n\r\n" % (100 * 1024 * 1024))
                time.sleep(3600)
            if mode == "refuse":
                error = {"code": -32003, "message": "this engine won't do that"}
                send(encode_frame({"jsonrpc": "2.0", "id": request_id, "error": error}))
                continue
            raise SystemExit(f"unknown mode {mode!r}")
        answer = server.answer(message)
        if answer is not None:
            send(encode_frame(json.loads(json.dumps(answer))))
        if message.get("method") == "exit":
            return 0


if __name__ == "__main__":
    sys.exit(main())
