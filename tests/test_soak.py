"""Long soak runs never lose a game: dead workers, unwritable folders, house rules, Ctrl-C,
streamed results, resuming, and a Dask cluster."""

from __future__ import annotations

import errno
import importlib.util
import json
import operator
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import pytest

from splitcards.errors import ClusterError
from splitcards.tools.cli import main
from splitcards.tools.play import soak, workers

GAME_LINE = r"^\[\d+/\d+\] phase \S+ seed \d+: turn \d+, \d+ actions, \d+ casts, [\d.]+ s: "


def _why(spec: object, why: str) -> str:
    return why


# The workers are new processes: what they run must be importable there, as the standard
# library is (this test module is not).
_call = operator.methodcaller("__call__")


def test_a_dead_worker_ends_its_own_game_only() -> None:
    specs: list[Callable[[], object]] = [
        partial(abs, -3),
        partial(signal.raise_signal, signal.SIGKILL),
        partial(abs, -5),
        partial(abs, -7),
    ]
    reports = list(workers.in_processes(specs, 2, _call, _why))
    assert sorted(r for r in reports if isinstance(r, int)) == [3, 5, 7]
    assert [r for r in reports if isinstance(r, str)] == ["the worker process died: killed by SIGKILL"]


def test_a_worker_that_raises_out_of_python_is_a_crash_with_its_exit_status() -> None:
    specs: list[Callable[[], object]] = [partial(os._exit, 3), partial(abs, -1)]
    reports = list(workers.in_processes(specs, 2, _call, _why))
    assert sorted(map(str, reports)) == ["1", "the worker process died without a result (exit status 3)"]


def test_a_game_past_its_time_limit_is_a_crash_and_the_others_go_on() -> None:
    specs: list[Callable[[], object]] = [partial(time.sleep, 600), partial(abs, -2), partial(abs, -4)]
    reports = list(workers.in_processes(specs, 2, _call, _why, timeout=2))
    assert sorted(map(str, reports)) == ["2", "4", "the game ran past its 2 s limit; its worker was killed"]


def test_the_totals_count_games_of_every_kind() -> None:
    totals = soak.Totals()
    for game in (
        {"reason": "life 0", "turns": 14},
        {"reason": "life 0", "turns": 18},
        {"reason": "the action cap", "turns": 40},
        {"crash": "the worker process died: killed by SIGKILL"},
        {"violations": ["after action 3: the stack [] is not the objects in the stack zone ['o1']"]},
    ):
        totals.add(game)
    assert totals.text() == (
        "5 games, 1 crashes, 1 invariant violations; ended: 2 by life 0, 1 by the action cap;"
        " 1 at the action cap, median 18 turns"
    )
    assert totals.as_dict()["totals"]["ended"] == {"life 0": 2, "the action cap": 1}


def test_resuming_reads_the_games_of_an_earlier_output(tmp_path: Path) -> None:
    earlier = tmp_path / "run.jsonl"
    game = {"host": "phase", "rules": "classic-2009", "seed": 4, "max_actions": 2000, "reason": "life 0", "turns": 15}
    earlier.write_text(json.dumps(game) + "\n" + json.dumps({"totals": {}}) + '\n{"host": "pha', encoding="utf-8")
    assert soak.read_results(earlier) == [game]


F = TypeVar("F", bound=Callable[..., Any])
_without_phase = pytest.mark.skipif(importlib.util.find_spec("phase") is None, reason="phase-python is not installed")


def phase_only(test: F) -> F:
    """A test of a soak of phase's games: it drives the engine (marked host), and skips without it."""
    marked: F = pytest.mark.host(_without_phase(test))
    return marked


