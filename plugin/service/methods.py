"""The service's methods, version and error codes: the one table the server, the schema
(``splitcards schema service``), the OpenAPI document and docs/service.md are made from.

Each question is a :class:`ServiceMethod`: its params' type (:mod:`splitcards.service.params`),
its value's type (:mod:`splitcards.service.answers`) and the function that answers it
(:mod:`splitcards.service.questions`). The lifecycle methods (``initialize``, ``ping``,
``shutdown``, ``exit``) and ``batch`` are the server's own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from splitcards.rules.actions import Resolution
from splitcards.rules.model import CastOption
from splitcards.service import questions
from splitcards.service.answers import CastWay, Characteristics, Copied, Door, SpliceCandidate
from splitcards.service.params import (
    CardQuestion,
    CastParams,
    Comparing,
    DoorParams,
    HasNameParams,
    OneCast,
    Permitted,
    Position,
    SpliceParams,
)
from splitcards.service.position import Context
from splitcards.wire.methods import INTERNAL_ERROR as INTERNAL_ERROR
from splitcards.wire.methods import INVALID_PARAMS as INVALID_PARAMS
from splitcards.wire.methods import INVALID_REQUEST as INVALID_REQUEST
from splitcards.wire.methods import METHOD_NOT_FOUND as METHOD_NOT_FOUND
from splitcards.wire.methods import PARSE_ERROR as PARSE_ERROR

MAJOR = 1
"""The service's major version: a client and the server must speak the same one."""
MINOR = 0
"""The service's minor version: a later minor only adds (methods, optional params, answer fields)."""
VERSION = f"{MAJOR}.{MINOR}"
"""The version this server speaks."""

# JSON-RPC 2.0's own codes (the wire protocol's), then the server range this service uses.
UNKNOWN_CARD = -32010
"""A card name that is not in the server's card pool."""
UNKNOWN_RULES = -32011
"""A rule version the server does not know."""
PLUGIN_FAILURE = -32012
"""A plugin failed while answering: the message names the plugin and the hook."""
SHUT_DOWN = -32013
"""A question after ``shutdown``."""

ERROR_CODES: dict[int, str] = {
    PARSE_ERROR: "parse_error",
    INVALID_REQUEST: "invalid_request",
    METHOD_NOT_FOUND: "method_not_found",
    INVALID_PARAMS: "invalid_params",
    INTERNAL_ERROR: "internal_error",
    UNKNOWN_CARD: "unknown_card",
    UNKNOWN_RULES: "unknown_rules",
    PLUGIN_FAILURE: "plugin_failure",
    SHUT_DOWN: "shut_down",
}
"""Each error code's name, as ``error.data.type`` gives it."""

MAX_BATCH = 1000
"""The most questions one batch may carry."""


@dataclass(frozen=True)
class ServiceMethod:
    """One question of the service."""

    name: str
    """The method's name, as JSON-RPC and the HTTP path give it."""
    summary: str
    """What it answers, in one sentence."""
    params: type
    """The type of its params."""
    value: Any
    """The type of the answer's ``value``."""
    answer: Callable[[Context, Any], questions.Answered]
    """The function that answers it."""


QUESTIONS: dict[str, ServiceMethod] = {
    m.name: m
    for m in (
        ServiceMethod(
            "characteristics",
            "The card's characteristics where it is, or as the spell it is: names, mana costs and values,"
            " colors, types (two answers under the 2009-2016 rules, 708; one combined since 2017, 709.4).",
            Position,
            Characteristics,
            questions.characteristics,
        ),
        ServiceMethod(
            "has_name",
            "Whether the card has a name (709.4a); a list names both halves of one choice (505.7, 708.7).",
            HasNameParams,
            bool,
            questions.has_name,
        ),
        ServiceMethod(
            "compare",
            "Whether the card's mana value or color compares with a value: yes if any of its answers does"
            " under the old rules (708.6), by the combined value since 2017 (709.4).",
            Comparing,
            bool,
            questions.compare,
        ),
        ServiceMethod(
            "name_choices",
            "The names a player may choose wanting this card (709.4a, 201.4b): each one name, or both"
            " halves' under the rules whose choice names both.",
            CardQuestion,
            tuple[tuple[str, ...], ...],
            questions.name_choices,
        ),
        ServiceMethod(
            "castable",
            "The options the caster may cast the card as now (Table.castable): halves, fused, or whole.",
            Permitted,
            tuple[CastOption, ...],
            questions.castable,
        ),
        ServiceMethod(
            "ways_to_cast",
            "Every way to cast the card from where it is, each with its spell, total cost, rules and what"
            " remains for the engine to see hold; with explain why_not, every refused way with why.",
            CastParams,
            tuple[CastWay, ...],
            questions.ways_to_cast,
        ),
        ServiceMethod(
            "cast_decision",
            "One cast decided without casting: the spell it would be and its total cost with X, splice,"
            " cost effects, free casts and alternative costs (601.2f); or its refusal.",
            OneCast,
            CastWay,
            questions.cast_decision,
        ),
        ServiceMethod(
            "splice_candidates",
            "The cards of a hand that may be spliced onto the card cast as an option (702.47a).",
            SpliceParams,
            tuple[SpliceCandidate, ...],
            questions.splice_candidates,
        ),
        ServiceMethod(
            "resolution",
            "How a spell resolves: its instructions in order, where its card goes (aftermath: exile,"
            " 702.127a), who controls it, and the doors a Room enters with unlocked (709.5d).",
            Position,
            Resolution,
            questions.resolution,
        ),
        ServiceMethod(
            "doors",
            "Each door of a Room on the battlefield: whether it may be unlocked now (709.5e), its cost,"
            " and what unlocking it does (709.5c, 709.5h, 709.5i).",
            DoorParams,
            tuple[Door, ...],
            questions.doors,
        ),
        ServiceMethod(
            "copies",
            "A copy of the spell (707.10) or of the card (707.12): what the copy is, and each way to cast"
            " a card's copy while the effect that made it resolves.",
            CastParams,
            Copied,
            questions.copies,
        ),
    )
}
"""Every question, by name."""

LIFECYCLE = {
    "initialize": "The first request: the client offers the service versions it speaks; the server chooses one"
    " and says who it is, the rule versions it answers under with their features, and what it can do.",
    "ping": "Answered at once, with null.",
    "shutdown": "Stop taking questions; answered with null. `exit` follows.",
    "exit": "Exit the process now (a notification).",
    "batch": "Many questions in one request, with a shared part that each question's params fill in.",
}
"""The methods that are the server's own, with what each does."""

CAPABILITIES = ("batch", "explain.rules", "explain.why_not", "explain.trace", "decision_log")
"""What this server can do, as ``initialize`` lists it."""
