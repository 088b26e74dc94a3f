"""Measure the rules service: one question and one batch over stdio, the static dump, and the
HTTP server under a steady load.

Run: ``python benchmarks/bench_service.py [--duration 30] [--rate 200] [--quick]`` (needs
``splitcards[http]``). Prints figures measured in this run, each again as a ``name=value`` line;
nothing asserts on them. The questions are a mix of the four kinds an engine asks most, taking
turns: ``characteristics`` (hand, graveyard, exile), ``ways_to_cast`` with ``why_not`` (hand,
graveyard), ``cast_decision`` (each option the card prints) and ``doors`` (a Room on the
battlefield, none, one or the other door unlocked), about every split card and Room of the bundled
cards under every rule version that has it. Goals:

* ``service_question_us``: one question over stdio, ``python -m splitcards serve`` in a process
  of its own, each question sent when the last is answered, median, warm: at most 1,000 µs;
* ``service_batch100_ms``: one ``batch`` of 100 questions over stdio, median of the runs: at most
  30 ms;
* ``dump_cards_per_s``: the static dump of the bundled cards under the 5 rule versions, every
  zone, in this process (:func:`~splitcards.service.dump.dump_lines`, each line made JSON as
  ``splitcards dump`` writes it; the card pool loaded beforehand), median of the runs: a card is
  all its lines, under every version;
* the HTTP load: ``python -m splitcards serve --http 127.0.0.1:PORT`` in a process of its own,
  asked ``--rate`` questions a second for ``--duration`` seconds by a client on this machine. The
  load is open: each request has its time, fixed in advance, and its latency is counted from that
  time, so that a stall of the server delays every request due during it instead of hiding them
  (coordinated omission). ``http_p50_ms`` and ``http_p99_ms`` (goal: p99 at most 20 ms),
  ``http_rps`` achieved, ``http_errors`` (a status other than 200, or no answer: goal 0), and the
  server's resident memory: ``http_rss_start_mb`` before the load, ``http_rss_5s_mb`` after its
  first 5 s (its first half when it is shorter than 10 s), ``http_rss_end_mb`` at its end, and
  ``http_rss_growth_mb`` from the second to the third (goal: flat). The server is not warmed
  first: its first answers are part of the load, as an engine that starts it and asks at once
  sees them. The client shares the machine with the server: a busy machine shows in the
  latencies.

``service_errors`` counts the answers over stdio that were JSON-RPC errors: none is expected.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from collections import Counter, deque
from collections.abc import Mapping, Sequence
from typing import IO, Any, BinaryIO, cast

from splitcards.game.configuration.registry import load_registry
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.rules.card import Card
from splitcards.rules.versions import RuleVersion
from splitcards.service.dump import dump_lines
from splitcards.service.position import Context, printed_options
from splitcards.service.server import Service
from splitcards.tools.cli.pool import card_pool
from splitcards.wire.framing import decode_body, encode_frame, read_frame

Question = tuple[str, dict[str, Any]]

SERVE = [sys.executable, "-m", "splitcards", "serve"]
STDIO_LIMIT = 300.0
"""The longest the stdio server may run: then it is killed, and the benchmark fails."""
START_LIMIT = 30.0
"""The longest the HTTP server may take to answer its health check."""
REQUEST_TIMEOUT = 5.0
"""A request with no answer after this is an error."""
CONCURRENCY = 64
"""The most requests in flight at once; a request due when as many are waits for one to end."""
RSS_MARK = 5.0
"""When the server's memory is read the second time, in seconds from the start of the load."""


def mix(pool: Mapping[str, Card], versions: Sequence[RuleVersion]) -> list[Question]:
    """The questions asked, the four kinds taking turns (a short kind starts again at its first)."""
    kinds: list[list[Question]] = [[], [], [], []]
    for version in versions:
        for card in (pool[name] for name in sorted(pool)):
            if not card.is_split or (card.is_room and not version.rooms):
                continue
            asked = {"card": card.name, "rules": version.name}
            for zone in ("hand", "graveyard", "exile"):
                kinds[0].append(("characteristics", {**asked, "zone": zone}))
            for zone in ("hand", "graveyard"):
                kinds[1].append(("ways_to_cast", {**asked, "zone": zone, "explain": "why_not"}))
            for option in printed_options(card):
                kinds[2].append(("cast_decision", {**asked, "option": option.value}))
            if card.is_room:
                for unlocked in ([], ["left"], ["right"]):
                    kinds[3].append(("doors", {**asked, "zone": "battlefield", "unlocked": unlocked}))
    longest = max(len(kind) for kind in kinds)
    return [kind[i % len(kind)] for i in range(longest) for kind in kinds]