@phase_only
def test_an_unwritable_failures_folder_is_a_usage_error_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    assert main(["soak", "--games", "1", "--rules", "current", "--failures", str(blocker)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"splitcards: error: --failures: {blocker}: can't write records there: ")


@phase_only
def test_a_record_that_cannot_be_written_later_is_counted_and_the_run_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(report: soak.GameReport, folder: Path, failure: bool = True) -> Path:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(soak, "save", full)
    lines: list[str] = []
    # Games cut at 40 actions: what is tested is the records, not how the games end.
    specs = [soak.GameSpec("phase", "duskmourn-2024", seed, 40) for seed in (1, 2)]
    totals = soak.soak(specs, 1, tmp_path, out=lines.append, record_dir=tmp_path / "all")
    assert totals.games == 2 and totals.unsaved == 2
    assert all(
        line.endswith(f"[record not saved in {tmp_path / 'all'}: No space left on device]") for line in lines[:2]
    )
    assert lines[2].endswith("; 2 records not saved")


@phase_only
def test_house_rules_reach_the_workers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("version: house\nextends: classic-2013\ndescription: our table's rules\n", encoding="utf-8")
    folder = tmp_path / "records"
    argv = ["soak", "--games", "2", "--jobs", "2", "--rules", str(house), "--record-dir", str(folder)]
    argv += ["--failures", str(tmp_path / "failed"), "--format", "jsonl", "--max-actions", "60"]
    assert main(argv) == 0
    header, *lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert header["soak"]["rules"]["house"]["file"] == "house.yaml"  # the run's header line comes first
    assert sorted((g["rules"], g["seed"], g["crash"]) for g in lines[:2]) == [("house", 1, None), ("house", 2, None)]
    assert lines[2]["totals"]["games"] == 2 and lines[2]["totals"]["crashes"] == 0
    record = folder / "phase-house-seed1.jsonl"
    assert json.loads(record.read_text(encoding="utf-8").splitlines()[0])["rules_file"] == str(house)
    assert main(["replay", str(record)]) == 0


def _soak_process(tmp_path: Path, *argv: str) -> subprocess.Popen[str]:
    """A soak started as from a terminal, whatever started the suite: a shell's background job
    starts with Ctrl-C ignored, and its children inherit that. Its temporary files go in ``tmp_path``."""
    command = [sys.executable, "-m", "splitcards", "soak", "--failures", str(tmp_path / "failed"), *argv]
    return subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "TMPDIR": str(tmp_path)},
        preexec_fn=_signals_as_in_a_terminal,
    )


def _seconds(said: str) -> int:
    """A duration as the soak says it ("1:04", "1:02:03") in seconds."""
    total = 0
    for part in said.split(":"):
        total = total * 60 + int(part)
    return total


def _signals_as_in_a_terminal() -> None:
    """In the child, before it runs: SIGINT and SIGTERM as a terminal delivers them, whatever
    started the suite (a shell's background job starts with Ctrl-C ignored; nohup and service
    managers may ignore or block others), so the signal a test sends is the one the child gets."""
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})


def _workers_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid and "spawn_main" in cmdline:
            found.append(int(entry.name))
    return found


