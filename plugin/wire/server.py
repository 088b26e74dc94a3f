"""An installed host served over stdio: the engine end of the protocol, in Python.

``splitcards serve-host NAME`` runs :func:`serve` with a registered host: each ``new_game`` is a
game of its factory, each host method a call of that game's method. It is how the client is
tested end to end (the results over the wire must equal those in process), and a model for an
engine author reading docs/protocol.md.
"""

from __future__ import annotations

import itertools
import sys
import traceback
from typing import Any, BinaryIO

from splitcards.errors import NotSupported, RulesConfigError, SplitcardsError, UnknownObject
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.contract import AdapterInfo, Host
from splitcards.wire import methods
from splitcards.wire.forms import FormError, Reader, encode
from splitcards.wire.framing import serve_frames
from splitcards.wire.methods import METHODS, Initialized, NewGame


class _Refusal(Exception):
    """An error answer: its JSON-RPC code and message."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Server:
    """The games of one host, answering one message at a time."""

    def __init__(self, info: AdapterInfo, registry: VersionRegistry, engine_version: str) -> None:
        self.info = info
        self.registry = registry
        self.engine_version = engine_version
        self.games: dict[str, Host] = {}
        self.shut_down = False
        self._ids = itertools.count(1)
        self._reader = Reader()

    def answer(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """The answer to one message (``None`` for a notification)."""
        request_id = message.get("id")
        notification = "id" not in message
        method = message.get("method")
        try:
            if message.get("jsonrpc") != "2.0" or not isinstance(method, str):
                raise _Refusal(methods.INVALID_REQUEST, "not a JSON-RPC 2.0 request")
            if not isinstance(request_id, int | str | None) or isinstance(request_id, bool):
                raise _Refusal(methods.INVALID_REQUEST, "an id must be a number or a string")
            params = message.get("params", {})
            if not isinstance(params, dict):
                raise _Refusal(methods.INVALID_PARAMS, "params must be an object")
            result = self._dispatch(method, params)
        except _Refusal as refusal:
            error = {"code": refusal.code, "message": refusal.message}
            return None if notification else {"jsonrpc": "2.0", "id": request_id, "error": error}
        return None if notification else {"jsonrpc": "2.0", "id": request_id, "result": result}

    def _dispatch(self, method: str, params: dict[str, Any]) -> Any:
        spec = METHODS.get(method)
        if spec is None:
            raise _Refusal(methods.METHOD_NOT_FOUND, f"no method {method!r}")
        if self.shut_down and method != "exit":
            raise _Refusal(methods.INVALID_REQUEST, "the server is shut down")
        args = {}
        for name, tp in spec.params:
            if name not in params:
                raise _Refusal(methods.INVALID_PARAMS, f"{method}: missing param {name!r}")
            try:
                args[name] = self._reader.read(tp, params[name], f"params.{name}")
            except FormError as exc:
                raise _Refusal(methods.INVALID_PARAMS, f"{method}: {exc}") from None
        if method in methods.HOST_METHODS:
            return self._host_call(method, args)
        return encode(getattr(self, f"_{method}")(**args))

    def _host_call(self, method: str, args: dict[str, Any]) -> Any:
        game = args.pop("game")
        host = self.games.get(game)
        if host is None:
            raise _Refusal(methods.UNKNOWN_GAME, f"no game {game!r}")
        if not callable(getattr(host, method, None)):
            # An optional host method (put_face_down, turn_face_up, become_copy) the host lacks.
            raise _Refusal(methods.NOT_SUPPORTED, f"host {game!r} has no Host.{method}")
        try:
            return encode(getattr(host, method)(*args.values()))
        except NotSupported as exc:
            raise _Refusal(methods.NOT_SUPPORTED, str(exc)) from None
        except UnknownObject as exc:
            raise _Refusal(methods.UNKNOWN_OBJECT, str(exc.args[0]) if exc.args else "") from None
        except SplitcardsError as exc:
            raise _Refusal(methods.REFUSED, f"{type(exc).__name__}: {exc}") from None
        except Exception as exc:
            traceback.print_exc(file=sys.stderr)
            raise _Refusal(methods.INTERNAL_ERROR, f"{type(exc).__name__}: {exc}") from None

    # -- the lifecycle ---------------------------------------------------------------------------

    def _initialize(self, versions: tuple[str, ...], client: str) -> Initialized:
        if not any(methods.chosen_version(v) for v in versions):
            raise _Refusal(
                methods.INVALID_PARAMS, f"this server speaks protocol {methods.VERSION}, not {list(versions)}"
            )
        return Initialized(
            methods.VERSION,
            self.info.name,
            self.info.description,
            self.engine_version,
            self.info.lacks,
            self.info.deviations,
        )

    def _ping(self) -> None:
        return None

    def _new_game(self, rules: str) -> NewGame:
        try:
            version = self.registry.get(rules)
        except RulesConfigError as exc:
            raise _Refusal(methods.INVALID_PARAMS, str(exc)) from None
        try:
            host = self.info.factory(version)
        except NotSupported as exc:
            raise _Refusal(methods.NOT_SUPPORTED, str(exc)) from None
        except SplitcardsError as exc:
            raise _Refusal(methods.REFUSED, str(exc)) from None
        game = f"g{next(self._ids)}"
        self.games[game] = host
        return NewGame(game)

    def _dispose_game(self, game: str) -> None:
        self.games.pop(game, None)

    def _shutdown(self) -> None:
        self.games.clear()
        self.shut_down = True

    def _exit(self) -> None:
        return None


def serve(server: Server, stdin: BinaryIO, stdout: BinaryIO) -> int:
    """Answer every message on ``stdin`` until ``exit`` or its end
    (:func:`~splitcards.wire.framing.serve_frames` gives the exit status)."""
    return serve_frames(server.answer, lambda: server.shut_down, stdin, stdout, "splitcards serve-host")
