"""The rules server: JSON-RPC 2.0 messages in, answers out, each with a decision id.

:class:`Service` answers one message at a time, whatever carries it (stdio frames,
:func:`serve_stdio`; HTTP bodies, :mod:`splitcards.service.http`). A question's answer is an
envelope: ``value``, ``rules``, ``version`` and ``decision``, plus ``refusal`` when the rules refuse
the question's card itself, and ``trace`` when asked. JSON-RPC errors are kept for what is not a
question at all: a malformed message or params, an unknown method, card or rule version, a
plugin that failed. Every answer, error or not, is written to the decision log when there is one.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import secrets
import sys
import time
import traceback
from typing import IO, Any, BinaryIO

from splitcards.errors import IllegalAction, OutputError, PluginFailure
from splitcards.files.lines import write_line
from splitcards.game.plugins import hookcalls
from splitcards.game.plugins.manager import plugin_sources
from splitcards.rules.versions import RuleVersion
from splitcards.service import methods
from splitcards.service.answers import HookCall, Refusal
from splitcards.service.methods import LIFECYCLE, QUESTIONS
from splitcards.service.params import Explain, ParamsError, read_params
from splitcards.service.position import Context, UnknownCardName, UnknownRules
from splitcards.wire.forms import encode
from splitcards.wire.framing import serve_frames


class ServiceError(Exception):
    """An error answer: its JSON-RPC code and message."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def as_error(self) -> dict[str, Any]:
        """The JSON-RPC ``error`` object; ``data.type`` names the code."""
        return {"code": self.code, "message": self.message, "data": {"type": methods.ERROR_CODES[self.code]}}


