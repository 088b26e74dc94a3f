"""The ``splitcards`` command's first step: a Ctrl-C while the command is still importing is an
interruption like any other (exit status 2, one line), not a traceback from the import machinery."""

from __future__ import annotations

import sys


def main() -> int:
    """Import the command line, then run it (:func:`splitcards.tools.cli.main`)."""
    try:
        from splitcards.tools.cli import main as run
    except KeyboardInterrupt:
        print("splitcards: interrupted", file=sys.stderr)
        return 2
    return run()
