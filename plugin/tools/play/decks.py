"""The cards and decks of ``splitcards demo`` (and of the differential test and the benchmark);
a player's own decks come from :mod:`splitcards.tools.play.decklists`.

Card data is embedded here as MTGJSON atomic faces, so a game needs no file and no network.
A deck is chosen per rule version: a card whose kind the version lacks (a Room or an
aftermath card before they existed) is refused by the rules, and its slots go to other cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from splitcards.cards.loaders import BASIC_LANDS, basic_land, card_from_mtgjson
from splitcards.errors import UnknownCard
from splitcards.game.table import Table
from splitcards.rules.card import Card


def _face(name: str, cost: str, types: str, colors: str, text: str, **extra: Any) -> dict[str, Any]:
    main, _, sub = types.partition(" — ")
    words = main.split()
    face: dict[str, Any] = {
        "name": name,
        "layout": "normal",
        "manaCost": cost,
        "type": types,
        "types": [w for w in words if w != "Legendary"],
        "subtypes": sub.split(),
        "supertypes": [w for w in words if w == "Legendary"],
        "colors": list(colors),
        "text": text,
    }
    face.update(extra)
    return face


def _split(layout: str, left: dict[str, Any], right: dict[str, Any]) -> list[dict[str, Any]]:
    full = f"{left['name']} // {right['name']}"
    faces = []
    for side, half in (("a", left), ("b", right)):
        face = dict(half, name=full, faceName=half["name"], side=side, layout=layout)
        faces.append(face)
    return faces


_ROOM_REMINDER = (
    "\n(You may cast either half. That door unlocks on the battlefield. As a sorcery, you may pay the mana cost of a"
    " locked door to unlock it.)"
)
_FUSE = "\nFuse (You may cast one or both halves of this card from your hand.)"

FACES: dict[str, list[dict[str, Any]]] = {
    "Fire // Ice": _split(
        "split",
        _face("Fire", "{1}{R}", "Instant", "R", "Fire deals 2 damage divided as you choose among one or two targets."),
        _face("Ice", "{1}{U}", "Instant", "U", "Tap target permanent.\nDraw a card."),
    ),
    "Assault // Battery": _split(
        "split",
        _face("Assault", "{R}", "Sorcery", "R", "Assault deals 2 damage to any target."),
        _face("Battery", "{3}{G}", "Sorcery", "G", "Create a 3/3 green Elephant creature token."),
    ),
    "Wear // Tear": _split(
        "split",
        _face("Wear", "{1}{R}", "Instant", "R", "Destroy target artifact." + _FUSE),
        _face("Tear", "{W}", "Instant", "W", "Destroy target enchantment." + _FUSE),
    ),
    "Commit // Memory": _split(
        "aftermath",
        _face(
            "Commit",
            "{3}{U}",
            "Instant",
            "U",
            "Put target spell or nonland permanent into its owner's library second from the top.",
        ),
        _face(
            "Memory",
            "{4}{U}{U}",
            "Sorcery",
            "U",
            "Aftermath (Cast this spell only from your graveyard. Then exile it.)\n"
            "Each player shuffles their hand and graveyard into their library, then draws seven cards.",
        ),
    ),
    "Bottomless Pool // Locker Room": _split(
        "split",
        _face(
            "Bottomless Pool",
            "{U}",
            "Enchantment — Room",
            "U",
            "When you unlock this door, return up to one target creature to its owner's hand." + _ROOM_REMINDER,
        ),
        _face(
            "Locker Room",
            "{4}{U}",
            "Enchantment — Room",
            "U",
            "Whenever one or more creatures you control deal combat damage to a player, draw a card." + _ROOM_REMINDER,
        ),
    ),
    "Reach Through Mists": [_face("Reach Through Mists", "{U}", "Instant — Arcane", "U", "Draw a card.")],
    "Glacial Ray": [
        _face(
            "Glacial Ray",
            "{1}{R}",
            "Instant — Arcane",
            "R",
            "Glacial Ray deals 2 damage to any target.\nSplice onto Arcane {1}{R} (As you cast an Arcane spell, you may"
            " reveal this card from your hand and pay its splice cost. If you do, add this card's effects to that"
            " spell.)",
        )
    ],
    "Grizzly Bears": [_face("Grizzly Bears", "{1}{G}", "Creature — Bear", "G", "", power="2", toughness="2")],
    "Ornithopter": [
        _face(
            "Ornithopter",
            "{0}",
            "Artifact Creature — Thopter",
            "",
            "Flying",
            power="0",
            toughness="2",
            keywords=["Flying"],
        )
    ],
}

# Card name -> copies per deck; lands fill the rest.
DECK: dict[str, int] = {
    "Fire // Ice": 4,
    "Assault // Battery": 2,
    "Wear // Tear": 3,
    "Commit // Memory": 3,
    "Bottomless Pool // Locker Room": 4,
    "Reach Through Mists": 3,
    "Glacial Ray": 3,
    "Grizzly Bears": 6,
    "Ornithopter": 2,
}
LANDS: dict[str, int] = {"Island": 8, "Mountain": 8, "Forest": 4, "Plains": 3}


def cards() -> dict[str, Card]:
    """Every demo card, by name."""
    out = {name: card_from_mtgjson(faces, name) for name, faces in FACES.items()}
    for land in BASIC_LANDS:
        out[land] = basic_land(land)
    return out


@dataclass(frozen=True, slots=True)
class Decks:
    """The decks of a game: the cards they use, p1's deck and p2's in library order, and the
    refusals of the cards left out of the demo deck under the game's rule version."""

    cards: tuple[Card, ...]
    deck: tuple[Card, ...]
    opponent: tuple[Card, ...]
    left_out: tuple[str, ...] = ()


def deck_for(table: Table) -> Decks:
    """The demo deck for the table's rule version: slots of a card the rules refuse go to
    Fire // Ice and Grizzly Bears."""
    pool = cards()
    counts = dict(DECK)
    left_out = []
    for name in DECK:
        try:
            table.check_card(pool[name])
        except UnknownCard as exc:
            left_out.append(str(exc))
            spare = counts.pop(name)
            counts["Fire // Ice"] += spare - spare // 2
            counts["Grizzly Bears"] += spare // 2
    counts.update(LANDS)
    deck = tuple(pool[name] for name, n in counts.items() for _ in range(n))
    return Decks(tuple(pool[name] for name in counts), deck, deck, tuple(left_out))
