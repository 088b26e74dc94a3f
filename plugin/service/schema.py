"""The JSON Schema of every request and answer of the service, and its OpenAPI document.

Both are made from :data:`splitcards.service.methods.QUESTIONS` and the params' and answers'
types through :func:`splitcards.wire.forms.schema_of`, as the server reads and writes them, so the
documents and the server cannot disagree.
"""

from __future__ import annotations

from typing import Any

from splitcards.service import methods
from splitcards.service.answers import HookCall, Refusal
from splitcards.service.methods import LIFECYCLE, QUESTIONS
from splitcards.wire.forms import schema_of

_ID: dict[str, Any] = {"type": ["integer", "string"]}
_REF = "#/$defs/"


def schema() -> dict[str, Any]:
    """Any one message of the service over stdio (JSON-RPC 2.0), with every params, answer and form
    in ``$defs``: ``<method>.params``, ``<method>.answer``, ``<method>.request``, ``<method>.response``."""
    defs: dict[str, Any] = {}
    parts = _parts(defs, _REF)
    messages: dict[str, Any] = {}
    for name in [*QUESTIONS, *LIFECYCLE]:
        params = parts.get(f"{name}.params", {"type": "object"})
        notification = name == "exit"
        request: dict[str, Any] = {
            "type": "object",
            "description": QUESTIONS[name].summary if name in QUESTIONS else LIFECYCLE[name],
            "required": ["jsonrpc", "method"] + ([] if notification else ["id"]),
            "properties": {
                "jsonrpc": {"const": "2.0"},
                "method": {"const": name},
                "params": {"$ref": f"{_REF}{name}.params"} if f"{name}.params" in parts else params,
            },
        }
        if not notification:
            request["properties"]["id"] = _ID
            messages[f"{name}.response"] = {
                "type": "object",
                "description": f"The answer to {name}.",
                "required": ["jsonrpc", "id", "result"],
                "properties": {"jsonrpc": {"const": "2.0"}, "id": _ID, "result": _answer_ref(name, parts)},
            }
        messages[f"{name}.request"] = request
    messages["error.response"] = {
        "type": "object",
        "description": "An error answer: malformed input, an unknown method, card or rule version,"
        " a plugin that failed.",
        "required": ["jsonrpc", "id", "error"],
        "properties": {"jsonrpc": {"const": "2.0"}, "id": {"type": ["integer", "string", "null"]}, "error": _error()},
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"splitcards rules service {methods.VERSION}",
        "description": "Any one message of the rules service: JSON-RPC 2.0 in Content-Length frames over stdio"
        " (docs/service.md). Params are read strictly: a key a method does not take is refused.",
        "anyOf": [{"$ref": f"{_REF}{name}"} for name in messages],
        "$defs": {**messages, **parts, **defs},
    }


def openapi() -> dict[str, Any]:
    """The OpenAPI 3.1 document of the service over HTTP: ``POST /v1/<method>`` for each question,
    ``batch``, ``initialize`` and ``ping``, and ``GET /v1/health``."""
    defs: dict[str, Any] = {}
    ref = "#/components/schemas/"
    parts = _parts(defs, ref)
    paths: dict[str, Any] = {}
    error = {"description": "A typed error", "content": {"application/json": {"schema": {"$ref": f"{ref}error"}}}}
    for name in [*QUESTIONS, "batch", "initialize", "ping"]:
        summary = QUESTIONS[name].summary if name in QUESTIONS else LIFECYCLE[name]
        body = {"$ref": f"{ref}{name}.params"} if f"{name}.params" in parts else {"type": "object"}
        paths[f"/v1/{name}"] = {
            "post": {
                "operationId": name,
                "summary": summary,
                "requestBody": {"required": name != "ping", "content": {"application/json": {"schema": body}}},
                "responses": {
                    "200": {
                        "description": "The answer",
                        "content": {"application/json": {"schema": _answer_ref(name, parts, ref)}},
                    },
                    **{status: error for status in ("400", "404", "413", "415", "422", "503")},
                },
            }
        }
    paths["/v1/health"] = {
        "get": {
            "operationId": "health",
            "summary": "Whether the server is up, and its versions.",
            "responses": {
                "200": {"description": "Up", "content": {"application/json": {"schema": {"type": "object"}}}}
            },
        }
    }
    return {
        "openapi": "3.1.0",
        "info": {"title": "splitcards rules service", "version": methods.VERSION},
        "paths": paths,
        "components": {
            "schemas": {
                **parts,
                "error": {"type": "object", "properties": {"error": _error()}},
                **_rereferenced(defs, ref),
            }
        },
    }


