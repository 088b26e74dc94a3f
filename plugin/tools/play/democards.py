"""The cards of ``splitcards demo`` (and of the soak, the differential test, the benchmarks and
the tests), embedded as MTGJSON atomic faces, every printed characteristic with them: a game
needs no file and no network, and the engine builds real cards: creatures with their power and
toughness, burn that its own card parser reads. The decks built of them are
:mod:`splitcards.tools.play.decks`.
"""

from __future__ import annotations

from typing import Any

from splitcards.cards.loaders import BASIC_LANDS, basic_land, card_from_mtgjson
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


def cards() -> dict[str, Card]:
    """Every embedded card, by name (the demo decks' and a few more that tests use)."""
    out = {name: card_from_mtgjson(faces, name) for name, faces in FACES.items()}
    for land in BASIC_LANDS:
        out[land] = basic_land(land)
    return out
