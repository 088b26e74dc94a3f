"""One engine process, spoken to over its stdin and stdout: requests out, answers back.

The engine runs in a process group of its own, so that it and whatever it starts can be ended
together. Every request has a deadline. Whatever goes wrong on the wire is a
:class:`~splitcards.errors.HostError` naming the method, the engine's exit status when it has
one, and the last lines it wrote to stderr:

* the engine exits, or closes its stdout: the process is reaped;
* no answer within the deadline: the process group is killed;
* a stream that is no longer frames (a bad header, a frame over the size allowed): the stream
  can't be read further, so the process group is killed;
* a frame whose body is not a JSON-RPC answer to the request (not JSON, another id, a request
  of its own): refused, the engine keeps running, and the game is as it was.

Every live engine is ended when the interpreter exits, Ctrl-C included.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import json
import os
import queue
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Sequence
from typing import IO, Any, BinaryIO, cast

from splitcards.errors import HostError, NotSupported, UnknownObject
from splitcards.wire import methods
from splitcards.wire.framing import FrameError, decode_body, encode_frame, read_frame
from splitcards.wire.transcript import Transcript

DEFAULT_TIMEOUT = 30.0
"""Seconds an engine has to answer a request, by default."""
STARTUP_TIMEOUT = 60.0
"""Seconds an engine has to answer ``initialize``, at least: starting a JVM or an interpreter that
imports its engine is not a request, and takes what a loaded machine makes it take."""
STDERR_LINES = 20
"""How many of the engine's last stderr lines an error quotes."""
_GRACE = 2.0  # seconds an engine asked to shut down has before it is killed
_STDERR_CATCH_UP = 0.1  # seconds an error waits for the stderr lines written before it

_LIVE: set[EngineProcess] = set()
_LIVE_LOCK = threading.Lock()


