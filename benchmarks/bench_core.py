"""Measure the rules core: a characteristic query cold and cached, making a ``Table``, a Table's
actions and questions through the hooks (with the built-in rules alone, and with a plugin that
implements the hooks they ask), and ``import splitcards``.

Run: ``python benchmarks/bench_core.py``. Prints figures measured in this run; nothing asserts
on them. Targets: a cached query at most 2 µs, a ``Table`` with the shared default manager at
most a few µs (an engine makes one per game), ``import splitcards`` and ``from splitcards import
Table`` each at most 4x ``import pluggy`` (printed last as ``import_vs_pluggy=`` and
``import_table_vs_pluggy=``). Imports are timed as installed, each module's bytecode cached (in a
folder of the run's), and again compiling every module (``import_table_vs_pluggy_uncompiled=``),
as an environment with ``PYTHONDONTWRITEBYTECODE`` and no cache does: pluggy's bytecode,
compiled by pip, is found there while a checkout's is not.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from collections.abc import Callable, Sequence

from splitcards.adapters.reference import ReferenceHost
from splitcards.errors import IllegalAction
from splitcards.game.configuration.registry import load_registry
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.hooks import hookimpl
from splitcards.rules import characteristics as ch
from splitcards.rules.actions import CastRequest
from splitcards.rules.card import Card, Half
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption, ObjectView, Player, Timing, Zone
from splitcards.rules.versions import RuleVersion


def _card(i: int) -> Card:
    def half(name: str, cost: str) -> Half:
        return Half(name, ManaCost.parse(cost), "Sorcery", ("Sorcery",), colors=frozenset({cost[-2]}))

    return Card(f"A{i} // B{i}", (half(f"A{i}", "{R}"), half(f"B{i}", "{3}{G}")))


def main() -> None:
    rules = load_registry().get("current")
    views = [ObjectView(_card(i), Zone.LIBRARY) for i in range(2000)]
    ch.mana_values.cache_clear()
    ch.facets.cache_clear()
    start = time.perf_counter()
    for view in views:
        ch.mana_values(view, rules)
    cold = (time.perf_counter() - start) / len(views)
    view = views[0]
    ch.mana_values(view, rules)
    number = 200_000
    cached = min(timeit.repeat(lambda: ch.mana_values(view, rules), number=number, repeat=5)) / number
    Table(ReferenceHost(), rules)  # builds the process-wide manager once
    tables = 20_000
    shared = min(timeit.repeat(lambda: Table(ReferenceHost(), rules), number=tables, repeat=5)) / tables
    fresh = min(timeit.repeat(lambda: Table(ReferenceHost(), rules, make_plugin_manager()), number=50, repeat=3)) / 50
    actions = _actions(rules)
    plain, pluggy_, table = _imports(_compiled_env())
    _, bare_pluggy, bare_table = _imports(_uncompiled_env())
    print(f"mana_values, cold (first query of an object): {cold * 1e6:8.2f} µs")
    print(f"mana_values, cached (same object again):      {cached * 1e6:8.2f} µs   (target <= 2 µs)")
    print(f"cold / cached ratio:                          {cold / cached:8.1f}")
    print(f"Table(), shared default manager:              {shared * 1e6:8.2f} µs")
    print(f"Table() with a new manager (entry-point scan): {fresh * 1e6:7.1f} µs   ({fresh / shared:.0f}x)")
    print(f"import splitcards, median of 7:               {plain * 1e3:8.1f} ms")
    print(f"import pluggy, median of 7:                   {pluggy_ * 1e3:8.1f} ms")
    print(f"import splitcards / import pluggy:            {plain / pluggy_:8.1f}x   (target <= 4x)")
    print(f"from splitcards import Table (the rules load): {table * 1e3:7.1f} ms   ({table / pluggy_:.1f}x pluggy)")
    print(
        f"the same compiling every module (no bytecode cache): {bare_table * 1e3:.1f} ms, pluggy"
        f" {bare_pluggy * 1e3:.1f} ms ({bare_table / bare_pluggy:.1f}x)"
    )
    for name, seconds in actions.items():
        print(f"{name + ':':46}{seconds * 1e6:8.2f} µs")
    # The ratios again as name=value lines, for a reader that is a program.
    print(f"import_vs_pluggy={plain / pluggy_:.2f}")
    print(f"import_table_vs_pluggy={table / pluggy_:.2f}")
    print(f"import_table_vs_pluggy_uncompiled={bare_table / bare_pluggy:.2f}")
    for name, seconds in actions.items():
        print(f"{name}_us={seconds * 1e6:.2f}")


class _Abstains:
    """A plugin that implements the hooks a cast asks and answers none of them: what every hook call
    costs once a third-party plugin is in the chain (and the Table keeps no answer)."""

    @hookimpl
    def check_cast(
        self, rules: RuleVersion, request: CastRequest, timing: Timing, board: Sequence[ObjectView]
    ) -> IllegalAction | None:
        return None

    @hookimpl
    def decide_cast(self, rules: RuleVersion, request: CastRequest) -> None:
        return None


def _actions(rules: RuleVersion) -> dict[str, float]:
    """Seconds per action or question of a Table on the reference host, the least of five runs:
    a split card cast and resolved, its castable options, the moves of a hand of seven, and the
    legal name choices (one hook call); each with the built-in rules alone and with a plugin."""
    found: dict[str, float] = {}
    for label, plugins in (("", []), ("_with_plugin", [_Abstains()])):
        found.update({name + label: seconds for name, seconds in _timed(rules, plugins).items()})
    return found


def _timed(rules: RuleVersion, plugins: Sequence[object]) -> dict[str, float]:
    pm = make_plugin_manager(plugins, load_entry_points=False)
    card = _card(0)

    def cast_resolve() -> None:
        table = Table(ReferenceHost(), rules, pm)
        obj = table.create(card, Zone.HAND)
        table.cast(obj, CastOption.LEFT)
        table.resolve()

    table = Table(ReferenceHost(), rules, pm)
    hand = [table.create(_card(i), Zone.HAND) for i in range(7)]

    def each(action: Callable[[], object], number: int) -> float:
        return min(timeit.repeat(action, number=number, repeat=5)) / number

    return {
        "cast_resolve": each(cast_resolve, 300),
        "castable": each(lambda: table.castable(hand[0]), 300),
        "moves_hand7": each(lambda: table.moves(Player.P1, hand), 30),
        "name_choices": each(lambda: table.name_choices(card), 3000),
    }


def _imports(env: dict[str, str]) -> tuple[float, float, float]:
    """The median time of ``import splitcards``, ``import pluggy`` and ``from splitcards import
    Table``, each in a fresh interpreter, the three taking turns so that all see the same machine."""
    statements = ("import splitcards", "import pluggy", "from splitcards import Table")
    for statement in statements:
        _import_time(statement, env)  # each module compiled once, where the environment keeps bytecode
    times: dict[str, list[float]] = {statement: [] for statement in statements}
    for _ in range(7):
        for statement in statements:
            times[statement].append(_import_time(statement, env))
    plain, pluggy_, table = (statistics.median(times[s]) for s in statements)
    return plain, pluggy_, table


def _compiled_env() -> dict[str, str]:
    # As installed: every module's bytecode cached (pip compiles a wheel's modules as it installs
    # them), here in a folder of this run's so that the checkout is left as it is, pluggy's too.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = _CACHE.name
    return env


def _uncompiled_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(dir=_CACHE.name)  # empty: nothing cached is found
    return env


_CACHE = tempfile.TemporaryDirectory(prefix="bench-core-")


def _import_time(statement: str, env: dict[str, str]) -> float:
    code = f"import time; t = time.perf_counter(); {statement}; print(time.perf_counter() - t)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    return float(out.stdout)


if __name__ == "__main__":
    main()
