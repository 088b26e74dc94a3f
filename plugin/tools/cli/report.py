"""``splitcards report``: a static page from results files, for people and for a CI job to publish."""

from __future__ import annotations

import argparse
from pathlib import Path

from splitcards.files import jsontext
from splitcards.files.bounded import read_text
from splitcards.tools.cli.common import UsageError
from splitcards.tools.conformance import resultlines
from splitcards.tools.conformance.page import write_conformance_page
from splitcards.tools.play import plots, soakreport
from splitcards.tools.play.soakpage import write_soak_page

HELP = "write a static page of conformance or soak results"
DESCRIPTION = """Write one static page, DIR/index.html, of the results files given: the --format
jsonl (or json) output of `splitcards conformance`, or the --format jsonl output of `splitcards
soak`. The page is self-contained (its style inline, no script, nothing fetched) and opens from
the disk. Conformance results: the matrix of hosts against rule versions and mechanics, with
each cell's pass, fail, not_supported (declared or not) and error counts, every run one click
away with its steps, the expected answers and their rules, what the host answered, the
declaration behind it and its exchange with a wire engine; several files are joined (one per
host from separate CI jobs); --compare OLD adds what passes now and failed before, what
regressed and what is new. Soak results: throughput, results by rule version and deck, coverage
of the mechanics, failures grouped by signature and the bound on the failure rate, with plots
(needs splitcards[report]); DIR/soak.json holds the same figures. Results files of the older
format (1.0, no header line) are read too. Exit status 0 when the page is written, 2 when a file
can't be read or the page can't be written."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    report = sub.add_parser("report", help=HELP, description=DESCRIPTION)
    report.add_argument(
        "results", nargs="+", type=Path, metavar="RESULTS", help="results files (JSON Lines), all of one kind"
    )
    report.add_argument("--out", type=Path, required=True, metavar="DIR", help="folder the page is written to")
    report.add_argument(
        "--compare",
        type=Path,
        metavar="OLD",
        help="conformance results of an older run: show what passes now and failed before, what regressed, what is new",
    )
    report.add_argument("--title", help="the page's title (default: Conformance, or Soak)")


def kind_of(path: Path) -> str:
    """``soak`` or ``conformance``: what the first line of a results file is a line of."""
    text = read_text(path, lambda problem: UsageError(f"{path}: {problem}"), max_bytes=resultlines.RESULTS_MAX_BYTES)
    for line in text.split("\n"):
        if not line.strip():
            continue
        try:
            data = jsontext.loads(line)
        except jsontext.JSONTextError:
            return "conformance"  # a --format json document spans lines; its reader says what is wrong
        if isinstance(data, dict) and ("soak" in data or "seed" in data):
            return "soak"
        return "conformance"
    return "conformance"


def run(args: argparse.Namespace) -> int:
    kinds = {path: kind_of(path) for path in args.results}
    if len(set(kinds.values())) > 1:
        raise UsageError("RESULTS: give conformance results or soak results, not both")
    if "soak" in kinds.values():
        if args.compare is not None:
            raise UsageError("--compare: compares conformance results, not soak results")
        soaks = [soakreport.read_soak(path) for path in args.results]
        if not plots.available():
            raise UsageError("the soak page's plots need matplotlib: pip install 'splitcards[report]'")
        where = write_soak_page(args.out, soakreport.joined(soaks), args.title or "Soak")
    else:
        files = [resultlines.read(path, UsageError) for path in args.results]
        before = resultlines.read(args.compare, UsageError) if args.compare is not None else None
        where = write_conformance_page(args.out, files, before, args.title or "Conformance")
    print(f"report: {where}")
    return 0