@phase_only
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the workers through /proc")
def test_kill_9_of_a_worker_mid_run_reports_every_game(tmp_path: Path) -> None:
    run = _soak_process(tmp_path, "--games", "2", "--jobs", "2", "--rules", "current", "--rules", "classic-2013")
    deadline = time.monotonic() + 60
    while not (found := _workers_of(run.pid)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert found, "no worker started"
    os.kill(found[0], signal.SIGKILL)
    out, err = run.communicate(timeout=600)
    lines = out.splitlines()
    assert len(lines) == 5, out + err
    crashed = [line for line in lines if "CRASH the worker process died: killed by SIGKILL" in line]
    assert len(crashed) == 1
    assert lines[-1].startswith("4 games, 1 crashes, 0 invariant violations; ended: 3 by life 0;")
    assert run.returncode == 1


@phase_only
def test_ctrl_c_prints_the_finished_games_and_the_totals(tmp_path: Path) -> None:
    run = _soak_process(tmp_path, "--games", "4", "--jobs", "1", "--rules", "current")
    assert run.stdout is not None
    first = run.stdout.readline()
    run.send_signal(signal.SIGINT)
    rest, _ = run.communicate(timeout=120)
    lines = [first, *rest.splitlines()]
    assert lines[0].startswith("[1/4] phase duskmourn-2024 seed 1:")
    # Three games to go after one: the estimate is three times the time the first took.
    timing = re.search(r"; (\d+(?::\d\d)+) elapsed, about (\d+(?::\d\d)+) left$", lines[0])
    assert timing is not None, lines[0]
    assert abs(_seconds(timing[2]) - 3 * _seconds(timing[1])) <= 3
    assert lines[-1].endswith("(interrupted: the games that finished)")
    assert lines[-1].startswith(f"{len(lines) - 1} games, 0 crashes")
    assert run.returncode == 2


@phase_only
def test_resume_plays_only_the_games_not_yet_played(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = tmp_path / "first.jsonl"
    base = ["soak", "--rules", "current", "--format", "jsonl", "--failures", str(tmp_path / "failed")]
    base += ["--max-actions", "60"]
    assert main([*base, "--games", "1"]) == 0
    first.write_text(capsys.readouterr().out, encoding="utf-8")
    assert main([*base, "--games", "2", "--resume", str(first)]) == 0
    out, err = capsys.readouterr()
    _, *lines = [json.loads(line) for line in out.splitlines()]  # the header, then the games and totals
    assert [g["seed"] for g in lines[:-1]] == [2]
    assert lines[-1]["totals"]["games"] == 2
    # The data stays data; how far the run is goes to stderr: a line as it starts, one per game.
    progress = err.splitlines()
    assert progress[0] == "soak: 1 game to play (1 played before), one at a time; a line as each game ends"
    assert re.fullmatch(r"\[2/2\] \d+(:\d\d)+ elapsed", progress[1]), progress
    # No game failed: no failures folder.
    assert not (tmp_path / "failed").exists()


def _outcome(game: dict[str, Any]) -> tuple[Any, ...]:
    return (game["rules"], game["seed"], game["winner"], game["reason"], game["turns"], game["actions"], game["casts"])


@phase_only
def test_the_same_seeds_give_the_same_results_on_the_pool_and_on_a_local_dask_cluster(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("distributed", reason="Dask distributed is not installed (pip install 'splitcards[cluster]')")
    base = ["soak", "--games", "2", "--jobs", "2", "--rules", "current", "--format", "jsonl"]
    base += ["--failures", str(tmp_path / "failed")]
    assert main(base) == 0
    pool = [json.loads(line) for line in capsys.readouterr().out.splitlines()][1:-1]
    assert main([*base, "--scheduler", "local"]) == 0
    cluster = [json.loads(line) for line in capsys.readouterr().out.splitlines()][1:-1]
    assert sorted(map(_outcome, pool)) == sorted(map(_outcome, cluster))
    assert len(pool) == 2


def test_a_worker_killed_on_a_local_dask_cluster_loses_no_game() -> None:
    distributed = pytest.importorskip(
        "distributed", reason="Dask distributed is not installed (pip install 'splitcards[cluster]')"
    )
    # The workers can't import this test module. A lambda is what Dask's plain pickle refuses and
    # cloudpickle sends by value, and this one names nothing of the module: a game of a second.
    specs: list[Callable[[], object]] = [lambda n=n: threading.Event().wait(1) or n for n in range(6)]  # type: ignore[misc]
    reports: list[object] = []
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster:
        # The limit only turns a hang into failed assertions: the games here take a second each.
        for report in workers.on_dask(specs, cluster.scheduler_address, _call, _why, timeout=120):
            if not reports:  # mid-run: one game is done, two are running
                killed = next(iter(cluster.workers.values())).process.pid
                os.kill(killed, signal.SIGKILL)
            reports.append(report)
    assert sorted(map(str, reports)) == ["0", "1", "2", "3", "4", "5"]
    with pytest.raises(ProcessLookupError):
        os.kill(killed, 0)


def test_games_stuck_on_a_dask_cluster_are_crashes_after_the_limit() -> None:
    pytest.importorskip("distributed", reason="Dask distributed is not installed (pip install 'splitcards[cluster]')")
    specs: list[Callable[[], object]] = [partial(abs, -1), partial(time.sleep, 600)]
    reports = list(workers.on_dask(specs, "local", _call, _why, workers=2, timeout=5))
    assert sorted(map(str, reports)) == ["1", "no game finished on the cluster for 5 s; this one was cancelled"]


def test_an_unreachable_scheduler_is_the_packages_error_naming_the_address() -> None:
    pytest.importorskip("distributed", reason="Dask distributed is not installed (pip install 'splitcards[cluster]')")
    dask = pytest.importorskip("dask")

    specs: list[Callable[[], object]] = [partial(abs, -1)]
    with dask.config.set({"distributed.comm.timeouts.connect": "2s"}), pytest.raises(ClusterError) as info:
        list(workers.on_dask(specs, "tcp://127.0.0.1:9", _call, _why))
    assert str(info.value).startswith("--scheduler: tcp://127.0.0.1:9: can't reach the Dask scheduler: ")


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["--games", "1000000000"], "--games: at most 100000 games a rule version, got 1000000000"),
        (["--games", "3", "--seed", str(2**63 - 2)], "--seed: the games' seeds run from 9223372036854775806 past"),
    ],
)
@phase_only
def test_soak_limits_are_checked_before_any_game(
    argv: list[str], problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["soak", *argv]) == 2
    assert problem in capsys.readouterr().err