# -- stdio -------------------------------------------------------------------------------------


class Stdio:
    """A ``splitcards serve`` process, asked one message at a time."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(SERVE, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self._in = cast(IO[bytes], self.process.stdin)
        self._out = cast(BinaryIO, self.process.stdout)
        self._ids = 0
        # A server that stops answering would block a read for ever: it is killed instead.
        self._watchdog = threading.Timer(STDIO_LIMIT, self.process.kill)
        self._watchdog.daemon = True
        self._watchdog.start()

    def ask(self, method: str, params: Any) -> dict[str, Any]:
        """The answer to one request."""
        self._ids += 1
        self._in.write(encode_frame({"jsonrpc": "2.0", "id": self._ids, "method": method, "params": params}))
        self._in.flush()
        body = read_frame(self._out)
        if body is None:
            raise RuntimeError(f"splitcards serve ended (status {self.process.poll()}) without answering {method}")
        return decode_body(body)

    def close(self) -> None:
        """Shut the server down and end it; killed if it does not end by itself."""
        try:
            if self.process.poll() is None:
                self.ask("shutdown", None)
                self._in.write(encode_frame({"jsonrpc": "2.0", "method": "exit"}))
                self._in.close()
                self.process.wait(timeout=10)
        except (OSError, RuntimeError, subprocess.TimeoutExpired):
            pass
        finally:
            _stop(self.process)
            self._watchdog.cancel()


def stdio(questions: Sequence[Question], single: int, batches: int) -> tuple[list[float], list[float], int]:
    """The seconds of each of ``single`` questions and of each of ``batches`` batches of 100, and
    how many answers were errors, after every question of the mix asked once."""
    server = Stdio()
    try:
        server.ask("initialize", {"versions": ["1.0"]})
        errors = 0
        for method, params in questions:  # warm: every position's code and the rules' caches
            errors += "error" in server.ask(method, params)
        times = []
        for i in range(single):
            method, params = questions[i % len(questions)]
            began = time.perf_counter()
            answer = server.ask(method, params)
            times.append(time.perf_counter() - began)
            errors += "error" in answer
        batch_times = []
        for run in range(batches):
            asked = [
                {"method": method, "params": params}
                for method, params in (questions[(run * 100 + i) % len(questions)] for i in range(100))
            ]
            began = time.perf_counter()
            answer = server.ask("batch", {"questions": asked})
            batch_times.append(time.perf_counter() - began)
            if "error" in answer:
                errors += 100
            else:
                errors += sum("error" in one for one in answer["result"]["answers"])
        return times, batch_times, errors
    finally:
        server.close()


# -- the dump ----------------------------------------------------------------------------------


def dump(pool: Mapping[str, Card], versions: Sequence[RuleVersion], rounds: int) -> tuple[list[float], int]:
    """The seconds of each dump of the pool under ``versions``, and its number of lines."""
    registry = load_registry()
    service = Service(Context(registry, registry.get(None).name, pool, make_plugin_manager()), "bench")
    cards = [pool[name] for name in sorted(pool)]
    times = []
    lines = 0
    for _ in range(rounds):
        lines = 0
        began = time.perf_counter()
        for line in dump_lines(service, cards, versions):
            json.dumps(line, ensure_ascii=False, separators=(",", ":"))
            lines += 1
        times.append(time.perf_counter() - began)
    return times, lines


# -- HTTP --------------------------------------------------------------------------------------


class Load:
    """What an open load found: each answered request's latency from its due time, the errors,
    when the last answer came, how late the client sent, its CPU seconds, and the server's
    memory."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors = 0
        self.last = 0.0
        self.late = 0.0
        self.client_cpu = 0.0
        self.rss_mark = 0.0


