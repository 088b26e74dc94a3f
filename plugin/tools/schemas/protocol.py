"""The JSON Schema of every message of the wire protocol (docs/protocol.md).

Built from :data:`splitcards.wire.methods.METHODS` and the contract's types through
:func:`splitcards.wire.forms.schema_of`, so the schema, the client and the Python server read
the same table. ``$defs`` holds, for each method, the request (``view.request``) and, for a
request that is answered, its answer (``view.response``), then ``error.response`` and the
contract's types; the schema itself accepts any one message.
"""

from __future__ import annotations

from typing import Any

from splitcards.wire import methods
from splitcards.wire.forms import schema_of
from splitcards.wire.methods import METHODS

_ID: dict[str, Any] = {"type": ["integer", "string"]}


def schema() -> dict[str, Any]:
    defs: dict[str, Any] = {}
    messages: dict[str, Any] = {}
    for method in METHODS.values():
        params = {
            "type": "object",
            "properties": {name: schema_of(tp, defs) for name, tp in method.params},
            "required": [name for name, _ in method.params],
        }
        request: dict[str, Any] = {
            "type": "object",
            "description": method.summary,
            "required": ["jsonrpc", "method"] + ([] if method.notification else ["id"]),
            "properties": {"jsonrpc": {"const": "2.0"}, "method": {"const": method.name}, "params": params},
        }
        if method.notification:
            request["not"] = {"required": ["id"]}
        else:
            request["properties"]["id"] = _ID
        messages[f"{method.name}.request"] = request
        if not method.notification:
            result = {"type": "null"} if method.result is None else schema_of(method.result, defs)
            messages[f"{method.name}.response"] = {
                "type": "object",
                "description": f"The answer to {method.name}.",
                "required": ["jsonrpc", "id", "result"],
                "properties": {"jsonrpc": {"const": "2.0"}, "id": _ID, "result": result},
            }
    messages["error.response"] = {
        "type": "object",
        "description": "An error answer. Codes: the JSON-RPC ones, then"
        f" {methods.NOT_SUPPORTED} not supported, {methods.UNKNOWN_OBJECT} unknown object,"
        f" {methods.REFUSED} refused by the engine.",
        "required": ["jsonrpc", "id", "error"],
        "properties": {
            "jsonrpc": {"const": "2.0"},
            "id": {"type": ["integer", "string", "null"]},
            "error": {
                "type": "object",
                "required": ["code", "message"],
                "properties": {"code": {"type": "integer"}, "message": {"type": "string"}, "data": {}},
            },
        },
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"splitcards wire protocol {methods.VERSION}",
        "description": "Any one message of the protocol, client to engine or engine to client: JSON-RPC 2.0"
        " in Content-Length frames. Keys a message's type does not have are allowed and ignored.",
        "anyOf": [{"$ref": f"#/$defs/{name}"} for name in messages],
        "$defs": {**messages, **defs},
    }
