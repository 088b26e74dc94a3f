"""``splitcards completion bash|zsh``: a shell completion script, written from the command line itself."""

from __future__ import annotations

import argparse

from splitcards.tools.cli.common import UsageError

SHELLS = ("bash", "zsh")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    completion = sub.add_parser(
        "completion",
        help="print a shell completion script",
        description="Print a completion script for bash or zsh, made from the command line's own options, so"
        " it never falls behind them. bash: 'eval \"$(splitcards completion bash)\"' in ~/.bashrc; zsh:"
        " 'splitcards completion zsh > \"${fpath[1]}/_splitcards\"'.",
    )
    completion.add_argument("shell", choices=SHELLS, help="the shell")


def run(args: argparse.Namespace) -> int:
    try:
        import shtab  # only for this command: the script is made from the parser
    except ImportError:
        raise UsageError("completion: needs shtab: pip install 'splitcards[completion]'") from None
    from splitcards.tools.cli import parser

    print(shtab.complete(parser(), shell=args.shell), end="")
    return 0
