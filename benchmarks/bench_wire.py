"""Measure the wire: the bundled suite on the reference host through the wire against in process,
and the round trip of one ``view`` request.

Run: ``python benchmarks/bench_wire.py``. Both ways run in this one run, taking turns, so that
they see the same machine; each figure is printed, then again as a ``name=value`` line. Nothing
asserts on them. Goal: ``wire_suite_ratio`` at most 3.

The wire host is ``command:<python> -m splitcards serve-host reference``: the same host, its
answers carried by frames and JSON both ways. Three figures of the suite:

* ``wire_suite_ratio``: ``splitcards conformance`` on the bundled suite, each way as a user runs
  it (a fresh interpreter; over the wire, the engine's start too), median of the rounds;
* ``wire_suite_warm_ratio``: the suite's runs alone, in this interpreter with its caches warm and
  the engine already started: what the wire adds to each run;
* ``wire_engine_start_s``: starting the engine and its ``initialize``.
"""

from __future__ import annotations

import shlex
import statistics
import subprocess
import sys
import time
from importlib import resources
from pathlib import Path

from splitcards.game.configuration.registry import VersionRegistry, load_registry
from splitcards.game.contract import AdapterInfo
from splitcards.game.plugins.hosts import adapters
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.rules.model import Player, TimingChange, Zone
from splitcards.tools.conformance.runner import Status, iter_file
from splitcards.tools.conformance.scenario import ScenarioFile, load_file
from splitcards.wire.client import CommandEngine

SERVED = shlex.join([sys.executable, "-m", "splitcards", "serve-host", "reference"])
ROUNDS = 3
VIEWS = 2000


def suite(files: list[ScenarioFile], info: AdapterInfo, registry: VersionRegistry) -> tuple[float, int]:
    """Seconds for every run of the files on the host, and how many passed."""
    began = time.perf_counter()
    passed = sum(r.status is Status.PASS for f in files for r in iter_file(f, {info.name: info}, registry))
    return time.perf_counter() - began, passed


def command(host: str) -> float:
    """Seconds for ``splitcards conformance`` on the bundled suite with this host."""
    began = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "splitcards", "conformance", "-q", "--host", host],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - began


def main() -> None:
    registry = load_registry()
    bundled = Path(str(resources.files("splitcards.tools.conformance.bundled")))
    files = [load_file(path) for path in sorted(bundled.glob("*.yaml"))]
    reference = adapters(make_plugin_manager())["reference"]

    commands: dict[str, list[float]] = {"in process": [], "wire": []}
    for _ in range(ROUNDS):
        commands["in process"].append(command("reference"))
        commands["wire"].append(command(f"command:{SERVED}"))
    cold_here, cold_there = (statistics.median(commands[k]) for k in ("in process", "wire"))

    warm: dict[str, list[float]] = {"in process": [], "wire": [], "start": []}
    suite(files, reference, registry)  # the rules' caches, as a long run has them
    for _ in range(ROUNDS):
        seconds, passed_here = suite(files, reference, registry)
        warm["in process"].append(seconds)
        began = time.perf_counter()
        engine = CommandEngine(SERVED)
        warm["start"].append(time.perf_counter() - began)
        seconds, passed_there = suite(files, engine.adapter(), registry)
        engine.close()
        warm["wire"].append(seconds)
        if passed_here != passed_there:
            print(f"results DIFFERENT: {passed_here} passed in process, {passed_there} over the wire")
    here, there, start = (statistics.median(warm[k]) for k in ("in process", "wire", "start"))

    engine = CommandEngine(SERVED)
    game = engine.new_game(registry.get("current"))
    card = next(iter(files[0].cards.values()))
    game.prepare([card])
    obj = game.create(card, Zone.HAND, Player.P1)
    trips = []
    for _ in range(VIEWS):
        game.set_timing(TimingChange())  # a request that may change the game: the view is asked again
        began = time.perf_counter()
        game.view(obj)
        trips.append(time.perf_counter() - began)
    engine.close()
    view_us = statistics.median(trips) * 1e6

    print(f"bundled suite ({len(files)} files, {passed_here} runs passing), reference host, median of {ROUNDS}")
    print(f"  splitcards conformance, in process   {cold_here:7.2f} s")
    print(
        f"  splitcards conformance, over the wire {cold_there:6.2f} s  ratio {cold_there / cold_here:.2f}x (goal <= 3)"
    )
    print(f"  the runs alone, warm, in process     {here:7.3f} s")
    print(f"  the runs alone, warm, over the wire  {there:7.3f} s  ratio {there / here:.2f}x")
    print(f"  starting the engine                  {start:7.3f} s")
    print(f"one view request, median of {VIEWS}: {view_us:.0f} us")
    print(f"wire_suite_in_process_s={cold_here:.3f}")
    print(f"wire_suite_wire_s={cold_there:.3f}")
    print(f"wire_suite_ratio={cold_there / cold_here:.2f}")
    print(f"wire_suite_warm_ratio={there / here:.2f}")
    print(f"wire_engine_start_s={start:.3f}")
    print(f"wire_view_us={view_us:.0f}")


if __name__ == "__main__":
    main()