class EngineProcess:
    """A running engine: ``call`` sends a request and waits for its answer.

    :param argv: the command line, split as a shell would (no shell runs it).
    :param timeout: seconds each request has to be answered.
    :param transcript: where every message, both ways, and every stderr line is written.
    :param number: which engine process of the run this is, for the transcript.
    """

    def __init__(
        self,
        argv: Sequence[str],
        timeout: float = DEFAULT_TIMEOUT,
        transcript: Transcript | None = None,
        number: int = 1,
    ) -> None:
        self.argv = tuple(argv)
        self.number = number
        self.timeout = timeout
        self.transcript = transcript
        self._ids = itertools.count(1)
        self._answers: queue.Queue[bytes | FrameError | None] = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=STDERR_LINES)
        self._broken = ""
        try:
            self._proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=os.name == "posix",
            )
        except OSError as exc:
            raise HostError(f"engine {' '.join(self.argv)!r} could not be started: {exc}") from None
        with _LIVE_LOCK:
            _LIVE.add(self)
        assert self._proc.stdout is not None and self._proc.stderr is not None
        threading.Thread(target=self._read_frames, args=(cast(BinaryIO, self._proc.stdout),), daemon=True).start()
        self._stderr_done = threading.Thread(target=self._read_stderr, args=(self._proc.stderr,), daemon=True)
        self._stderr_done.start()

    # -- the calls -------------------------------------------------------------------------------

    @property
    def alive(self) -> bool:
        """Whether the engine still runs and its stream can still be read."""
        return not self._broken and self._proc.poll() is None

    def call(self, method: str, params: dict[str, Any], timeout: float | None = None) -> Any:
        """Send a request and return its answer's ``result`` (as JSON).

        :raises NotSupported: the engine answered ``NOT_SUPPORTED`` or that it has no such method.
        :raises UnknownObject: the engine answered ``UNKNOWN_OBJECT``.
        :raises HostError: any other error answer, and whatever goes wrong on the wire.
        """
        request_id = next(self._ids)
        self._send(method, {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        waited = self.timeout if timeout is None else timeout
        try:
            item = self._answers.get(timeout=waited)
        except queue.Empty:
            self.kill()
            raise self.error(method, f"no answer within {waited:g} s; the engine was stopped") from None
        if item is None:
            raise self.error(method, "the engine closed its stdout")
        if isinstance(item, FrameError):
            self._broken = str(item)
            self.kill()
            raise self.error(method, f"the engine wrote something that is not a frame: {item}")
        # The next frame must be the answer: one request is out at a time, and the protocol has
        # no message from the engine but answers.
        return self._answer(method, item, request_id)

    def notify(self, method: str, params: dict[str, Any]) -> None:
        """Send a notification (no answer comes)."""
        self._send(method, {"jsonrpc": "2.0", "method": method, "params": params})

    def _send(self, method: str, message: dict[str, Any]) -> None:
        if not self.alive:
            raise self.error(method, "the engine is no longer running" + (f" ({self._broken})" if self._broken else ""))
        if self.transcript is not None:
            self.transcript.write(self.number, "to_engine", message)
        stdin = self._proc.stdin
        assert stdin is not None
        try:
            stdin.write(encode_frame(message))
            stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise self.error(method, "the engine closed its stdin") from None

    def _answer(self, method: str, body: bytes, request_id: int) -> Any:
        """The result of the answer to request ``request_id`` in ``body``; an error for anything
        else."""
        try:
            message = decode_body(body)
        except FrameError as exc:
            self._log_raw(body)
            raise self.error(method, f"the engine answered with {exc}") from None
        if self.transcript is not None:
            self.transcript.write(self.number, "from_engine", message)
        if "method" in message:
            raise self.error(
                method, f"the engine sent {_shown(message.get('method'))}, a method the client does not serve"
            )
        if message.get("jsonrpc") != "2.0":
            raise self.error(method, f"the answer is not JSON-RPC 2.0 (jsonrpc is {_shown(message.get('jsonrpc'))})")
        if message.get("id") != request_id:
            raise self.error(
                method, f"the answer's id is {_shown(message.get('id'))}, not {request_id}, the id of the request"
            )
        if "error" in message:
            raise self._error_answer(method, message["error"])
        if "result" not in message:
            raise self.error(method, "the answer has neither a result nor an error")
        return message["result"]

    def _error_answer(self, method: str, error: Any) -> Exception:
        if not isinstance(error, dict) or not isinstance(error.get("code"), int):
            return self.error(method, f"the error answered is not a JSON-RPC error object: {_shown(error)}")
        code, text = error["code"], str(error.get("message", ""))[:1000]
        if code == methods.NOT_SUPPORTED:
            return NotSupported(text)
        if code == methods.METHOD_NOT_FOUND:
            return NotSupported(f"the engine has no method {method!r}: {text}")
        if code == methods.UNKNOWN_OBJECT:
            return UnknownObject(text)
        what = "refused" if code == methods.REFUSED else f"answered error {code}"
        return self.error(method, f"the engine {what}: {text}", status=False)

    def error(self, method: str, problem: str, status: bool = True) -> HostError:
        """A :class:`HostError` naming the method and the problem, then the exit status and the
        last stderr lines when the engine has exited (``status``)."""
        text = f"engine {' '.join(self.argv)!r}: in {method!r}: {problem}"
        if status:
            code = self._wait_briefly()
            if code is not None:
                text += f"; exit status {code}" + (f" ({_signal_name(code)})" if code < 0 else "")
            self._stderr_done.join(timeout=0.5)
        else:
            # The engine may have written its reason to stderr just before it answered: the lines
            # come on another pipe, read by another thread, so they are given a moment to arrive.
            time.sleep(_STDERR_CATCH_UP)
        tail = list(self._stderr)
        if tail:
            text += "\nits stderr ended with:\n  " + "\n  ".join(tail)
        return HostError(text)

    # -- the end ---------------------------------------------------------------------------------

    def close(self) -> None:
        """Ask the engine to shut down and exit; stop it if it does not within a moment."""
        if self.alive:
            try:
                self.call("shutdown", {}, timeout=_GRACE)
                self.notify("exit", {})
                self._proc.wait(timeout=_GRACE)
            except (HostError, NotSupported, UnknownObject, subprocess.TimeoutExpired):
                pass
        self.kill()

    def kill(self) -> None:
        """End the engine's process group now, and reap it."""
        if self._proc.poll() is None:
            try:
                if os.name == "posix":
                    os.killpg(self._proc.pid, signal.SIGKILL)
                else:
                    self._proc.kill()
            except (ProcessLookupError, PermissionError):
                pass
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._proc.wait(timeout=5)
        for stream in (self._proc.stdin, self._proc.stdout, self._proc.stderr):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        with _LIVE_LOCK:
            _LIVE.discard(self)

    @property
    def pid(self) -> int:
        return self._proc.pid

    def _wait_briefly(self) -> int | None:
        try:
            return self._proc.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            return None

    # -- the readers -----------------------------------------------------------------------------

    def _read_frames(self, stdout: BinaryIO) -> None:
        try:
            while True:
                body = read_frame(stdout)
                self._answers.put(body)
                if body is None:
                    return
        except FrameError as exc:
            self._answers.put(exc)
        except (OSError, ValueError):
            self._answers.put(None)

    def _read_stderr(self, stderr: IO[bytes]) -> None:
        try:
            for raw in stderr:
                line = raw.decode("utf-8", "replace").rstrip("\r\n")
                self._stderr.append(line[:500])
                if self.transcript is not None:
                    self.transcript.write(self.number, "stderr", line)
        except (OSError, ValueError):
            return

    def _log_raw(self, body: bytes) -> None:
        if self.transcript is not None:
            self.transcript.write(self.number, "from_engine", {"unreadable": body[:1000].decode("utf-8", "replace")})


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, bytes) else repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _signal_name(code: int) -> str:
    try:
        return signal.Signals(-code).name
    except ValueError:
        return f"signal {-code}"


@atexit.register
def _end_every_engine() -> None:
    # Engines run in process groups of their own, which Ctrl-C at a terminal does not reach: they
    # are ended here, on every way out of the interpreter that runs exit handlers.
    with _LIVE_LOCK:
        live = list(_LIVE)
    for engine in live:
        engine.kill()


def live_engines() -> int:
    """How many engine processes this interpreter has running (for tests and diagnostics)."""
    with _LIVE_LOCK:
        return sum(1 for engine in _LIVE if engine.alive)
