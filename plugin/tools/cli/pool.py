"""The cards a command looks cards up in: a card file's, or the bundled ones."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from pathlib import Path

from splitcards.rules.card import Card


def card_pool(path: Path | None) -> Mapping[str, Card]:
    """The cards of ``path`` (an MTGJSON or Scryfall file) by name; by default, the cards of the
    demo decks and of the bundled scenarios."""
    if path is not None:
        from splitcards.cards.loaders import load_card_file

        pool: Mapping[str, Card] = load_card_file(path).cards
        return pool
    from splitcards.tools.conformance.scenario import load_file
    from splitcards.tools.play.democards import cards as deck_cards

    found: dict[str, Card] = dict(deck_cards())
    bundled = resources.files("splitcards.tools.conformance.bundled")
    for entry in sorted(bundled.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".yaml"):
            found.update(load_file(Path(str(entry))).cards)
    return found
