"""The service over HTTP, for engines that can't spawn a process (a browser's): an ASGI app.

``POST /v1/<method>`` takes a question's params as its JSON body and answers its envelope;
``POST /v1/batch`` takes ``{shared, questions}``. ``GET /v1/health`` says the server is up,
``GET /v1/openapi.json`` is the OpenAPI document made from the method table, and
``POST /v1/initialize`` tells the versions, rule versions and capabilities as over stdio.

An error is the same typed error as over stdio (``{"error": {"code", "message", "data"}}``) with
a 4xx status: 400 for a body that is not JSON or nested too deeply to read, 404 for an unknown method, 413 for a
body over :data:`MAX_BODY`, 415 for a body that is not JSON by its type, 422 for wrong params, an
unknown card or rule version, 503 after shutdown; 500 only for a failure of splitcards itself.
Starlette carries the requests and uvicorn serves them (``splitcards[http]``).
"""

from __future__ import annotations

import asyncio
import json
import sys
import traceback
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from splitcards.service import methods
from splitcards.service.methods import QUESTIONS
from splitcards.service.server import Service, ServiceError

MAX_BODY = 1024 * 1024
"""The largest body read (1 MiB): a bigger one is refused with 413 before it is read whole."""

_STATUS = {
    methods.PARSE_ERROR: 400,
    methods.INVALID_REQUEST: 400,
    methods.METHOD_NOT_FOUND: 404,
    methods.INVALID_PARAMS: 422,
    methods.UNKNOWN_CARD: 422,
    methods.UNKNOWN_RULES: 422,
    methods.PLUGIN_FAILURE: 500,
    methods.SHUT_DOWN: 503,
    methods.INTERNAL_ERROR: 500,
}
_HTTP_METHODS = (*QUESTIONS, "batch", "initialize", "ping")


def app(service: Service) -> Starlette:
    """The ASGI app serving ``service``; questions are answered one at a time, off the event loop."""
    lock = asyncio.Lock()

    async def health(request: Request) -> Response:
        return JSONResponse({"status": "ok", "version": methods.VERSION, "server_version": service.version})

    async def openapi_document(request: Request) -> Response:
        from splitcards.service.schema import openapi

        return JSONResponse(openapi())

    async def method(request: Request) -> Response:
        name = request.path_params["method"]
        try:
            if name not in _HTTP_METHODS:
                known = ", ".join(_HTTP_METHODS)
                raise ServiceError(methods.METHOD_NOT_FOUND, f"no method {name!r:.60} (POST /v1/ one of: {known})")
            params = await _body(request)
            async with lock:
                # A Table belongs to one thread at a time; the questions are quick, so one by one.
                result = await asyncio.to_thread(service.call, name, params)
        except ServiceError as error:
            status = error.status if isinstance(error, _Refused) else _STATUS[error.code]
            return JSONResponse({"error": error.as_error()}, status_code=status)
        except Exception as exc:
            # A failure of splitcards itself: still the typed error, and the server goes on.
            traceback.print_exc(file=sys.stderr)
            failure = ServiceError(methods.INTERNAL_ERROR, f"{type(exc).__name__}: {exc}"[:500])
            return JSONResponse({"error": failure.as_error()}, status_code=500)
        return Response(_dumps(result), media_type="application/json")

    async def wrong_verb(request: Request) -> Response:
        error = ServiceError(methods.INVALID_REQUEST, "questions are asked with POST and a JSON body")
        return JSONResponse({"error": error.as_error()}, status_code=405, headers={"Allow": "POST"})

    async def elsewhere(request: Request) -> Response:
        error = ServiceError(
            methods.METHOD_NOT_FOUND, f"no such path {request.url.path[:80]!r}: the service is under /v1/"
        )
        return JSONResponse({"error": error.as_error()}, status_code=404)

    return Starlette(
        routes=[
            Route("/v1/health", health, methods=["GET"]),
            Route("/v1/openapi.json", openapi_document, methods=["GET"]),
            Route("/v1/{method}", method, methods=["POST"]),
            Route("/v1/{method}", wrong_verb, methods=["GET", "PUT", "DELETE", "PATCH"]),
            Route("/{path:path}", elsewhere, methods=["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD"]),
        ]
    )


async def _body(request: Request) -> Any:
    kind = request.headers.get("content-type", "application/json").split(";")[0].strip().lower()
    if kind not in ("application/json", ""):
        raise _Refused(415, f"the body must be application/json, not {kind[:60]!r}")
    declared = request.headers.get("content-length")
    if declared is not None and not declared.isdigit():
        raise _Refused(400, f"Content-Length is not a number of bytes: {declared[:30]!r}")
    if declared is not None and int(declared) > MAX_BODY:
        raise _Refused(413, f"a body over {MAX_BODY} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise _Refused(413, f"a body over {MAX_BODY} bytes")
    if not body:
        return {}
    try:
        return json.loads(body.decode("utf-8"))
    except RecursionError:
        raise ServiceError(methods.PARSE_ERROR, "a body nested too deeply to read") from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise ServiceError(methods.PARSE_ERROR, f"a body that is not JSON: {type(exc).__name__}: {exc}"[:300]) from None


class _Refused(ServiceError):
    """A body refused before it is read as JSON, with a status of its own."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(methods.INVALID_REQUEST, message)
        self.status = status


def _dumps(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
