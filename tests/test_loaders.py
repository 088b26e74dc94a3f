from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from splitcards.cards import loaders
from splitcards.cards.loaders import (
    BASIC_LANDS,
    SPLIT_CARDS,
    CardPool,
    basic_land,
    card_from_mtgjson,
    card_from_scryfall,
    kind,
    load_card_file,
    load_mtgjson,
    load_mtgjson_file,
    load_scryfall,
    load_scryfall_file,
    mtgjson_faces,
)
from splitcards.errors import CardDataError, UnsupportedCard
from splitcards.rules.card import Card, Layout, Side

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
    cards = load_mtgjson(good).cards
    assert set(cards) == {"Fire // Ice", "Island"}
    bad = {"data": {"Fire // Ice": [FIRE, ICE], "Broken": [{"name": "Broken", "types": "Land"}]}}
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps(bad))
    with pytest.raises(CardDataError, match="Broken"):
        load_mtgjson_file(path)


def test_atomic_file_that_is_not_json_is_named(tmp_path: Path) -> None:
    path = tmp_path / "AtomicCards.json"
    path.write_text("{nope")
    with pytest.raises(CardDataError, match=r"AtomicCards.json"):
        load_mtgjson_file(path)


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


# -- whole files: the fixtures are shaped like MTGJSON's AtomicCards.json and Scryfall's oracle-cards.json

DATA = Path(__file__).parent / "data"
ATOMIC = DATA / "AtomicCards.json"
ORACLE = DATA / "oracle-cards.json"
FIVE_HALVES = "Who // What // When // Where // Why"
CARD_LAYOUTS = {
    "normal", "split", "aftermath", "room", "transform", "modal_dfc", "adventure", "flip", "meld", "saga", "class",
    "case", "prototype", "mutate", "leveler", "reversible_card", "planar", "scheme", "vanguard", "host", "augment",
}  # fmt: skip


@pytest.fixture(scope="module")
def atomic() -> CardPool:
    return load_mtgjson_file(ATOMIC)


@pytest.fixture(scope="module")
def oracle() -> CardPool:
    return load_scryfall_file(ORACLE)


def test_every_card_of_an_atomic_file_loads_but_the_five_halves(atomic: CardPool) -> None:
    assert {kind(card) for card in atomic.cards.values()} == CARD_LAYOUTS
    assert [name for name, _ in atomic.skipped] == [FIVE_HALVES]
    assert "5 halves" in atomic.skipped[0].reason
    assert len(atomic.cards) == len(json.loads(ATOMIC.read_text(encoding="utf-8"))["data"]) - 1


def test_every_card_of_a_scryfall_bulk_file_loads_but_the_five_halves(oracle: CardPool) -> None:
    extra = {"battle", "token", "double_faced_token", "emblem"}
    assert {kind(card) for card in oracle.cards.values()} == CARD_LAYOUTS | extra
    assert oracle.skipped[0] == (
        FIVE_HALVES,
        "card_faces: a split card of 5 halves: the split-card rules (709) know two halves",
    )


def test_a_card_keeps_its_name_from_an_art_series_card_before_it(oracle: CardPool) -> None:
    assert oracle.cards["Bonecrusher Giant"].source_layout == "adventure"
    assert ("Bonecrusher Giant", "a card of this name is kept, not this art_series") in oracle.skipped


def _without_keywords(card: Card) -> Card:
    return replace(
        card,
        halves=tuple(replace(h, keywords=None) for h in card.halves),
        other_faces=tuple(replace(h, keywords=None) for h in card.other_faces),
    )