class Service:
    """The server's state: its context, decision ids, the decision log, and whether it is shut down.

    :param context: the rule versions, card pool and plugins the questions are answered with.
    :param version: the splitcards version, given in ``initialize`` and in every logged decision.
    :param log: where each decision is written as one JSON line; ``None``: nowhere.
    """

    def __init__(self, context: Context, version: str, log: IO[str] | None = None) -> None:
        self.context = context
        """The rule versions, card pool and plugins the questions are answered with."""
        self.version = version
        """The splitcards version the server reports."""
        self.log = log
        """Where each decision is written, or ``None``."""
        self.shut_down = False
        """Whether ``shutdown`` was asked: then only ``exit`` is taken."""
        self._run = secrets.token_hex(4)
        self._ids = itertools.count(1)
        self._hashes: dict[str, str] = {}
        self._plugins = sorted(
            f"{name}={source.distribution or source.origin}{' ' + source.version if source.version else ''}"
            for name, source in plugin_sources(context.pm).items()
        )

    # -- one message -----------------------------------------------------------------------------

    def answer(self, message: Any) -> dict[str, Any] | None:
        """The JSON-RPC answer to one message (already decoded); ``None`` for a notification."""
        if not isinstance(message, dict):
            error = ServiceError(methods.INVALID_REQUEST, "a message must be a JSON object")
            return {"jsonrpc": "2.0", "id": None, "error": error.as_error()}
        request_id = message.get("id")
        notification = "id" not in message
        try:
            if message.get("jsonrpc") != "2.0" or not isinstance(message.get("method"), str):
                raise ServiceError(methods.INVALID_REQUEST, "not a JSON-RPC 2.0 request (jsonrpc and method)")
            if not isinstance(request_id, int | str | None) or isinstance(request_id, bool):
                raise ServiceError(methods.INVALID_REQUEST, "an id must be a number or a string")
            result = self.call(message["method"], message.get("params", {}))
        except Exception as exc:
            error = exc if isinstance(exc, ServiceError) else _internal(exc)
            answer = {"jsonrpc": "2.0", "id": request_id if _valid_id(request_id) else None, "error": error.as_error()}
            return None if notification else answer
        return None if notification else {"jsonrpc": "2.0", "id": request_id, "result": result}

    def call(self, method: str, params: Any) -> Any:
        """The result of one method (JSON), or a :class:`ServiceError`."""
        if method in ("initialize", "ping", "shutdown", "exit"):
            return getattr(self, f"_{method}")(params)
        if self.shut_down:
            raise ServiceError(methods.SHUT_DOWN, "the server is shut down: only exit is taken")
        if method == "batch":
            return self._batch(params)
        spec = QUESTIONS.get(method)
        if spec is None:
            known = ", ".join([*QUESTIONS, *LIFECYCLE])
            raise ServiceError(methods.METHOD_NOT_FOUND, f"no method {method!r:.60} (methods: {known})")
        return self.question(spec, params)

    def question(self, spec: methods.ServiceMethod, params: Any, path: str = "params") -> dict[str, Any]:
        """One question's envelope, logged; a :class:`ServiceError` for what is not a question."""
        decision = f"{self._run}-{next(self._ids)}"
        started = time.time()
        try:
            envelope = self._envelope(spec, params, path)
        except ServiceError as error:
            self._log(decision, started, spec.name, params, {"error": error.as_error()})
            raise
        envelope["decision"] = decision
        self._log(decision, started, spec.name, params, envelope)
        return envelope

    def envelope(self, method: str, params: Any) -> dict[str, Any]:
        """A question's envelope without a decision id, and not logged (what ``splitcards dump``
        writes, and what a logged decision is compared with when asked again); a
        :class:`ServiceError` for what is not a question."""
        spec = QUESTIONS.get(method)
        if spec is None:
            raise ServiceError(methods.METHOD_NOT_FOUND, f"no question {method!r:.60}")
        return self._envelope(spec, params, "params")

    def _envelope(self, spec: methods.ServiceMethod, params: Any, path: str) -> dict[str, Any]:
        try:
            read: Any = read_params(spec.params, params, path)
        except ParamsError as exc:
            raise ServiceError(methods.INVALID_PARAMS, f"{spec.name}: {exc}") from None
        explain = getattr(read, "explain", Explain.RULES)
        # Hook calls are recorded only when the trace is asked for: recording costs every call.
        tracing: contextlib.AbstractContextManager[list[hookcalls.HookTrace]] = (
            hookcalls.tracing() if explain is Explain.TRACE else contextlib.nullcontext([])
        )
        try:
            with tracing as calls:
                try:
                    answered = spec.answer(self.context, read)
                except IllegalAction as refused:
                    # The rules refuse the question's card itself (a card this version lacks).
                    version = refused.version or self.context.rules(getattr(read, "rules", None)).name
                    envelope = {"value": None, "rules": list(refused.rules), "version": version}
                    envelope["refusal"] = encode(Refusal.of(refused))
                else:
                    envelope = {"value": encode(answered.value), "rules": list(answered.rules)}
                    envelope["version"] = answered.version
        except ParamsError as exc:
            raise ServiceError(methods.INVALID_PARAMS, f"{spec.name}: {exc}") from None
        except UnknownCardName as exc:
            raise ServiceError(methods.UNKNOWN_CARD, f"{spec.name}: {exc}") from None
        except UnknownRules as exc:
            raise ServiceError(methods.UNKNOWN_RULES, f"{spec.name}: params.rules: {exc}") from None
        except PluginFailure as exc:
            raise ServiceError(methods.PLUGIN_FAILURE, f"{spec.name}: {exc}") from None
        except RecursionError:
            raise ServiceError(methods.INVALID_PARAMS, f"{spec.name}: params nested too deeply") from None
        except Exception as exc:
            traceback.print_exc(file=sys.stderr)
            raise ServiceError(methods.INTERNAL_ERROR, f"{spec.name}: {type(exc).__name__}: {exc}"[:500]) from None
        if explain is Explain.TRACE:
            envelope["trace"] = [encode(HookCall(c.hook, c.answered_by, c.implementations)) for c in calls]
        return envelope

    # -- batches ---------------------------------------------------------------------------------

    def _batch(self, params: Any) -> dict[str, Any]:
        """Each question answered in order, its params filled in from ``shared``; an answer is the
        envelope, or ``{"error": ...}`` for that question alone."""
        if not isinstance(params, dict) or set(params) - {"shared", "questions"}:
            raise ServiceError(methods.INVALID_PARAMS, "batch: params are {shared, questions}")
        shared = params.get("shared", {})
        asked = params.get("questions")
        if not isinstance(shared, dict):
            raise ServiceError(methods.INVALID_PARAMS, "batch: params.shared: expected an object")
        if not isinstance(asked, list):
            raise ServiceError(methods.INVALID_PARAMS, "batch: params.questions: expected an array")
        if len(asked) > methods.MAX_BATCH:
            raise ServiceError(methods.INVALID_PARAMS, f"batch: more than {methods.MAX_BATCH} questions")
        # A shared key that no question takes is a mistake (a misspelt key), refused as it is in
        # one question's params; a key only some questions take is left out of the others.
        methods_asked = {q.get("method") for q in asked if isinstance(q, dict) and isinstance(q.get("method"), str)}
        taken = {name for m in methods_asked if m in QUESTIONS for name in _param_names(QUESTIONS[m].params)}
        unknown = sorted(set(shared) - taken)
        if unknown and taken:
            raise ServiceError(
                methods.INVALID_PARAMS, f"batch: params.shared: unknown key {unknown[0]!r:.60} (no question takes it)"
            )
        answers: list[dict[str, Any]] = []
        for i, question in enumerate(asked):
            path = f"params.questions[{i}]"
            try:
                answers.append(self._one_of_batch(question, shared, path))
            except ServiceError as error:
                answers.append({"error": error.as_error()})
        return {"answers": answers}

    def _one_of_batch(self, question: Any, shared: dict[str, Any], path: str) -> dict[str, Any]:
        if not isinstance(question, dict) or set(question) - {"method", "params"}:
            raise ServiceError(methods.INVALID_PARAMS, f"batch: {path}: expected {{method, params}}")
        asked = question.get("method")
        spec = QUESTIONS.get(asked) if isinstance(asked, str) else None
        if spec is None:
            raise ServiceError(methods.METHOD_NOT_FOUND, f"batch: {path}.method: no question {asked!r:.60}")
        own = question.get("params", {})
        if not isinstance(own, dict):
            raise ServiceError(methods.INVALID_PARAMS, f"batch: {path}.params: expected an object")
        # The shared part fills in what a question leaves out, as far as the question takes it.
        taken = {name for name in _param_names(spec.params)}
        merged = {**{k: v for k, v in shared.items() if k in taken}, **own}
        return self.question(spec, merged, f"{path}.params")

    # -- the lifecycle ---------------------------------------------------------------------------

    def _initialize(self, params: Any) -> dict[str, Any]:
        offered = params.get("versions") if isinstance(params, dict) else None
        if not isinstance(offered, list) or not all(isinstance(v, str) for v in offered):
            raise ServiceError(methods.INVALID_PARAMS, "initialize: params.versions: the service versions spoken")
        if not any(_speaks(v) for v in offered):
            raise ServiceError(
                methods.INVALID_PARAMS, f"initialize: this server speaks service {methods.VERSION}, not {offered}"
            )
        registry = self.context.registry
        versions = sorted(registry.versions.values(), key=lambda v: v.edition)
        return {
            "version": methods.VERSION,
            "server": "splitcards",
            "server_version": self.version,
            "default_rules": self.context.default_rules,
            "rules": [_features(v) | {"hash": self.rules_hash(v)} for v in versions],
            "methods": [*QUESTIONS, *LIFECYCLE],
            "capabilities": list(methods.CAPABILITIES),
            "cards": len(self.context.pool),
            "plugins": self._plugins,
            "limits": {"batch": methods.MAX_BATCH},
        }

    def _ping(self, params: Any) -> None:
        return None

    def _shutdown(self, params: Any) -> None:
        self.shut_down = True
        return None

    def _exit(self, params: Any) -> None:
        return None

    # -- the decision log ------------------------------------------------------------------------

    def rules_hash(self, version: RuleVersion) -> str:
        """A hash of the rule version (its decisions and citations) and of the plugins answering
        with it: a logged decision asked again under another hash may be answered otherwise."""
        found = self._hashes.get(version.name)
        if found is None:
            text = json.dumps({"rules": version.decisions(), "plugins": self._plugins}, sort_keys=True, default=list)
            found = self._hashes[version.name] = "sha256:" + hashlib.sha256(text.encode()).hexdigest()[:16]
        return found

    def _log(self, decision: str, started: float, method: str, params: Any, answer: dict[str, Any]) -> None:
        if self.log is None:
            return
        version_name = answer.get("version") if isinstance(answer.get("version"), str) else None
        try:
            version = self.context.rules(version_name)
        except UnknownRules:
            version = self.context.rules(None)
        line = {
            "decision": decision,
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(started)) + f".{int(started % 1 * 1000):03d}Z",
            "method": method,
            "params": params,
            "answer": answer,
            "rules": answer.get("rules", []),
            "version": version.name,
            "splitcards": self.version,
            "hash": self.rules_hash(version),
        }
        try:
            write_line(self.log, json.dumps(line, ensure_ascii=False, separators=(",", ":")), "the decision log", 0)
        except OutputError as exc:
            # An answer that can't be logged is not given: a bug report could not carry its id.
            raise ServiceError(methods.INTERNAL_ERROR, f"the decision log can't be written ({exc.reason})") from None