@phase_only
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the workers through /proc")
def test_sigterm_stops_a_soak_like_ctrl_c_and_leaves_no_worker(tmp_path: Path) -> None:
    argv = [sys.executable, "-m", "splitcards", "soak", "--rules", "current", "--games", "6", "--jobs", "2"]
    argv += ["--failures", str(tmp_path / "failed")]
    soak_run = subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_signals_as_in_a_terminal
    )
    deadline = time.monotonic() + 60
    workers: list[int] = []
    while len(workers) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
        workers = _workers_of(soak_run.pid)
    if len(workers) < 2:
        soak_run.kill()
        out, err = soak_run.communicate()
        pytest.fail(f"the soak did not start two workers: {soak_run.returncode} {out[-500:]} {err[-1500:]}")
    soak_run.send_signal(signal.SIGTERM)
    out, err = soak_run.communicate(timeout=60)
    assert soak_run.returncode == 2, err
    assert "interrupted" in out.splitlines()[-1] or "interrupted" in err
    assert "Traceback" not in err
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{p}").exists() for p in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert [p for p in workers if Path(f"/proc/{p}").exists()] == []


@phase_only
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the workers through /proc")
def test_a_worker_killed_mid_game_leaves_every_step_it_played_and_the_replay_plays_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = _soak_process(tmp_path, "--games", "1", "--rules", "current", "--timeout", "600")
    deadline = time.monotonic() + 60
    playing = tmp_path / "not yet"
    while time.monotonic() < deadline and (not playing.exists() or len(playing.read_text().splitlines()) < 6):
        time.sleep(0.1)
        playing = next(tmp_path.glob("splitcards-soak-*/phase-duskmourn-2024-seed1.jsonl"), playing)
    (worker,) = _workers_of(run.pid)
    os.kill(worker, signal.SIGKILL)
    out, err = run.communicate(timeout=120)
    assert "CRASH the worker process died: killed by SIGKILL" in out, out + err
    saved = tmp_path / "failed" / "phase-duskmourn-2024-seed1.jsonl"
    lines = saved.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["record"] == "splitcards game record"
    steps = [json.loads(line) for line in lines[1:]]
    assert len(steps) >= 5 and [s["step"] for s in steps] == list(range(1, len(steps) + 1))
    # The game's line says how far it got, from its record.
    assert f"turn {steps[-1]['turn']}, {len(steps)} actions" in out
    assert not playing.exists()
    # The record was cut short by the kill: the replay plays every recorded step, then plays on.
    assert main(["replay", str(saved)]) == 4
    assert f"the same {len(steps)} steps; the record was cut short at step {len(steps) + 1}" in capsys.readouterr().out


# -- a stop while a worker starts -------------------------------------------------------------
# A soak run as from a terminal, in its own process group, is held at a point of a worker's
# start while the test sends the group its signal. The soak's workers play a _Held, whose
# pickling and unpickling wait at a FIFO the test made: "parent-N" as the soak pickles what its
# N-th worker plays (inside Process.start, before the worker exists), "worker-N" as that worker
# unpickles it (importing what it plays), the soak meanwhile still inside Process.start writing
# the rest, which is more than a pipe holds. The subprocesses import this module as test_soak.

