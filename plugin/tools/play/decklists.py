"""A player's own decks: text decklists read, their cards found in a card file, and checked
before a game starts.

Two text forms are read, told apart line by line:

* MTGO ``.txt``: one ``COUNT NAME`` line per card (``4 Fire // Ice``, also ``4x Fire // Ice``),
  blank lines anywhere. The sideboard follows a ``Sideboard`` line, or is on ``SB: 2 Negate``
  lines; in a file with neither (an MTGO export), the second of exactly two blocks of lines is
  the sideboard when it holds at most 15 cards (a constructed sideboard, 100.4a).
* MTG Arena export: ``4 Fire // Ice (DGM) 128`` (the set and collector number are ignored)
  under the headings ``Deck``, ``Sideboard``, ``Commander`` and ``Companion``, after an
  ``About`` block naming the deck. A commander is one of the deck's cards (these games have no
  command zone); a companion starts outside the game, as the sideboard does.

The sideboard is read and never played. Lines starting with ``#`` or ``//`` are comments.

A card name matches whatever its case, accents or spaces, and a split card may be written
``Fire // Ice`` or ``Fire/Ice``. Every problem of a decklist (a malformed line, a card missing
from the card file, a card no deck holds, a card the rule version refuses, a card the engine
can't play) is a :class:`~splitcards.errors.DecklistError` naming the file, the line and the
card, raised before the engine starts the game. A decklist file is read by the bounded reader
(:mod:`splitcards.files.bounded`): a regular file of at most :data:`DECKLIST_MAX_BYTES`, UTF-8
with or without a byte order mark.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from splitcards.cards.loaders import CardPool, kind, load_card_file
from splitcards.errors import DecklistError, UnknownCard, UnsupportedCard, shown
from splitcards.files.bounded import read_text
from splitcards.game.table import Table
from splitcards.rules.card import Card
from splitcards.tools.play.decks import Decks

MAX_COPIES = 100
"""The most copies of a card one line may ask for: more is a typing slip, not a deck."""
MAX_NAME = 200
"""Longer than any card's name (the longest printed is 141 characters): a longer one is looked up
but never compared for a near name."""
MAX_CARDS = 500
"""The most cards a deck may hold here (the engine builds every one of them)."""
DECKLIST_MAX_BYTES = 1 << 20
"""The largest decklist file read by default (1 MiB; a deck of :data:`MAX_CARDS` lines is a few
kilobytes); ``read_decklist(..., max_bytes=)`` raises it."""
SIDEBOARD_CARDS = 15
"""The most cards of a constructed sideboard (100.4a): a larger last block is no sideboard."""

# Kinds of card-file objects that no deck holds (100.2: tokens, emblems, the cards of Planechase,
# Archenemy and Vanguard play, art cards).
NOT_DECK_CARDS = frozenset({"token", "double_faced_token", "emblem", "art_series", "scheme", "planar", "vanguard"})

_MAIN, _SIDE, _ABOUT = "main", "sideboard", "about"
_HEADINGS = {
    "deck": _MAIN,
    "commander": _MAIN,
    "sideboard": _SIDE,
    "companion": _SIDE,
    "about": _ABOUT,
}
_LINE = re.compile(r"(?P<count>[-+]?\d+)\s*[xX]?\s+(?P<name>\S.*)")
_SIDEBOARD_PREFIX = re.compile(r"SB:\s*", re.IGNORECASE)
# An Arena printing after the name: "(DGM) 128", and what some exports add after it ("*F*").
_PRINTING = re.compile(r"\s+\([A-Za-z0-9]{2,8}\)(?:\s+[^\s()]+)*$")
_MORE_PROBLEMS = 10
_COUNT_DIGITS = 9


@dataclass(frozen=True, slots=True)
class Entry:
    """One card line of a decklist: its line number, how many copies, and the name as written."""

    line: int
    count: int
    name: str


@dataclass(frozen=True, slots=True)
class Decklist:
    """A decklist file: its main deck and its sideboard (never played), line by line."""

    path: str
    main: tuple[Entry, ...]
    sideboard: tuple[Entry, ...] = ()

    @property
    def size(self) -> int:
        return sum(entry.count for entry in self.main)


@dataclass(frozen=True, slots=True)
class Deck:
    """A decklist with the card of each main-deck line, from a card file."""

    decklist: Decklist
    cards: tuple[tuple[Entry, Card], ...]

    @property
    def path(self) -> str:
        return self.decklist.path

    def library(self) -> tuple[Card, ...]:
        """The deck in library order (before the engine shuffles it): each line's copies in turn."""
        return tuple(card for entry, card in self.cards for _ in range(entry.count))

    def lines_of(self, name: str) -> list[Entry]:
        """The lines that ask for the card of this name."""
        return [entry for entry, card in self.cards if card.name == name]

    def describe(self) -> str:
        """The deck on one line: its size and each card with its copies."""
        counts: dict[str, int] = {}
        for entry, card in self.cards:
            counts[card.name] = counts.get(card.name, 0) + entry.count
        return f"{self.decklist.size} cards: " + ", ".join(f"{n} {name}" for name, n in counts.items())