def _internal(exc: Exception) -> ServiceError:
    """A failure of splitcards itself, as the error that answers this message alone: the server goes on."""
    traceback.print_exc(file=sys.stderr)
    return ServiceError(methods.INTERNAL_ERROR, f"{type(exc).__name__}: {exc}"[:500])


def _param_names(cls: type) -> list[str]:
    from splitcards.wire.forms import fields_of

    return [name for name, _, _ in fields_of(cls)]


def _valid_id(request_id: object) -> bool:
    return isinstance(request_id, int | str) and not isinstance(request_id, bool)


def _speaks(offered: str) -> bool:
    major, dot, minor = offered.partition(".")
    return bool(dot) and major.isdigit() and minor.isdigit() and int(major) == methods.MAJOR


def _features(version: RuleVersion) -> dict[str, Any]:
    return {
        "name": version.name,
        "edition": version.edition,
        "aliases": list(version.aliases),
        "description": version.description,
        "features": {
            "fuse": version.fuse,
            "aftermath": version.aftermath,
            "rooms": version.rooms,
            "combined_off_stack": version.off_stack_combined,
            "combined_fused_spell": version.fused_spell_combined,
            "name_both_halves": version.name_both_halves,
        },
    }


# -- stdio -----------------------------------------------------------------------------------


def serve_stdio(service: Service, stdin: BinaryIO, stdout: BinaryIO) -> int:
    """Answer every framed message on ``stdin`` until ``exit`` or the end of the input
    (:func:`~splitcards.wire.framing.serve_frames` gives the exit status)."""

    def error(code: int, message: str) -> dict[str, Any]:
        return ServiceError(code, message).as_error()

    return serve_frames(service.answer, lambda: service.shut_down, stdin, stdout, "splitcards serve", error)
