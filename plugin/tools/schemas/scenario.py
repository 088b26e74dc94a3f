"""The JSON Schema of a conformance scenario file (docs/format.md), built from the tables the
loader reads those files with (:mod:`splitcards.tools.conformance.scenario`): its steps, their fields,
error kinds, queries and formats. The values those tables do not describe (zones, doors, aliases,
a query's argument) are described here, from the enums of :mod:`splitcards.rules.model`."""

from __future__ import annotations

from typing import Any

from splitcards.rules.card import Side
from splitcards.rules.faces import FaceDownBy
from splitcards.rules.mana import COLORS, MAX_GENERIC
from splitcards.rules.model import CastFaceDown, CastOption, Phase, Player, UnlockBy, Zone
from splitcards.tools.conformance import scenario
from splitcards.tools.conformance.values import LAST_KNOWN

_ALIAS = {"$ref": "#/$defs/alias"}
_NOTES = {"^x-": True}
_COST_CHANGE = {"type": "string", "pattern": r"^[+-](\{[^{}]+\})+$"}
_NAMES = {"type": "array", "items": {"type": "string"}}
_NAME = {"type": "string", "minLength": 1}
# A name, or the names of one choice (both halves): none of them empty.
_CHOICE = {"anyOf": [_NAME, {"type": "array", "minItems": 1, "items": _NAME}]}
# What an effect asks of an object's characteristics (format 1.2).
_CONDITION: dict[str, Any] = {
    "types": {**_NAMES, "description": "it has one of these card types or subtypes"},
    "not_types": {**_NAMES, "description": "it has none of these (noncreature: [Creature])"},
    "colors": {"type": "array", "items": {"$ref": "#/$defs/color"}, "description": "it is one of these colors"},
    "not_colors": {"type": "array", "items": {"$ref": "#/$defs/color"}, "description": "it is none of them"},
    "name": {"anyOf": [{"type": "string"}, _NAMES], "description": "it has the chosen name"},
    "mana_value": {
        "type": "object",
        "required": ["op", "value"],
        "properties": {
            "op": {"enum": ["==", "!=", "<", "<=", ">", ">="]},
            "value": {"type": "integer", "minimum": 0, "maximum": MAX_GENERIC},
        },
        "patternProperties": _NOTES,
        "additionalProperties": False,
    },
}
_SPELL_COST_CHANGE = {
    "type": "object",
    "required": ["change", "spells"],
    "properties": {
        "change": _COST_CHANGE,
        "spells": {
            "type": "object",
            "properties": _CONDITION,
            "patternProperties": _NOTES,
            "additionalProperties": False,
        },
    },
    "patternProperties": {"^x-": True},
    "additionalProperties": False,
    "description": "format 1.2: an effect on the cost of the spells matching `spells`",
}
_CHANGE = {"anyOf": [_COST_CHANGE, _SPELL_COST_CHANGE]}