def http(questions: Sequence[Question], rate: float, duration: float) -> tuple[Load, float, float, float]:
    """The load on a ``splitcards serve --http`` process, its memory at the start and at the end
    in MiB, and its CPU seconds during the load."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen([*SERVE, "--http", f"127.0.0.1:{port}"])
    try:
        _wait_healthy(process, port)
        rss_start = _rss_mb(process.pid)
        cpu_start = _cpu_s(process.pid)
        load = asyncio.run(_load(process.pid, port, questions, rate, duration))
        return load, rss_start, _rss_mb(process.pid), _cpu_s(process.pid) - cpu_start
    finally:
        _stop(process)


def _wait_healthy(process: subprocess.Popen[bytes], port: int) -> None:
    deadline = time.monotonic() + START_LIMIT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"splitcards serve --http ended with status {process.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/health", timeout=1.0) as answer:
                if answer.status == 200:
                    return
        except OSError:  # not listening yet
            pass
        time.sleep(0.05)
    raise RuntimeError(f"splitcards serve --http did not answer within {START_LIMIT:.0f} s")


Connection = tuple[asyncio.StreamReader, asyncio.StreamWriter]


async def _load(pid: int, port: int, questions: Sequence[Question], rate: float, duration: float) -> Load:
    # The client is a few lines over asyncio's streams rather than an HTTP library: it shares the
    # machine with the server, and the less it takes the more the latencies are the server's.
    load = Load()
    cpu = time.process_time()
    requests = [_request(method, params) for method, params in questions]
    gate = asyncio.Semaphore(CONCURRENCY)
    # Keep-alive connections, each carrying one request at a time, taken in turn.
    idle: deque[Connection] = deque()
    loop = asyncio.get_running_loop()

    async def one(i: int, due: float) -> None:
        request = requests[i % len(requests)]
        async with gate:
            load.late = max(load.late, loop.time() - due)
            connection = idle.popleft() if idle else None
            try:
                status = None
                if connection is not None:
                    try:
                        status = await asyncio.wait_for(_exchange(connection, request), REQUEST_TIMEOUT)
                    except (ConnectionError, IndexError):  # closed while idle: the server's keep-alive ended
                        connection[1].close()
                        connection = None
                if connection is None:
                    opening = asyncio.open_connection("127.0.0.1", port)
                    connection = await asyncio.wait_for(opening, REQUEST_TIMEOUT)
                    status = await asyncio.wait_for(_exchange(connection, request), REQUEST_TIMEOUT)
            except (OSError, EOFError, ValueError, IndexError):  # TimeoutError is an OSError
                load.errors += 1
                if connection is not None:
                    connection[1].close()
                return
            idle.append(connection)
        done = loop.time()
        if status != 200:
            load.errors += 1
            return
        load.latencies.append(done - due)
        load.last = max(load.last, done)

    async def memory(at: float) -> None:
        await asyncio.sleep(max(0.0, at - loop.time()))
        load.rss_mark = _rss_mb(pid)

    start = loop.time() + 0.1
    marked = asyncio.create_task(memory(start + min(RSS_MARK, duration / 2)))
    tasks = []
    for i in range(int(rate * duration)):
        due = start + i / rate
        await asyncio.sleep(max(0.0, due - loop.time()))
        tasks.append(asyncio.create_task(one(i, due)))
    _, pending = await asyncio.wait(tasks, timeout=REQUEST_TIMEOUT * 2)
    for task in pending:
        task.cancel()
    load.errors += len(pending)
    await marked
    for _, writer in idle:
        writer.close()
    load.last -= start
    load.client_cpu = time.process_time() - cpu
    return load


def _request(method: str, params: dict[str, Any]) -> bytes:
    body = json.dumps(params, ensure_ascii=False, separators=(",", ":")).encode()
    head = f"POST /v1/{method} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    return f"{head}Content-Length: {len(body)}\r\n\r\n".encode() + body


async def _exchange(connection: Connection, request: bytes) -> int:
    """Send one request and read its answer whole; its status."""
    reader, writer = connection
    writer.write(request)
    await writer.drain()
    status = int((await reader.readline()).split(b" ", 2)[1])
    length = None
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    if length is None:
        raise ValueError("an answer without Content-Length")
    await reader.readexactly(length)
    return status


def _rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS in /proc/{pid}/status")


def _cpu_s(pid: int) -> float:
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rpartition(")")[2].split()
    # utime and stime, the 14th and 15th fields (the 12th and 13th after the command's name).
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# -- the report --------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--duration", type=float, help="seconds of the HTTP load (default: 30; --quick: 10)")
    parser.add_argument("--rate", type=float, default=200.0, help="HTTP requests a second (default: 200)")
    parser.add_argument("--quick", action="store_true", help="a short run: fewer questions, batches and dumps")
    args = parser.parse_args(argv)
    duration: float = args.duration or (10.0 if args.quick else 30.0)
    single, batches, dumps = (300, 5, 1) if args.quick else (2000, 20, 3)

    registry = load_registry()
    versions = sorted(registry.versions.values(), key=lambda v: v.edition)
    pool = card_pool(None)
    questions = mix(pool, versions)

    times, batch_times, errors = stdio(questions, single, batches)
    question_us = statistics.median(times) * 1e6
    batch_ms = statistics.median(batch_times) * 1e3
    dump_times, lines = dump(pool, versions, dumps)
    dump_s = statistics.median(dump_times)
    load, rss_start, rss_end, cpu = http(questions, args.rate, duration)
    answered = len(load.latencies)
    p50, p99 = (
        (statistics.median(load.latencies) * 1e3, statistics.quantiles(load.latencies, n=100)[98] * 1e3)
        if answered > 1
        else (float("nan"), float("nan"))
    )
    rps = answered / load.last if load.last > 0 else 0.0
    mark = min(RSS_MARK, duration / 2)

    kinds = ", ".join(f"{n} {method}" for method, n in Counter(method for method, _ in questions).items())
    print(f"the mix: {len(questions)} questions ({kinds}); {errors} answers over stdio were errors")
    print(f"one question over stdio, median of {single}:   {question_us:8.0f} µs   (goal <= 1,000 µs)")
    print(f"a batch of 100 over stdio, median of {batches}:   {batch_ms:8.1f} ms   (goal <= 30 ms)")
    print(
        f"the dump in process, {len(pool)} cards x {len(versions)} versions ({lines} lines),"
        f" median of {dumps}: {dump_s:.2f} s, {len(pool) / dump_s:.1f} cards/s (first run {dump_times[0]:.2f} s)"
    )
    print(f"HTTP, {args.rate:.0f} requests/s for {duration:.0f} s, open load, at most {CONCURRENCY} in flight:")
    print(f"  latency from the due time: p50 {p50:.1f} ms, p99 {p99:.1f} ms   (goal p99 <= 20 ms)")
    print(f"  {answered} answered, {load.errors} errors (goal 0), {rps:.1f} requests/s achieved")
    print(
        f"  the client sent at most {load.late * 1e3:.1f} ms after a request's due time,"
        f" and took {load.client_cpu / duration:.0%} of a core"
    )
    print(f"  the server's CPU: {cpu / max(answered, 1) * 1e6:.0f} µs a request ({cpu / duration:.0%} of a core)")
    print(
        f"  the server's memory: {rss_start:.1f} MiB at the start, {load.rss_mark:.1f} MiB after {mark:.0f} s,"
        f" {rss_end:.1f} MiB at the end (goal: flat)"
    )
    print(f"service_errors={errors}")
    print(f"service_question_us={question_us:.0f}")
    print(f"service_batch100_ms={batch_ms:.2f}")
    print(f"dump_cards_per_s={len(pool) / dump_s:.1f}")
    print(f"http_p50_ms={p50:.2f}")
    print(f"http_p99_ms={p99:.2f}")
    print(f"http_rps={rps:.1f}")
    print(f"http_errors={load.errors}")
    print(f"http_rss_start_mb={rss_start:.1f}")
    print(f"http_rss_5s_mb={load.rss_mark:.1f}")
    print(f"http_rss_end_mb={rss_end:.1f}")
    print(f"http_rss_growth_mb={rss_end - load.rss_mark:.1f}")


if __name__ == "__main__":
    main()
