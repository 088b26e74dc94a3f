"""Frames and JSON forms: what goes on the wire reads back as it was, and what can't be read is
named."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from splitcards.rules.actions import Resolution
from splitcards.rules.card import Card, Side
from splitcards.rules.model import CastOption, ObjectView, Player, SpellFacts, Spliced, Timing, Zone
from splitcards.tools.conformance.scenario import load_file
from splitcards.wire.forms import FormError, Reader, encode
from splitcards.wire.framing import FrameError, decode_body, encode_frame, read_frame

BUNDLED = sorted(Path(str(resources.files("splitcards.tools.conformance.bundled"))).glob("*.yaml"))

# -- frames ---------------------------------------------------------------------------------------


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@given(st.dictionaries(st.text(max_size=10), json_values, max_size=5))
def test_a_frame_reads_back_as_the_message_it_was(message: dict[str, object]) -> None:
    stream = io.BytesIO(encode_frame(message) + encode_frame({"next": True}))
    assert decode_body(read_frame(stream) or b"") == message
    assert decode_body(read_frame(stream) or b"") == {"next": True}
    assert read_frame(stream) is None


def test_the_length_counts_bytes_not_characters() -> None:
    frame = encode_frame({"name": "Lim-Dûl's Vault", "other": "Æther Vial"})
    body = frame.split(b"\r\n\r\n", 1)[1]
    assert frame.startswith(b"Content-Length: %d\r\n" % len(body))
    assert len(body) == len(body.decode("utf-8")) + 2  # û and Æ take two bytes each


@pytest.mark.parametrize(
    ("stream", "problem"),
    [
        (b"Content-Length: 5\r\n\r\n{}", "the stream ended inside a frame: 2 of 5 bytes"),
        (b"Content-Length: 2\n\n{}", "a header line not ended by \\r\\n"),
        (b"Content-Length 2\r\n\r\n{}", "a header line that is not 'Name: value'"),
        (b"Content-Type: x\r\n\r\n{}", "a frame without a Content-Length header"),
        (b"Content-Length: -2\r\n\r\n{}", "Content-Length is not a number of bytes"),
        (b"Content-Length: 104857600\r\n\r\n", "a frame of 104857600 bytes, over the 16777216 bytes allowed"),
        (b"Content-Length: 2\r\n", "the stream ended inside a frame's header"),
        (b"X: " + b"y" * 9000 + b"\r\n\r\n", "a frame's header is longer than 8192 bytes"),
    ],
)
def test_a_stream_that_is_not_frames_is_named(stream: bytes, problem: str) -> None:
    with pytest.raises(FrameError, match=problem.replace("\\", "\\\\").replace("(", r"\(")):
        read_frame(io.BytesIO(stream))


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        (b"{not json", "a body that is not JSON"),
        (b"[1, 2]", "a body that is not a JSON object"),
        (b'{"a": "\xff"}', "a body that is not UTF-8"),
        (b"[" * 100_000 + b"]" * 100_000, "a body that is not JSON: RecursionError"),
    ],
)
def test_a_body_that_is_not_a_message_is_named(body: bytes, problem: str) -> None:
    with pytest.raises(FrameError, match=problem):
        decode_body(body)


# -- forms ----------------------------------------------------------------------------------------


def every_card() -> list[Card]:
    return [card for path in BUNDLED for card in load_file(path).cards.values()]


def test_every_bundled_card_reads_back_equal_from_its_json_form() -> None:
    cards = every_card()
    assert len(cards) > 30
    for card in cards:
        form = json.loads(json.dumps(encode(card)))
        assert Reader().read(Card, form, "card") == card


def test_a_view_reads_back_equal(cards: dict[str, Card]) -> None:
    spell = SpellFacts(
        CastOption.FUSED,
        cast_from=Zone.HAND,
        spliced=(Spliced("o9", cards["Fire // Ice"].halves[0]),),
        caster=Player.P2,
        x=3,
    )
    view = ObjectView(cards["Wear // Tear"], Zone.STACK, Player.P1, Player.P2, spell, frozenset({Side.LEFT}), True)
    assert Reader().read(ObjectView, json.loads(json.dumps(encode(view))), "view") == view
    outcome = Resolution(("Wear", "Tear"), None, False, frozenset(Side), ("608.2n",), ("Wear",), Player.P2)
    assert Reader().read(Resolution, encode(outcome), "outcome") == outcome


def test_a_known_card_is_recognised_and_a_changed_one_is_read() -> None:
    card = every_card()[0]
    reader = Reader()
    form = encode(card)
    reader.remember(card, form)
    assert reader.read(Card, json.loads(json.dumps(form)), "card") is card
    renamed = {**form, "halves": [{**form["halves"][0], "text": "Draw a card."}, *form["halves"][1:]]}
    other = reader.read(Card, renamed, "card")
    assert other != card and other.halves[0].text == "Draw a card."


def test_unknown_keys_are_ignored_and_defaults_fill_missing_ones() -> None:
    read = Reader().read(
        Timing, {"active": "p2", "phase": "end", "priority": "p1", "stack_empty": False, "new": 1}, "t"
    )
    assert read == Timing(Player.P2, read.phase, Player.P1, False)
    assert Reader().read(Timing, {}, "t") == Timing()


@pytest.mark.parametrize(
    ("form", "problem"),
    [
        ({"zone": "hand", "owner": "p1"}, "view: missing 'card' (ObjectView)"),
        ("o1", "view: expected an object (ObjectView), got a string 'o1'"),
    ],
)
def test_a_form_of_the_wrong_shape_is_named_by_its_path(form: object, problem: str) -> None:
    with pytest.raises(FormError) as caught:
        Reader().read(ObjectView, form, "view")
    assert str(caught.value) == problem


def test_a_bad_field_deep_in_a_view_is_named_by_its_path(cards: dict[str, Card]) -> None:
    form = encode(ObjectView(cards["Fire // Ice"], Zone.HAND))
    for path, value, problem in [
        (("zone",), "nowhere", "view.zone: expected one of library, hand, graveyard, exile, battlefield, stack"),
        (("card", "halves", 0, "mana_cost"), "{Q}", "view.card.halves[0].mana_cost: unknown mana symbol '{Q}'"),
        (("card", "fuse"), "yes", "view.card.fuse: expected true or false, got a string 'yes'"),
        (("unlocked",), ["middle"], "view.unlocked[0]: expected one of left, right, got 'middle'"),
        (("token",), 1, "view.token: expected true or false, got a number 1"),
    ]:
        broken = json.loads(json.dumps(form))
        target = broken
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        with pytest.raises(FormError) as caught:
            Reader().read(ObjectView, broken, "view")
        assert str(caught.value).startswith(problem)


def test_an_enum_is_its_value_and_a_cost_its_text(cards: dict[str, Card]) -> None:
    form = encode(replace(ObjectView(cards["Fire // Ice"], Zone.HAND), unlocked=frozenset({Side.RIGHT, Side.LEFT})))
    assert form["zone"] == "hand" and form["unlocked"] == ["left", "right"]
    assert form["card"]["halves"][0]["mana_cost"] == "{1}{R}"
