"""``splitcards serve``, ``splitcards dump`` and ``splitcards decision``: the rules as a service,
as a static table, and one logged decision asked again (docs/service.md)."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pluggy

from splitcards.errors import SplitcardsError
from splitcards.files.lines import write_line
from splitcards.game.configuration.registry import VersionRegistry, load_registry
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.rules.model import Zone
from splitcards.service.position import Context
from splitcards.service.server import Service, ServiceError, serve_stdio
from splitcards.tools.cli.common import UsageError, add_rules, chosen_versions, not_an_input, rule_files
from splitcards.tools.cli.pool import card_pool

SERVE_HELP = "answer an engine's rules questions over stdio or HTTP (JSON-RPC 2.0, docs/service.md)"
SERVE_DESCRIPTION = """Answer the rules questions of an engine in any language: the engine spawns
'splitcards serve' and sends JSON-RPC 2.0 requests in Content-Length frames on its stdin (or, with
--http, POSTs them to /v1/<method>). Every question carries its whole position; every answer gives
the value, the rules that produced it, the rule version and a decision id. stdout carries only
frames; messages go to stderr. Exit status 0 after shutdown and exit, or at the end of the input."""
DUMP_HELP = "write every answer for a card pool as JSON Lines: one line per card, rule version and zone"
DECISION_HELP = "print one decision of a decision log and ask it again"
_PATH_HELP = "card file (MTGJSON or Scryfall JSON) whose cards questions may name (default: the bundled cards)"


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    serve = sub.add_parser("serve", help=SERVE_HELP, description=SERVE_DESCRIPTION)
    serve.add_argument(
        "--rules",
        metavar="VERSION",
        help="the rule version of a question that names none"
        " (a name, an alias or a house rule's YAML file; default: current)",
    )
    serve.add_argument("--cards", type=Path, help=_PATH_HELP)
    serve.add_argument(
        "--plugin",
        action="append",
        default=[],
        metavar="MODULE",
        help="a module to register as a plugin (house rules, cost effects); repeatable",
    )
    serve.add_argument("--decision-log", type=Path, metavar="FILE", help="append every decision to FILE as JSON Lines")
    serve.add_argument(
        "--http",
        metavar="HOST:PORT",
        help="serve HTTP on HOST:PORT instead of stdio"
        " (needs splitcards[http]; binds to loopback unless HOST says otherwise)",
    )
    dump = sub.add_parser("dump", help=DUMP_HELP, description=DUMP_HELP + " (docs/service.md).")
    dump.add_argument("--cards", type=Path, help="card file to dump (default: the bundled cards)")
    add_rules(dump, "all, oldest first")
    dump.add_argument(
        "--zones",
        default="hand,graveyard,exile,battlefield",
        help="comma-separated zones (default: hand,graveyard,exile,battlefield)",
    )
    dump.add_argument("--out", type=Path, help="write to this file instead of stdout")
    decision = sub.add_parser(
        "decision",
        help=DECISION_HELP,
        description=DECISION_HELP
        + """: its
