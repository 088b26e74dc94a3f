"""The JSON Schema of every message of the wire protocol (docs/protocol.md).

Built from :data:`splitcards.wire.methods.METHODS` and the contract's types through
:func:`splitcards.wire.forms.schema_of`, so the schema, the client and the Python server read
the same table. ``$defs`` holds, for each method, the request (``view.request``) and, for a
request that is answered, its answer (``view.response``), then ``error.response``, what an engine
may send unasked (``$/log.notification``) and the contract's types; the schema itself accepts any
one message. Each field of a type is described by its docstring, and a field that may be left out
has its ``default``: what the reader takes it to be then.
"""

from __future__ import annotations

from typing import Any

from splitcards.wire import methods
from splitcards.wire.forms import schema_of
from splitcards.wire.methods import METHODS, LogMessage

_ID: dict[str, Any] = {"type": ["integer", "string"]}

_ERRORS = (
    (methods.NOT_SUPPORTED, "not supported: the engine can't express this action or query at all"),
    (methods.UNKNOWN_OBJECT, "unknown object: no object with this id in the game"),
    (methods.REFUSED, "refused: the engine's own rules or state forbid what splitcards' rules allow"),
    (methods.UNKNOWN_GAME, "unknown game: no game with this id in the engine (never made, or disposed)"),
)
"""The protocol's own error codes, each with what it means (the table of docs/protocol.md, "Errors")."""

# What the engine is told to do with a resolution, beyond what each field's docstring says of the
# rules: the contract's docstrings speak to a host in Python, these to an engine reading JSON.
_RESOLUTION = {
    "instructions": "Each is the `name` of one face (`Half.name`) whose rules text the engine follows now, in"
    " this order: the half cast, or both halves left then right when fused, or the one face of a card cast"
    " whole; then the face of each card in `SpellFacts.spliced`, in its order. No other string appears.",
    "performed_by": "The `name`s of the spell's own faces (the first instructions): text a spliced face adds"
    " that names its own card is done by this spell, not by the spliced card, which stays in its owner's hand"
    " (702.47c).",
}


def schema() -> dict[str, Any]:
    defs: dict[str, Any] = {}
    messages: dict[str, Any] = {}
    for method in METHODS.values():
        params = {
            "type": "object",
            "properties": {name: schema_of(tp, defs) for name, tp in method.params},
            "required": [name for name, _ in method.params],
            "default": {},
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
        "description": "An error answer. Codes: the JSON-RPC ones, then "
        + "; ".join(f"{code} {meaning}" for code, meaning in _ERRORS)
        + ".",
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
    messages[f"{methods.LOG}.notification"] = {
        "type": "object",
        "description": "Sent by the engine, unasked, at any time: a line for its log (docs/protocol.md, 'What an"
        " engine may send unasked').",
        "required": ["jsonrpc", "method", "params"],
        "not": {"required": ["id"]},
        "properties": {
            "jsonrpc": {"const": "2.0"},
            "method": {"const": methods.LOG},
            "params": schema_of(LogMessage, defs),
        },
    }
    for name, note in _RESOLUTION.items():
        field = defs["Resolution"]["properties"][name]
        field["description"] = " ".join(filter(None, (field.get("description"), note)))
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"splitcards wire protocol {methods.VERSION}",
        "description": "Any one message of the protocol, client to engine or engine to client: JSON-RPC 2.0"
        " in Content-Length frames. Keys a message's type does not have are allowed and ignored; a key left"
        " out takes its `default`.",
        "anyOf": [{"$ref": f"#/$defs/{_pointer(name)}"} for name in messages],
        "$defs": {**messages, **defs},
    }


def _pointer(name: str) -> str:
    """``name`` as a token of a JSON Pointer (RFC 6901): ``$/log`` has a slash."""
    return name.replace("~", "~0").replace("/", "~1")
