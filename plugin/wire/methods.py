"""The protocol's methods, versions and error codes (docs/protocol.md).

The engine is the server and splitcards the client. Every method but ``exit`` and
``dispose_game`` is a request with an answer; those two are notifications. The host methods are
the :class:`~splitcards.game.contract.Host` methods one for one, each with the game it is about.
The engine may send one notification of its own, :data:`LOG` (:class:`LogMessage`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from splitcards.game.contract.capabilities import Capability, Gap, KnownDeviation
from splitcards.rules.actions import Resolution
from splitcards.rules.card import Card, Side
from splitcards.rules.model import ObjectView, Player, SpellFacts, Timing, TimingChange, Zone

MAJOR = 1
"""The protocol's major version: client and engine must speak the same one."""
MINOR = 1
"""The protocol's minor version: a later minor only adds (methods, optional fields), so an engine
may answer any minor of the major the client offers. 1.1 adds ``put_face_down``, ``turn_face_up``,
``become_copy``, ``library`` and ``put_on_bottom`` (:data:`ADDED_IN`), and the view's ``face_down``."""
VERSION = f"{MAJOR}.{MINOR}"
"""The version this client speaks, offered in ``initialize``."""

# JSON-RPC 2.0 error codes: the standard ones, then the server range this protocol uses.
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
NOT_SUPPORTED = -32001
"""The engine can't express this action or query at all (:class:`~splitcards.errors.NotSupported`)."""
UNKNOWN_OBJECT = -32002
"""No object with the id asked about exists in the game (:class:`~splitcards.errors.UnknownObject`)."""
REFUSED = -32003
"""The engine refused the action: its own rules or state forbid it although splitcards' rules allow it
(a :class:`~splitcards.errors.HostError`: the run fails)."""
UNKNOWN_GAME = -32004
"""No game with the id asked about exists in the engine: never made by this engine process, or disposed
(a :class:`~splitcards.errors.HostError` naming the game)."""


@dataclass(frozen=True, slots=True)
class Initialized:
    """The engine's answer to ``initialize``: the protocol version it chose, who it is, and what
    it declares (as :attr:`~splitcards.game.contract.AdapterInfo.lacks` and ``deviations``).
    """

    version: str
    """The protocol version the engine speaks, ``"MAJOR.MINOR"``, of a major offered."""
    name: str
    """The host's name (results and declarations are reported under it)."""
    engine: str
    """The engine's name."""
    engine_version: str
    """The engine's version."""
    lacks: tuple[Gap, ...] = ()
    """The capabilities it lacks, each with its reason."""
    deviations: tuple[KnownDeviation, ...] = ()
    """Where it knowingly answers otherwise than the rules, each with its reason."""


@dataclass(frozen=True, slots=True)
class NewGame:
    """The engine's answer to ``new_game``."""

    game: str
    """The new game's id, named by every host method about it."""


LOG = "$/log"
"""The notification an engine may send at any time, unasked: a line for its log (:class:`LogMessage`)."""


@dataclass(frozen=True, slots=True)
class LogMessage:
    """The params of a ``$/log`` notification: a line the engine adds to its log, kept with its
    stderr lines and written to the transcript."""

    message: str
    """The line (shown with its control characters escaped, and cut past a few hundred characters)."""
    level: str | None = None
    """Any word the engine gives the line (``"info"``, ``"warning"``), shown before it as ``level: message``;
    ``None``: the line alone."""


@dataclass(frozen=True, slots=True)
class Method:
    """One method of the protocol: its parameters (name and type of each, all required) and its
    result's type (``None``: the result is ``null``)."""

    name: str
    summary: str
    params: tuple[tuple[str, Any], ...]
    result: Any
    notification: bool = False


_GAME = ("game", str)
_OBJECT = ("object", str)

