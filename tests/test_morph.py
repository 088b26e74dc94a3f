"""Casting a card face down with morph or disguise (708.4, 702.37, 702.168): the face-down spell, the
face-down permanent it becomes, and turning it face up by the special action for its keyword's cost."""

from __future__ import annotations

import dataclasses

import pytest

from splitcards.cards.loaders import card_from_mtgjson
from splitcards.errors import HostError, IllegalCast, IllegalTiming, IllegalZone, NotInRules, NotSupported
from splitcards.game.configuration.registry import load_registry
from splitcards.game.contract.capabilities import Capability
from splitcards.game.contract.memory import MemoryHost
from splitcards.game.table import Table
from splitcards.rules import characteristics as ch
from splitcards.rules import faces
from splitcards.rules.card import Card
from splitcards.rules.faces import FaceUpBy
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastFaceDown, CastOption, ObjectView, Phase, Player, SpellFacts, Timing, Zone
from splitcards.rules.versions import RuleVersion
from splitcards.tools.conformance.needs import needs
from splitcards.tools.conformance.scenario import parse

REGISTRY = load_registry()
MAIN = Timing()
"""P1's first main phase, P1 with priority, the stack empty."""
EDITIONS = ("invasion-2000", "classic-2009", "classic-2013", "amonkhet-2017", "current")


def rules(name: str) -> RuleVersion:
    return REGISTRY.get(name)


def _split(name: str, halves: tuple[tuple[str, str, str], ...], types: list[str], sub: list[str]) -> Card:
    faces_ = [
        {"name": name, "faceName": half, "side": side, "layout": "split", "manaCost": cost, "types": types,
         "subtypes": sub, "text": text}
        for side, (half, cost, text) in zip(("a", "b"), halves, strict=True)
    ]  # fmt: skip
    return card_from_mtgjson(faces_, name)


# Test cards: no printed Room or split card has morph or disguise.
HALL = _split(
    "Masked Hall // Unmasked Vault",
    (("Masked Hall", "{U}", "Morph {1}{U}\nDraw a card."), ("Unmasked Vault", "{4}{U}", "Draw two cards.")),
    ["Enchantment"],
    ["Room"],
)
PARLOR = _split(
    "Veiled Parlor // Open Gallery",
    (("Veiled Parlor", "{B}", "Disguise {2}{B}"), ("Open Gallery", "{3}{B}", "Each opponent loses 2 life.")),
    ["Enchantment"],
    ["Room"],
)
HIDE = _split("Hide // Seek", (("Hide", "{1}{R}", "Morph {2}"), ("Seek", "{1}{U}", "Draw a card.")), ["Instant"], [])
FIRE_ICE = _split("Fire // Ice", (("Fire", "{1}{R}", "Deal 2."), ("Ice", "{1}{U}", "Tap.")), ["Instant"], [])


def test_the_keyword_costs_are_read_from_either_half() -> None:
    assert faces.face_down_costs(HALL) == {CastFaceDown.MORPH: ManaCost.parse("{1}{U}")}
    assert faces.face_down_costs(PARLOR) == {CastFaceDown.DISGUISE: ManaCost.parse("{2}{B}")}
    assert faces.face_down_costs(FIRE_ICE) == {}


def test_a_face_down_room_spell_shows_nothing_of_its_card() -> None:
    current = rules("current")
    spell = SpellFacts(CastOption.WHOLE, cast_from=Zone.HAND, face_down=CastFaceDown.MORPH)
    view = ObjectView(HALL, Zone.STACK, spell=spell)
    assert ch.names(view, current).value == ()
    assert ch.card_types(view, current).value == ("Creature",)
    assert ch.subtypes(view, current).value == ()
    assert ch.mana_values(view, current).value == (0,)
    assert ch.colors(view, current).value == frozenset()
    assert "708.4" in ch.names(view, current).rules
    # The same card cast face up as its left door shows that door.
    face_up = ObjectView(HALL, Zone.STACK, spell=SpellFacts(CastOption.LEFT))
    assert ch.names(face_up, current).value == ("Masked Hall",)


@pytest.mark.parametrize("version", EDITIONS)
def test_a_card_with_morph_is_cast_face_down_for_3_under_every_edition(version: str) -> None:
    table = Table(MemoryHost(), rules(version))
    hide = table.create(HIDE, Zone.HAND)
    table.cast_face_down(hide, CastFaceDown.MORPH)
    assert table.last_cost == ManaCost.parse("{3}")
    assert ch.names(table.view(hide), rules(version)).value == ()
    outcome = table.resolve()
    view = table.view(hide)
    assert outcome.destination is Zone.BATTLEFIELD
    assert (view.zone, view.face_down, view.spell) == (Zone.BATTLEFIELD, True, None)


@pytest.mark.parametrize(
    ("version", "cited"),
    [
        ("invasion-2000", "502.26c"),
        ("classic-2009", "702.34c"),
        ("classic-2013", "702.36d"),
        ("amonkhet-2017", "702.36d"),
        ("current", "702.37d"),
    ],
)
def test_a_card_without_morph_is_not_cast_face_down(version: str, cited: str) -> None:
    refused = faces.face_down_cast_refusal(
        ObjectView(FIRE_ICE, Zone.HAND), CastFaceDown.MORPH, MAIN, Player.P1, rules(version)
    )
    assert isinstance(refused, IllegalCast) and cited in refused.rules


