"""The soak report's plots, drawn by matplotlib as SVG for the page to hold inline.

Drawn with matplotlib's object API (a ``Figure`` of its own, no pyplot and no global backend),
so a plot changes nothing of a program that uses matplotlib itself. Text stays text in the SVG
(``svg.fonttype: none``): the page shows it in its own font, and it can be searched. matplotlib
comes with ``splitcards[report]``.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

SIZE = (6.4, 3.2)


class PlotsUnavailable(ImportError):
    """matplotlib is not installed."""


def available() -> bool:
    import importlib.util

    return importlib.util.find_spec("matplotlib") is not None


@contextmanager
def _figure(name: str) -> Iterator[tuple[Figure, list[str]]]:
    try:
        import matplotlib
        from matplotlib.figure import Figure
    except ImportError as exc:  # pragma: no cover - the CLI checks before the run
        raise PlotsUnavailable("the soak report's plots need matplotlib: pip install 'splitcards[report]'") from exc
    svg: list[str] = []
    # The ids matplotlib gives clip paths are salted per plot, so that two plots on one page
    # never share one.
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": name, "font.size": 9}):
        figure = Figure(figsize=SIZE, layout="constrained")
        yield figure, svg
        out = io.StringIO()
        figure.savefig(out, format="svg", metadata={"Date": None, "Creator": None})
    text = out.getvalue()
    svg.append(text[text.index("<svg") :])


def _whole_numbers(axes: Axes) -> None:
    """Ticks at whole numbers only, on both axes: games and turns are counted."""
    from matplotlib.ticker import MaxNLocator

    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))


def turn_histogram(turns: Sequence[int]) -> str:
    """How many games lasted each number of turns (the games that ended, not those that failed)."""
    with _figure("turns") as (figure, svg):
        axes = figure.add_subplot()
        if turns:
            low, high = min(turns), max(turns)
            axes.hist(turns, bins=range(low, high + 2), color="#0969da", edgecolor="white", align="left")
        axes.set_xlabel("turns")
        axes.set_ylabel("games")
        _whole_numbers(axes)
        axes.set_title("Turn length")
    return svg[0]


def mechanic_shares(shares: Mapping[str, float]) -> str:
    """Each mechanic's share of the games, in percent."""
    with _figure("mechanics") as (figure, svg):
        axes = figure.add_subplot()
        names = list(shares)
        axes.bar(names, [100 * shares[n] for n in names], color="#1a7f37")
        axes.set_ylim(0, 100)
        axes.set_ylabel("% of games")
        axes.set_title("Mechanic shares")
    return svg[0]


def games_over_time(minutes: Sequence[float]) -> str:
    """Games finished against minutes since the run began."""
    with _figure("time") as (figure, svg):
        axes = figure.add_subplot()
        ordered = sorted(minutes)
        axes.step([0.0, *ordered], range(len(ordered) + 1), where="post", color="#8250df")
        axes.set_xlabel("minutes since the run began")
        axes.set_ylabel("games finished")
        _whole_numbers(axes)
        axes.set_title("Games over time")
    return svg[0]