def test_both_sources_give_equal_cards(atomic: CardPool, oracle: CardPool) -> None:
    # Scryfall lists a card's keywords for the whole card: a face has those its text names. That
    # misses a keyword action the text inflects (Bruna "melds") and a card Scryfall lists none for.
    inflected = {"Bruna, the Fading Light", "Zndrsplt, Eye of Wisdom"}
    for name, card in atomic.cards.items():
        if card.source_layout != "transform" or name == "Delver of Secrets":  # Scryfall: layout battle
            if name in inflected:
                assert _without_keywords(oracle.cards[name]) == _without_keywords(card), name
            else:
                assert oracle.cards[name] == card, name
    assert oracle.cards["Invasion of Gobakhan"].source_layout == "battle"
    delver = oracle.cards["Delver of Secrets"]
    assert (delver.halves[0].power, delver.halves[0].toughness, delver.halves[0].keywords) == ("1", "1", ("Transform",))
    assert [(f.name, f.power, f.toughness, f.keywords) for f in delver.other_faces] == [
        ("Insectile Aberration", "3", "2", ("Flying",))
    ]


@pytest.mark.parametrize("source", ["atomic", "oracle"])
def test_709_split_cards_of_the_files(source: str, request: pytest.FixtureRequest) -> None:
    cards = request.getfixturevalue(source).cards
    fire_ice = cards["Fire // Ice"]
    assert fire_ice.layout is Layout.SPLIT
    assert [h.colors for h in fire_ice.halves] == [{"R"}, {"U"}]  # Scryfall's faces have no colors
    assert cards["Turn // Burn"].fuse and cards["Far // Away"].fuse and not fire_ice.fuse
    spring_mind = cards["Spring // Mind"]
    assert spring_mind.layout is Layout.AFTERMATH  # Scryfall: layout split, keyword Aftermath
    assert [h.aftermath for h in spring_mind.halves] == [False, True]
    assert [c.name for c in cards.values() if c.is_room] == [
        "Bottomless Pool // Locker Room",
        "Glassworks // Shattered Yard",
        "Ticket Booth // Tunnel of Hate",
    ] or source == "oracle"
    assert {c.name for c in cards.values() if c.is_room} == {
        "Bottomless Pool // Locker Room",
        "Glassworks // Shattered Yard",
        "Ticket Booth // Tunnel of Hate",
    }
    ray = cards["Glacial Ray"].halves[0].splice
    assert ray is not None and ray.qualities == ("Arcane",) and str(ray.cost) == "{1}{R}"
    whisper = cards["Horobi's Whisper"].halves[0].splice
    assert whisper is not None and whisper.other_cost == "Exile four cards from your graveyard"


@pytest.mark.parametrize("source", ["atomic", "oracle"])
def test_712_8a_a_double_faced_card_is_its_front_face(source: str, request: pytest.FixtureRequest) -> None:
    delver = request.getfixturevalue(source).cards["Delver of Secrets"]
    assert (delver.layout, delver.source_layout, delver.is_split) == (Layout.NORMAL, "transform", False)
    assert (str(delver.halves[0].mana_cost), delver.halves[0].colors) == ("{U}", {"U"})


@pytest.mark.parametrize("source", ["atomic", "oracle"])
def test_715_4_an_adventurer_card_is_its_creature(source: str, request: pytest.FixtureRequest) -> None:
    giant = request.getfixturevalue(source).cards["Bonecrusher Giant"]
    assert (giant.halves[0].card_types, giant.halves[0].mana_value) == (("Creature",), 3)


@pytest.mark.parametrize("source", ["atomic", "oracle"])
def test_710_1b_a_flip_card_is_its_unflipped_half(source: str, request: pytest.FixtureRequest) -> None:
    assert request.getfixturevalue(source).cards["Akki Lavarunner"].halves[0].supertypes == ()


def test_basic_lands_of_the_files_are_the_basic_lands(atomic: CardPool, oracle: CardPool) -> None:
    for name in BASIC_LANDS:
        assert atomic.cards[name] == oracle.cards[name] == basic_land(name)


def test_mtgjson_faces_give_back_every_card(atomic: CardPool) -> None:
    for name, card in atomic.cards.items():
        assert card_from_mtgjson(mtgjson_faces(card), name) == card


