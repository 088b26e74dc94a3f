"""One engine process, spoken to over its stdin and stdout: requests out, answers back.

The engine runs in a process group of its own, so that it and whatever it starts can be ended
together. Every request has a deadline. Whatever goes wrong on the wire is a
:class:`~splitcards.errors.HostError` naming the method, the engine's exit status when it has
one, and the last lines it wrote to stderr:

* the engine exits, or closes its stdout: the process is reaped;
* no answer within the deadline: the process group is killed;
* a stream that is no longer frames (a bad header, a frame over the size allowed), or a frame
  that can't be matched (not JSON, an answer with id null): the stream can't be trusted further,
  so the process group is killed;
* an answer to the request that is no answer of its form (not JSON-RPC 2.0, neither result nor
  error): refused, the engine keeps running, and the game is as it was.

What the engine sends unasked keeps the stream in step: a ``$/log`` notification goes to its log
(with its stderr lines), an answer to no pending request is dropped with a warning in that log,
and any other notification or request is logged and dropped. Unasked frames are counted: past
:data:`MAX_UNASKED_FRAMES` frames or :data:`MAX_UNASKED_BYTES` bytes since the last request the
engine is ended, so an engine can't fill the client's memory with them. A stderr line is read up
to :data:`MAX_STDERR_LINE` bytes and cut there, and every string from the engine that an error or
a report shows goes through :func:`printable`.

Every live engine is ended when the interpreter exits, Ctrl-C included, and the process group
is ended even when the engine itself has exited, so that no helper it started outlives it.
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

from splitcards.errors import HostError, NotSupported, UnknownObject, printable
from splitcards.wire import methods
from splitcards.wire.framing import MAX_FRAME, FrameError, decode_body, encode_frame, read_frame
from splitcards.wire.transcript import Transcript

DEFAULT_TIMEOUT = 30.0
"""Seconds an engine has to answer a request, by default."""
STARTUP_TIMEOUT = 60.0
"""Seconds an engine has to answer ``initialize``, at least: starting a JVM or an interpreter that
imports its engine is not a request, and takes what a loaded machine makes it take."""
STDERR_LINES = 20
"""How many of the engine's last stderr lines an error quotes."""
MAX_UNASKED_FRAMES = 1000
"""How many frames an engine may send unasked (logs, stray answers) between two requests."""
MAX_UNASKED_BYTES = MAX_FRAME
"""How many bytes of frames an engine may send unasked between two requests."""
MAX_STDERR_LINE = 16 * 1024
"""The longest stderr line kept, in bytes: a longer one is cut, with its length said."""
_GRACE = 2.0  # seconds an engine asked to shut down has before it is killed
_STDERR_CATCH_UP = 0.1  # seconds an error waits for the stderr lines written before it
_POLL = 0.1  # seconds between two looks at whether the engine has exited, while waiting
_AFTER_EXIT = 0.5  # seconds an exited engine's last frames have to arrive

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
        # Only the answer to the pending request, or why the stream ended (a string), is queued:
        # the reader handles everything else as it comes, so the queue holds one item at most.
        self._answers: queue.Queue[dict[str, Any] | str] = queue.Queue()
        self._lock = threading.Lock()
        self._pending: int | None = None
        self._unasked_frames = 0
        self._unasked_bytes = 0
        self._log: deque[str] = deque(maxlen=STDERR_LINES)
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
        :raises HostError: any other error answer (``UNKNOWN_GAME`` names the game of ``params``), and
            whatever goes wrong on the wire.
        """
        request_id = next(self._ids)
        with self._lock:
            self._pending = request_id
            self._unasked_frames = self._unasked_bytes = 0
        self._send(method, {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        waited = self.timeout if timeout is None else timeout
        item = self._wait(waited)
        if item is None:
            self.kill()
            raise self.error(method, f"no answer within {waited:g} s; the engine was stopped") from None
        if isinstance(item, str):
            # The exit status comes first: it says more than the SIGKILL that ends the group.
            error = self.error(method, item)
            self.kill()
            raise error
        return self._answer(method, item, params.get("game"))

    def _wait(self, seconds: float) -> dict[str, Any] | str | None:
        """The answer, why the stream ended, or ``None`` when ``seconds`` pass without either.

        An engine that exited while something it started holds its stdout gives no end of stream:
        its exit is seen here, and its last frames have a moment to arrive."""
        deadline = time.monotonic() + seconds
        exited_at: float | None = None
        while True:
            left = deadline - time.monotonic()
            try:
                return self._answers.get(timeout=max(0.0, min(left, _POLL)))
            except queue.Empty:
                pass
            now = time.monotonic()
            if exited_at is None and self._proc.poll() is not None:
                exited_at = now
            if exited_at is not None and now - exited_at >= _AFTER_EXIT:
                return "the engine exited without answering"
            if now >= deadline:
                return None

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

    def _answer(self, method: str, message: dict[str, Any], game: Any) -> Any:
        """The result of ``message``, the answer to a request about ``game`` (``None``: about no
        game); an error for an answer that is not of its form."""
        if message.get("jsonrpc") != "2.0":
            raise self.error(method, f"the answer is not JSON-RPC 2.0 (jsonrpc is {_shown(message.get('jsonrpc'))})")
        if "error" in message:
            raise self._error_answer(method, message["error"], game)
        if "result" not in message:
            raise self.error(method, "the answer has neither a result nor an error")
        return message["result"]

    def _error_answer(self, method: str, error: Any, game: Any) -> Exception:
        if not isinstance(error, dict) or not isinstance(error.get("code"), int):
            return self.error(method, f"the error answered is not a JSON-RPC error object: {_shown(error)}")
        code, text = error["code"], printable(str(error.get("message", "")), 1000)
        if code == methods.NOT_SUPPORTED:
            return NotSupported(text)
        if code == methods.METHOD_NOT_FOUND:
            return NotSupported(f"the engine has no method {method!r}: {text}")
        if code == methods.UNKNOWN_OBJECT:
            return UnknownObject(text)
        if code == methods.UNKNOWN_GAME:
            # The client and the engine no longer agree on which games exist: nothing more can be
            # asked about this one.
            problem = f"the engine knows no game {_shown(game)} (never made by this engine process, or disposed)"
            return self.error(method, f"{problem}: {text}", status=False)
        what = "refused" if code == methods.REFUSED else f"answered error {code}"
        return self.error(method, f"the engine {what}: {text}", status=False)

    def error(self, method: str, problem: str, status: bool = True) -> HostError:
        """A :class:`HostError` naming the method and the problem, then the exit status and the
        last lines of the engine's log (its stderr and its ``$/log`` messages) when the engine
        has exited (``status``)."""
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
        tail = list(self._log)
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
        """End the engine's process group now, and reap the engine.

        The group is ended even when the engine has exited: a helper it started may live on in
        it, holding the engine's stdout open. stdout and stderr are closed by their readers when
        they end, never here: closing a stream waits for the reader blocked in it."""
        if os.name == "posix":
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self._proc.pid, signal.SIGKILL)
        elif self._proc.poll() is None:
            self._proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._proc.wait(timeout=5)
        # Every request is flushed as it is sent, so closing stdin has nothing to write.
        with contextlib.suppress(OSError, ValueError):
            if self._proc.stdin is not None:
                self._proc.stdin.close()
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
                if body is None:
                    self._end("the engine closed its stdout")
                    return
                if not self._take(body):
                    return
        except FrameError as exc:
            self._end(f"the engine wrote something that is not a frame: {exc}")
        except (OSError, ValueError):
            self._end("the engine closed its stdout")
        finally:
            with contextlib.suppress(OSError, ValueError):
                stdout.close()

    def _take(self, body: bytes) -> bool:
        """Queue the answer to the pending request, log or drop anything else; ``False`` when the
        stream can't be trusted further (it has been ended)."""
        try:
            message = decode_body(body)
        except FrameError as exc:
            self._log_raw(body)
            return self._end(f"the engine wrote a frame that can't be matched to a request: {exc}")
        if self.transcript is not None:
            self.transcript.write(self.number, "from_engine", message)
        answer_id = message.get("id") if "method" not in message else None
        with self._lock:
            if answer_id is not None and answer_id == self._pending and not isinstance(answer_id, bool):
                self._pending = None
                self._answers.put(message)
                return True
            self._unasked_frames += 1
            self._unasked_bytes += len(body)
            frames, size = self._unasked_frames, self._unasked_bytes
        if frames > MAX_UNASKED_FRAMES or size > MAX_UNASKED_BYTES:
            return self._end(
                f"the engine sent {frames} frames ({size} bytes) unasked since the last request, over the"
                f" {MAX_UNASKED_FRAMES} frames or {MAX_UNASKED_BYTES} bytes allowed; it was stopped"
            )
        method = message.get("method")
        if isinstance(method, str):
            params = message.get("params")
            if method == methods.LOG and "id" not in message and isinstance(params, dict):
                level = params.get("level")
                self._note((f"{level}: " if isinstance(level, str) else "") + str(params.get("message", "")))
            else:
                kind = "request" if "id" in message else "notification"
                self._note(f"splitcards: dropped the {kind} {_shown(method)} that the engine sent unasked")
            return True
        if answer_id is not None:
            self._note(f"splitcards: warning: dropped an answer to no pending request (id {_shown(answer_id)})")
            return True
        return self._end(f"the engine sent a frame that can't be matched to a request: {_shown(message)}")

    def _end(self, why: str) -> bool:
        # alive turns False at once, so the next game starts a fresh engine even when no call
        # is waiting to hear why.
        self._broken = why
        self._answers.put(why)
        return False

    def _read_stderr(self, stderr: IO[bytes]) -> None:
        try:
            while True:
                raw = stderr.readline(MAX_STDERR_LINE)
                if not raw:
                    return
                length, end = len(raw), raw
                # A line over the cap is read on, a piece at a time, only to be counted.
                while not end.endswith(b"\n"):
                    end = stderr.readline(MAX_STDERR_LINE)
                    if not end:
                        break
                    length += len(end)
                line = raw.decode("utf-8", "replace").rstrip("\r\n")
                self._note(line, f" (a line of {length} bytes, cut)" if length > len(raw) else "")
        except (OSError, ValueError):
            return
        finally:
            with contextlib.suppress(OSError, ValueError):
                stderr.close()

    def _note(self, line: str, cut: str = "") -> None:
        """One line of the engine's log, ``cut`` saying how it was cut: kept for the errors, and
        written to the transcript."""
        self._log.append(printable(line) + cut)
        if self.transcript is not None:
            self.transcript.write(self.number, "stderr", line[:MAX_STDERR_LINE] + cut)

    def _log_raw(self, body: bytes) -> None:
        if self.transcript is not None:
            self.transcript.write(self.number, "from_engine", {"unreadable": body[:1000].decode("utf-8", "replace")})


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, bytes) else repr(value)
    return printable(text, 80)


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
