"""Where soak games run: worker processes on this machine, or tasks on a Dask cluster.

Each game is a task of its own. On this machine every game gets a fresh worker process, at most
``jobs`` at a time: a worker that dies (killed, out of memory, a crash of the engine's native
code) ends its own game only, which becomes a ``crash`` result naming how the process ended, and
the next game starts in a new process. On Dask (``splitcards[cluster]``), the scheduler runs the
games on its workers and runs a game again elsewhere when its worker dies; a game whose workers
keep dying is a ``crash`` result naming the scheduler's reason.

A game that never ends (an engine stuck in its native code) must not hold the run for ever: on this
machine a game past ``timeout`` seconds has its worker killed and is a ``crash`` result. Its clock
starts when its worker has started and begins to play: starting a process and importing the
engine take what a loaded machine makes them take, which is not the game's (a worker that has not
started after :data:`STARTUP_SECONDS` is a crash too); on Dask,
where a game's start is the scheduler's business, the games still unfinished when no game has
finished for ``timeout`` seconds are cancelled and become ``crash`` results.

A game's result depends only on what its :class:`~splitcards.tools.play.soak.GameSpec` says
(host, rule version, seed, action limit), so both give the same results for the same specs.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import multiprocessing.connection
import signal
import sys
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from multiprocessing import resource_tracker
from typing import Any, TypeVar

from splitcards.errors import ClusterError

STARTUP_SECONDS = 300.0
"""How long a worker may take to start before its game is a crash (a machine so loaded that
starting Python takes minutes has a problem of its own)."""
_STARTED = "started"
_REPORT = "report"
_STOPS = {signal.SIGINT, signal.SIGTERM}
"""The signals that stop a run (Ctrl-C, and SIGTERM as the soak command takes it)."""

Spec = TypeVar("Spec")
Report = TypeVar("Report")

_here = "this process"
"""The worker this process is (:func:`current`): set in a worker process as it starts."""


def current() -> str:
    """The name of the worker playing here, for the games per minute of each worker: ``process N``
    for the Nth worker slot on this machine (a game's fresh process takes the slot of the one
    that ended), the worker's address on a Dask cluster, ``this process`` with ``--jobs 1``."""
    distributed = sys.modules.get("distributed")
    if distributed is not None:
        try:
            return str(distributed.get_worker().address)
        except ValueError:  # not in a Dask worker: distributed is only imported here
            pass
    return _here


def in_processes(
    specs: Iterable[Spec],
    jobs: int,
    play: Callable[[Spec], Report],
    crashed: Callable[[Spec, str], Report],
    timeout: float | None = None,
) -> Generator[Report, None, None]:
    """Play each spec in a worker process of its own, ``jobs`` at a time, yielding each report
    as its game ends. ``crashed`` makes the report of a game whose worker died, or that ran past
    ``timeout`` seconds (``None``: no limit). The specs are taken one at a time, as workers
    come free."""
    context = multiprocessing.get_context("spawn")
    pending = iter(specs)
    more = True
    running: dict[Any, tuple[Any, Spec, multiprocessing.connection.Connection]] = {}
    slots: dict[Any, int] = {}
    started: dict[Any, float] = {}
    playing: set[Any] = set()
    try:
        while more or running:
            while more and len(running) < jobs:
                try:
                    spec = next(pending)
                except StopIteration:
                    more = False
                    break
                receive, send = context.Pipe(duplex=False)
                slot = min(set(range(1, jobs + 1)) - set(slots.values()))
                with _starting() as mask:
                    process = context.Process(target=_worker, args=(play, spec, send, mask, slot), daemon=True)
                    process.start()
                    send.close()
                    running[receive] = (process, spec, receive)
                    started[receive] = time.monotonic()
                    slots[receive] = slot
            if not running:
                break  # the specs ran out as a worker came free
            # Each worker's deadline: its start allowance until it starts, then the game's limit.
            deadlines = {r: t + STARTUP_SECONDS for r, t in started.items() if r not in playing}
            if timeout is not None:
                deadlines.update((r, t + timeout) for r, t in started.items() if r in playing)
            wait = max(0.0, min(deadlines.values()) - time.monotonic()) if deadlines else None
            ready_now = multiprocessing.connection.wait(list(running), wait)
            if not ready_now:  # a game is past its limit, or a worker never started
                now = time.monotonic()
                for late in [r for r, t in deadlines.items() if now >= t]:
                    process, spec, receive = running.pop(late)
                    del started[late], slots[late]
                    process.kill()
                    process.join()
                    receive.close()
                    if late in playing:
                        playing.discard(late)
                        yield crashed(spec, f"the game ran past its {timeout:g} s limit; its worker was killed")
                    else:
                        yield crashed(spec, f"its worker did not start in {STARTUP_SECONDS:g} s; it was killed")
                continue
            for ready in ready_now:
                process, spec, receive = running[ready]
                try:
                    kind, report = receive.recv()
                except (EOFError, OSError):
                    kind, report = _REPORT, None
                if kind == _STARTED:
                    playing.add(ready)
                    started[ready] = time.monotonic()
                    continue
                process.join()
                receive.close()
                # Forgotten once it has ended: a run stopped meanwhile ends it all the same.
                del running[ready], started[ready], slots[ready]
                playing.discard(ready)
                yield crashed(spec, _how_it_ended(process.exitcode)) if report is None else report
    finally:
        # Interrupted (or the reader stopped): the games still running end with the run. Killed,
        # as a worker still starting holds SIGTERM (see _starting); and a second Ctrl-C waits
        # till they have all ended.
        with _held():
            for process, _, receive in running.values():
                process.kill()
                process.join()
                receive.close()


