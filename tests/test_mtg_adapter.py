"""The python-mtg adapter in real python-mtg games: split-card moves among the engine's legal
moves, played with ``push``, and split-card state kept by the engine's copy, serialize and key."""

from __future__ import annotations

import ast
import contextlib
import random
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pluggy
import pytest

pytest.importorskip("mtg")

from splitcards.adapters.mtg import patches, states, version
from splitcards.adapters.mtg.host import MtgHost
from splitcards.adapters.mtg.moves import SplitMoves
from splitcards.adapters.mtg.plugin import splitcards_register_adapters
from splitcards.cards.loaders import BASIC_LANDS, basic_land, card_from_mtgjson
from splitcards.errors import IllegalAction
from splitcards.game.contract import CastRequest
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.hooks import hookimpl
from splitcards.rules import characteristics as ch
from splitcards.rules.card import Card, Side
from splitcards.rules.model import (
    CastOption,
    ObjectView,
    Phase,
    Player,
    SpellFacts,
    Timing,
    TimingChange,
    UnlockBy,
    Zone,
)
from splitcards.rules.versions import RuleVersion

LANDS = {name: basic_land(name) for name in BASIC_LANDS}
POOL = ["Fire // Ice", "Wear // Tear", "Destined // Lead", "Bottomless Pool // Locker Room"]


def _split_moves_of(rules: RuleVersion, pm: pluggy.PluginManager | None = None) -> SplitMoves:
    """The split-card moves of ``rules``'s games, through a table over a cursor host."""
    return SplitMoves(rules, table=Table(MtgHost.cursor(rules), rules, pm))


@pytest.fixture
def session(v: dict[str, RuleVersion]) -> Iterator[SplitMoves]:
    """The split-card moves installed for duskmourn-2024 games, for the test."""
    with patches.patched(_split_moves_of(v["duskmourn-2024"])) as installed:
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