# The value of each step field, by field name.
FIELDS: dict[str, dict[str, Any]] = {
    "card": {**_NAME, "description": "a card defined in the cards section"},
    "zone": {"$ref": "#/$defs/zone"},
    "owner": {"$ref": "#/$defs/player"},
    "as": {**_NAME, "description": "a name for the object, for later steps and checks"},
    "object": _ALIAS,
    "half": {"$ref": "#/$defs/half"},
    "splice": {"type": ["array", "null"], "items": _ALIAS, "description": "in the order their effects happen"},
    "x": {"type": "integer", "minimum": 0, "maximum": MAX_GENERIC, "description": "the value chosen for X"},
    "cost_change": {
        "anyOf": [_CHANGE, {"type": "array", "items": _CHANGE}],
        "description": 'cost increases and reductions, such as "-{1}" or ["+{2}", "-{U}"]; in format 1.2 also'
        ' spell-cost effects, {change: "+{1}", spells: {not_types: [Creature]}}',
    },
    "without_paying": {"type": "boolean", "description": "cast without paying its mana cost (118.9)"},
    "from": {"$ref": "#/$defs/zone", "description": "an effect lets it be cast from this zone"},
    "flash": {"type": "boolean", "description": "an effect gives it flash (702.8a)"},
    "flashback": {"type": "boolean", "description": "an effect gives it flashback (702.34a)"},
    "hybrid": {**_NAMES, "description": "how each hybrid symbol is paid, in order: U for {U/R}, 2 for {2/W}"},
    "targets": {
        "type": "array",
        "items": {"anyOf": [_ALIAS, {"type": "array", "items": _ALIAS}]},
        "description": "format 1.3: for each target of the spell, in order, the object (its alias) or player"
        " (p1, p2) chosen, or a list of them",
    },
    "caster": {"$ref": "#/$defs/player", "description": "format 1.3: who casts it (601.3), its owner by default"},
    "mana": {
        "type": "string",
        "pattern": r"^(\{([WUBRGC]|[0-9]+)\})*$",
        "description": 'format 1.3: the mana the caster has, one symbol a mana, such as "{R}{R}{G}" (601.2g-h)',
    },
    "any_type": {
        "type": "boolean",
        "description": "format 1.3: the mana may be spent as though it were mana of any type (609.4b)",
    },
    "instead": {
        "enum": ["exile", "hand", "library"],
        "description": "format 1.3: where the card goes instead of a graveyard from the stack (614.1a)",
    },
    "resolves_to": {
        "enum": ["exile", "hand", "library"],
        "description": "format 1.3: where the card goes instead of a graveyard as it resolves (608.2n, 614.1a)",
    },
    "plotted": {"type": "boolean", "description": "format 1.3: cast as a plotted card from exile (702.170d)"},
    "cast": {"type": "boolean"},
    "door": {"anyOf": [{"$ref": "#/$defs/door"}, {"const": "both"}], "description": "both: format 1.2, by effect"},
    "by": {"enum": [by.value for by in UnlockBy if by is not UnlockBy.CAST]},
    "active": {"$ref": "#/$defs/player"},
    "phase": {"enum": [phase.value for phase in Phase]},
    "priority": {"$ref": "#/$defs/player"},
    "stack_empty": {"type": ["boolean", "null"]},
    "number": {
        "type": "integer",
        "minimum": 1,
        "maximum": MAX_GENERIC,
        "description": "format 1.3: the turn's number, the first being 1 (702.170d)",
    },
    "name": {**_CHOICE, "description": "the name chosen, or the names (both halves under the rules that name both)"},
    "player": {"$ref": "#/$defs/player"},
    "source": _ALIAS,
    "action": {
        "enum": [by.value for by in FaceDownBy],
        "description": "format 1.3: the keyword action that puts the card face down (701.34a, 701.60a, 701.56a)",
    },
    "of": {**_ALIAS, "description": "format 1.3: the permanent the object becomes a copy of"},
    "face_down": {
        "enum": [by.value for by in CastFaceDown],
        "description": "format 1.3: cast the card face down with that keyword, for {3} (708.4, 702.37, 702.168)",
    },
    "copies": {
        "type": "array",
        "items": _NAME,
        "uniqueItems": True,
        "description": "format 1.3: names for the copies storm makes, in order; as many as it makes (702.40a)",
    },
    "n": {
        "type": "integer",
        "minimum": 0,
        "maximum": MAX_GENERIC,
        "description": "format 1.3: the number N of discover N (701.55a)",
    },
    "with": {
        "type": "object",
        "properties": _CONDITION,
        "patternProperties": _NOTES,
        "additionalProperties": False,
        "description": "format 1.3: the characteristics the named card must have (201.4b)",
    },
}


def _argument(properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "required": required,
        "properties": properties,
        "patternProperties": _NOTES,
        "additionalProperties": False,
    }


# The argument of each query, by query name (the others take an object).
QUERY_ARGUMENTS: dict[str, dict[str, Any]] = {
    "has_name": _argument(
        {"object": _ALIAS, "name": {**_CHOICE, "description": "a list: format 1.2"}},
        ["object", "name"],
    ),
    "can_target": _argument(
        {"object": _ALIAS, "target": {"enum": ["spell", "permanent", "card"]}, **_CONDITION}, ["object", "target"]
    ),
    "name_choices": {
        "anyOf": [
            {"type": "string", "description": "a card defined in the cards section"},
            _argument(
                {
                    "card": {"type": "string", "description": "a card defined in the cards section"},
                    "with": {
                        "type": "object",
                        "properties": _CONDITION,
                        "patternProperties": _NOTES,
                        "additionalProperties": False,
                    },
                },
                ["card"],
            ),
        ],
        "description": "a card; format 1.3: {card, with}, a name with certain characteristics",
    },
    "compare": {
        **_argument(
            {
                "object": _ALIAS,
                "characteristic": {"enum": ["mana_value", "color", "name"]},
                "op": {"enum": ["==", "!=", "<", "<=", ">", ">="]},
                "value": {"type": ["integer", "string"]},
                "other": {**_ALIAS, "description": "format 1.3: the object compared with, instead of value"},
            },
            ["object", "characteristic", "op"],
        ),
        "oneOf": [{"required": ["value"]}, {"required": ["other"]}],
    },
    "value_of": _argument({"object": _ALIAS, "characteristic": {"enum": ["mana_value"]}}, ["object", "characteristic"]),
    "castable": _argument(
        {
            "object": _ALIAS,
            "from": {"$ref": "#/$defs/zone"},
            "caster": {"$ref": "#/$defs/player", "description": "format 1.3: who would cast it"},
        },
        ["object"],
    ),
    "moves": _argument(
        {
            "player": {"$ref": "#/$defs/player"},
            "objects": {"type": "array", "items": _ALIAS},
            "permitted": {
                "type": ["array", "null"],
                "items": _ALIAS,
                "description": "those of the objects an effect lets be cast from where they are",
            },
        },
        ["player", "objects"],
    ),
    "target_choices": _argument(
        {"object": _ALIAS, "half": {"$ref": "#/$defs/half"}, "splice": {"type": ["array", "null"], "items": _ALIAS}},
        ["object"],
    ),
    "can_unlock": _argument({"object": _ALIAS, "door": {"$ref": "#/$defs/door"}}, ["object", "door"]),
    "last_known": _argument(
        {"object": _ALIAS, "characteristic": {"enum": list(LAST_KNOWN)}},
        ["object", "characteristic"],
    ),
    "events": {
        "type": ["object", "null"],
        "properties": {"since": {"type": ["integer", "string"], "description": "a step index or an alias"}},
        "patternProperties": _NOTES,
        "additionalProperties": False,
    },
    "last_cost": {"type": ["object", "null"], "maxProperties": 0, "description": "no argument: {}"},
}
# Every other query takes the alias of one object.
OBJECT_QUERIES = scenario.QUERIES - QUERY_ARGUMENTS.keys()