def test_only_split_cards_are_built(atomic: CardPool) -> None:
    document = json.loads(ATOMIC.read_text(encoding="utf-8"))
    document["data"]["Broken"] = [{"name": "Broken", "types": "Land"}]
    pool = load_mtgjson(document, only=SPLIT_CARDS)
    assert pool.cards == {name: c for name, c in atomic.cards.items() if c.is_split}
    assert len(pool.cards) == 14 and [name for name, _ in pool.skipped] == [FIVE_HALVES]
    assert set(load_scryfall_file(ORACLE, only=SPLIT_CARDS).cards) == set(pool.cards)
    assert set(load_mtgjson(document, only=("room",)).cards) == {c.name for c in atomic.cards.values() if c.is_room}
    assert set(load_mtgjson_file(ATOMIC, only=("transform",)).cards) == {"Delver of Secrets", "Invasion of Gobakhan"}


def _printings(atomic_data: dict[str, Any], code: str) -> dict[str, Any]:
    cards = []
    for number, faces in enumerate(atomic_data.values(), start=1):
        for face in faces:
            cards.append(dict(face, setCode=code, number=str(number), uuid=f"{code}-{number}-{face.get('side', '')}"))
    return {"code": code, "name": code, "cards": cards, "tokens": []}


def test_set_files_and_all_printings_give_the_atomic_cards(atomic: CardPool) -> None:
    data = json.loads(ATOMIC.read_text(encoding="utf-8"))["data"]
    set_file = load_mtgjson({"meta": {}, "data": _printings(data, "AAA")})
    assert set_file.cards == atomic.cards and set_file.skipped == atomic.skipped
    every = load_mtgjson({"meta": {}, "data": {"AAA": _printings(data, "AAA"), "BBB": _printings(data, "BBB")}})
    assert every.cards == atomic.cards and every.skipped == atomic.skipped


def test_one_half_of_a_split_card_alone_in_a_set_is_skipped() -> None:
    pool = load_mtgjson({"data": {"code": "X", "cards": [dict(FIRE, setCode="X"), dict(GRIZZLY, setCode="X")]}})
    assert list(pool.cards) == ["Grizzly Bears"]
    assert pool.skipped == (
        ("Fire // Ice", "faces: a split card of one half: the split-card rules (709) know two halves"),
    )


GRIZZLY = {
    "name": "Grizzly Bears",
    "layout": "normal",
    "manaCost": "{1}{G}",
    "type": "Creature — Bear",
    "types": ["Creature"],
}


def test_reprints_are_one_card_and_variants_of_a_name_are_reported() -> None:
    bears = {
        "object": "card",
        "oracle_id": "b1",
        "name": "Grizzly Bears",
        "mana_cost": "{1}{G}",
        "type_line": "Creature — Bear",
    }
    pool = load_scryfall([bears, dict(bears, id="second printing")])
    assert list(pool.cards) == ["Grizzly Bears"] and pool.skipped == ()
    variant = dict(bears, oracle_id="b2", oracle_text="Trample")
    assert load_scryfall([bears, variant]).skipped == (
        ("Grizzly Bears", "a different card of this name came earlier in the file"),
    )
    atomic = load_mtgjson({"data": {"Grizzly Bears": [GRIZZLY, dict(GRIZZLY, text="Trample")]}})
    assert atomic.cards["Grizzly Bears"].halves[0].text == ""
    assert [name for name, _ in atomic.skipped] == ["Grizzly Bears"]


