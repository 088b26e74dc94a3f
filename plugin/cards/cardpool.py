"""A card pool read from a whole card file: the cards by name, and the cards it left out and why."""

from __future__ import annotations

import gc
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, NamedTuple

from splitcards.errors import UnsupportedCard
from splitcards.rules.card import Card

SPLIT_CARDS = frozenset({"split", "aftermath", "room"})
"""The kinds of card the split-card rules are about: ``only=SPLIT_CARDS`` loads nothing else."""

# The kinds of card each layout of the card data can give: a Room, and for Scryfall an
# aftermath card, have layout "split" in the data.
_KINDS_OF_LAYOUT = {"split": SPLIT_CARDS, "aftermath": frozenset({"aftermath"})}
# Objects of a card file that go in no deck: one never takes a name from a card (the art series
# card of Bonecrusher Giant is named Bonecrusher Giant too).
_NOT_CARDS = frozenset({"token", "double_faced_token", "emblem", "art_series"})


class Skipped(NamedTuple):
    """A card of the file that the rules here cannot represent, and why."""

    name: str
    """The card's name in the file."""
    reason: str
    """Why it was left out."""


@dataclass(frozen=True, slots=True)
class CardPool:
    """The cards of a card file, and the ones it left out.

    A card's kind, which ``only`` selects when a file is loaded, is its layout (``"normal"``,
    ``"split"``, ``"aftermath"``, ``"room"``) or, for a card the rules see as one-faced, the
    layout of the data (``"transform"``, ``"adventure"``...): see :func:`kind`.
    """

    cards: Mapping[str, Card]
    """Each card by its :attr:`~splitcards.rules.card.Card.name`: a split card's full name (``"Fire // Ice"``),
    another multi-faced card's front face name (``"Delver of Secrets"``)."""
    skipped: tuple[Skipped, ...] = ()
    """Each card left out, with the reason: one the rules cannot represent, or one whose name another card of the
    pool has (a pool holds one card per name: the first in the file, but a card of a deck before a token,
    emblem or art series card of the same name)."""


def kind(card: Card) -> str:
    """The kind of a card, as ``only`` names it: its layout, or the layout of the data it came from."""
    return card.source_layout or card.layout.value


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cycle collector while a card file is read.

    Parsing and reading a card file makes millions of objects and no reference cycles: the
    collector would walk them again and again, for half the time of the parse, and free nothing.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


class PoolBuilder:
    """Gathers the cards of one file. ``only`` keeps the cards of those kinds; a card whose data
    layout cannot give one of them is neither built nor checked (:meth:`wants`)."""

    def __init__(self, only: Collection[str] | None) -> None:
        self.only = None if only is None else frozenset(only)
        self.cards: dict[str, Card] = {}
        self.skipped: list[Skipped] = []
        self._wanted: dict[str, bool] = {}

    def wants(self, layout: str) -> bool:
        """Whether a card of this data layout may be of a kind the caller keeps."""
        if self.only is None:
            return True
        wanted = self._wanted.get(layout)
        if wanted is None:
            kinds = _KINDS_OF_LAYOUT.get(layout, frozenset({layout}))
            wanted = self._wanted[layout] = not kinds.isdisjoint(self.only)
        return wanted

    def build(self, make: Callable[..., Card], *args: Any) -> None:
        """Build a card with ``make(*args)`` and keep it; a card the rules cannot represent is skipped."""
        try:
            card = make(*args)
        except UnsupportedCard as exc:
            self.skipped.append(Skipped(exc.card, f"{exc.field}: {exc.problem}"))
            return
        if self.only is not None and kind(card) not in self.only:
            return
        held = self.cards.setdefault(card.name, card)
        if held is card or held == card:
            return
        if kind(held) in _NOT_CARDS and kind(card) not in _NOT_CARDS:
            self.cards[card.name] = card
            self.skipped.append(Skipped(held.name, f"a card of this name is kept, not this {kind(held)}"))
        elif kind(card) in _NOT_CARDS:
            self.skipped.append(Skipped(card.name, f"a card of this name is kept, not this {kind(card)}"))
        else:
            self.skipped.append(Skipped(card.name, "a different card of this name came earlier in the file"))

    def result(self) -> CardPool:
        return CardPool(self.cards, tuple(self.skipped))
