"""Each phase behaviour the adapter corrects, driven on the real engine (see docs/phase.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("phase", reason="phase-python is not installed (pip install splitcards[phase])")

from splitcards.adapters.phase import carddata
from splitcards.adapters.phase.deviations import DEVIATIONS
from splitcards.adapters.phase.engine import load_phase
from splitcards.adapters.phase.host import PhaseHost
from splitcards.adapters.phase.session import engine_for
from splitcards.adapters.phase.translate import cast_action, phase_mana_value
from splitcards.card import Side
from splitcards.errors import IllegalCast, IllegalZone
from splitcards.model import CastOption, Phase, Player, Zone
from splitcards.play import decks
from splitcards.table import Table
from splitcards.versions import load_registry

CARDS = decks.cards()


def _table(version: str = "current") -> tuple[Table, PhaseHost]:
    rules = load_registry().get(version)
    host = PhaseHost(rules)
    host.prepare(list(CARDS.values()))
    return Table(host, rules), host


def test_every_deviation_names_a_test_here() -> None:
    names = set(globals())
    assert [d.test for d in DEVIATIONS if d.test not in names] == []


def test_docs_table_lists_every_deviation() -> None:
    docs = (Path(__file__).parents[1] / "docs" / "phase.md").read_text(encoding="utf-8")
    rows = [line for line in docs.splitlines() if line.startswith("| `")]
    missing = [
        d.name
        for d in DEVIATIONS
        if not any(f"`{d.name}`" in row and f"`{d.test}`" in row and ", ".join(d.rules) in row for row in rows)
    ]
    assert missing == []


def test_709_4_split_card_in_hand_has_both_halves() -> None:
    table, host = _table()
    fi = table.create(CARDS["Fire // Ice"], Zone.HAND)
    assert host.session.game.object(int(fi))["name"] == "Fire"
    assert table.characteristic(fi, "names").value == ("Fire", "Ice")
    assert table.characteristic(fi, "mana_values").value == (4,)


def test_709_4d_fused_spell_has_both_names_and_total_cost() -> None:
    table, host = _table()
    wt = table.create(CARDS["Wear // Tear"], Zone.HAND)
    table.cast(wt, CastOption.FUSED)
    assert host.session.game.stack()[-1]["kind"]["data"]["casting_variant"] == "Fuse"
    assert host.session.game.object(int(wt))["name"] == "Wear"
    assert table.characteristic(wt, "names").value == ("Wear", "Tear")
    assert table.characteristic(wt, "mana_values").value == (3,)
    assert [str(c) for c in table.characteristic(wt, "mana_costs").value] == ["{1}{W}{R}"]


def test_400_7_fused_flag_gone_after_resolution() -> None:
    table, host = _table()
    wt = table.create(CARDS["Wear // Tear"], Zone.HAND)
    table.cast(wt, CastOption.FUSED)
    table.resolve()
    assert host.session.game.object(int(wt))["fused_split_spell"] is True
    view = table.view(wt)
    assert (view.zone, view.spell) == (Zone.GRAVEYARD, None)
    assert table.characteristic(wt, "names").value == ("Wear", "Tear")


def test_702_127a_memory_castable_only_from_graveyard() -> None:
    table, host = _table()
    cm = table.create(CARDS["Commit // Memory"], Zone.HAND)
    assert table.castable(cm).value == (CastOption.LEFT,)
    with pytest.raises(IllegalZone):
        table.cast(cm, CastOption.RIGHT)
    table.move(cm, Zone.GRAVEYARD)
    assert not [a for a in host.session.game.actions() if a.kind == "CastSpell"]
    assert table.castable(cm).value == (CastOption.RIGHT,)
    table.cast(cm, CastOption.RIGHT)
    assert host.session.game.object(int(cm))["name"] == "Memory"
    assert table.view(cm).spell is not None
    assert table.view(cm).spell.cast_from is Zone.GRAVEYARD  # type: ignore[union-attr]


def test_702_127a_memory_exiled_after_cast_from_graveyard() -> None:
    table, host = _table()
    cm = table.create(CARDS["Commit // Memory"], Zone.GRAVEYARD)
    table.cast(cm, CastOption.RIGHT)
    outcome = table.resolve()
    assert outcome.destination is Zone.EXILE
    assert host.last_corrections == ["aftermath-not-exiled"]
    assert host.session.game.object(int(cm))["zone"] == "Exile"


def test_702_127a_countered_memory_is_exiled() -> None:
    table, host = _table()
    cm = table.create(CARDS["Commit // Memory"], Zone.GRAVEYARD)
    table.cast(cm, CastOption.RIGHT)
    assert table.move(cm, Zone.GRAVEYARD) is Zone.EXILE
    assert host.session.game.object(int(cm))["zone"] == "Exile"


def test_709_5_room_characteristics_from_unlocked_doors() -> None:
    table, host = _table()
    room = table.create(CARDS["Bottomless Pool // Locker Room"], Zone.HAND)
    table.cast(room, CastOption.RIGHT)
    table.resolve()
    table.unlock(room, Side.LEFT)
    data = host.session.game.object(int(room))
    assert data["room_unlocks"] == {"left_unlocked": True, "right_unlocked": True}
    assert data["name"] == "Bottomless Pool // Locker Room"
    assert phase_mana_value(data["mana_cost"]) != 6
    assert table.characteristic(room, "names").value == ("Bottomless Pool", "Locker Room")
    assert table.characteristic(room, "mana_values").value == (6,)


def test_709_3b_room_spell_after_leaving_the_battlefield_has_its_door_name() -> None:
    table, host = _table()
    room = table.create(CARDS["Bottomless Pool // Locker Room"], Zone.HAND)
    table.cast(room, CastOption.RIGHT)
    table.resolve()
    table.unlock(room, Side.LEFT)
    table.move(room, Zone.HAND)
    oid = int(room)
    # phase itself casts the right door (as its AI does), without the adapter's record of the cast.
    host.session.apply(0, cast_action(oid))
    host.session.apply(0, {"type": "ChooseModalFace", "data": {"back_face": True}})
    assert host.session.game.object(oid)["name"] == "Bottomless Pool // Locker Room"
    assert table.characteristic(room, "names").value == ("Locker Room",)
    outcome = table.resolve()
    assert outcome.unlocked == {Side.RIGHT}
    assert host.session.game.object(oid)["room_unlocks"] == {"left_unlocked": False, "right_unlocked": True}
    assert host.last_corrections == []


def test_709_5h_reload_keeps_room_triggers() -> None:
    table, host = _table()
    room = table.create(CARDS["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    before = len(host.session.game.object(int(room))["trigger_definitions"])
    table.set_turn(active=Player.P2, phase=Phase.MAIN1, priority=Player.P1)
    assert host.session.game.priority_player() == 0
    assert len(host.session.game.object(int(room))["trigger_definitions"]) == before == 2


def test_708_2a_no_fuse_under_classic_2009() -> None:
    table, host = _table("classic-2009")
    wt = table.create(CARDS["Wear // Tear"], Zone.HAND)
    assert table.castable(wt).value == (CastOption.LEFT, CastOption.RIGHT)
    with pytest.raises(IllegalCast):
        table.cast(wt, CastOption.FUSED)
    assert host.session.game.object(int(wt))["zone"] == "Hand"
    host.session.apply(0, cast_action(int(wt)))
    variants = [o["variant"] for o in host.session.game.waiting_for()["data"]["options"]]
    assert "Fuse" in variants


def test_601_2_half_phase_chose_is_cast_to_the_end_before_it_is_a_spell() -> None:
    # A game without infinite mana: one Plains, so only Tear can be paid for.
    rules = load_registry().get("current")
    host = PhaseHost(rules)
    host.session.use_engine(
        engine_for([CARDS[n] for n in ("Wear // Tear", "Bottomless Pool // Locker Room", "Plains")])
    )
    deck = ["Wear"] * 6 + ["Bottomless Pool"] * 8 + ["Plains"] * 20
    host.session.start(deck, list(deck), seed=1)
    table = Table(host, rules)
    table.create(CARDS["Plains"], Zone.BATTLEFIELD)
    for _ in range(2):
        table.create(CARDS["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    wt = table.create(CARDS["Wear // Tear"], Zone.HAND)
    oid = int(wt)
    # phase picks Tear without asking, pushes the spell and waits for one of its two targets.
    host.session.apply(0, cast_action(oid))
    assert host.session.game.waiting_for()["type"] == "TargetSelection"
    assert host.caster.adopt(oid) is CastOption.RIGHT
    assert table.view(wt).zone is Zone.HAND
    assert host.timing().stack_empty
    table.cast(wt, CastOption.RIGHT)
    assert host.session.game.waiting_for()["type"] == "Priority"
    assert table.view(wt).zone is Zone.STACK
    assert table.characteristic(wt, "names").value == ("Tear",)
    assert table.characteristic(wt, "mana_values").value == (1,)


def test_709_3_half_not_offered_is_not_cast() -> None:
    table, host = _table()
    fi = table.create(CARDS["Fire // Ice"], Zone.HAND)
    oid = int(fi)
    host.session.apply(0, cast_action(oid))
    assert host.caster.casting(oid)
    host.caster.abort(oid)
    assert host.session.game.object(oid)["zone"] == "Hand"
    assert host.session.game.stack() == []


def test_707_12_copy_of_card_in_exile() -> None:
    table, host = _table()
    wt = table.create(CARDS["Wear // Tear"], Zone.EXILE)
    copy = table.copy_card(wt)
    assert copy != wt
    assert host.session.game.object(int(copy))["zone"] == "Exile"
    assert table.view(copy).copy is True
    assert table.characteristic(copy, "names").value == ("Wear", "Tear")


def test_card_data_read_back_gives_the_same_cards() -> None:
    database = carddata.build_database(load_phase(), CARDS.values())
    # A two-faced card of another layout is no split card: left out.
    bears = database["grizzly bears"]
    for index, name in enumerate(("Day Bear", "Night Bear")):
        database[name.lower()] = dict(bears, name=name, layout="transform", face_index=index, scryfall_oracle_id="dn")
    back = carddata.cards_from_card_data(database)
    assert {name: back[name] for name in CARDS} == CARDS
    assert [name for name in back if "Day Bear" in name] == []
