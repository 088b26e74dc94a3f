"""An engine that serves the reference host over the wire and declares that it lacks Rooms.

``declaring.py``: answers every message as ``splitcards serve-host reference`` would, but its
``initialize`` declares the gap ``rooms``, so every run that needs Rooms is a declared
``not_supported`` (the report tests count them).
"""

from __future__ import annotations

import dataclasses
import sys

from splitcards.game.configuration.registry import load_registry
from splitcards.game.contract import Capability, Gap
from splitcards.game.plugins.hosts import adapters
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.wire.framing import decode_body, encode_frame, read_frame
from splitcards.wire.server import Server


def main() -> int:
    reference = adapters(make_plugin_manager())["reference"]
    info = dataclasses.replace(reference, name="declaring", lacks=(Gap(Capability.ROOMS, "this engine has no Rooms"),))
    server = Server(info, load_registry(), "declaring 1.0")
    while True:
        body = read_frame(sys.stdin.buffer)
        if body is None:
            return 0
        message = decode_body(body)
        answer = server.answer(message)
        if answer is not None:
            sys.stdout.buffer.write(encode_frame(answer))
            sys.stdout.buffer.flush()
        if message.get("method") == "exit":
            return 0


if __name__ == "__main__":
    sys.exit(main())
