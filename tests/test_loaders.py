from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from splitcards.card import Layout, Side
from splitcards.errors import CardDataError
from splitcards.loaders import card_from_mtgjson, card_from_scryfall, cards_from_atomic, cards_from_atomic_file

FIRE = {
    "name": "Fire // Ice",
    "faceName": "Fire",
    "side": "a",
    "layout": "split",
    "manaCost": "{1}{R}",
    "type": "Instant",
    "types": ["Instant"],
    "colors": ["R"],
    "text": "Fire deals 2 damage.",
}
ICE = {
    "name": "Fire // Ice",
    "faceName": "Ice",
    "side": "b",
    "layout": "split",
    "manaCost": "{1}{U}",
    "type": "Instant",
    "types": ["Instant"],
    "colors": ["U"],
    "text": "Tap target permanent.",
}


def test_709_1_split_card_has_two_halves_in_left_right_order() -> None:
    card = card_from_mtgjson([ICE, FIRE])
    assert [h.name for h in card.halves] == ["Fire", "Ice"]
    assert card.half(Side.RIGHT).name == "Ice"
    assert card.layout is Layout.SPLIT


def test_702_102_fuse_read_from_text_or_keywords() -> None:
    fused = [dict(FIRE, text="Fuse (You may cast one or both halves.)"), ICE]
    assert card_from_mtgjson(fused).fuse
    assert card_from_mtgjson([dict(FIRE, keywords=["Fuse"]), ICE]).fuse
    assert not card_from_mtgjson([FIRE, ICE]).fuse


def test_702_127_aftermath_layout_marks_the_right_half() -> None:
    faces = [dict(FIRE, layout="aftermath"), dict(ICE, layout="aftermath")]
    card = card_from_mtgjson(faces)
    assert card.layout is Layout.AFTERMATH
    assert [h.aftermath for h in card.halves] == [False, True]


def test_709_5_room_layout_from_shared_room_subtype() -> None:
    door = {"layout": "split", "type": "Enchantment — Room", "types": ["Enchantment"], "subtypes": ["Room"]}
    card = card_from_mtgjson([dict(FIRE, **door), dict(ICE, **door)])
    assert card.is_room


def test_cards_are_hashable_and_equal_by_value() -> None:
    assert hash(card_from_mtgjson([FIRE, ICE])) == hash(card_from_mtgjson([FIRE, ICE]))
    assert card_from_mtgjson([FIRE, ICE]) == card_from_mtgjson([ICE, FIRE])


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"manaCost": "{1}{Q}"}, "faces[0].manaCost"),
        ({"colors": ["R", "purple"]}, "faces[0].colors"),
        ({"types": []}, "faces[0].types"),
        ({"faceName": 7}, "faces[0].faceName"),
        ({"text": ["no"]}, "faces[0].text"),
        ({"layout": "adventure"}, "layout"),
        ({"side": "c"}, "side"),
    ],
)
def test_malformed_face_names_card_and_field(change: dict[str, Any], field: str) -> None:
    with pytest.raises(CardDataError) as info:
        card_from_mtgjson([dict(FIRE, **change), ICE])
    assert info.value.card == "Fire // Ice"
    assert info.value.field == field


def test_atomic_cards_load_all_or_nothing(tmp_path: Path) -> None:
    good = {"data": {"Fire // Ice": [FIRE, ICE], "Island": [{"name": "Island", "types": ["Land"]}]}}
    cards = cards_from_atomic(good)
    assert set(cards) == {"Fire // Ice", "Island"}
    bad = {"data": {"Fire // Ice": [FIRE, ICE], "Broken": [{"name": "Broken", "types": "Land"}]}}
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps(bad))
    with pytest.raises(CardDataError, match="Broken"):
        cards_from_atomic_file(path)


def test_atomic_file_that_is_not_json_is_named(tmp_path: Path) -> None:
    path = tmp_path / "AtomicCards.json"
    path.write_text("{nope")
    with pytest.raises(CardDataError, match=r"AtomicCards.json"):
        cards_from_atomic_file(path)


def test_scryfall_card_faces() -> None:
    card = card_from_scryfall(
        {
            "name": "Wear // Tear",
            "layout": "split",
            "keywords": ["Fuse"],
            "card_faces": [
                {
                    "name": "Wear",
                    "mana_cost": "{1}{R}",
                    "type_line": "Instant",
                    "oracle_text": "Destroy target artifact.",
                    "colors": ["R"],
                },
                {
                    "name": "Tear",
                    "mana_cost": "{W}",
                    "type_line": "Instant",
                    "oracle_text": "Destroy target enchantment.",
                    "colors": ["W"],
                },
            ],
        }
    )
    assert [h.name for h in card.halves] == ["Wear", "Tear"]
    assert card.fuse
    assert str(card.halves[1].mana_cost) == "{W}"


def test_scryfall_room_type_line_is_split_into_types() -> None:
    face = {"mana_cost": "{U}", "type_line": "Enchantment — Room", "oracle_text": "", "colors": ["U"]}
    card = card_from_scryfall(
        {"name": "A // B", "layout": "split", "card_faces": [dict(face, name="A"), dict(face, name="B")]}
    )
    assert card.is_room
    assert card.halves[0].card_types == ("Enchantment",)


def test_scryfall_missing_type_line_is_named() -> None:
    with pytest.raises(CardDataError, match=r"card_faces\[1\].type_line"):
        card_from_scryfall(
            {"name": "A // B", "layout": "split", "card_faces": [{"name": "A", "type_line": "Instant"}, {"name": "B"}]}
        )