def test_keywords_in_the_file_decide_over_the_text() -> None:
    text = "Add {R}.\nSplice onto Arcane {1}{R}"
    ritual = dict(GRIZZLY, name="Ritual", type="Instant — Arcane", types=["Instant"], subtypes=["Arcane"], text=text)
    assert card_from_mtgjson([ritual]).halves[0].splice is not None
    assert card_from_mtgjson([dict(ritual, keywords=[])]).halves[0].splice is None
    fused = [dict(FIRE, text="Fuse (You may cast one or both halves.)", keywords=[]), dict(ICE, keywords=[])]
    assert not card_from_mtgjson(fused).fuse
    after = [dict(FIRE, keywords=[]), dict(ICE, keywords=["Aftermath"])]
    card = card_from_mtgjson(after)
    assert card.layout is Layout.AFTERMATH and [h.aftermath for h in card.halves] == [False, True]


def test_a_splice_keyword_without_a_splice_line_cannot_be_represented() -> None:
    ritual = dict(GRIZZLY, name="Ritual", types=["Instant"], keywords=["Splice"], text="Splice onto Arcane")
    with pytest.raises(UnsupportedCard, match="Ritual"):
        card_from_mtgjson([ritual])


def test_a_face_without_colors_takes_them_from_its_cost_and_color_indicator() -> None:
    ice = {k: v for k, v in ICE.items() if k != "colors"}
    assert card_from_mtgjson([FIRE, ice]).halves[1].colors == {"U"}
    back = {"name": "Ancestral Vision", "types": ["Sorcery"], "colorIndicator": ["U"]}
    assert card_from_mtgjson([back]).halves[0].colors == {"U"}


def test_a_symbol_the_rules_do_not_count_makes_the_card_unsupported() -> None:
    with pytest.raises(UnsupportedCard, match=r"manaCost"):
        card_from_mtgjson([dict(GRIZZLY, manaCost="{HW}")])


# -- malformed cards: a CardDataError naming card and field, never a raw TypeError, KeyError...


@pytest.mark.parametrize("faces", [None, 7, "Fire // Ice", b"faces"])
def test_faces_that_are_not_a_list_are_named(faces: Any) -> None:
    with pytest.raises(CardDataError) as info:
        card_from_mtgjson(faces, "Fire // Ice")
    assert (info.value.card, info.value.field) == ("Fire // Ice", "faces")
    with pytest.raises(CardDataError) as info:
        load_mtgjson({"data": {"Fire // Ice": faces}})
    assert (info.value.card, info.value.field) == ("Fire // Ice", "faces")


@pytest.mark.parametrize("obj", [None, [], ["Fire // Ice"], "Fire // Ice", 3])
def test_a_scryfall_object_that_is_no_object_is_named(obj: Any) -> None:
    with pytest.raises(CardDataError) as info:
        card_from_scryfall(obj)
    assert (info.value.card, info.value.field) == ("<unnamed>", "<card>")
    with pytest.raises(CardDataError) as info:
        load_scryfall([{"name": "Island", "type_line": "Basic Land — Island"}, obj])
    assert (info.value.card, info.value.field) == ("<card 1>", "<card>")


@pytest.mark.parametrize("obj", [{}, {"name": ""}, {"name": "  "}, {"name": None}, {"name": 5}])
def test_a_scryfall_card_without_a_name_is_named(obj: dict[str, Any]) -> None:
    with pytest.raises(CardDataError) as info:
        card_from_scryfall(dict(obj, type_line="Instant"))
    assert (info.value.card, info.value.field) == ("<unnamed>", "name")


NOT_UTF8_JSON = [
    '{"data": {"Jötun Grunt": []}}'.encode("latin-1"),
    '[{"name": "Jötun Grunt"}]'.encode("latin-1"),
    b"[" * 100_000 + b"]" * 100_000,
    b'{"data": ' * 100_000,
    b"",
]