@contextlib.contextmanager
def _starting() -> Iterator[frozenset[int] | None]:
    """Hold Ctrl-C and SIGTERM while a worker starts; yield the signal mask the worker restores
    once it runs (``None`` where there are no signal masks).

    Here, a stop that comes meanwhile is raised once the worker is counted among the running,
    which the run's end ends: raised inside ``Process.start``, it would leave the worker uncounted
    (to print a traceback of its own), or cut its arguments short on their way. The worker
    inherits the mask: still importing, it gets the process group's Ctrl-C too, and would end
    with a traceback before ``_worker`` ignores Ctrl-C."""
    if hasattr(signal, "pthread_sigmask"):
        # Starting multiprocessing's resource tracker, as the first worker's start does,
        # unblocks both signals when it is done (bpo-33613): started here, before the hold,
        # it leaves the hold alone.
        resource_tracker.ensure_running()
    with _held() as mask:
        yield mask


@contextlib.contextmanager
def _held() -> Iterator[frozenset[int] | None]:
    """Block Ctrl-C and SIGTERM; yield the mask before (``None`` where there are no masks).
    One that came meanwhile is raised as the mask is restored."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not on Windows
        yield None
        return
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
    try:
        yield frozenset(mask)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _worker(
    play: Callable[[Spec], Report],
    spec: Spec,
    send: multiprocessing.connection.Connection,
    mask: frozenset[int] | None,
    slot: int = 1,
) -> None:
    global _here
    _here = f"process {slot}"
    # Ctrl-C reaches the whole process group: the parent stops the run and ends its workers.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if mask is not None:
        # Started with Ctrl-C and SIGTERM held (see _starting); a SIGTERM that came meanwhile
        # ends the worker here, as it would have.
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
    send.send((_STARTED, None))
    send.send((_REPORT, play(spec)))
    send.close()


def _how_it_ended(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        return f"the worker process died: killed by {name}"
    return f"the worker process died without a result (exit status {exitcode})"


def on_dask(
    specs: Iterable[Spec],
    address: str,
    play: Callable[[Spec], Report],
    crashed: Callable[[Spec, str], Report],
    workers: int = 2,
    timeout: float | None = None,
) -> Iterator[Report]:
    """Play each spec as a task on the Dask cluster at ``address`` (``"local"``: a
    ``LocalCluster`` of ``workers`` worker processes on this machine), yielding each report as
    its game ends. When no game has finished for ``timeout`` seconds (``None``: no limit), the
    unfinished games are cancelled and ``crashed`` makes their reports. Twice as many games as the
    cluster has threads are submitted at a time, each next one as a game ends, so a long run's
    specs are taken as they are needed."""
    from distributed import Client, LocalCluster
    from distributed import wait as first_done

    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True) if address == "local" else None
    try:
        client = Client(cluster if cluster is not None else address)
    except OSError as exc:  # no scheduler there, or it doesn't answer in Dask's connect timeout
        raise ClusterError(f"--scheduler: {address}: can't reach the Dask scheduler: {exc}") from exc
    try:
        window = 2 * max(workers, sum(client.nthreads().values()))
        pending = iter(specs)
        futures: dict[Any, Spec] = {}

        def submit() -> None:
            for spec in itertools.islice(pending, window - len(futures)):
                # pure=False: two runs of the same spec are two games, not one cached result.
                futures[client.submit(play, spec, pure=False)] = spec

        submit()
        while futures:
            done, _ = first_done(list(futures), timeout=timeout, return_when="FIRST_COMPLETED")
            for future in done:
                spec = futures.pop(future)
                try:
                    report: Report = future.result()
                except Exception as exc:  # the scheduler gave up on the task (its workers died)
                    report = crashed(spec, f"the Dask task failed: {type(exc).__name__}: {exc}")
                yield report
            submit()
    except TimeoutError:
        client.cancel(list(futures))
        for spec in futures.values():
            yield crashed(spec, f"no game finished on the cluster for {timeout:g} s; this one was cancelled")
        for spec in pending:
            yield crashed(spec, f"no game finished on the cluster for {timeout:g} s; this one was not started")
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