_PADDING = bytes(4 * 2**20)  # more than a pipe holds


class _Held:
    """What the soak's workers play in place of :func:`soak.play`; see above."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.workers = 0

    def __call__(self, spec: soak.GameSpec) -> soak.GameReport:
        return soak.play(spec)  # in a worker, the module's own play

    def __reduce__(self) -> tuple[Callable[[str, None, bytes], _Held], tuple[str, _Hold, bytes]]:
        self.workers += 1
        _hold(self.folder, f"parent-{self.workers}")
        return _rebuilt, (self.folder, _Hold(self.folder, f"worker-{self.workers}"), _PADDING)


class _Hold:
    """Unpickled, it waits at its point, and is None."""

    def __init__(self, folder: str, point: str) -> None:
        self.folder, self.point = folder, point

    def __reduce__(self) -> tuple[Callable[[str, str], None], tuple[str, str]]:
        return _hold, (self.folder, self.point)


def _rebuilt(folder: str, held: None, padding: bytes) -> _Held:
    return _Held(folder)


def _hold(folder: str, point: str) -> None:
    """Wait at ``point`` if the test made its FIFO: till the test has opened it and closed it."""
    fifo = Path(folder, point)
    if fifo.exists():
        fifo.read_bytes()


def _held_soak(folder: str, argv: list[str]) -> int:
    """``splitcards soak ARGV`` whose workers play a :class:`_Held` (run in a subprocess)."""
    soak.play = _Held(folder)
    return main(["soak", *argv])


def _reached(fifo: Path, run: subprocess.Popen[str]) -> int:
    """The write end of ``fifo``, opened once a process of ``run`` waits at it."""
    deadline = time.monotonic() + 300  # only a soak that never gets there waits this long
    while time.monotonic() < deadline and run.poll() is None:
        try:
            return os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as exc:  # ENXIO: no reader yet
            if exc.errno != errno.ENXIO:
                raise
        time.sleep(0.05)
    run.kill()
    out, err = run.communicate()
    pytest.fail(f"the soak did not get to {fifo.name}: {run.returncode} {out[-500:]} {err[-2000:]}")


@phase_only
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the soak's processes through /proc")
@pytest.mark.parametrize(
    ("point", "signame"),
    [
        ("parent-1", "SIGINT"),
        # The first worker's start also starts multiprocessing's resource tracker.
        ("worker-1", "SIGINT"),
        ("worker-1", "SIGTERM"),
        # The first worker playing meanwhile.
        ("worker-2", "SIGINT"),
    ],
)
def test_a_stop_while_a_worker_starts_prints_the_totals_and_leaves_no_process(
    tmp_path: Path, point: str, signame: str, left_in_group: Callable[[int, float], list[int]]
) -> None:
    fifo = tmp_path / point
    os.mkfifo(fifo)
    code = "import sys, test_soak; sys.exit(test_soak._held_soak(sys.argv[1], sys.argv[2:]))"
    argv = [sys.executable, "-c", code, str(tmp_path), "--games", "2", "--jobs", "2", "--rules", "current"]
    argv += ["--max-actions", "40", "--failures", str(tmp_path / "failed")]
    path = os.pathsep.join(filter(None, [str(Path(__file__).parent), os.environ.get("PYTHONPATH")]))
    run = subprocess.Popen(
        argv,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": path, "TMPDIR": str(tmp_path)},
        start_new_session=True,  # a group of its own, as a terminal's job
        preexec_fn=_signals_as_in_a_terminal,
    )
    try:
        there = _reached(fifo, run)
        os.killpg(run.pid, signal.Signals[signame])
        os.close(there)
        out, err = run.communicate(timeout=300)
        left = left_in_group(run.pid, 60)
    finally:
        # Nothing of a failed run is left to the rest of the suite. The group's id is still its own
        # while a process of it is left, or the soak is not yet reaped.
        if run.returncode is None or left_in_group(run.pid, 0):
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    assert "Traceback" not in err, err
    assert out.endswith(" (interrupted: the games that finished)\n"), out + err
    assert run.returncode == 2
    assert left == []
