"""The cards and decks of ``splitcards demo`` (and of the soak, the differential test and the
benchmarks); a player's own decks come from :mod:`splitcards.tools.play.decklists`.

Card data is embedded here as MTGJSON atomic faces, every printed characteristic with them, so
a game needs no file and no network and the engine builds real cards: creatures with their
power and toughness, burn that its own card parser reads. The two demo decks are aggressive
60-card decks, Izzet and Boros, with creatures, burn, and between them split cards, fuse,
aftermath, splice and Rooms. A deck is chosen per rule version: a card the version's rules refuse
(a Room before Rooms existed) leaves its slots to the deck's spares. An aftermath card
stays under every version; before aftermath existed its second half is cast from the hand like
any split card's, never from a graveyard (702.127a).
"""

from __future__ import annotations

from collections.abc import Mapping
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


def _keywords(keywords: list[str]) -> dict[str, Any]:
    # MTGJSON leaves the list out of a face that has no keywords.
    return {"keywords": keywords} if keywords else {}


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
    "Spiritual Visit": [
        _face(
            "Spiritual Visit",
            "{W}",
            "Instant — Arcane",
            "W",
            "Create a 1/1 colorless Spirit creature token.\nSplice onto Arcane {W} (As you cast an Arcane spell,"
            " you may reveal this card from your hand and pay its splice cost. If you do, add this card's effects to"
            " that spell.)",
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
    "Lightning Bolt": [_face("Lightning Bolt", "{R}", "Instant", "R", "Lightning Bolt deals 3 damage to any target.")],
    "Shock": [_face("Shock", "{R}", "Instant", "R", "Shock deals 2 damage to any target.")],
    "Lava Spike": [
        _face(
            "Lava Spike", "{R}", "Sorcery — Arcane", "R", "Lava Spike deals 3 damage to target player or planeswalker."
        )
    ],
    "Turn // Burn": _split(
        "split",
        _face(
            "Turn",
            "{2}{U}",
            "Instant",
            "U",
            "Until end of turn, target creature loses all abilities and becomes a red Weird with base power and"
            " toughness 0/1." + _FUSE,
        ),
        _face("Burn", "{1}{R}", "Instant", "R", "Burn deals 2 damage to any target." + _FUSE),
    ),
    "Integrity // Intervention": _split(
        "split",
        _face("Integrity", "{R/W}", "Instant", "RW", "Target creature gets +2/+2 until end of turn."),
        _face(
            "Intervention",
            "{2}{R}{W}",
            "Instant",
            "RW",
            "Intervention deals 3 damage to any target and you gain 3 life.",
        ),
    ),
    "Cut // Ribbons": _split(
        "aftermath",
        _face("Cut", "{1}{R}", "Sorcery", "R", "Cut deals 4 damage to target creature."),
        _face(
            "Ribbons",
            "{X}{B}{B}",
            "Sorcery",
            "B",
            "Aftermath (Cast this spell only from your graveyard. Then exile it.)\nEach opponent loses X life.",
        ),
    ),
    "Insult // Injury": _split(
        "aftermath",
        _face(
            "Insult",
            "{2}{R}",
            "Sorcery",
            "R",
            "Damage can't be prevented this turn. If a source you control would deal damage this turn, it deals double"
            " that damage instead.",
        ),
        _face(
            "Injury",
            "{2}{R}",
            "Sorcery",
            "R",
            "Aftermath (Cast this spell only from your graveyard. Then exile it.)\n"
            "Injury deals 2 damage to target creature and 2 damage to target player or planeswalker.",
        ),
    ),
    "Onward // Victory": _split(
        "aftermath",
        _face(
            "Onward",
            "{2}{R}",
            "Sorcery",
            "R",
            "Target creature gets +X/+0 until end of turn, where X is its power. It gains first strike until end of"
            " turn.",
        ),
        _face(
            "Victory",
            "{2}{W}",
            "Sorcery",
            "W",
            "Aftermath (Cast this spell only from your graveyard. Then exile it.)\n"
            "Target creature gains double strike until end of turn.",
        ),
    ),
    "Glassworks // Shattered Yard": _split(
        "split",
        _face(
            "Glassworks",
            "{1}{R}",
            "Enchantment — Room",
            "R",
            "When you unlock this door, this Room deals 4 damage to target creature an opponent controls."
            + _ROOM_REMINDER,
        ),
        _face(
            "Shattered Yard",
            "{4}{R}",
            "Enchantment — Room",
            "R",
            "At the beginning of your end step, this Room deals 1 damage to each opponent." + _ROOM_REMINDER,
        ),
    ),
    **{
        name: [_face(name, cost, types, colors, text, power=power, toughness=toughness, **_keywords(keywords))]
        for name, cost, types, colors, text, power, toughness, keywords in (
            ("Raging Goblin", "{R}", "Creature — Goblin Berserker", "R", "Haste", "1", "1", ["Haste"]),
            ("Goblin Piker", "{1}{R}", "Creature — Goblin Warrior", "R", "Goblin Piker can't block.", "2", "1", []),
            ("Hulking Goblin", "{1}{R}", "Creature — Goblin", "R", "Hulking Goblin can't block.", "2", "2", []),
            (
                "Valley Dasher",
                "{1}{R}",
                "Creature — Human Berserker",
                "R",
                "Haste\nValley Dasher attacks each combat if able.",
                "2",
                "2",
                ["Haste"],
            ),
            ("Elite Vanguard", "{W}", "Creature — Human Soldier", "W", "", "2", "1", []),
            ("Hill Giant", "{3}{R}", "Creature — Giant", "R", "", "3", "3", []),
            ("Gray Ogre", "{2}{R}", "Creature — Ogre", "R", "", "2", "2", []),
            ("Wind Drake", "{2}{U}", "Creature — Drake", "U", "Flying", "2", "2", ["Flying"]),
            ("Air Elemental", "{3}{U}{U}", "Creature — Elemental", "U", "Flying", "4", "4", ["Flying"]),
            ("Savannah Lions", "{W}", "Creature — Cat", "W", "", "2", "1", []),
            ("Alpha Myr", "{2}", "Artifact Creature — Myr", "", "", "2", "1", []),
            ("Glory Seeker", "{1}{W}", "Creature — Human Soldier", "W", "", "2", "2", []),
            (
                "Serra Angel",
                "{3}{W}{W}",
                "Creature — Angel",
                "W",
                "Flying\nVigilance",
                "4",
                "4",
                ["Flying", "Vigilance"],
            ),
        )
    },
}


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


def cards() -> dict[str, Card]:
    """Every embedded card, by name (the demo decks' and a few more that tests use)."""
    out = {name: card_from_mtgjson(faces, name) for name, faces in FACES.items()}
    for land in BASIC_LANDS:
        out[land] = basic_land(land)
    return out


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
    pool = cards()
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
