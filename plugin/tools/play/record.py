"""Game records: a JSON Lines file of one AI game, and playing it again.

A record's first line is its header: the host, the engine and its version, the splitcards
version, the rule version, the seed, and both decks in library order with a hash of each
card's data. Then one line per step of the game loop (:class:`~splitcards.tools.play.result.GameStep`):
who acted, the engine's action, what the log said of it with the rules its answers cited, and
the events the rules reported. The last line is the result: the winner, the reason the game
ended and the rules that name it. The format is published as a JSON Schema
(``splitcards schema record``).

:func:`replay` plays a record again on the same engine: each step's action is the recorded
one, and each step must say the same and report the same events; the first step that differs
is named. A record from another engine version, or whose card data changed, is refused.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import IO, Any

from splitcards.cards.mtgjson import mtgjson_faces
from splitcards.errors import RecordError, printable
from splitcards.files import jsontext
from splitcards.files.bounded import read_text
from splitcards.files.lines import write_line
from splitcards.game import renamed
from splitcards.rules.card import Card
from splitcards.tools.play.decklists import MAX_CARDS
from splitcards.tools.play.recordfields import MAX_ACTIONS, result_problem, step_problem

RECORD = "splitcards game record"
FORMAT = 1
EMBEDDED = "embedded"
"""The card source of a record whose decks are the embedded demo decks."""
RECORD_MAX_BYTES = 64 << 20
"""The largest record read by default (64 MiB: a record is a line per action of one game);
``read_record(..., max_bytes=)`` raises it."""


def card_hash(card: Card) -> str:
    """A hash of everything the card data gives of the card (every face, every characteristic)."""
    data = json.dumps(mtgjson_faces(card), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(data.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class Header:
    """What a record's game was: enough to play it again and to tell whether that can be done."""

    host: str
    engine: str
    splitcards: str
    rules: str
    rules_file: str | None
    seed: int
    max_actions: int
    cards: str
    decks: tuple[tuple[str, tuple[str, ...]], tuple[str, tuple[str, ...]]]
    hashes: Mapping[str, str]

    def as_dict(self) -> dict[str, Any]:
        return {
            "record": RECORD,
            "format": FORMAT,
            "host": self.host,
            "engine": self.engine,
            "splitcards": self.splitcards,
            "rules": self.rules,
            "rules_file": self.rules_file,
            "seed": self.seed,
            "max_actions": self.max_actions,
            "cards": self.cards,
            "decks": [
                {"player": player, "name": name, "library": list(library)}
                for player, (name, library) in zip(("p1", "p2"), self.decks, strict=True)
            ],
            "hashes": dict(sorted(self.hashes.items())),
        }


def header_for(
    host: str,
    engine: str,
    rules: str,
    rules_file: str | None,
    seed: int,
    max_actions: int,
    cards: str,
    decks: Sequence[tuple[str, Sequence[Card]]],
) -> Header:
    """The header of a game about to start, with its decks in library order."""
    used = {card.name: card for _, library in decks for card in library}
    libraries = tuple((name, tuple(card.name for card in library)) for name, library in decks)
    return Header(
        host,
        engine,
        version("splitcards"),
        rules,
        rules_file,
        seed,
        max_actions,
        cards,
        (libraries[0], libraries[1]),
        {name: card_hash(card) for name, card in used.items()},
    )


class RecordWriter:
    """Writes a record line by line, so that a game cut short still leaves its steps."""

    def __init__(self, out: IO[str], name: str | None = None) -> None:
        self.out = out
        self.name = name if name is not None else str(getattr(out, "name", "the record"))
        self.lines = 0
        """How many whole lines are written."""

    def line(self, data: Mapping[str, Any]) -> None:
        write_line(self.out, record_line(data), self.name, self.lines)
        self.lines += 1