@pytest.fixture(params=["installed", "json"])
def parser(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Read files with the parser installed (orjson with splitcards[fast]) and with the json module."""
    if request.param == "json":
        monkeypatch.setitem(sys.modules, "orjson", None)  # then importing orjson fails
    loaders._json_parser.cache_clear()
    yield request.param
    loaders._json_parser.cache_clear()


@pytest.mark.parametrize("content", NOT_UTF8_JSON)
def test_a_file_that_is_not_utf8_json_is_named(tmp_path: Path, content: bytes, parser: str) -> None:
    path = tmp_path / "cards.json"
    path.write_bytes(content)
    for load in (load_mtgjson_file, load_scryfall_file):
        with pytest.raises(CardDataError) as info:
            load(path)
        assert (info.value.card, info.value.field) == (str(path), "<file>")


def test_both_parsers_read_the_fixtures_alike(parser: str, atomic: CardPool, oracle: CardPool) -> None:
    assert load_mtgjson_file(ATOMIC) == atomic
    assert load_scryfall_file(ORACLE) == oracle


def test_a_card_file_of_either_source_is_told_by_its_shape(atomic: CardPool, oracle: CardPool) -> None:
    assert load_card_file(ATOMIC) == atomic
    assert load_card_file(ORACLE, only=SPLIT_CARDS) == load_scryfall_file(ORACLE, only=SPLIT_CARDS)


def test_a_document_of_the_wrong_shape_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "oracle-cards.json"
    path.write_text('{"data": []}', encoding="utf-8")
    with pytest.raises(CardDataError, match=r"oracle-cards\.json: <Scryfall>"):
        load_scryfall_file(path)


def test_a_bad_symbol_in_a_splice_line_is_named() -> None:
    text = "Glacial Ray deals 2 damage to any target.\nSplice onto Arcane {1}{Q} (reminder)"
    ray = {
        "name": "Glacial Ray",
        "type": "Instant — Arcane",
        "types": ["Instant"],
        "subtypes": ["Arcane"],
        "text": text,
    }
    with pytest.raises(CardDataError) as info:
        card_from_mtgjson([ray])
    assert (info.value.card, info.value.field) == ("Glacial Ray", "text")
    with pytest.raises(CardDataError) as info:
        card_from_scryfall({"name": "Glacial Ray", "type_line": "Instant — Arcane", "oracle_text": text})
    assert (info.value.card, info.value.field) == ("Glacial Ray", "oracle_text")


def test_a_split_card_of_one_face_is_unsupported() -> None:
    with pytest.raises(UnsupportedCard) as info:
        card_from_mtgjson([FIRE])
    assert (info.value.card, info.value.field) == ("Fire // Ice", "faces")
    scryfall = {"name": "Fire // Ice", "layout": "split", "card_faces": [{"name": "Fire", "type_line": "Instant"}]}
    with pytest.raises(UnsupportedCard) as info:
        card_from_scryfall(scryfall)
    assert (info.value.card, info.value.field) == ("Fire // Ice", "card_faces")
    assert [name for name, _ in load_scryfall([scryfall]).skipped] == ["Fire // Ice"]


@pytest.mark.parametrize(
    ("fire", "ice", "field"),
    [
        ({"faceName": "Flame"}, {}, "name"),  # the card is not named after its halves
        ({}, {"name": "Fire // Frost"}, "faces[1].name"),
        ({"name": "Fire // Fire"}, {"name": "Fire // Fire", "faceName": "Fire"}, "faces[1].faceName"),
        ({"faceName": ""}, {}, "faces[0].faceName"),
        ({"faceName": "   "}, {}, "faces[0].faceName"),
        ({"faceName": None}, {}, "faces[0].faceName"),
        ({"name": ""}, {}, "faces[0].name"),
    ],
)
def test_halves_named_wrong_are_named(fire: dict[str, Any], ice: dict[str, Any], field: str) -> None:
    with pytest.raises(CardDataError) as info:
        card_from_mtgjson([dict(FIRE, **fire), dict(ICE, **ice)], "Fire // Ice")
    assert (info.value.card, info.value.field) == ("Fire // Ice", field)


def test_an_atomic_key_that_is_not_the_cards_name_is_named() -> None:
    with pytest.raises(CardDataError) as info:
        load_mtgjson({"data": {"Fire // Ice": [FIRE, ICE], "Fire": [FIRE, ICE]}})
    assert (info.value.card, info.value.field) == ("Fire", "faces[0].name")


BAD_VALUES: list[Any] = [None, 0, -1, 2.5, True, "", " ", "x", "{Q}", [], [None], [7], ["x"], {}, {"a": 1}]


def _mutations(obj: Any) -> Iterator[Any]:
    """``obj`` with each value inside it replaced by each bad value in turn."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            for bad in BAD_VALUES:
                yield {**obj, key: bad}
            for changed in _mutations(value):
                yield {**obj, key: changed}
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            for changed in _mutations(value):
                yield [*obj[:i], changed, *obj[i + 1 :]]


def test_every_malformed_field_of_the_fixture_cards_is_a_card_data_error() -> None:
    data = json.loads(ATOMIC.read_text(encoding="utf-8"))["data"]
    picked = [
        "Fire // Ice",
        "Spring // Mind",
        "Bottomless Pool // Locker Room",
        "Glacial Ray",
        "Delver of Secrets // Insectile Aberration",
    ]
    for name in picked:
        faces = [
            {k: v for k, v in face.items() if k not in ("foreignData", "legalities", "purchaseUrls", "printings")}
            for face in data[name]
        ]
        for changed in _mutations(faces):
            with contextlib.suppress(CardDataError):
                load_mtgjson({"data": {name: changed}})
    scryfall = {card["name"]: card for card in json.loads(ORACLE.read_text(encoding="utf-8"))}
    for name in [
        "Fire // Ice",
        "Spring // Mind",
        "Ticket Booth // Tunnel of Hate",
        "Glacial Ray",
        "Bonecrusher Giant // Stomp",
        "Delver of Secrets // Insectile Aberration",
    ]:
        card = {
            k: v
            for k, v in scryfall[name].items()
            if k not in ("legalities", "image_uris", "prices", "purchase_uris", "related_uris")
        }
        for changed in _mutations(card):
            with contextlib.suppress(CardDataError):
                load_scryfall([changed])


def test_every_printed_characteristic_is_kept(atomic: CardPool) -> None:
    bears = atomic.cards["Grizzly Bears"].halves[0]
    assert (bears.power, bears.toughness, bears.loyalty, bears.defense) == ("2", "2", None, None)
    giant = atomic.cards["Bonecrusher Giant"]
    assert giant.source_layout == "adventure"
    assert (giant.halves[0].name, giant.halves[0].power, giant.halves[0].toughness) == ("Bonecrusher Giant", "4", "3")
    assert [(f.name, f.card_types, f.text.startswith("Damage can't be prevented")) for f in giant.other_faces] == [
        ("Stomp", ("Instant",), True)
    ]
    gobakhan = atomic.cards["Invasion of Gobakhan"]
    assert [f.defense for f in (*gobakhan.halves, *gobakhan.other_faces)] == ["3", None]
    # The rules see the front face alone: its mana value, not the back face's.
    assert giant.halves[0].mana_value == 3 and len(giant.halves) == 1
    assert hash(giant) == hash(card_from_mtgjson(mtgjson_faces(giant), "Bonecrusher Giant"))


def test_a_printed_value_that_is_no_number_is_refused() -> None:
    face = {"name": "Bad Bear", "types": ["Creature"], "power": 2, "toughness": "2"}
    with pytest.raises(CardDataError, match=r"Bad Bear.*power.*must be a printed value"):
        card_from_mtgjson([face])


# -- card files read through the bounded reader ------------------------------------------------

ISLAND = {"name": "Island", "types": ["Land"]}


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('{"data": {"Island": [{"name": "Island", "types": ["Land"]}], "Island": []}}', "Island"),
        ('{"data": {"Island": [{"name": "Island", "types": ["Land"], "types": ["Sorcery"]}]}}', "types"),
        ('[{"name": "Island", "type_line": "Land", "name": "Swamp"}]', "name"),
        ('{"data": {}, "meta": {"version": "a:b", "version": "a:b"}}', "version"),
    ],
)
def test_a_json_key_given_twice_is_named(tmp_path: Path, text: str, key: str, parser: str) -> None:
    path = tmp_path / "cards.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        load_card_file(path)
    assert (info.value.card, info.value.field) == (str(path), "<file>")
    assert info.value.problem == f"duplicate key {key!r} in a JSON object"


