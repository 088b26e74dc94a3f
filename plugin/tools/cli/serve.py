"""``splitcards serve-host NAME``: an installed host served over stdio, by the protocol of docs/protocol.md."""

from __future__ import annotations

import argparse
import sys

import pluggy

from splitcards.game.configuration.registry import VersionRegistry
from splitcards.tools.cli.common import host
from splitcards.wire.server import Server, serve

HELP = "serve an installed host over stdin and stdout (JSON-RPC 2.0, docs/protocol.md)"
DESCRIPTION = """Serve an installed host adapter over stdin and stdout, by the splitcards wire protocol
(JSON-RPC 2.0 in Content-Length frames, docs/protocol.md), as an engine in another language would:
'command:splitcards serve-host reference' is then a host for conformance runs and the pytest kit.
stdout carries only protocol frames; anything else the host prints goes to stderr. Exit status 0
after shutdown and exit, or at the end of the input."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    command = sub.add_parser("serve-host", help=HELP, description=DESCRIPTION)
    command.add_argument("name", metavar="NAME", help="a registered host adapter (splitcards hosts lists them)")


def run(args: argparse.Namespace, pm: pluggy.PluginManager, registry: VersionRegistry) -> int:
    import splitcards

    info = host(pm, args.name, option="serve-host")
    out = sys.stdout.buffer
    # stdout is the protocol's alone: whatever the host or its engine prints goes to the log.
    sys.stdout = sys.stderr
    try:
        return serve(Server(info, registry, f"splitcards {splitcards.__version__}"), sys.stdin.buffer, out)
    finally:
        sys.stdout = sys.__stdout__
