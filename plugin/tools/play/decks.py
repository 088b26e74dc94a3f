"""The decks of ``splitcards demo`` (and of the soak, the differential test and the benchmarks),
built of the embedded cards of :mod:`splitcards.tools.play.democards`; a player's own decks come
from :mod:`splitcards.tools.play.decklists`.

The two demo decks are aggressive 60-card decks, Izzet and Boros, with creatures, burn, and
between them split cards, fuse, aftermath, splice and Rooms. A deck is chosen per rule version: a
card the version's rules refuse (a Room before Rooms existed) leaves its slots to the deck's
spares. An aftermath card stays under every version; before aftermath existed its second half is cast from the hand like
any split card's, never from a graveyard (702.127a).

The card data, ``FACES`` and ``cards()``, was held here in 0.1: both still import from here, with
a ``DeprecationWarning`` naming :mod:`~splitcards.tools.play.democards`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from splitcards.errors import UnknownCard
from splitcards.game import renamed
from splitcards.game.table import Table
from splitcards.rules.card import Card
from splitcards.tools.play.democards import cards as demo_cards


@dataclass(frozen=True, slots=True)
class DemoDeck:
    """One embedded demo deck: its name, copies of each spell, its lands, and the cards that take
    the slots of a card the rule version refuses (a Room before Rooms existed), half each."""

    name: str
    spells: Mapping[str, int]
    lands: Mapping[str, int]
    spares: tuple[str, str]


# Two 60-card decks of the kind a player brings to a casual game (at most 4 of a card, 21 and 20
# lands, so that games end in about 15 turns): creatures that attack, burn and removal, and between
# them every kind of card the split-card rules cover, enough of each that most games see it: fuse
# (Turn // Burn, and Wear // Tear, with Alpha Myr an artifact to target), splice onto Arcane in both
# decks (Glacial Ray and Spiritual Visit, with Reach Through Mists, Lava Spike and one another to
# splice onto), aftermath halves castable in the deck's colors (Injury, Victory) and Rooms.
DEMO_DECKS: tuple[DemoDeck, DemoDeck] = (
    DemoDeck(
        "Izzet Tempo",
        {
            "Raging Goblin": 4,
            "Alpha Myr": 4,
            "Valley Dasher": 4,
            "Wind Drake": 3,
            "Lava Spike": 4,  # Arcane
            "Fire // Ice": 2,
            "Turn // Burn": 4,  # fuse
            "Glacial Ray": 4,  # Arcane, splices onto Arcane
            "Reach Through Mists": 4,  # Arcane
            "Insult // Injury": 2,  # aftermath
            "Bottomless Pool // Locker Room": 4,  # a Room
        },
        {"Mountain": 12, "Island": 9},
        ("Hulking Goblin", "Gray Ogre"),
    ),
    DemoDeck(
        "Boros Charge",
        {
            "Savannah Lions": 4,
            "Elite Vanguard": 4,
            "Hulking Goblin": 4,
            "Glory Seeker": 4,
            "Glacial Ray": 4,  # Arcane, splices onto Arcane
            "Spiritual Visit": 4,  # Arcane, splices onto Arcane
            "Lava Spike": 2,  # Arcane
            "Integrity // Intervention": 2,  # a split card
            "Wear // Tear": 4,  # fuse
            "Onward // Victory": 4,  # aftermath
            "Glassworks // Shattered Yard": 4,  # a Room
        },
        {"Plains": 10, "Mountain": 10},
        ("Hill Giant", "Gray Ogre"),
    ),
)


@dataclass(frozen=True, slots=True)
class Decks:
    """The decks of a game: the cards they use, p1's deck and p2's in library order, and the
    refusals of the cards left out of the demo decks under the game's rule version."""

    cards: tuple[Card, ...]
    deck: tuple[Card, ...]
    opponent: tuple[Card, ...]
    left_out: tuple[str, ...] = ()
    names: tuple[str, str] = ("", "")


def deck_for(table: Table) -> Decks:
    """The two demo decks for the table's rule version: the slots of a card the rules refuse go
    to the deck's spares."""
    pool = demo_cards()
    left_out: list[str] = []
    libraries: list[tuple[Card, ...]] = []
    for demo in DEMO_DECKS:
        counts = dict(demo.spells)
        for name in demo.spells:
            try:
                table.check_card(pool[name])
            except UnknownCard as exc:
                if str(exc) not in left_out:
                    left_out.append(str(exc))
                spare = counts.pop(name)
                counts[demo.spares[0]] = counts.get(demo.spares[0], 0) + spare - spare // 2
                counts[demo.spares[1]] = counts.get(demo.spares[1], 0) + spare // 2
        counts.update(demo.lands)
        libraries.append(tuple(pool[name] for name, n in counts.items() for _ in range(n)))
    used = tuple(dict.fromkeys(card for library in libraries for card in library))
    names = (DEMO_DECKS[0].name, DEMO_DECKS[1].name)
    return Decks(used, libraries[0], libraries[1], tuple(left_out), names)


# The card data moved to democards; its names of 0.1 keep working here (deprecated).
__getattr__ = renamed(
    __name__, {"FACES": "splitcards.tools.play.democards.FACES", "cards": "splitcards.tools.play.democards.cards"}
)