def test_an_escaped_colon_is_no_repeated_key(tmp_path: Path, parser: str) -> None:
    # The duplicate check of the orjson path counts ':'; an escaped one sends it to the json module.
    path = tmp_path / "cards.json"
    path.write_text('{"data": {"Island": [{"name": "Island", "types": ["Land"], "text": "T\\u003a add"}]}}')
    assert load_card_file(path).cards["Island"].halves[0].text == "T: add"


def test_a_document_nested_deeper_than_orjson_writes_is_checked_too(tmp_path: Path, parser: str) -> None:
    path = tmp_path / "cards.json"
    path.write_text('{"data": {}, "meta": ' + '{"a": ' * 300 + '{"k": 1, "k": 2}' + "}" * 300 + "}")
    with pytest.raises(CardDataError, match=r"duplicate key 'k' in a JSON object"):
        load_card_file(path)


def test_a_card_file_that_is_not_utf8_names_the_offset(tmp_path: Path, parser: str) -> None:
    path = tmp_path / "cards.json"
    path.write_bytes(b'{"data": {"J\xf6tun Grunt": []}}')
    with pytest.raises(CardDataError) as info:
        load_card_file(path)
    assert info.value.problem == "not UTF-8 (byte 0xf6 at offset 12)"


@pytest.mark.parametrize("cost", ["{" + "5" * 5000 + "}", "{1000001}", "{Y}{Z}", "{2}{Y}", "{٣}"])
def test_a_mana_cost_no_card_has_names_the_card(cost: str) -> None:
    with pytest.raises(CardDataError) as info:
        card_from_mtgjson([dict(ISLAND, manaCost=cost)])
    assert (info.value.card, info.value.field) == ("Island", "manaCost")
    assert len(str(info.value)) < 200
    with pytest.raises(CardDataError) as info:
        card_from_scryfall({"name": "Island", "type_line": "Land", "mana_cost": cost})
    assert info.value.card == "Island"