# JSON allows these raw inside a string, and text readers take each for the end of a line (a card
# name with one would split its line in two): a record escapes them.
_LINE_BREAKS = {"\u0085": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_LINE_BREAK = re.compile("[\u0085\u2028\u2029]")


def record_line(data: Mapping[str, Any]) -> str:
    """One line of a record: compact JSON, with no character a reader could take for a line's end."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return _LINE_BREAK.sub(lambda found: _LINE_BREAKS[found.group()], text)


@dataclass(frozen=True, slots=True)
class Record:
    """A record as read: its header, its steps (as written) and its result (``None`` when the
    game was cut short before it ended)."""

    path: str
    header: Header
    steps: tuple[Mapping[str, Any], ...]
    result: Mapping[str, Any] | None


def read_record(path: str | Path, *, max_bytes: int = RECORD_MAX_BYTES) -> Record:
    """Read a record (a regular UTF-8 file of at most ``max_bytes``); raises
    :class:`~splitcards.errors.RecordError` naming the line at fault."""
    where = str(path)
    text = read_text(path, lambda problem: RecordError(where, None, problem), max_bytes=max_bytes)
    # Lines end at "\n" alone: a record written before its line breaks were escaped may hold
    # U+2028 or U+0085 raw inside a string, which splitlines() would take for an end of line.
    lines = [line.removesuffix("\r") for line in text.split("\n")]
    if lines and lines[-1] == "":
        lines.pop()
    elif len(lines) > 1 and not _is_json(lines[-1]):
        # A last line with no end that isn't JSON was cut mid-write (the game was killed as it
        # wrote it): the record is the lines before it, cut short, as --resume reads one.
        lines.pop()
    if not lines:
        raise RecordError(where, None, "empty: a record starts with its header line")
    header = _header(where, _object(where, 1, lines[0]))
    steps: list[Mapping[str, Any]] = []
    result = None
    for number, line in enumerate(lines[1:], start=2):
        if result is not None:
            raise RecordError(where, number, "a line after the result")
        item = _object(where, number, line)
        if "result" in item:
            result = item["result"]
            if not isinstance(result, dict):
                raise RecordError(where, number, "result: must be an object")
            problem = result_problem(result) if len(item) == 1 else "the result line holds the result alone"
            if problem is not None:
                raise RecordError(where, number, problem)
            continue
        # Each step is an action at least: a record holds no more steps than its game could
        # play, and reading stops at the first one past them.
        if len(steps) >= header.max_actions:
            raise RecordError(where, number, f"step: more steps than the record's max_actions, {header.max_actions}")
        step = item.get("step")
        if isinstance(step, bool) or step != len(steps) + 1 or not isinstance(item.get("action"), dict):
            raise RecordError(where, number, f"step {len(steps) + 1} expected, with its action")
        problem = step_problem(item)
        if problem is not None:
            raise RecordError(where, number, f"step {step}: {problem}")
        steps.append(item)
    return Record(where, header, tuple(steps), result)


def _object(where: str, number: int, line: str) -> dict[str, Any]:
    try:
        data = jsontext.loads(line)
    except jsontext.JSONTextError as exc:
        raise RecordError(where, number, str(exc)) from None
    if not isinstance(data, dict):
        raise RecordError(where, number, "each line of a record is a JSON object")
    return data


def _is_json(line: str) -> bool:
    try:
        jsontext.loads(line)
    except jsontext.JSONTextError:
        return False
    return True


MAX_SEED = 2**63 - 1
"""The largest seed a game takes (the engines' random generators take 64-bit seeds)."""

_HEADER_TYPES: dict[str, type | tuple[type, ...]] = {
    "host": str,
    "engine": str,
    "splitcards": str,
    "rules": str,
    "rules_file": (str, type(None)),
    "seed": int,
    "max_actions": int,
    "cards": str,
    "decks": list,
    "hashes": dict,
}


def _header(where: str, data: Mapping[str, Any]) -> Header:
    if data.get("record") != RECORD:
        raise RecordError(where, 1, f"not a game record: its first line has no 'record': {RECORD!r}")
    if isinstance(data.get("format"), bool) or data.get("format") != FORMAT:  # true == 1 in Python
        raise RecordError(
            where,
            1,
            f"format {printable(repr(data.get('format')))}: this splitcards reads record format {FORMAT}",
        )
    for key, kind in _HEADER_TYPES.items():
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise RecordError(where, 1, f"{key}: missing or of the wrong type")
    if not 0 <= data["seed"] <= MAX_SEED:
        raise RecordError(where, 1, f"seed: a whole number from 0 to {MAX_SEED}, not {data['seed']}")
    if not 1 <= data["max_actions"] <= MAX_ACTIONS:
        raise RecordError(where, 1, f"max_actions: a whole number from 1 to {MAX_ACTIONS}, not {data['max_actions']}")
    decks = data["decks"]
    if len(decks) != 2 or not all(
        isinstance(d, dict) and isinstance(d.get("name"), str) and _strings(d.get("library")) for d in decks
    ):
        raise RecordError(where, 1, "decks: two decks, each with a name and a library of card names")
    # The bounds of a decklist (decklists.MAX_CARDS), so that a record never makes the engine
    # build a deck that a decklist could not give it.
    for n, deck in enumerate(decks):
        if len(deck["library"]) > MAX_CARDS:
            size = len(deck["library"])
            raise RecordError(where, 1, f"decks[{n}].library: {size} cards, more than the {MAX_CARDS} a deck holds")
    hashes = data["hashes"]
    if len(hashes) > 2 * MAX_CARDS:
        raise RecordError(where, 1, f"hashes: {len(hashes)} cards, more than the two decks' {2 * MAX_CARDS} can hold")
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in hashes.items()):
        raise RecordError(where, 1, "hashes: card names and their hashes")
    libraries = tuple((str(d["name"]), tuple(d["library"])) for d in decks)
    return Header(
        data["host"],
        data["engine"],
        data["splitcards"],
        data["rules"],
        data["rules_file"],
        data["seed"],
        data["max_actions"],
        data["cards"],
        (libraries[0], libraries[1]),
        dict(hashes),
    )


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def check_cards(record: Record, pool: Mapping[str, Card]) -> dict[str, Card]:
    """The record's cards from ``pool``, each with the data it was recorded with; raises
    :class:`~splitcards.errors.RecordError` naming the first card missing or changed."""
    found: dict[str, Card] = {}
    source = printable(record.header.cards)
    for name, recorded in record.header.hashes.items():
        card = pool.get(name)
        shown = printable(repr(name))
        if card is None:
            raise RecordError(record.path, 1, f"hashes: card {shown} is not in the card data ({source})")
        now = card_hash(card)
        if now != recorded:
            problem = f"hashes: card data of {shown} changed since the record ({source}): hash {printable(recorded)}"
            raise RecordError(record.path, 1, f"{problem}, now {now}")
        found[name] = card
    for n, (_, library) in enumerate(record.header.decks):
        for name in library:
            if name not in found:
                problem = f"decks[{n}].library: card {printable(repr(name))} has no hash in the record"
                raise RecordError(record.path, 1, problem)
    return found


@dataclass(frozen=True, slots=True)
class Difference:
    """The first step of a replay that differs from its record: which step, what differs, the
    recorded value and the one now."""

    step: int
    field: str
    recorded: Any
    now: Any

    def __str__(self) -> str:
        where = f"step {self.step}" if self.step else "the result"
        # A record's value may be megabytes long: it is shown cut, with its length.
        recorded, now = printable(repr(self.recorded)), printable(repr(self.now))
        return f"{where} differs in {self.field}: recorded {recorded}, now {now}"


class Replayed(Exception):
    """Raised inside a replay at the first difference, to stop the game there."""

    def __init__(self, difference: Difference) -> None:
        super().__init__(str(difference))
        self.difference = difference


def comparer(
    record: Record,
) -> tuple[Callable[[int], Mapping[str, Any] | None], Callable[[Mapping[str, Any]], None]]:
    """The replay's source of actions (``None`` past the last step of a record cut short: the AI
    plays on), and the check of each recorded step it plays against the record."""

    def action(number: int) -> Mapping[str, Any] | None:
        if number > len(record.steps):
            if record.result is None:
                return None
            raise Replayed(Difference(number, "the game", "ended after the last recorded step", "goes on"))
        recorded: Mapping[str, Any] = record.steps[number - 1]["action"]
        return recorded

    def check(step: Mapping[str, Any]) -> None:
        if step["step"] > len(record.steps):
            return
        recorded = record.steps[step["step"] - 1]
        for key in ("player", "turn", "said", "events"):
            if recorded.get(key) != step[key]:
                raise Replayed(Difference(step["step"], key, recorded.get(key), step[key]))

    return action, check


# The names of 0.1 that were renamed, kept working (deprecated).
__getattr__ = renamed(__name__, {"Writer": "splitcards.tools.play.record.RecordWriter"})
