"""Malformed card data, generated: reading it raises the package's own errors and nothing else.

Every field of real-shaped MTGJSON faces and Scryfall objects (the fixtures) is replaced, removed
or retyped at random, and whole documents of arbitrary JSON are read as card files.
"""

from __future__ import annotations

import contextlib
import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from splitcards.cards.mtgjson import card_from_mtgjson, load_mtgjson
from splitcards.cards.scryfall import card_from_scryfall, load_scryfall
from splitcards.errors import SplitcardsError

DATA = Path(__file__).parent / "data"
ATOMIC: dict[str, Any] = json.loads((DATA / "AtomicCards.json").read_text(encoding="utf-8"))
SCRYFALL: list[Any] = json.loads((DATA / "oracle-cards.json").read_text(encoding="utf-8"))
NAMES = sorted(ATOMIC["data"])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=10), inner, max_size=3),
    max_leaves=10,
)
mana_like = st.sampled_from(["{1}{R}", "{X}", "{W/U}", "{2/B}", "{G/P}", "{", "{Q}", "}{", "{1}{", "", "R"])
values = json_values | mana_like


def _mutate(node: Any, draw: st.DrawFn) -> Any:
    """Change one field somewhere in ``node``: give it another value, or take it away."""
    if isinstance(node, dict) and node:
        key = draw(st.sampled_from(sorted(node, key=str)))
        if draw(st.integers(0, 3)) == 0:
            del node[key]
        elif isinstance(node[key], dict | list) and draw(st.booleans()):
            node[key] = _mutate(node[key], draw)
        else:
            node[key] = draw(values)
    elif isinstance(node, list) and node:
        i = draw(st.integers(0, len(node) - 1))
        node[i] = _mutate(node[i], draw) if draw(st.booleans()) else draw(values)
    return node


@st.composite
def mtgjson_cards(draw: st.DrawFn) -> tuple[str, Any]:
    name = draw(st.sampled_from(NAMES))
    faces = copy.deepcopy(ATOMIC["data"][name])
    for _ in range(draw(st.integers(1, 3))):
        faces = _mutate(faces, draw)
    return name, faces


@st.composite
def scryfall_cards(draw: st.DrawFn) -> Any:
    card = copy.deepcopy(draw(st.sampled_from(SCRYFALL)))
    for _ in range(draw(st.integers(1, 3))):
        card = _mutate(card, draw)
    return card


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mtgjson_cards())
def test_mutated_mtgjson_cards_give_card_data_errors(case: tuple[str, Any]) -> None:
    name, faces = case
    with contextlib.suppress(SplitcardsError):
        card_from_mtgjson(faces, name)
        load_mtgjson({"data": {name: faces}})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scryfall_cards())
def test_mutated_scryfall_cards_give_card_data_errors(card: Any) -> None:
    with contextlib.suppress(SplitcardsError):
        card_from_scryfall(card)
        load_scryfall([card])


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_arbitrary_documents_are_not_card_files(document: Any) -> None:
    for load in (load_mtgjson, load_scryfall):
        with contextlib.suppress(SplitcardsError):
            load(document)