METHODS: dict[str, Method] = {
    m.name: m
    for m in (
        Method(
            "initialize",
            "The first request: the client offers the versions it speaks; the engine chooses one and says who it is.",
            (("versions", tuple[str, ...]), ("client", str)),
            Initialized,
        ),
        Method("ping", "Answered at once, with null: the engine is alive and ready.", (), None),
        Method("new_game", "A new, empty game under a rule version (its canonical name).", (("rules", str),), NewGame),
        Method("dispose_game", "The game is over: forget it.", (_GAME,), None, notification=True),
        Method("shutdown", "Stop taking requests; answered with null. `exit` follows.", (), None),
        Method("exit", "Exit the process now.", (), None, notification=True),
        Method("prepare", "Host.prepare: the cards this game may create.", (_GAME, ("cards", tuple[Card, ...])), None),
        Method("view", "Host.view: the object now.", (_GAME, _OBJECT), ObjectView),
        Method("objects", "Host.objects: every object in the game.", (_GAME,), tuple[str, ...]),
        Method("stack", "Host.stack: the stack from bottom to top.", (_GAME,), tuple[str, ...]),
        Method("timing", "Host.timing: turn, phase, priority, whether the stack is empty.", (_GAME,), Timing),
        Method("set_timing", "Host.set_timing: move to this timing context.", (_GAME, ("change", TimingChange)), None),
        Method(
            "create",
            "Host.create: a new card in a zone; answers its id.",
            (_GAME, ("card", Card), ("zone", Zone), ("owner", Player)),
            str,
        ),
        Method(
            "cast",
            "Host.cast: the card onto the stack as this spell; answers the spell's id.",
            (_GAME, _OBJECT, ("spell", SpellFacts)),
            str,
        ),
        Method(
            "resolve",
            "Host.resolve: resolve this spell as decided.",
            (_GAME, _OBJECT, ("outcome", Resolution)),
            None,
        ),
        Method(
            "move",
            "Host.move: the object to a zone, not by casting or resolving.",
            (_GAME, _OBJECT, ("zone", Zone)),
            None,
        ),
        Method(
            "copy_spell",
            "Host.copy_spell: a copy of a spell on the stack; answers its id.",
            (_GAME, _OBJECT, ("spell", SpellFacts)),
            str,
        ),
        Method("copy_card", "Host.copy_card: a copy of a card where it is; answers its id.", (_GAME, _OBJECT), str),
        Method(
            "copy_permanent",
            "Host.copy_permanent: a permanent entering as a copy; answers its id.",
            (_GAME, _OBJECT),
            str,
        ),
        Method(
            "set_unlocked",
            "Host.set_unlocked: exactly these doors unlocked.",
            (_GAME, _OBJECT, ("doors", frozenset[Side])),
            None,
        ),
        Method(
            "put_face_down",
            "Host.put_face_down: the card onto the battlefield face down, its owner's, no door unlocked (1.1).",
            (_GAME, _OBJECT),
            None,
        ),
        Method(
            "turn_face_up",
            "Host.turn_face_up: the face-down permanent face up where it is, its doors kept (1.1).",
            (_GAME, _OBJECT),
            None,
        ),
        Method(
            "become_copy",
            "Host.become_copy: the permanent takes the original's card, keeping its doors and face (1.1).",
            (_GAME, _OBJECT, ("original", str)),
            None,
        ),
        Method(
            "library",
            "Host.library: the player's library, top first; a card created in a library is on its top (1.1).",
            (_GAME, ("player", Player)),
            tuple[str, ...],
        ),
        Method(
            "put_on_bottom",
            "Host.put_on_bottom: the card on the bottom of its owner's library (1.1).",
            (_GAME, _OBJECT),
            None,
        ),
    )
}
"""Every method, by name."""

HOST_METHODS = (
    "prepare",
    "view",
    "objects",
    "stack",
    "timing",
    "set_timing",
    "create",
    "cast",
    "resolve",
    "move",
    "copy_spell",
    "copy_card",
    "copy_permanent",
    "set_unlocked",
    "put_face_down",
    "turn_face_up",
    "become_copy",
    "library",
    "put_on_bottom",
)
"""The methods that are :class:`~splitcards.game.contract.Host` methods, in the contract's order
(the last five are optional host methods, from protocol 1.1)."""

ADDED_IN: dict[tuple[int, int], tuple[tuple[Capability, str], ...]] = {
    (1, 1): (
        (Capability.FACE_DOWN, "put_face_down and turn_face_up"),
        (Capability.BECOME_COPY, "become_copy"),
        (Capability.LIBRARY_ORDER, "library and put_on_bottom"),
    ),
}
"""What each minor version adds that a scenario may need: the capability, and the methods that
carry it out. An engine that answers an older minor lacks them (the client declares it so)."""


def chosen_version(answered: str) -> tuple[int, int] | None:
    """The answered version as ``(major, minor)`` when this client speaks it, else ``None``."""
    major, dot, minor = answered.partition(".")
    if not (dot and major.isdigit() and minor.isdigit()) or int(major) != MAJOR:
        return None
    return int(major), int(minor)
