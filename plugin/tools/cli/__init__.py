"""The ``splitcards`` command: conformance runs, the rule versions, hosts and plugins, AI games.

Run ``splitcards COMMAND --help`` for each command's options; a bare ``splitcards`` prints the
help. Exit status, as pytest's: 0 when all went well, 1 when a run or a game failed, 2 for an
error in the command line, a file or the configuration, or an interruption (Ctrl-C), 3 for an
internal error, 5 when a conformance run ran nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

import pluggy

from splitcards.errors import SplitcardsError
from splitcards.game.configuration.registry import VersionRegistry, load_registry
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.tools.cli import completion, config, conformance, diff, games, listing, report, serve, service, show

Command = Callable[[argparse.Namespace, pluggy.PluginManager, VersionRegistry], int]
Standalone = Callable[[argparse.Namespace], int]

COMMANDS: dict[str, Command] = {
    "conformance": conformance.run,
    "versions": listing.versions,
    "hosts": listing.hosts,
    "plugins": listing.plugins,
    "schema": listing.schema,
    "show": show.run,
    "diff": diff.run,
    "demo": games.demo,
    "soak": games.soak_games,
    "replay": games.replay_game,
    "serve-host": serve.run,
    "serve": service.serve,
    "dump": service.dump,
    "decision": service.decision,
}

# The commands that must work when the configuration does not: they build what they need themselves.
STANDALONE: dict[str, Standalone] = {
    "config": config.run,
    "completion": completion.run,
    # Reads results files only: no plugin, host or rule version is needed.
    "report": report.run,
}


def parser() -> argparse.ArgumentParser:
    """The command line of ``splitcards``."""
    top = argparse.ArgumentParser(
        prog="splitcards",
        description="The rules of split cards, fuse, aftermath, splice and Rooms for Magic: The Gathering"
        " engines, for every edition since 2000.",
        epilog="Run 'splitcards COMMAND --help' for a command's options.",
    )
    top.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    _verbosity(top, argparse.SUPPRESS)
    top.set_defaults(quiet=0, verbose=0)
    sub = top.add_subparsers(dest="command", metavar="COMMAND")
    conformance.add_parser(sub)
    show.add_parser(sub)
    diff.add_parser(sub)
    listing.add_parsers(sub)
    config.add_parser(sub)
    games.add_parsers(sub)
    report.add_parser(sub)
    serve.add_parser(sub)
    service.add_parsers(sub)
    completion.add_parser(sub)
    for command in sub.choices.values():
        # Given before or after the command: ``splitcards -q conformance`` or ``splitcards conformance -q``.
        _verbosity(command, argparse.SUPPRESS)
    return top


def _verbosity(parser: argparse.ArgumentParser, default: object) -> None:
    parser.add_argument("-q", "--quiet", action="count", default=default, help="print less (repeatable)")
    parser.add_argument("-v", "--verbose", action="count", default=default, help="print more (repeatable)")


def _version() -> str:
    import splitcards

    return str(splitcards.__version__)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (no traceback for any input)."""
    top = parser()
    args = top.parse_args(argv)
    # The command as given, for the reports that say how they were made.
    args.argv = ["splitcards", *(sys.argv[1:] if argv is None else argv)]
    if args.command is None:
        top.print_help()
        return 0
    try:
        if args.command in STANDALONE:
            return STANDALONE[args.command](args)
        pm = make_plugin_manager()
        return COMMANDS[args.command](args, pm, load_registry(pm=pm))
    except SplitcardsError as exc:
        print(f"splitcards: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, as a shell tool does.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        print("splitcards: interrupted", file=sys.stderr)
        return 2
    except Exception as exc:
        print(f"splitcards: internal error: {type(exc).__name__}: {str(exc)[:500]}", file=sys.stderr)
        return 3