@dataclass(frozen=True, slots=True)
class UserDecks:
    """Both players' decks from their decklists; called with a game's table (as
    :class:`~splitcards.tools.play.loop.AIGame` does), it checks them under the table's rule version."""

    deck: Deck
    opponent: Deck

    def __call__(self, table: Table) -> Decks:
        """The game's decks; a :class:`DecklistError` names every line whose card the rule
        version refuses (a Room where the version has no Rooms, 709.5)."""
        problems: list[tuple[str, int | None, str]] = []
        for deck, card in self._first_lines():
            try:
                table.check_card(card)
            except UnknownCard as exc:
                problems.extend((deck.path, entry.line, str(exc)) for entry in deck.lines_of(card.name)[:1])
        _raise_any(problems)
        cards = tuple(dict.fromkeys(card for deck in (self.deck, self.opponent) for _, card in deck.cards))
        return Decks(cards, self.deck.library(), self.opponent.library())

    def refused(self, exc: UnsupportedCard, host: str) -> DecklistError:
        """The engine of ``host`` can't play a card of the decks: the error naming its line."""
        for deck in (self.deck, self.opponent):
            for entry in deck.lines_of(exc.card)[:1]:
                return DecklistError(
                    deck.path, entry.line, f"{shown(entry.name)}: {host} can't play this card: {exc.problem}"
                )
        return DecklistError(self.deck.path, None, f"{host} can't play a card of the decks: {exc}")

    def _first_lines(self) -> Iterable[tuple[Deck, Card]]:
        # Each card once, at the first deck that asks for it.
        seen: set[Card] = set()
        for deck in (self.deck, self.opponent):
            for _, card in deck.cards:
                if card not in seen:
                    seen.add(card)
                    yield deck, card


def read_user_decks(cards: str | Path, deck: str | Path, opponent: str | Path | None = None) -> UserDecks:
    """Read the decklists (``opponent`` defaults to ``deck``) and find their cards in the card
    file (MTGJSON or Scryfall, :func:`~splitcards.cards.loaders.load_card_file`). The decklists are read
    first, so a malformed one is reported before a large card file is loaded."""
    decklist = read_decklist(deck)
    other = read_decklist(opponent) if opponent is not None else decklist
    index = CardIndex(load_card_file(cards), str(cards))
    found = deck_from(decklist, index)
    return UserDecks(found, deck_from(other, index) if other is not decklist else found)


# -- reading decklists -----------------------------------------------------------------------


def read_decklist(path: str | Path, *, max_bytes: int = DECKLIST_MAX_BYTES) -> Decklist:
    """Read a decklist file (a regular file of at most ``max_bytes``, UTF-8); see :func:`parse_decklist`."""
    where = str(path)
    text = read_text(path, partial(DecklistError, where, None), max_bytes=max_bytes, bom=True)
    return parse_decklist(text, where)


def parse_decklist(text: str, path: str = "<decklist>") -> Decklist:
    """A decklist from its text, MTGO ``.txt`` or MTG Arena export (see the module's description);
    ``path`` names it in errors. A :class:`DecklistError` names every malformed line."""
    main: list[tuple[int, Entry]] = []  # with the number of the block of lines it is in
    sideboard: list[Entry] = []
    problems: list[tuple[str, int | None, str]] = []
    section, marked, block, size = _MAIN, False, 0, 0
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            if section == _ABOUT:
                section = _MAIN
            if main and main[-1][0] == block:
                block += 1
            continue
        if line.startswith(("#", "//")):
            continue
        heading = _HEADINGS.get(line.rstrip(":").strip().casefold())
        if heading is not None:
            section, marked = heading, True
            continue
        if section == _ABOUT:
            continue
        to_sideboard = section == _SIDE
        prefix = _SIDEBOARD_PREFIX.match(line)
        if prefix:
            line, to_sideboard, marked = line[prefix.end() :], True, True
        entry = _entry(line, number)
        if isinstance(entry, str):
            problems.append((path, number, entry))
        elif to_sideboard:
            sideboard.append(entry)
        else:
            size += entry.count
            if size > MAX_CARDS and size - entry.count <= MAX_CARDS:
                problems.append(
                    (path, number, f"the deck passes {MAX_CARDS} cards here, more than a game is played with")
                )
            main.append((block, entry))
    _raise_any(problems)
    blocks = sorted({b for b, _ in main})
    if not marked and len(blocks) == 2:
        last = [entry for b, entry in main if b == blocks[1]]
        if sum(entry.count for entry in last) <= SIDEBOARD_CARDS:
            sideboard = last
            main = [(b, entry) for b, entry in main if b == blocks[0]]
    if not main:
        raise DecklistError(path, None, "no cards in the main deck (a line is 'COUNT NAME', such as '4 Fire // Ice')")
    return Decklist(path, tuple(entry for _, entry in main), tuple(sideboard))