def _parts(defs: dict[str, Any], ref: str) -> dict[str, Any]:
    """The params and answer of each question and of ``batch`` and ``initialize``."""
    parts: dict[str, Any] = {}
    schema_of(Refusal, defs)
    schema_of(HookCall, defs)
    for name, spec in QUESTIONS.items():
        schema_of(spec.params, defs)
        parts[f"{name}.params"] = _closed(defs, spec.params.__name__, ref)
        parts[f"{name}.answer"] = _envelope(_rereferenced(schema_of(spec.value, defs), ref), ref)
    parts["batch.params"] = {
        "type": "object",
        "additionalProperties": False,
        "required": ["questions"],
        "properties": {
            "shared": {"type": "object", "description": "Params every question takes unless it gives its own."},
            "questions": {
                "type": "array",
                "maxItems": methods.MAX_BATCH,
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["method"],
                    "properties": {"method": {"enum": list(QUESTIONS)}, "params": {"type": "object"}},
                },
            },
        },
    }
    parts["batch.answer"] = {
        "type": "object",
        "required": ["answers"],
        "properties": {
            "answers": {
                "type": "array",
                "description": "One per question, in order: its envelope, or {error} for that question alone.",
                "items": {"anyOf": [{"$ref": f"{ref}{n}.answer"} for n in QUESTIONS] + [_only_error()]},
            }
        },
    }
    parts["initialize.params"] = {
        "type": "object",
        "required": ["versions"],
        "properties": {
            "versions": {"type": "array", "items": {"type": "string"}, "description": "Service versions spoken."},
            "client": {"type": "string"},
        },
    }
    parts["initialize.answer"] = {
        "type": "object",
        "required": ["version", "server", "server_version", "default_rules", "rules", "methods", "capabilities"],
        "properties": {
            "version": {"type": "string"},
            "server": {"const": "splitcards"},
            "server_version": {"type": "string"},
            "default_rules": {"type": "string"},
            "rules": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["name", "edition", "aliases", "features", "hash"],
                    "properties": {
                        "name": {"type": "string"},
                        "edition": {"type": "string"},
                        "aliases": {"type": "array", "items": {"type": "string"}},
                        "description": {"type": "string"},
                        "features": {"type": "object", "additionalProperties": {"type": "boolean"}},
                        "hash": {"type": "string"},
                    },
                },
            },
            "methods": {"type": "array", "items": {"type": "string"}},
            "capabilities": {"type": "array", "items": {"type": "string"}},
            "cards": {"type": "integer"},
            "plugins": {"type": "array", "items": {"type": "string"}},
            "limits": {"type": "object"},
        },
    }
    return parts


def _closed(defs: dict[str, Any], name: str, ref: str) -> dict[str, Any]:
    """A params object's schema, refusing keys it does not take, as the server does."""
    found = dict(_rereferenced(defs[name], ref))
    found["additionalProperties"] = False
    return found


def _envelope(value: dict[str, Any], ref: str) -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["value", "rules", "version", "decision"],
        "properties": {
            "value": {"anyOf": [value, {"type": "null"}]},
            "rules": {"type": "array", "items": {"type": "string"}},
            "version": {"type": "string"},
            "decision": {"type": "string"},
            "refusal": {"$ref": f"{ref}Refusal"},
            "trace": {"type": "array", "items": {"$ref": f"{ref}HookCall"}},
        },
    }


def _answer_ref(name: str, parts: dict[str, Any], ref: str = _REF) -> dict[str, Any]:
    return {"$ref": f"{ref}{name}.answer"} if f"{name}.answer" in parts else {"type": "null"}


def _error() -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["code", "message", "data"],
        "properties": {
            "code": {"enum": list(methods.ERROR_CODES)},
            "message": {"type": "string"},
            "data": {
                "type": "object",
                "required": ["type"],
                "properties": {"type": {"enum": list(methods.ERROR_CODES.values())}},
            },
        },
    }


def _only_error() -> dict[str, Any]:
    return {"type": "object", "required": ["error"], "properties": {"error": _error()}}


def _rereferenced(found: Any, ref: str) -> Any:
    """``found`` with the forms' ``#/$defs/`` references pointing at ``ref`` instead."""
    if ref == _REF:
        return found
    if isinstance(found, dict):
        return {
            k: (ref + v.removeprefix(_REF) if k == "$ref" and isinstance(v, str) else _rereferenced(v, ref))
            for k, v in found.items()
        }
    if isinstance(found, list):
        return [_rereferenced(v, ref) for v in found]
    return found
