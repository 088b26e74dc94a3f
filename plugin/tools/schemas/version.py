"""The JSON Schema of a rule-version file, built from the file format of
:mod:`splitcards.rules.versionfile` that the registry checks the files with, so the two cannot
disagree."""

from __future__ import annotations

from typing import Any

from splitcards.rules import versionfile

_TYPES = {str: "string", bool: "boolean"}


# The sections of settings, each of whose keys a file without ``extends:`` names.
_SECTIONS = ("features", "characteristics", "naming", "casting")


def schema() -> dict[str, Any]:
    """The schema (draft 2020-12). A file with ``extends:`` may leave out any key but ``version``;
    a file without it names every key, and the citations of every feature it turns on."""
    keys = versionfile.KEYS
    properties: dict[str, Any] = {}
    for key, kind in keys.items():
        description = versionfile.DESCRIPTIONS[key]
        if key == "version":
            properties[key] = {"$ref": "#/$defs/name", "description": description}
        elif key == "rules":
            citations = {name: {"$ref": "#/$defs/citation"} for name in sorted(versionfile.ALL_CITATIONS)}
            properties[key] = _object(description, citations)
        elif isinstance(kind, dict):
            properties[key] = _object(description, {sub: _value((key, sub), t) for sub, t in kind.items()})
        elif isinstance(kind, list):
            properties[key] = {"type": "array", "description": description, "items": {"$ref": "#/$defs/name"}}
        else:
            properties[key] = {"type": _TYPES[kind], "description": description}
    complete = {
        "required": list(versionfile.REQUIRED_KEYS),
        "properties": {section: {"required": list(keys[section])} for section in _SECTIONS},
        "allOf": [
            # A decision is cited in rules, or unwritten: the edition has no text for it.
            *(_cited_or_unwritten(key) for key in sorted(versionfile.BASE_CITATIONS)),
            *(
                {
                    "if": {"properties": {"features": {"properties": {feature: {"const": True}}}}},
                    "then": {"allOf": [_cited_or_unwritten(key) for key in sorted(citations)]},
                }
                for feature, citations in versionfile.FEATURE_CITATIONS.items()
            ),
        ],
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "splitcards rule version file",
        "description": "One edition of the split-card rules (config/*.yaml), or a house rule. A file with extends: "
        "inherits every key it leaves out; a file without it names them all.",
        "type": "object",
        "required": ["version"],
        "properties": properties,
        "additionalProperties": False,
        "if": {"not": {"required": ["extends"]}},
        "then": complete,
        "$defs": {
            "name": {
                "type": "string",
                "pattern": f"^{versionfile.NAME.pattern}$",
                "not": {"pattern": r"\.ya?ml$"},
                "description": versionfile.NAME_RULE,
            },
            "citation": {"type": "array", "items": {"type": "string"}, "description": 'rule numbers, such as "709.4b"'},
        },
    }


def _object(description: str, properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "description": description, "properties": properties, "additionalProperties": False}


def _value(key: tuple[str, str], kind: type) -> dict[str, Any]:
    allowed = versionfile.CHOICE_WORDS.get(key)
    return {"enum": list(allowed)} if allowed else {"type": _TYPES[kind]}


def _cited_or_unwritten(key: str) -> dict[str, Any]:
    """A complete file gives the citation ``key`` in ``rules``, or says under ``unwritten`` why
    its edition has no text for it."""
    unwritten = {"required": ["unwritten"], "properties": {"unwritten": {"required": [key]}}}
    return {"if": {"not": unwritten}, "then": {"properties": {"rules": {"required": [key]}}}}
