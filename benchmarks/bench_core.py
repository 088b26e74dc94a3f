"""Measure the rules core: a characteristic query cold and cached, making a ``Table``, and
``import splitcards``.

Run: ``python benchmarks/bench_core.py``. Prints figures measured in this run; nothing asserts
on them. Targets: a cached query at most 2 µs, a ``Table`` with the shared default manager at
most a few µs (an engine makes one per game), ``import splitcards`` and ``from splitcards import
Table`` each at most 4x ``import pluggy`` (printed last as ``import_vs_pluggy=`` and
``import_table_vs_pluggy=``).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
import timeit

from splitcards.adapters.reference import ReferenceHost
from splitcards.game.configuration.registry import load_registry
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.rules import characteristics as ch
from splitcards.rules.card import Card, Half
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import ObjectView, Zone


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
    # Each import in a fresh interpreter, the two taking turns, so that both see the same machine.
    imports: dict[str, list[float]] = {"splitcards": [], "pluggy": [], "splitcards then Table": []}
    for _ in range(7):
        for name, statement in (
            ("splitcards", "import splitcards"),
            ("pluggy", "import pluggy"),
            ("splitcards then Table", "from splitcards import Table"),
        ):
            imports[name].append(_import_time(statement))
    plain, pluggy_, table = (statistics.median(imports[n]) for n in ("splitcards", "pluggy", "splitcards then Table"))
    print(f"mana_values, cold (first query of an object): {cold * 1e6:8.2f} µs")
    print(f"mana_values, cached (same object again):      {cached * 1e6:8.2f} µs   (target <= 2 µs)")
    print(f"cold / cached ratio:                          {cold / cached:8.1f}")
    print(f"Table(), shared default manager:              {shared * 1e6:8.2f} µs")
    print(f"Table() with a new manager (entry-point scan): {fresh * 1e6:7.1f} µs   ({fresh / shared:.0f}x)")
    print(f"import splitcards, median of 7:               {plain * 1e3:8.1f} ms")
    print(f"import pluggy, median of 7:                   {pluggy_ * 1e3:8.1f} ms")
    print(f"import splitcards / import pluggy:            {plain / pluggy_:8.1f}x   (target <= 4x)")
    print(f"from splitcards import Table (the rules load): {table * 1e3:7.1f} ms   ({table / pluggy_:.1f}x pluggy)")
    # The ratios again as name=value lines, for a reader that is a program.
    print(f"import_vs_pluggy={plain / pluggy_:.2f}")
    print(f"import_table_vs_pluggy={table / pluggy_:.2f}")


def _import_time(statement: str) -> float:
    code = f"import time; t = time.perf_counter(); {statement}; print(time.perf_counter() - t)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout)


if __name__ == "__main__":
    main()