def schema() -> dict[str, Any]:
    """The schema (draft 2020-12) of every format the loader reads; a file of an older format
    may not use what a newer one added."""
    steps = {name: _step(name, required, optional) for name, (required, optional) in scenario.STEP_FIELDS.items()}
    queries = sorted(scenario.QUERIES)
    formats = [float(f) if "." in f else int(f) for f in scenario.FORMATS]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "splitcards conformance scenario file",
        "description": "Split-card situations and the answers the Comprehensive Rules require, under one or more "
        "rule versions (docs/format.md). Keys starting with x- are notes. The loader also checks what this "
        "schema cannot say: scenario ids are unique in a file, and aliases name objects of earlier steps.",
        "type": "object",
        "required": ["format", "scenarios"],
        "properties": {
            "format": {"enum": formats + list(scenario.FORMATS), "description": "the format version"},
            "cards": {
                "type": ["object", "null"],
                "description": "card definitions by full card name",
                "additionalProperties": {"$ref": "#/$defs/card"},
            },
            "scenarios": {"type": "array", "items": {"$ref": "#/$defs/scenario"}},
        },
        "patternProperties": _NOTES,
        "additionalProperties": False,
        "allOf": [
            {"if": {"properties": {"format": {"enum": [1, "1"]}}}, "then": {"$ref": "#/$defs/format_1"}},
            {"if": {"properties": {"format": {"enum": [1, "1", 1.1, "1.1"]}}}, "then": {"$ref": "#/$defs/format_1_1"}},
        ],
        "$defs": {
            "card": {
                "type": "array",
                "minItems": 1,
                "items": {"$ref": "#/$defs/face"},
                "contains": {"required": ["types"]},
                "description": "MTGJSON atomic-card faces, as in AtomicCards.json; a one-faced card is a "
                "one-element list",
            },
            "face": _face(),
            "scenario": {
                "type": "object",
                "required": ["id", "rules"],
                "properties": {
                    "id": {"type": "string", "minLength": 1, "description": "unique in the file"},
                    "rules": {
                        "type": "array",
                        "minItems": 1,
                        "items": {"type": "string", "minLength": 1},
                        "description": "the rule versions (names or aliases) the scenario runs under",
                    },
                    "source": {"type": "string", "description": "the rules behind it, free text"},
                    "setup": {"type": ["array", "null"], "items": {"$ref": "#/$defs/step"}},
                    "checks": {"type": ["array", "null"], "items": {"$ref": "#/$defs/check"}},
                },
                "patternProperties": _NOTES,
                "additionalProperties": False,
            },
            "step": {
                "type": "object",
                "minProperties": 1,
                "maxProperties": 1,
                "properties": {name: {"$ref": f"#/$defs/step_{name}"} for name in steps},
                "additionalProperties": False,
                "description": "a one-key mapping: the step and its fields",
            },
            **{f"step_{name}": step for name, step in steps.items()},
            "check": {
                "type": "object",
                "required": ["expect"],
                "properties": {**{q: _query(q) for q in queries}, "expect": {"description": "the expected answer"}},
                "patternProperties": _NOTES,
                "additionalProperties": False,
                "oneOf": [{"required": [q]} for q in queries],
                "description": "one query and the answer expected",
            },
            "format_1": _older("1"),
            "format_1_1": _older("1.1"),
            "alias": {**_NAME, "description": "a name given by `as` in an earlier step that expects no error"},
            "error_kind": {
                "enum": [*sorted(scenario.ERROR_KINDS), None],
                "description": "the error the rules give for this step, which must leave the game unchanged",
            },
            "zone": {"enum": [zone.value for zone in Zone]},
            "player": {"enum": [player.value for player in Player]},
            "half": {"enum": [option.value for option in CastOption]},
            "door": {"enum": [side.value for side in Side]},
            "color": {"enum": list(COLORS)},
        },
    }