def _entry(line: str, number: int) -> Entry | str:
    """The line's entry, or what is wrong with it."""
    found = _LINE.fullmatch(line)
    if found is None:
        if re.fullmatch(r"[-+]?\d+\s*[xX]?", line):
            return f"{shown(line)}: a count with no card name"
        return f"{shown(line)}: no count (a line is 'COUNT NAME', such as '4 Fire // Ice')"
    digits = found["count"].lstrip("+-0")
    if len(digits) > _COUNT_DIGITS:
        # int() of thousands of digits is slow, and Python refuses 4300: no count of copies is that long.
        return f"{_shown(line)}: a count of {len(digits)} digits (a line holds 1 to {MAX_COPIES} copies)"
    count = int(found["count"])
    if count < 1:
        return f"{shown(line)}: a count is at least 1, got {count}"
    if count > MAX_COPIES:
        return f"{shown(line)}: {count} copies of a card is more than a deck holds (at most {MAX_COPIES} a line)"
    name = _PRINTING.sub("", found["name"]).strip()
    return Entry(number, count, name)


def _shown(line: str) -> str:
    return repr(line) if len(line) <= 60 else repr(line[:57] + "...")


# -- finding the cards -----------------------------------------------------------------------


def name_key(name: str) -> str:
    """A card name as decklists are matched: case, accents and spaces ignored, a split card's
    halves joined by ``" // "`` however they were separated (``Fire/Ice``)."""
    text = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    text = text.casefold().replace("æ", "ae")
    return " // ".join(" ".join(part.split()) for part in text.split("/") if part.strip())


class CardIndex:
    """The cards of a card file by :func:`name_key`, and the ones the file's load left out."""

    def __init__(self, pool: CardPool, source: str) -> None:
        self.source = source
        self.cards: dict[str, Card] = {}
        for name, card in pool.cards.items():
            self.cards.setdefault(name_key(name), card)
        self.skipped = {name_key(s.name): s.reason for s in pool.skipped}

    def find(self, name: str) -> Card | str:
        """The card of this name, or why there is none to play."""
        key = name_key(name)
        card = self.cards.get(key)
        if card is None and " // " in key:
            # A card with a second face written with both faces' names: the pool holds it by
            # its front face's (a split card's name is its two halves').
            front = self.cards.get(key.partition(" // ")[0])
            card = front if front is not None and not front.is_split else None
        if card is not None:
            if kind(card) in NOT_DECK_CARDS:
                return f"{shown(name)} is a {kind(card)} card in {self.source}, not a card a deck holds"
            return card
        reason = self.skipped.get(key)
        if reason is not None:
            return f"{shown(name)} is in {self.source}, but the rules here can't represent it: {reason}"
        # No card's name is near a name longer than any card's (and comparing one costs its length squared).
        close = difflib.get_close_matches(key, self.cards, n=1, cutoff=0.85) if len(key) <= MAX_NAME else []
        hint = f" (did you mean {self.cards[close[0]].name!r}?)" if close else ""
        return f"no card named {shown(name)} in {self.source}{hint}"


def deck_from(decklist: Decklist, index: CardIndex) -> Deck:
    """The decklist's cards from the card file; a :class:`DecklistError` names every line whose
    card is missing or can't be played."""
    cards: list[tuple[Entry, Card]] = []
    problems: list[tuple[str, int | None, str]] = []
    for entry in decklist.main:
        found = index.find(entry.name)
        if isinstance(found, str):
            problems.append((decklist.path, entry.line, found))
        else:
            cards.append((entry, found))
    _raise_any(problems)
    return Deck(decklist, tuple(cards))


def _raise_any(problems: Sequence[tuple[str, int | None, str]]) -> None:
    if not problems:
        return
    (path, line, problem), *more = problems
    also = [f"{p}:{n}: {text}" if n is not None else f"{p}: {text}" for p, n, text in more[:_MORE_PROBLEMS]]
    if len(more) > _MORE_PROBLEMS:
        also.append(f"... and {len(more) - _MORE_PROBLEMS} more")
    raise DecklistError(path, line, problem, tuple(also))