@pytest.mark.usefixtures("session")
def test_709_3_a_half_is_cast_through_the_engines_moves(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
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
    table = Table(host, v["duskmourn-2024"], judge_targets=False)
    table.cast(fire_ice, CastOption.RIGHT)
    state = host.state
    assert host.stack() == [fire_ice]
    assert {c for (o, c) in state["printed_color"] if o == fire_ice} == {"blue"}
    assert {n for (o, n) in state["mana_cost"] if o == fire_ice} == {2}
    assert ch.names(host.view(fire_ice), v["duskmourn-2024"]).value == ("Ice",)
    table.resolve()
    assert host.view(fire_ice).zone is Zone.GRAVEYARD
    assert {c for (o, c) in host.state["printed_color"] if o == fire_ice} == {"blue", "red"}


@pytest.mark.usefixtures("session")
def test_709_4_the_engines_truncated_card_is_corrected(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
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


@pytest.mark.usefixtures("session")
def test_face_names_belong_to_the_game_that_has_the_card(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    with_card = _game(v, cards, ["Fire // Ice"])
    fire_ice = _obj(with_card, "fire_ice")
    face = next(c for (o, c) in with_card.state["instance_of"] if o == fire_ice)
    assert with_card.game.name(fire_ice) == "Fire // Ice"
    # A second game without the card, and python-mtg's own name table, never learn the name.
    without = MtgHost.from_decks(v["duskmourn-2024"], [], {"alice": ["Island"] * 20, "bob": ["Island"] * 20}, seed=3)
    assert without.game.name(face) != "Fire // Ice"
    from mtg import game

    assert face not in game._slug_to_name()


def _permanent(name: str, cost: str, line: str) -> Card:
    return card_from_mtgjson([{"name": name, "manaCost": cost, "type": line, "types": [line.split()[0]]}], name)


@pytest.mark.usefixtures("session")
def test_702_102_fused_split_spell_is_a_move(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    host = _game(v, cards, ["Wear // Tear"], ["Mountain", "Plains", "Island"])
    wear_tear = _obj(host, "wear_tear")
    # Wear destroys an artifact, Tear an enchantment: no move until there is one of each (601.2c).
    assert _split_moves(host, wear_tear) == []
    host.create(_permanent("Sol Ring", "{1}", "Artifact"), Zone.BATTLEFIELD, Player.P2)
    host.create(_permanent("Glorious Anthem", "{1}{W}{W}", "Enchantment"), Zone.BATTLEFIELD, Player.P2)
    offered = _split_moves(host, wear_tear)
    assert sorted({str(m[3]) for m in offered}) == ["fused", "left", "right"]
    host.game.push(next(m for m in offered if m[3] == "fused"))
    assert host.view(wear_tear).zone is Zone.GRAVEYARD
    assert host.events() == [{"event": "cast", "object": wear_tear, "half": "fused"}]
    assert len(host.state["tapped"]) == 3


@pytest.mark.usefixtures("session")
def test_702_127_aftermath_half_cast_from_graveyard_then_exiled(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    host = _game(v, cards, [], ["Forest"] * 4)
    destined = host.create(cards["Destined // Lead"], Zone.GRAVEYARD, Player.P1)
    # Lead needs a creature to target (601.2c).
    host.create(_permanent("Grizzly Bears", "{1}{G}", "Creature"), Zone.BATTLEFIELD, Player.P2)
    assert _split_moves(host, destined) == [("cast_split", "alice", destined, "right", {})]
    host.game.push(("cast_split", "alice", destined, "right", {}))
    assert host.view(destined).zone is Zone.EXILE


@pytest.mark.usefixtures("session")
def test_702_127_aftermath_half_not_castable_from_hand(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    host = _game(v, cards, ["Destined // Lead"], ["Forest"] * 4 + ["Swamp"] * 2)
    host.create(cards["Grizzly Bears"], Zone.BATTLEFIELD, Player.P1)  # Destined's target creature
    destined = _obj(host, "destined_lead")
    assert {m[3] for m in _split_moves(host, destined)} == {"left"}


@pytest.mark.usefixtures("session")
def test_709_5_room_doors_survive_copy_serialize_and_key(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
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


def _facts(host: MtgHost, obj: str, relation: str) -> set[Any]:
    rows = {row[1:] for row in host.state.get(relation, ()) if row[0] == obj}
    return {row[0] if len(row) == 1 else row for row in rows}


@pytest.mark.usefixtures("session")
def test_709_5_the_engine_sees_only_a_rooms_unlocked_doors(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    host = _game(v, cards, [])
    room = host.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD, Player.P1)
    # No door unlocked: the Room's type line, but no color, no mana cost and no name (709.5).
    assert _facts(host, room, "printed_type") == {"enchantment"}
    assert _facts(host, room, "printed_color") == set()
    assert _facts(host, room, "mana_cost") == {0}
    assert host.game.name(room) == ""
    host.set_unlocked(room, frozenset({Side.LEFT}))
    # Bottomless Pool ({U}) unlocked: its color, its mana value and its name.
    assert _facts(host, room, "printed_color") == {"blue"}
    assert _facts(host, room, "mana_cost") == {1}
    assert host.game.name(room) == "Bottomless Pool"
    host.set_unlocked(room, frozenset({Side.LEFT, Side.RIGHT}))
    assert _facts(host, room, "mana_cost") == {6}
    assert host.game.name(room) == "Bottomless Pool // Locker Room"


@pytest.mark.parametrize("version", ["classic-2013", "duskmourn-2024"])
def test_702_102c_the_engine_sees_a_fused_spells_total_cost(
    v: dict[str, RuleVersion], cards: dict[str, Card], version: str
) -> None:
    # Wear {1}{R} and Tear {W} fused: one spell with both halves' costs, mana value 3, whether
    # the version gives the fused spell one combined facet (709.4d) or two (708.2, 2013).
    rules = v[version]
    pool = [cards["Wear // Tear"], *LANDS.values()]
    decks = {"alice": ["Wear // Tear", *["Island"] * 20], "bob": ["Island"] * 20}
    host = MtgHost.from_decks(rules, pool, decks, seed=3, starting_hand={"alice": ["Wear // Tear"]})
    wear_tear = _obj(host, "wear_tear")
    Table(host, rules, judge_targets=False).cast(wear_tear, CastOption.FUSED)
    assert _facts(host, wear_tear, "mana_generic") == {1}
    assert _facts(host, wear_tear, "mana_pip") == {("red", 1), ("white", 1)}
    assert _facts(host, wear_tear, "mana_cost") == {3}
    assert _facts(host, wear_tear, "spell_type") == {"instant"}
    assert _facts(host, wear_tear, "printed_color") == {"red", "white"}


@pytest.mark.usefixtures("session")
def test_709_5e_unlock_is_not_offered_outside_a_main_phase(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    host = _game(v, cards, [], ["Island"] * 5, instant_speed=True)
    room = host.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD, Player.P1)
    assert [m[3] for m in _split_moves(host, room)] == ["left", "right"]
    host.set_timing(TimingChange(phase=Phase.COMBAT))
    assert _split_moves(host, room) == []


@pytest.mark.usefixtures("session")
def test_709_5e_a_door_is_offered_when_its_unlock_cost_can_be_paid(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    host = _game(v, cards, ["Fire // Ice"], ["Island", "Island"])
    room = host.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD, Player.P1)
    fire_ice = _obj(host, "fire_ice")
    # Two Islands: Bottomless Pool ({U}) and Ice, not Locker Room ({4}{U}), asked of the engine at once.
    assert _split_moves(host, room) == [("unlock_door", "alice", room, "left")]
    assert _split_moves(host, fire_ice) == [("cast_split", "alice", fire_ice, "right", {})]
    for _ in range(3):
        host.create(LANDS["Island"], Zone.BATTLEFIELD, Player.P1)
    assert [m[3] for m in _split_moves(host, room)] == ["left", "right"]


@pytest.mark.usefixtures("session")
def test_117_1a_an_instant_half_is_offered_whenever_its_caster_has_priority(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    host = _game(v, cards, ["Fire // Ice"], ["Island", "Island"], instant_speed=True)
    fire_ice = _obj(host, "fire_ice")
    for phase in (Phase.UPKEEP, Phase.COMBAT, Phase.END):
        host.set_timing(TimingChange(phase=phase))
        assert _split_moves(host, fire_ice) == [("cast_split", "alice", fire_ice, "right", {})]


def test_709_5e_a_plugin_that_forbids_unlocking_removes_the_move(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    class NoUnlocks:
        @hookimpl
        def check_unlock(
            self, rules: RuleVersion, view: ObjectView, door: Side, by: UnlockBy, timing: Timing
        ) -> IllegalAction | None:
            return IllegalAction("doors stay locked in this format", (), rules.name)

    pm = make_plugin_manager([NoUnlocks()], load_entry_points=False)
    with patches.patched(_split_moves_of(v["duskmourn-2024"], pm)):
        host = _game(v, cards, ["Bottomless Pool // Locker Room"], ["Island"] * 6)
        room = _obj(host, "bottomless_pool")
        host.game.push(("cast_split", "alice", room, "left", {}))
        assert host.view(room).unlocked == {Side.LEFT}
        assert _split_moves(host, room) == []
        with pytest.raises(IllegalAction, match="doors stay locked"):
            host.game.push(("unlock_door", "alice", room, "right"), checked=False)
        assert host.view(room).unlocked == {Side.LEFT}


def test_601_2_a_plugin_that_reads_the_board_is_asked_at_every_position(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    class NotWhileABearIsOut:
        @hookimpl
        def check_cast(
            self, rules: RuleVersion, request: CastRequest, timing: Timing, board: Sequence[ObjectView]
        ) -> IllegalAction | None:
            if any(view.card.name == "Grizzly Bears" and view.zone is Zone.BATTLEFIELD for view in board):
                return IllegalAction("no spells while a bear is out", (), rules.name)
            return None

    pm = make_plugin_manager([NotWhileABearIsOut()], load_entry_points=False)
    with patches.patched(_split_moves_of(v["duskmourn-2024"], pm)):
        host = _game(v, cards, ["Fire // Ice"], ["Island", "Island"])
        fire_ice = _obj(host, "fire_ice")
        assert _split_moves(host, fire_ice) == [("cast_split", "alice", fire_ice, "right", {})]
        # Fire // Ice, the timing and the permission are the same: the plugin's answer is not.
        host.create(cards["Grizzly Bears"], Zone.BATTLEFIELD, Player.P2)
        assert _split_moves(host, fire_ice) == []


def test_601_2_the_spell_is_controlled_by_its_caster(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    host = MtgHost(v["duskmourn-2024"])
    table = Table(host, v["duskmourn-2024"], judge_targets=False)
    fire_ice = table.create(cards["Fire // Ice"], Zone.HAND, Player.P1)
    table.set_turn(priority=Player.P2)
    table.cast(fire_ice, CastOption.RIGHT, caster=Player.P2, permission=Zone.HAND)
    view = host.view(fire_ice)
    assert (view.owner, view.controller) == (Player.P1, Player.P2)
    assert view.spell is not None and view.spell.caster is Player.P2


def test_202_2_an_engine_card_with_hybrid_mana_has_both_colors(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    host = _game(v, cards, ["Mistmeadow Witch"])
    witch = _obj(host, "mistmeadow_witch")
    assert ch.colors(host.view(witch), v["duskmourn-2024"]).value == {"W", "U"}


@pytest.mark.usefixtures("session")
def test_moves_print_nothing(
    v: dict[str, RuleVersion], cards: dict[str, Card], capsys: pytest.CaptureFixture[str]
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
    assert info.available == "python-mtg is not installed: pip install 'splitcards[mtg]'"


def test_random_play_mixes_split_and_engine_moves(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    from mtg.engine import env

    engine_actions = env.legal_actions
    deck = [*POOL, *POOL, "Grizzly Bears", "Grizzly Bears", *list(BASIC_LANDS) * 4]
    pool = [*(cards[n] for n in POOL), cards["Grizzly Bears"], *LANDS.values()]
    host = MtgHost.from_decks(v["duskmourn-2024"], pool, {"alice": deck, "bob": deck}, seed=0, variant="two-player")
    game, rng = host.game, random.Random(0)
    kinds: set[str] = set()
    with patches.patched(_split_moves_of(v["duskmourn-2024"])) as session:
        while not game.is_game_over() and len(kinds) < 4 and game.turn_number < 40:
            moves = game.legal_moves
            # The moves offered are those of the position as it is (none was changed after being asked about).
            assert [m.raw for m in moves] == session.legal_actions(game.state, engine_actions)
            # The engine's own moves are those it lists without the plugin: the split-card casts
            # tried in its evaluation change no other card's castability.
            assert [m.raw for m in moves if m.kind not in ("cast_split", "unlock_door")] == engine_actions(game.state)
            move = rng.choice(moves)
            kinds.add(move.kind)
            game.push(move)
    assert "cast_split" in kinds
    assert any(e["event"] == "cast" for e in host.events())


def test_split_moves_are_paid_for_in_the_evaluation_that_lists_the_engines_casts(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    from mtg import driver

    host = _game(v, cards, ["Fire // Ice", "Wear // Tear", "Grizzly Bears"], ["Island", "Mountain"])

    def listed(installed: bool) -> tuple[list[str], int]:
        states.forget_evaluations()
        with patches.patched(_split_moves_of(v["duskmourn-2024"])) if installed else contextlib.nullcontext():
            kinds = sorted({m.kind for m in host.game.legal_moves})
        return kinds, driver.cache_stats()["souffle_evals"]

    without, evaluations = listed(installed=False)
    with_plugin, evaluations_with_plugin = listed(installed=True)
    assert with_plugin == sorted({*without, "cast_split"})
    # No evaluation of python-mtg's rules is added to find out which of them can be paid for.
    assert evaluations_with_plugin == evaluations


def test_a_trial_of_split_moves_leaves_the_games_loaded_facts_alone(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    # python-mtg loads into its evaluator only the relations that changed since the last
    # evaluation: the trial spells' costs, types and hand rows must not be the last ones loaded.
    from mtg import engine_inproc

    host = _game(v, cards, ["Fire // Ice", "Wear // Tear"], ["Island", "Mountain"])
    states.forget_evaluations()
    states.derive(host.game.state, ["can_cast"])
    with patches.patched(_split_moves_of(v["duskmourn-2024"])):
        assert "cast_split" in {m.kind for m in host.game.legal_moves}
    loaded = engine_inproc._LOADED
    assert loaded is not None
    for rel in ("in_hand", "mana_generic", "spell_type"):
        assert loaded.get(rel, frozenset()) == frozenset(host.game.state.get(rel, ())), rel


@pytest.mark.usefixtures("session")
def test_601_3_an_engine_effect_that_lets_a_card_be_played_is_a_permission(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    host = _game(v, cards, [], ["Island", "Island"])
    exiled = host.create(cards["Fire // Ice"], Zone.EXILE, Player.P1)
    assert _split_moves(host, exiled) == []
    state = dict(host.state)
    state["may_play"] = state.get("may_play", set()) | {("alice", exiled)}
    states.set_state(host.game, state)
    assert _split_moves(host, exiled) == [("cast_split", "alice", exiled, "right", {})]


def _plain_game_trace() -> list[tuple[Any, ...]]:
    """A python-mtg game without split cards, played with seeded random moves: each position's
    key and legal moves."""
    deck = ["Grizzly Bears"] * 8 + ["Forest"] * 12
    game = states.new_game({"alice": deck, "bob": deck}, seed=5, variant="two-player")
    rng, trace = random.Random(5), []
    for _ in range(12):
        moves = game.legal_moves
        trace.append((game.key(), [game.move_key(m) for m in moves]))
        game.push(rng.choice(moves), checked=False)
    return trace


def _engine_functions() -> tuple[Any, ...]:
    from mtg import Game
    from mtg.engine import env

    return env.legal_actions, env.step, env._has_decision, Game.key, Game.name


def test_uninstalling_leaves_python_mtg_as_it_was(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    assert patches.installed() == ()
    originals, plain = _engine_functions(), _plain_game_trace()
    session = _split_moves_of(v["duskmourn-2024"])
    with patches.patched(session):
        assert _engine_functions() != originals
        host = _game(v, cards, ["Fire // Ice"], ["Island", "Island"])
        assert {m.kind for m in host.game.legal_moves} >= {"cast_split"}
        # A game that no installed session serves is python-mtg's alone.
        assert _plain_game_trace() == plain
    assert all(now is then for now, then in zip(_engine_functions(), originals, strict=True))
    assert patches.installed() == ()
    assert _plain_game_trace() == plain
    assert "cast_split" not in {m.kind for m in host.game.legal_moves}


def test_patches_nest_and_repeat(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    originals = _engine_functions()
    current, older = _split_moves_of(v["duskmourn-2024"]), _split_moves_of(v["classic-2009"])
    with patches.patched(current):
        host = _game(v, cards, ["Fire // Ice"], ["Island", "Island"])
        with patches.patched(older), patches.patched(current):
            assert patches.installed() == (current, older, current)
            assert {m.kind for m in host.game.legal_moves} >= {"cast_split"}
        assert patches.installed() == (current,)
        assert {m.kind for m in host.game.legal_moves} >= {"cast_split"}
    with pytest.raises(RuntimeError, match="boom"), patches.patched(current):
        raise RuntimeError("boom")
    assert patches.installed() == ()
    assert all(now is then for now, then in zip(_engine_functions(), originals, strict=True))
    with pytest.raises(ValueError, match="not installed"):
        patches.uninstall(current)


def test_a_game_is_served_by_the_session_of_its_rule_version(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    host = _game(v, cards, ["Fire // Ice"], ["Island", "Island"])
    move: tuple[Any, ...] = ("cast_split", "alice", _obj(host, "fire_ice"), "right", {})
    with patches.patched(_split_moves_of(v["classic-2009"])), pytest.raises(ValueError, match="illegal move"):
        host.game.push(move)
    with patches.patched(_split_moves_of(v["duskmourn-2024"])):
        host.game.push(move)
    assert host.events() == [{"event": "cast", "object": move[2], "half": "right"}]


ADAPTER = Path(states.__file__).parent
# The facade: the modules that reach into python-mtg, each with one job.
FACADE = {"states.py", "corpus.py", "driver.py", "patches.py", "agents.py"}
PACKAGE = "splitcards.adapters.mtg"


def _imports(path: Path) -> set[str]:
    """Every module a file imports, at the top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            if node.module == PACKAGE:
                found |= {f"{PACKAGE}.{alias.name}" for alias in node.names}
    return found


def test_only_the_engine_facade_touches_python_mtg() -> None:
    for path in sorted(ADAPTER.glob("*.py")):
        if path.name in FACADE:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert not {m for m in _imports(path) if m.split(".")[0] == "mtg"}, path.name
        # The engine's private state keys and Game attributes are named in the facade only.
        private_keys = {
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and re.fullmatch(r"_[a-z]+(_[a-z]+)*", node.value)
            and not node.value.startswith("_split")
        }
        game_attributes = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)} & {"_state", "_history"}
        assert (path.name, private_keys | game_attributes) == (path.name, set())


def test_the_adapter_modules_import_no_cycle() -> None:
    graph = {
        f"{PACKAGE}.{path.stem}": {m for m in _imports(path) if m.startswith(f"{PACKAGE}.")}
        for path in ADAPTER.glob("*.py")
    }
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join((*path, module))
        if module not in done:
            for imported in graph.get(module, set()):
                visit(imported, (*path, module))
            done.add(module)

    for module in graph:
        visit(module, ())


def test_709_4_an_equal_card_read_twice_shows_the_same_face(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    # Two loads of the same card data give equal cards that are other objects; the rules' cached
    # answer for one must be read right for the other (a Fire // Ice in a hand shows both halves).
    from dataclasses import replace

    from splitcards.adapters.mtg import facts

    first = cards["Fire // Ice"]
    second = replace(first, halves=tuple(replace(h) for h in first.halves))
    assert second == first and second.halves[0] is not first.halves[0]
    rules = v["duskmourn-2024"]
    for card in (first, second):
        view = ObjectView(card, Zone.HAND)
        assert facts.face_of(view, rules) is facts.Face.BOTH
        assert facts.shown_halves(view, rules) == card.halves
        assert card.side_of(card.halves[1]) is Side.RIGHT
        spell = ObjectView(card, Zone.STACK, spell=SpellFacts(CastOption.RIGHT))
        assert facts.face_of(spell, rules) is facts.Face.RIGHT