def _step(name: str, required: frozenset[str], optional: frozenset[str]) -> dict[str, Any]:
    fields = sorted(required) + sorted(optional - required)
    step: dict[str, Any] = {
        "type": ["object", "null"],
        "required": sorted(required),
        "properties": {**{f: FIELDS.get(f, {}) for f in fields}, "expect_error": {"$ref": "#/$defs/error_kind"}},
        "patternProperties": _NOTES,
        "additionalProperties": False,
    }
    if name == "lock":
        # A step locks one door; only an effect unlocks both at once.
        step["properties"]["door"] = {"$ref": "#/$defs/door"}
    if name == "unlock" and "cost_change" in optional:
        # Only the special action pays the door's cost.
        step["if"] = {"type": "object", "required": ["cost_change"]}
        step["then"] = {"properties": {"by": {"const": UnlockBy.SPECIAL_ACTION.value}}}
    return step


def _query(name: str) -> dict[str, Any]:
    if name in OBJECT_QUERIES:
        return _ALIAS
    return QUERY_ARGUMENTS.get(name, {})


def _older(fmt: str) -> dict[str, Any]:
    """What a file of format ``fmt`` may not use: what the newer formats add, and the values
    format 1.2 adds to older fields (``door: both``, a spell-cost effect, a list in ``has_name``)."""
    unknown = scenario.unknown_in(fmt)
    added: list[dict[str, Any]] = [{"required": [step]} for step in sorted(unknown.steps)]
    for step, field in sorted(unknown.fields):
        added.append({"required": [step], "properties": {step: {"type": "object", "required": [field]}}})
    for kind in sorted(unknown.errors):
        uses = {"type": "object", "required": ["expect_error"], "properties": {"expect_error": {"const": kind}}}
        added.append({"additionalProperties": uses})
    both = {"type": "object", "required": ["door"], "properties": {"door": {"const": "both"}}}
    added.append({"required": ["unlock"], "properties": {"unlock": both}})
    spell_cost = {"anyOf": [{"type": "object"}, {"type": "array", "contains": {"type": "object"}}]}
    for step in ("cast", "unlock"):
        uses_it = {"type": "object", "required": ["cost_change"], "properties": {"cost_change": spell_cost}}
        added.append({"required": [step], "properties": {step: uses_it}})
    step_old = {"not": {"anyOf": added}}
    names = {"type": "object", "required": ["name"], "properties": {"name": {"type": "array"}}}
    checks: list[dict[str, Any]] = [{"required": [query]} for query in sorted(unknown.queries)]
    checks.append({"required": ["has_name"], "properties": {"has_name": names}})
    if "moves" in unknown.queries:
        # Format 1.3 gives castable a caster.
        caster = {"type": "object", "required": ["caster"]}
        checks.append({"required": ["castable"], "properties": {"castable": caster}})
    if "value_of" in unknown.queries:
        # What format 1.3 gives to older queries: two objects compared, a described name.
        other = {"type": "object", "required": ["other"]}
        checks.append({"required": ["compare"], "properties": {"compare": other}})
        checks.append({"required": ["name_choices"], "properties": {"name_choices": {"type": "object"}}})
    return {
        "description": f"format {fmt} without the additions of the newer formats",
        "properties": {
            "scenarios": {
                "items": {
                    "properties": {"setup": {"items": step_old}, "checks": {"items": {"not": {"anyOf": checks}}}}
                },
            },
        },
    }


def _face() -> dict[str, Any]:
    strings = {"type": ["array", "null"], "items": {"type": "string"}}
    colors = {"type": ["array", "null"], "items": {"$ref": "#/$defs/color"}}
    return {
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 1},
            "faceName": {"type": "string", "minLength": 1},
            "side": {"type": "string"},
            "layout": {"type": "string", "minLength": 1},
            "manaCost": {"type": ["string", "null"]},
            "type": {"type": ["string", "null"]},
            "types": {"type": "array", "minItems": 1, "items": {"type": "string"}},
            "subtypes": strings,
            "supertypes": strings,
            "colors": colors,
            "colorIndicator": {"type": "array", "items": {"$ref": "#/$defs/color"}},
            "keywords": strings,
            "text": {"type": ["string", "null"]},
        },
        "description": "one face; the other MTGJSON fields are allowed and not read",
    }