question, its answer then, and its answer now, saying whether they are the same. Exit status 0 when
they are, 1 when they differ.""",
    )
    decision.add_argument("log", type=Path, metavar="FILE", help="a decision log (serve --decision-log)")
    decision.add_argument("id", metavar="ID", help="the decision id")
    decision.add_argument("--cards", type=Path, help=_PATH_HELP)
    decision.add_argument("--rules", metavar="VERSION", help="a house rule's YAML file the server had loaded")
    decision.add_argument(
        "--plugin",
        action="append",
        default=[],
        metavar="MODULE",
        help="a module to register as a plugin, as the server had; repeatable",
    )


def _context(args: argparse.Namespace, pm: pluggy.PluginManager, registry: VersionRegistry) -> Context:
    modules = getattr(args, "plugin", [])
    if modules:
        plugins = []
        for name in modules:
            try:
                plugins.append(importlib.import_module(name))
            except ImportError as exc:
                raise UsageError(f"--plugin {name}: {exc}") from None
        pm = make_plugin_manager(plugins)
        registry = load_registry(pm=pm)
    rules = getattr(args, "rules", None)
    default = registry.get(rules if isinstance(rules, str) else None)
    return Context(registry, default.name, card_pool(args.cards), pm)


def _version() -> str:
    import splitcards

    return str(splitcards.__version__)


def serve(args: argparse.Namespace, pm: pluggy.PluginManager, registry: VersionRegistry) -> int:
    context = _context(args, pm, registry)
    with _log(args.decision_log) as log:
        service = Service(context, _version(), log)
        if args.http:
            return _serve_http(service, args.http)
        out = sys.stdout.buffer
        # stdout is the frames' alone: whatever a plugin prints goes to stderr.
        sys.stdout = sys.stderr
        try:
            return serve_stdio(service, sys.stdin.buffer, out)
        finally:
            sys.stdout = sys.__stdout__


@contextlib.contextmanager
def _log(path: Path | None) -> Iterator[IO[str] | None]:
    if path is None:
        yield None
        return
    try:
        handle = path.open("a", encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"--decision-log {path}: {exc.strerror or exc}") from None
    try:
        yield handle
    finally:
        try:
            handle.close()
        except OSError as exc:
            # Each decision that could not be written was answered with an error already.
            print(f"splitcards serve: --decision-log {path}: {exc.strerror or exc}", file=sys.stderr)


def _serve_http(service: Service, where: str) -> int:
    host, colon, port = where.rpartition(":")
    if not colon or not port.isdigit() or not 0 < int(port) < 65536:
        raise UsageError(f"--http {where!r}: expected HOST:PORT, such as 127.0.0.1:8765")
    try:
        import uvicorn

        from splitcards.service.http import app
    except ImportError as exc:
        raise UsageError(f"--http needs the http extra: pip install 'splitcards[http]' ({exc})") from None
    uvicorn.run(app(service), host=host or "127.0.0.1", port=int(port), log_level="warning")
    return 0


def dump(args: argparse.Namespace, pm: pluggy.PluginManager, registry: VersionRegistry) -> int:
    from splitcards.service.dump import dump_lines

    if args.out is not None:
        not_an_input("--out", args.out, [("--cards", args.cards), *rule_files(args.rules)])
    context = _context(args, pm, registry)
    versions = chosen_versions(registry, args.rules, ["all"])
    zones = []
    for name in args.zones.split(","):
        try:
            zones.append(Zone(name.strip()))
        except ValueError:
            allowed = ", ".join(z.value for z in Zone if z is not Zone.STACK)
            raise UsageError(f"--zones: {name!r} is not a zone (allowed: {allowed})") from None
    if Zone.STACK in zones:
        raise UsageError("--zones: a card on the stack is a spell: ask the service how it resolves")
    service = Service(context, _version())
    cards = [context.pool[name] for name in sorted(context.pool)]
    with _output(args.out) as out:
        name = str(args.out) if args.out is not None else "standard output"
        for written, line in enumerate(dump_lines(service, cards, versions, zones)):
            write_line(out, json.dumps(line, ensure_ascii=False, separators=(",", ":")), name, written)
    return 0


@contextlib.contextmanager
def _output(path: Path | None) -> Iterator[IO[str]]:
    if path is None:
        yield sys.stdout
        return
    try:
        with path.open("w", encoding="utf-8") as handle:
            yield handle
    except OSError as exc:
        raise UsageError(f"--out {path}: {exc.strerror or exc}") from None


def decision(args: argparse.Namespace, pm: pluggy.PluginManager, registry: VersionRegistry) -> int:
    found = _find_decision(args.log, args.id)
    context = _context(args, pm, registry)
    service = Service(context, _version())
    then = found["answer"]
    params = found["params"]
    logged = found.get("version")
    if "rules" not in params and isinstance(logged, str):
        # A question that named no rules was asked under the server's default: the logged version.
        params = {**params, "rules": logged}
    try:
        now: dict[str, Any] = service.envelope(found["method"], params)
    except ServiceError as error:
        now = {"error": error.as_error()}
    then_compared = {k: v for k, v in then.items() if k != "decision"}
    same = then_compared == now
    print(
        f"decision {found['decision']} at {found.get('time', '?')}: {found['method']}"
        f" under {found.get('version', '?')} (splitcards {found.get('splitcards', '?')}, {found.get('hash', '?')})"
    )
    print("params: " + json.dumps(found["params"], ensure_ascii=False))
    print("answer then: " + json.dumps(then_compared, ensure_ascii=False))
    version = now.get("version")
    if isinstance(version, str) and version in context.registry.versions:
        now_hash = service.rules_hash(context.registry.versions[version])
        if now_hash != found.get("hash"):
            print(f"the rule version or the plugins changed since: {found.get('hash')} then, {now_hash} now")
    if same:
        print("answer now: the same")
        return 0
    print("answer now: " + json.dumps(now, ensure_ascii=False))
    print("the answer is not the same")
    return 1


def _find_decision(path: Path, wanted: str) -> dict[str, Any]:
    try:
        handle = path.open(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"{path}: {exc.strerror or exc}") from None
    with handle:
        for number, text in enumerate(handle, 1):
            if wanted not in text:
                continue
            try:
                line = json.loads(text)
            except ValueError as exc:
                raise _LogError(f"{path}:{number}: not a JSON line ({exc})") from None
            if not isinstance(line, dict) or line.get("decision") != wanted:
                continue
            for key, kind in (("method", str), ("params", dict), ("answer", dict)):
                if not isinstance(line.get(key), kind):
                    raise _LogError(f"{path}:{number}: a decision without its {key}")
            return line
    raise _LogError(f"{path}: no decision {wanted!r}")


class _LogError(SplitcardsError, ValueError):
    """A decision log that does not hold the decision asked for."""
