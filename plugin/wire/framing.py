"""Frames on a byte stream, as the Language Server Protocol frames them.

A frame is a header of ``Name: value`` lines, each ended by ``\\r\\n``, an empty line, then a body
of exactly ``Content-Length`` bytes: a JSON-RPC 2.0 message in UTF-8. The length counts bytes,
not characters ("Lim-Dûl's Vault" is 15 characters and 16 bytes). ``Content-Type`` may be given
and is ignored; no other header is read.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any, BinaryIO

MAX_FRAME = 16 * 1024 * 1024
"""The largest body read (16 MiB): a bigger ``Content-Length`` is refused before it is read."""
MAX_HEADER = 8 * 1024
"""The longest header read: a stream that never ends its header is refused."""


class FrameError(ValueError):
    """A stream that is not a sequence of frames, or a body that is not a JSON object."""


class NotAnObject(FrameError):
    """A body that is JSON, but no JSON object: no JSON-RPC message at all."""


def encode_frame(message: dict[str, Any]) -> bytes:
    """A message as one frame: its header, then its body in UTF-8."""
    body = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


def read_frame(stream: BinaryIO, max_frame: int = MAX_FRAME) -> bytes | None:
    """The body of the next frame; ``None`` at the end of the stream before a frame begins.

    :raises FrameError: a malformed header, a missing or wrong ``Content-Length``, a body over
        ``max_frame`` bytes, or a stream that ends inside a frame.
    """
    length: int | None = None
    read = 0
    while True:
        line = stream.readline(MAX_HEADER + 1)
        if not line:
            if read == 0:
                return None
            raise FrameError("the stream ended inside a frame's header")
        read += len(line)
        if read > MAX_HEADER:
            raise FrameError(f"a frame's header is longer than {MAX_HEADER} bytes")
        if not line.endswith(b"\r\n"):
            raise FrameError(f"a header line not ended by \\r\\n: {_shown(line)}")
        if line == b"\r\n":
            break
        name, colon, value = line[:-2].partition(b":")
        if not colon:
            raise FrameError(f"a header line that is not 'Name: value': {_shown(line)}")
        if name.strip().lower() == b"content-length":
            text = value.strip()
            if not text.isdigit() or len(text) > 12:
                raise FrameError(f"Content-Length is not a number of bytes: {_shown(value)}")
            length = int(text)
    if length is None:
        raise FrameError("a frame without a Content-Length header")
    if length > max_frame:
        raise FrameError(f"a frame of {length} bytes, over the {max_frame} bytes allowed")
    body = stream.read(length)
    if len(body) < length:
        raise FrameError(f"the stream ended inside a frame: {len(body)} of {length} bytes")
    return body


def decode_body(body: bytes) -> dict[str, Any]:
    """A frame's body as a JSON-RPC message object.

    :raises FrameError: a body that is not UTF-8, not JSON, or not a JSON object.
    """
    try:
        message = json.loads(body.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise FrameError(f"a body that is not UTF-8: {exc}") from None
    except (ValueError, RecursionError) as exc:
        raise FrameError(f"a body that is not JSON: {type(exc).__name__}: {_shown(body)}") from None
    if not isinstance(message, dict):
        raise NotAnObject(f"a body that is not a JSON object: {_shown(body)}")
    return message


def serve_frames(
    answer: Callable[[dict[str, Any]], dict[str, Any] | None],
    shut_down: Callable[[], bool],
    stdin: BinaryIO,
    stdout: BinaryIO,
    program: str,
    error: Callable[[int, str], dict[str, Any]] = lambda code, message: {"code": code, "message": message},
) -> int:
    """Answer every message framed on ``stdin`` with ``answer`` (``None``: a notification, not
    answered) until ``exit`` or the end of the input. A body that is not JSON is answered with a
    parse error (-32700) and one that is no JSON object is no request (-32600), both with id
    null (``error`` makes the error object), and the next frame is read. The exit status: 0
    after ``shutdown`` (``shut_down()``) or at the end of the input; 1 for ``exit`` without
    ``shutdown`` (as LSP says) or for a stream that is no longer frames, which ``program``
    names on stderr."""
    while True:
        try:
            body = read_frame(stdin)
        except FrameError as exc:
            print(f"{program}: {exc}", file=sys.stderr)
            return 1
        if body is None:
            return 0
        try:
            message = decode_body(body)
        except FrameError as exc:
            code = _NOT_A_REQUEST if isinstance(exc, NotAnObject) else _PARSE_ERROR
            stdout.write(encode_frame({"jsonrpc": "2.0", "id": None, "error": error(code, str(exc))}))
            stdout.flush()
            continue
        answered = answer(message)
        if answered is not None:
            stdout.write(encode_frame(answered))
            stdout.flush()
        if message.get("method") == "exit":
            return 0 if shut_down() else 1


# JSON-RPC 2.0's own codes for what is not a request at all.
_PARSE_ERROR = -32700
_NOT_A_REQUEST = -32600


def _shown(data: bytes) -> str:
    return repr(data[:60] + b"..." if len(data) > 60 else data)
