"""The ``splitcards`` command.

* ``splitcards conformance [PATH...] --host NAME [--rules VERSION] [--format text|json]``:
  run scenario files (default: the suite bundled with the package) against host adapters.
* ``splitcards versions``: list the rule versions.
* ``splitcards hosts``: list the host adapters and whether their engine is installed.
* ``splitcards demo [--host NAME] [--rules VERSION] [--seed N] [--max-actions N]``: a game between
  two copies of a host engine's AI (default: phase), each split-card decision logged with its rules.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

import pluggy

from splitcards.conformance.runner import Result, Status, iter_file, summary
from splitcards.conformance.scenario import load_file
from splitcards.errors import SplitcardsError
from splitcards.hosts import adapters
from splitcards.manager import make_plugin_manager, plugin_sources
from splitcards.play.demo import run as run_demo
from splitcards.versions import VersionRegistry, load_registry


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="splitcards", description=__doc__.splitlines()[0] if __doc__ else None)
    sub = parser.add_subparsers(dest="command", required=True)
    conf = sub.add_parser("conformance", help="run conformance scenario files against host adapters")
    conf.add_argument("paths", nargs="*", type=Path, help="scenario files (default: the bundled suite)")
    conf.add_argument("--host", action="append", help="host adapter name, repeatable, or 'all' (default: reference)")
    conf.add_argument(
        "--rules", action="append", help="run only this rule version (name, alias or YAML file); repeatable"
    )
    conf.add_argument("--format", choices=("text", "json"), default="text")
    sub.add_parser("versions", help="list the rule versions")
    sub.add_parser("hosts", help="list the host adapters")
    demo = sub.add_parser(
        "demo", help="play a game between two copies of an engine's AI with split cards and Rooms, logging each rule"
    )
    demo.add_argument("--host", default="phase", help="host adapter whose engine's AI plays (default: phase)")
    demo.add_argument("--rules", help="rule version (name, alias or YAML file; default: current)")
    demo.add_argument("--seed", type=int, default=1, help="game seed (default 1)")
    demo.add_argument("--max-actions", type=int, default=2000, help="stop after this many actions (default 2000)")
    args = parser.parse_args(argv)
    try:
        return _run(args)
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


class UsageError(SplitcardsError):
    """A command line that names something that does not exist."""


def _run(args: argparse.Namespace) -> int:
    pm = make_plugin_manager()
    registry = load_registry(pm=pm)
    if args.command == "versions":
        for name, version in sorted(registry.versions.items(), key=lambda item: item[1].edition):
            aliases = f" (alias {', '.join(version.aliases)})" if version.aliases else ""
            print(f"{name}{aliases}: {version.description}")
        return 0
    if args.command == "hosts":
        for info in adapters(pm).values():
            state = "available" if info.available is None else f"unavailable: {info.available}"
            print(f"{info.name}: {info.description} [{state}]")
        return 0
    if args.command == "demo":
        return _demo(args, pm, registry)
    return _conformance(args, pm, registry)


def _demo(args: argparse.Namespace, pm: pluggy.PluginManager, registry: VersionRegistry) -> int:
    known = adapters(pm)
    info = known.get(args.host)
    if info is None:
        raise UsageError(f"--host: unknown host {args.host!r} (allowed: {', '.join(known)})")
    if info.ai_game is None:
        raise UsageError(f"--host: {args.host}: this host can't play AI games (its adapter registers no ai_game)")
    return run_demo(info, registry.get(args.rules), seed=args.seed, max_actions=args.max_actions, pm=pm)


def _conformance(args: argparse.Namespace, pm: pluggy.PluginManager, registry: VersionRegistry) -> int:
    known = adapters(pm)
    names = args.host or ["reference"]
    if "all" in names:
        names = [n for n, info in known.items() if info.available is None]
    hosts = {}
    for name in names:
        if name not in known:
            raise UsageError(f"--host: unknown host {name!r} (allowed: {', '.join(known)}, all)")
        if known[name].available is not None:
            raise UsageError(f"--host: {name}: {known[name].available}")
        hosts[name] = known[name].factory
    only = args.rules or []
    for name in only:
        registry.get(name)
    paths = args.paths or sorted(
        Path(str(p)) for p in resources.files("splitcards.conformance.bundled").iterdir() if p.name.endswith(".yaml")
    )
    text = args.format == "text"
    if text:
        print(f"hosts: {', '.join(hosts)}; rules: {', '.join(only) or 'as each scenario names'}")
        print(f"plugins: {_plugin_line(pm)}", flush=True)
    results: list[Result] = []
    file_errors: list[str] = []
    for path in paths:
        try:
            scenario_file = load_file(path)
        except Exception as exc:
            # One unreadable file is reported and the others still run.
            problem = str(exc) if isinstance(exc, SplitcardsError) else f"{path}: {type(exc).__name__}: {exc}"
            file_errors.append(problem[:1000])
            if text:
                print(f"{'ERROR':13} {problem[:1000]}", flush=True)
            continue
        for result in iter_file(scenario_file, hosts, registry, only, pm):
            results.append(result)
            if text:
                print(_line(result), flush=True)
    counts = summary(results)
    if text:
        tail = f", {len(file_errors)} file errors" if file_errors else ""
        print(", ".join(f"{n} {status.value}" for status, n in counts.items()) + tail)
    else:
        rows = [
            {
                "file": r.file,
                "scenario": r.scenario,
                "rules": r.version,
                "host": r.host,
                "status": r.status.value,
                "detail": r.detail,
                "source": r.source,
                "cited": list(r.rules),
            }
            for r in results
        ]
        totals = {status.value: n for status, n in counts.items()}
        print(json.dumps({"results": rows, **totals, "file_errors": file_errors}, indent=2))
    # The exit status follows pytest's: 2 for unreadable files, 1 for a failed run, 5 for none run.
    if file_errors:
        return 2
    if counts[Status.FAIL] or counts[Status.ERROR]:
        return 1
    return 0 if results else 5


def _line(r: Result) -> str:
    line = f"{r.status.value.upper():13} {Path(r.file).name}::{r.scenario} [{r.version}] host={r.host}"
    if r.status is not Status.PASS:
        line += f": {r.detail}"
        if r.rules:
            line += f" (rules {', '.join(r.rules)})"
    return line


def _plugin_line(pm: pluggy.PluginManager) -> str:
    sources = plugin_sources(pm)
    names = []
    for name in sources:
        source = sources[name]
        names.append(f"{name}-{source.version}" if source.version and source.origin == "entry point" else name)
    return ", ".join(names)


if __name__ == "__main__":
    sys.exit(main())
