"""Splice: every printed card with splice, its parsed target requirements, and the 702.47b check
that the board can supply them (109.2a: a "card" in a zone is a card there, not a permanent)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from splitcards.cards.loaders import card_from_mtgjson
from splitcards.errors import IllegalCast, IllegalSplice
from splitcards.game.table import Table
from splitcards.rules.card import Card, Target
from splitcards.rules.casting import spliceable, target_exists
from splitcards.rules.model import Answer, CastOption, ObjectView, Player, SpellFacts, Zone
from splitcards.rules.oracle import parse_targets, text_features
from splitcards.rules.versions import RuleVersion

REMINDER = (
    " (As you cast {a} {q} spell, you may reveal this card from your hand and pay its splice cost. If you do, add this"
    " card's effects to that spell.)"
)
ARCANE = ("Arcane",)
INSTANT_OR_SORCERY = ("Instant", "Sorcery")


def creature(**narrowing: Any) -> Target:
    return Target("permanent", types=("Creature",), zone="battlefield", **narrowing)


# Oracle text of every card with splice (27 onto Arcane from Champions, Betrayers and Saviors of
# Kamigawa; Everdream and Splicer's Skill from Modern Horizons; Fell Beast's Shriek from the Tales of
# Middle-earth Commander decks): name, text without the splice line, splice quality, splice cost
# (mana, or the other cost after the dash), expected targets.
SPLICE_CARDS: list[tuple[str, str, tuple[str, ...], str, tuple[Target, ...]]] = [
    (
        "Blessed Breath",
        "Target creature you control gains protection from the color of your choice until end of turn.",
        ARCANE,
        "{W}",
        (creature(controller="you"),),
    ),
    (
        "Candles' Glow",
        "Prevent the next 3 damage that would be dealt to any target this turn. You gain life equal to the damage"
        " prevented this way.",
        ARCANE,
        "{1}{W}",
        (Target("any"),),
    ),
    (
        "Hundred-Talon Strike",
        "Target creature gets +1/+0 and gains first strike until end of turn.",
        ARCANE,
        "Tap an untapped white creature you control",
        (creature(),),
    ),
    ("Spiritual Visit", "Create a 1/1 colorless Spirit creature token.", ARCANE, "{W}", ()),
    ("Dampen Thought", "Target player mills four cards.", ARCANE, "{1}{U}", (Target("player"),)),
    ("Consuming Vortex", "Return target creature to its owner's hand.", ARCANE, "{3}{U}", (creature(),)),
    (
        "Veil of Secrecy",
        "Target creature gains shroud until end of turn and can't be blocked this turn. (A creature with shroud can't"
        " be the target of spells or abilities.)",
        ARCANE,
        "Return a blue creature you control to its owner's hand",
        (creature(),),
    ),
    (
        "Shifting Borders",
        "Exchange control of two target lands.",
        ARCANE,
        "{3}{U}",
        (Target("permanent", count=2, types=("Land",), zone="battlefield"),),
    ),
    (
        "Psychic Puppetry",
        "You may tap or untap target permanent.",
        ARCANE,
        "{U}",
        (Target("permanent", zone="battlefield"),),
    ),
    (
        "Reweave",
        "Target permanent's controller sacrifices it. If they do, they reveal cards from the top of their library"
        " until they reveal a permanent card that shares a card type with the sacrificed permanent, put that card onto"
        " the battlefield, then shuffle.",
        ARCANE,
        "{2}{U}{U}",
        (Target("permanent", zone="battlefield"),),
    ),
    ("Lifted by Clouds", "Target creature gains flying until end of turn.", ARCANE, "{1}{U}", (creature(),)),
    ("Evermind", "Draw a card.", ARCANE, "{1}{U}", ()),
    ("Hideous Laughter", "All creatures get -2/-2 until end of turn.", ARCANE, "{3}{B}{B}", ()),
    (
        "Soulless Revival",
        "Return target creature card from your graveyard to your hand.",
        ARCANE,
        "{1}{B}",
        (Target("card", types=("Creature",), zone="graveyard", owner="you"),),
    ),
    (
        "Horobi's Whisper",
        "If you control a Swamp, destroy target nonblack creature.",
        ARCANE,
        "Exile four cards from your graveyard",
        (creature(excluded=("B",)),),
    ),
    (
        "Goryo's Vengeance",
        "Return target legendary creature card from your graveyard to the battlefield. It gains haste. Exile it at the"
        " beginning of the next end step.",
        ARCANE,
        "{2}{B}",
        (Target("card", types=("Creature",), supertypes=("Legendary",), zone="graveyard", owner="you"),),
    ),
    ("Glacial Ray", "Glacial Ray deals 2 damage to any target.", ARCANE, "{1}{R}", (Target("any"),)),
    ("Desperate Ritual", "Add {R}{R}{R}.", ARCANE, "{1}{R}", ()),
    (
        "Through the Breach",
        "You may put a creature card from your hand onto the battlefield. That creature gains haste. Sacrifice that"
        " creature at the beginning of the next end step.",
        ARCANE,
        "{2}{R}{R}",
        (),
    ),
    (
        "Torrent of Stone",
        "Torrent of Stone deals 4 damage to target creature.",
        ARCANE,
        "Sacrifice two Mountains",
        (creature(),),
    ),
    (
        "Overblaze",
        "Each time target permanent would deal damage to a permanent or player this turn, it deals double that damage"
        " to that permanent or player instead.",
        ARCANE,
        "{2}{R}{R}",
        (Target("permanent", zone="battlefield"),),
    ),
    (
        "Strange Inversion",
        "Switch target creature's power and toughness until end of turn.",
        ARCANE,
        "{1}{R}",
        (creature(),),
    ),
    ("Into the Fray", "Target creature attacks this turn if able.", ARCANE, "{R}", (creature(),)),
    (
        "Wear Away",
        "Destroy target artifact or enchantment.",
        ARCANE,
        "{3}{G}",
        (Target("permanent", types=("Artifact", "Enchantment"), zone="battlefield"),),
    ),
    ("Vital Surge", "You gain 3 life.", ARCANE, "{1}{G}", ()),
    ("Kodama's Might", "Target creature gets +2/+2 until end of turn.", ARCANE, "{G}", (creature(),)),
    (
        "Roar of Jukai",
        "If you control a Forest, each blocked creature gets +2/+2 until end of turn.",
        ARCANE,
        "An opponent gains 5 life",
        (),
    ),
    ("Everdream", "Draw a card.", INSTANT_OR_SORCERY, "{2}{U}", ()),
    (
        "Splicer's Skill",
        "Create a 3/3 colorless Phyrexian Golem artifact creature token.",
        INSTANT_OR_SORCERY,
        "{3}{W}",
        (),
    ),
    (
        "Fell Beast's Shriek",
        "Each opponent chooses a creature they control. Tap and goad the chosen creatures. (Until your next turn, those"
        " creatures attack each combat if able and attack a player other than you if able.)",
        INSTANT_OR_SORCERY,
        "{2}{U}{R}",
        (),
    ),
]


def oracle(text: str, qualities: tuple[str, ...], cost: str) -> str:
    quality = " or ".join(q if q == "Arcane" else q.lower() for q in qualities)
    line = f"Splice onto {quality} {cost}" if cost.startswith("{") else f"Splice onto {quality}—{cost}."
    article = "an" if quality[0] in "AEIOUaeiou" else "a"
    return f"{text}\n{line}{REMINDER.format(a=article, q=quality)}"


def test_every_splice_card_is_listed() -> None:
    names = [row[0] for row in SPLICE_CARDS]
    assert len(names) == len(set(names)) == 30
    assert sum(row[2] == ARCANE for row in SPLICE_CARDS) == 27


@pytest.mark.parametrize(
    ("name", "text", "qualities", "cost", "targets"), SPLICE_CARDS, ids=[r[0] for r in SPLICE_CARDS]
)
def test_702_47b_splice_card_target_requirements(
    name: str, text: str, qualities: tuple[str, ...], cost: str, targets: tuple[Target, ...]
) -> None:
    splice, parsed, _, _ = text_features(oracle(text, qualities, cost))
    assert splice is not None
    assert splice.qualities == qualities
    assert (str(splice.cost) if splice.cost else splice.other_cost) == cost
    assert parsed == targets


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Counter target instant or sorcery spell.", Target("spell", types=("Instant", "Sorcery"), zone="stack")),
        (
            "Counter target creature spell you don't control.",
            Target("spell", types=("Creature",), zone="stack", controller="opponent"),
        ),
        ("Counter target noncreature spell.", Target("spell", excluded=("Creature",), zone="stack")),
        ("Target opponent discards a card.", Target("opponent")),
        ("Deals 3 damage to target creature or player.", creature(or_player="player")),
        (
            "Deals 3 damage to target player or planeswalker.",
            Target("permanent", types=("Planeswalker",), zone="battlefield", or_player="player"),
        ),
        ("Destroy up to two target creatures.", creature(count=2, optional=True)),
        ("Destroy target non-Spirit creature.", creature(excluded=("Spirit",))),
        ("Destroy target Spirit.", Target("permanent", types=("Spirit",), zone="battlefield")),
        ("Destroy target tapped creature.", creature(unjudged=("tapped",))),
        ("Exile target card from a graveyard.", Target("card", zone="graveyard")),
        (
            "Put target creature card from an opponent's graveyard onto the battlefield under your control.",
            Target("card", types=("Creature",), zone="graveyard", owner="opponent"),
        ),
        (
            "Return target creature card with mana value 3 or less from your graveyard to the battlefield.",
            Target("card", types=("Creature",), zone="graveyard", owner="you", unjudged=("with mana value 3 or less",)),
        ),
        (
            "Exile target nonland permanent an opponent controls.",
            Target("permanent", excluded=("Land",), zone="battlefield", controller="opponent"),
        ),
        (
            "Counter target activated or triggered ability.",
            Target("ability", zone="stack", unjudged=("activated", "triggered")),
        ),
        ("Choose one —\n• Destroy target creature.\n• Draw a card.", creature(optional=True)),
        (
            'Target land gains "{T}: This land deals 1 damage to any target."',
            Target("permanent", types=("Land",), zone="battlefield"),
        ),
    ],
)
def test_115_1_target_description_parsed_whole(text: str, expected: Target) -> None:
    assert parse_targets(text) == (expected,)


def test_ward_reminder_and_shroud_words_are_no_targets() -> None:
    assert parse_targets("This creature can't be the target of spells or abilities your opponents control.") == ()


# -- the board -------------------------------------------------------------------------------

FACES: dict[str, list[dict[str, Any]]] = {
    "Reach Through Mists": [
        {
            "name": "Reach Through Mists",
            "manaCost": "{U}",
            "type": "Instant — Arcane",
            "types": ["Instant"],
            "subtypes": ["Arcane"],
            "colors": ["U"],
            "text": "Draw a card.",
        }
    ],
    "Griselbrand": [
        {
            "name": "Griselbrand",
            "manaCost": "{4}{B}{B}{B}{B}",
            "type": "Legendary Creature — Demon",
            "types": ["Creature"],
            "subtypes": ["Demon"],
            "supertypes": ["Legendary"],
            "colors": ["B"],
        }
    ],
    "Grizzly Bears": [
        {
            "name": "Grizzly Bears",
            "manaCost": "{1}{G}",
            "type": "Creature — Bear",
            "types": ["Creature"],
            "subtypes": ["Bear"],
            "colors": ["G"],
        }
    ],
    "Dread Shade": [
        {
            "name": "Dread Shade",
            "manaCost": "{B}{B}{B}",
            "type": "Creature — Shade",
            "types": ["Creature"],
            "subtypes": ["Shade"],
            "colors": ["B"],
        }
    ],
    "Forest": [
        {
            "name": "Forest",
            "type": "Basic Land — Forest",
            "types": ["Land"],
            "subtypes": ["Forest"],
            "supertypes": ["Basic"],
            "colors": [],
        }
    ],
}
for name, text, qualities, cost, _ in SPLICE_CARDS:
    FACES[name] = [
        {
            "name": name,
            "manaCost": {"Evermind": ""}.get(name, "{1}"),
            "type": "Instant — Arcane",
            "types": ["Instant"],
            "subtypes": ["Arcane"],
            "colors": ["U"],
            "text": oracle(text, qualities, cost),
        }
    ]


@pytest.fixture(scope="module")
def made() -> dict[str, Card]:
    return {name: card_from_mtgjson(faces, name) for name, faces in FACES.items()}


def test_702_47b_goryos_vengeance_finds_the_card_in_its_casters_graveyard(
    table: Callable[[str], Table], made: dict[str, Card]
) -> None:
    t = table("duskmourn-2024")
    rtm = t.create(made["Reach Through Mists"], Zone.HAND)
    goryo = t.create(made["Goryo's Vengeance"], Zone.HAND)
    t.create(made["Griselbrand"], Zone.GRAVEYARD, Player.P1)
    assert t.splice_candidates(rtm).value == (goryo,)
    t.cast(rtm, splice=[goryo])
    assert [e.kind for e in t.events] == ["spliced", "cast"]


def test_702_47b_goryos_vengeance_refused_with_the_card_in_the_opponents_graveyard(
    table: Callable[[str], Table], made: dict[str, Card]
) -> None:
    t = table("duskmourn-2024")
    rtm = t.create(made["Reach Through Mists"], Zone.HAND)
    goryo = t.create(made["Goryo's Vengeance"], Zone.HAND)
    t.create(made["Griselbrand"], Zone.GRAVEYARD, Player.P2)
    t.create(made["Griselbrand"], Zone.BATTLEFIELD, Player.P1)  # a permanent is no card in a graveyard (109.2a)
    t.create(made["Grizzly Bears"], Zone.GRAVEYARD, Player.P1)  # not legendary
    with pytest.raises(IllegalSplice, match="legendary creature card in your graveyard") as refused:
        t.cast(rtm, splice=[goryo])
    assert refused.value.rules == ("702.47b", "109.2a", "109.2b", "115.5")
    assert t.splice_candidates(rtm).value == ()


@pytest.mark.parametrize(("version", "numbers"), [("invasion-2000", "702.44b"), ("classic-2013", "702.46b")])
def test_splice_choices_cited_by_edition(
    table: Callable[[str], Table], made: dict[str, Card], version: str, numbers: str
) -> None:
    t = table(version)
    rtm = t.create(made["Reach Through Mists"], Zone.HAND)
    revival = t.create(made["Soulless Revival"], Zone.HAND)
    with pytest.raises(IllegalSplice, match=numbers):
        t.cast(rtm, splice=[revival])


def test_702_47b_two_targets_need_two_lands(table: Callable[[str], Table], made: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    rtm = t.create(made["Reach Through Mists"], Zone.HAND)
    borders = t.create(made["Shifting Borders"], Zone.HAND)
    t.create(made["Forest"], Zone.BATTLEFIELD)
    with pytest.raises(IllegalSplice, match="2 lands"):
        t.cast(rtm, splice=[borders])
    t.create(made["Forest"], Zone.BATTLEFIELD, Player.P2)
    t.cast(rtm, splice=[borders])


def test_702_47b_nonblack_is_judged(table: Callable[[str], Table], made: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    rtm = t.create(made["Reach Through Mists"], Zone.HAND)
    whisper = t.create(made["Horobi's Whisper"], Zone.HAND)
    t.create(made["Dread Shade"], Zone.BATTLEFIELD, Player.P2)
    with pytest.raises(IllegalSplice, match="nonblack creature"):
        t.cast(rtm, splice=[whisper])


def test_115_5_a_card_being_cast_from_a_graveyard_is_not_there_to_target(
    v: dict[str, RuleVersion], made: dict[str, Card]
) -> None:
    revival = parse_targets("Return target instant card from your graveyard to your hand.")[0]
    mists = ObjectView(made["Reach Through Mists"], Zone.GRAVEYARD)
    board = [mists]
    assert target_exists(revival, board, v["duskmourn-2024"], Player.P1)
    assert not target_exists(revival, board, v["duskmourn-2024"], Player.P1, exclude=mists)
    assert target_exists(revival, [mists, mists], v["duskmourn-2024"], Player.P1, exclude=mists)


def test_109_2b_a_spell_target_is_a_spell_on_the_stack(v: dict[str, RuleVersion], made: dict[str, Card]) -> None:
    counter = parse_targets("Counter target creature spell.")[0]
    bears = made["Grizzly Bears"]
    in_hand = ObjectView(bears, Zone.HAND)
    on_stack = ObjectView(bears, Zone.STACK, spell=SpellFacts(CastOption.WHOLE))
    assert not target_exists(counter, [in_hand], v["duskmourn-2024"], Player.P1)
    assert target_exists(counter, [in_hand, on_stack], v["duskmourn-2024"], Player.P1)


def test_202_1b_evermind_is_spliced_never_cast(table: Callable[[str], Table], made: dict[str, Card]) -> None:
    t = table("duskmourn-2024")
    evermind = t.create(made["Evermind"], Zone.HAND)
    assert t.castable(evermind).value == ()
    with pytest.raises(IllegalCast, match=r"202\.1b, 118\.6"):
        t.cast(evermind)
    rtm = t.create(made["Reach Through Mists"], Zone.HAND)
    t.cast(rtm, splice=[evermind])
    assert str(t.last_cost) == "{1}{U}{U}"  # {U} for the spell, {1}{U} to splice Evermind


@pytest.mark.parametrize(("version", "number"), [("invasion-2000", "702.44a"), ("duskmourn-2024", "702.47a")])
def test_702_47a_only_a_card_with_a_splice_ability_could_be_spliced(
    v: dict[str, RuleVersion], cards: dict[str, Card], version: str, number: str
) -> None:
    hand = [
        ("a", ObjectView(cards["Reach Through Mists"], Zone.HAND)),
        ("b", ObjectView(cards["Desperate Ritual"], Zone.HAND)),
        ("c", ObjectView(cards["Fire // Ice"], Zone.HAND)),
        ("d", ObjectView(cards["Glacial Ray"], Zone.HAND, Player.P2, Player.P2)),
    ]
    assert spliceable(hand, v[version]) == Answer(("b", "d"), (number,), version)