@pytest.mark.parametrize("version", EDITIONS[:-1])
def test_disguise_has_no_text_before_2024(version: str) -> None:
    parlor = ObjectView(PARLOR, Zone.HAND)
    refused = faces.face_down_cast_refusal(parlor, CastFaceDown.DISGUISE, MAIN, Player.P1, rules(version))
    assert isinstance(refused, NotInRules) and refused.rules == ()
    assert faces.face_down_cast_refusal(parlor, CastFaceDown.DISGUISE, MAIN, Player.P1, rules("current")) is None


def test_a_card_outside_its_owners_hand_is_not_cast_face_down() -> None:
    hide = ObjectView(HIDE, Zone.GRAVEYARD)
    refused = faces.face_down_cast_refusal(hide, CastFaceDown.MORPH, MAIN, Player.P1, rules("current"))
    assert isinstance(refused, IllegalZone)


def test_a_face_down_spell_is_cast_when_a_creature_spell_could_be() -> None:
    hide = ObjectView(HIDE, Zone.HAND)
    for timing in (dataclasses.replace(MAIN, stack_empty=False), dataclasses.replace(MAIN, phase=Phase.COMBAT)):
        refused = faces.face_down_cast_refusal(hide, CastFaceDown.MORPH, timing, Player.P1, rules("current"))
        assert isinstance(refused, IllegalTiming) and "307.1" in refused.rules
    assert isinstance(
        faces.face_down_cast_refusal(hide, CastFaceDown.MORPH, MAIN, Player.P2, rules("current")), IllegalTiming
    )


def test_a_refused_face_down_cast_changes_nothing() -> None:
    table = Table(MemoryHost(), rules("current"))
    fire = table.create(FIRE_ICE, Zone.HAND)
    before = table.snapshot()
    with pytest.raises(IllegalCast):
        table.cast_face_down(fire, "morph")
    assert table.snapshot() == before


def test_a_room_cast_face_down_turned_up_by_its_morph_cost_has_no_door_unlocked() -> None:
    current = rules("current")
    table = Table(MemoryHost(), current)
    hall = table.create(HALL, Zone.HAND)
    table.cast_face_down(hall, "morph")
    table.resolve()
    assert table.view(hall).unlocked == frozenset()
    assert ch.card_types(table.view(hall), current).value == ("Creature",)
    table.turn_face_up(hall)
    view = table.view(hall)
    assert (view.face_down, view.unlocked) == (False, frozenset())
    assert table.last_cost == ManaCost.parse("{1}{U}")
    assert ch.subtypes(view, current).value == ("Room",)


def test_the_special_action_pays_the_disguise_cost_of_an_enchantment_card() -> None:
    current = rules("current")
    down = ObjectView(PARLOR, Zone.BATTLEFIELD, face_down=True)
    # An enchantment card, no creature card: its disguise cost turns it face up all the same.
    assert faces.face_up_refusal(down, FaceUpBy.SPECIAL_ACTION, current) is None
    assert faces.face_up_cost(down, current) == ManaCost.parse("{2}{B}")


def test_turned_face_up_by_an_effect_nothing_is_paid() -> None:
    table = Table(MemoryHost(), rules("current"))
    hide = table.create(HIDE, Zone.HAND)
    table.cast_face_down(hide, "morph")
    table.resolve()
    table.turn_face_up(hide, FaceUpBy.EFFECT)
    assert table.last_cost is None


def test_a_host_without_put_face_down_is_refused_before_the_spell_is_cast() -> None:
    class NoFaces(MemoryHost):
        put_face_down = None  # type: ignore[assignment]

    table = Table(NoFaces(), rules("current"))
    hide = table.create(HIDE, Zone.HAND)
    with pytest.raises(NotSupported):
        table.cast_face_down(hide, "morph")
    assert table.view(hide).zone is Zone.HAND


def _file(fmt: str, **extra: str) -> dict[str, object]:
    cast = {"object": "h", "face_down": "morph", **extra}
    setup = [{"create": {"card": "Fire // Ice", "zone": "hand", "as": "h"}}, {"cast": cast}]
    return {"format": fmt, "cards": {}, "scenarios": [{"id": "s", "rules": ["current"], "setup": setup}]}


def test_the_cast_field_is_format_1_3_and_needs_face_down() -> None:
    read = parse(_file("1.3"), "s.yaml")
    assert read.scenarios[0].problem == ""
    assert needs(read.scenarios[0], read.cards)[Capability.FACE_DOWN] == "setup[1] cast"
    refused = _file("1.3")
    refused["scenarios"][0]["setup"][1]["cast"]["expect_error"] = "illegal_cast"  # type: ignore[index]
    # Refused before the host is asked anything: no face-down permanent is needed then.
    read = parse(refused, "s.yaml")
    assert Capability.FACE_DOWN not in needs(read.scenarios[0], read.cards)
    assert "face_down" in parse(_file("1.2"), "s.yaml").scenarios[0].problem
    assert "cast.half: not with face_down" in parse(_file("1.3", half="left"), "s.yaml").scenarios[0].problem


def test_a_host_that_drops_the_face_down_facts_is_named() -> None:
    class Forgetful(MemoryHost):
        def cast(self, obj: str, spell: SpellFacts) -> str:
            return super().cast(obj, dataclasses.replace(spell, face_down=None))

    table = Table(Forgetful(), rules("current"))
    hide = table.create(HIDE, Zone.HAND)
    with pytest.raises(HostError, match="cast"):
        table.cast_face_down(hide, "morph")