def test_a_card_file_with_a_5000_digit_cost_is_refused_naming_the_card(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    data = {
        "data": {
            "Island": [ISLAND],
            "Huge": [{"name": "Huge", "types": ["Sorcery"], "manaCost": "{" + "9" * 5000 + "}"}],
        }
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        load_card_file(path)
    assert (info.value.card, info.value.field) == ("Huge", "manaCost")
    assert "is over 1000000" in info.value.problem


def test_an_un_card_costing_y_and_z_is_skipped_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    nightmare = {"name": "Nightmare", "types": ["Sorcery"], "manaCost": "{X}{Y}{Z}{R}{R}"}
    path.write_text(json.dumps({"data": {"Island": [ISLAND], "Nightmare": [nightmare]}}), encoding="utf-8")
    pool = load_card_file(path)
    assert list(pool.cards) == ["Island"]
    assert [name for name, _ in pool.skipped] == ["Nightmare"]
    assert "unknown mana symbol '{Y}'" in pool.skipped[0].reason


def test_gleemax_costs_a_million() -> None:
    card = card_from_mtgjson([dict(ISLAND, name="Gleemax", types=["Artifact"], manaCost="{1000000}")])
    assert card.halves[0].mana_cost is not None and card.halves[0].mana_cost.mana_value == 1_000_000
