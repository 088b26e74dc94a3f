"""Each phase behaviour the adapter corrects, driven on the real engine (see docs/phase.md)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from importlib import resources
from pathlib import Path

import pytest

pytest.importorskip("phase", reason="phase-python is not installed (pip install 'splitcards[phase]')")

from splitcards.adapters.phase import carddata
from splitcards.adapters.phase.carddata import engine_for
from splitcards.adapters.phase.deviations import DEVIATIONS
from splitcards.adapters.phase.host import PhaseHost
from splitcards.adapters.phase.translate import PhaseRefused, cast_action, phase_mana_value, splice_onto
from splitcards.adapters.phase.version import load_phase
from splitcards.errors import IllegalCast, IllegalZone, NotSupported, SplitcardsError
from splitcards.game.configuration.registry import load_registry
from splitcards.game.table import Table
from splitcards.rules.card import Card, Side
from splitcards.rules.model import CastOption, Phase, Player, SpellFacts, Spliced, UnlockBy, Zone
from splitcards.tools.conformance.scenario import load_file
from splitcards.tools.play import democards

CARDS = democards.cards()
BUNDLED = resources.files("splitcards.tools.conformance.bundled")
SPLICE_CARDS = load_file(Path(str(BUNDLED / "splice_targets.yaml"))).cards
COST_CARDS = load_file(Path(str(BUNDLED / "costs.yaml"))).cards


def _table(version: str = "current", cards: Mapping[str, Card] = CARDS) -> tuple[Table, PhaseHost]:
    rules = load_registry().get(version)
    host = PhaseHost()
    host.prepare(list(cards.values()))
    return Table(host, rules, judge_targets=False), host


def _without_infinite_mana() -> tuple[Table, PhaseHost]:
    """A game of the demo cards at p1's first main phase, with no land in play and empty hands."""
    rules = load_registry().get("current")
    host = PhaseHost()
    host.session.use_engine(engine_for(list(CARDS.values())))
    deck = [carddata.front_name(c) for c in CARDS.values() for _ in range(3)]
    host.session.start(deck, list(deck), seed=1)
    for seat in (0, 1):
        for obj in host.session.game.hand(seat):
            host.session.debug("MoveToZone", object_id=obj["id"], to_zone="Library")
    host.session.index_libraries()
    return Table(host, rules, judge_targets=False), host


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
    # Unlocking its left door merges the merged face once more.
    table.unlock(room, Side.LEFT)
    assert host.session.game.object(oid)["name"] == "Bottomless Pool // Bottomless Pool // Locker Room"
    assert table.characteristic(room, "names").value == ("Bottomless Pool", "Locker Room")


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
    host = PhaseHost()
    host.session.use_engine(
        engine_for([CARDS[n] for n in ("Wear // Tear", "Bottomless Pool // Locker Room", "Plains")])
    )
    deck = ["Wear"] * 6 + ["Bottomless Pool"] * 8 + ["Plains"] * 20
    host.session.start(deck, list(deck), seed=1)
    table = Table(host, rules, judge_targets=False)
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
    # phase's keywords are its parser's, not the card data's: they are not read back.
    assert {name: back[name] for name in CARDS} == {name: _without_keywords(card) for name, card in CARDS.items()}
    bears = back["Grizzly Bears"].halves[0]
    assert (bears.power, bears.toughness) == ("2", "2")
    assert [name for name in back if "Day Bear" in name] == []


def test_702_47a_splice_phase_misreads_is_not_supported() -> None:
    table, host = _table("duskmourn-2024", SPLICE_CARDS)
    opt = table.create(SPLICE_CARDS["Opt"], Zone.HAND)
    everdream = table.create(SPLICE_CARDS["Everdream"], Zone.HAND)
    assert splice_onto(host.session.game.object(int(everdream))) == ("Instant or sorcery",)
    assert table.splice_candidates(opt).value == (everdream,)
    before = table.snapshot()
    with pytest.raises(NotSupported, match="splice-onto-misread"):
        table.cast(opt, splice=[everdream])
    assert table.snapshot() == before
    assert host.session.game.stack() == []


def test_601_2_a_cast_by_another_player_than_the_owner_is_not_supported() -> None:
    table, host = _table()
    fire = table.create(CARDS["Fire // Ice"], Zone.GRAVEYARD, Player.P1)
    table.set_turn(priority=Player.P2)
    before = table.snapshot()
    with pytest.raises(NotSupported, match=r"only as its owner, not as p2 \(deviation caster-is-owner\)"):
        table.cast(fire, CastOption.RIGHT, caster=Player.P2, permission=Zone.GRAVEYARD)
    assert table.snapshot() == before
    assert host.session.game.stack() == []


def test_601_2b_x_given_before_targets_at_splice_offer() -> None:
    table, host = _table(cards=COST_CARDS)
    for _ in range(2):
        table.create(COST_CARDS["Grizzly Bears"], Zone.GRAVEYARD)
    denied = table.create(COST_CARDS["Death Denied"], Zone.HAND)
    ritual = table.create(COST_CARDS["Desperate Ritual"], Zone.HAND)
    table.cast(denied, x=2, splice=[ritual])
    (entry,) = host.session.game.stack()
    ability = entry["kind"]["data"]["ability"]
    # The X the rules were told, before phase's two targets; the spliced text follows.
    assert ability["chosen_x"] == 2
    assert len(ability["targets"]) == 2
    assert ability["sub_ability"]["description"] == "Add {R}{R}{R}."


# -- phase refusing what the rules allow: NotSupported with phase's reason, the game as it was --


def test_refused_splice_names_phase_reason_and_changes_nothing() -> None:
    table, host = _table(cards=SPLICE_CARDS)
    # phase lists Goryo's Vengeance at its splice prompt, then refuses it: no legendary creature
    # card in p1's graveyard. The host is asked directly, as the rules would ask it.
    table.create(SPLICE_CARDS["Griselbrand"], Zone.GRAVEYARD, Player.P2)
    rtm = table.create(SPLICE_CARDS["Reach Through Mists"], Zone.HAND)
    goryo = table.create(SPLICE_CARDS["Goryo's Vengeance"], Zone.HAND)
    spell = SpellFacts(
        CastOption.WHOLE, cast_from=Zone.HAND, spliced=(Spliced(goryo, table.view(goryo).card.halves[0]),)
    )
    before = table.snapshot()
    with pytest.raises(PhaseRefused) as refused:
        host.cast(rtm, spell)
    assert refused.value.reason == "No legal targets available"
    assert "splicing \"Goryo's Vengeance\" onto 'Reach Through Mists'" in str(refused.value)
    assert table.snapshot() == before
    assert (host.session.game.stack(), host.session.game.waiting_for()["type"]) == ([], "Priority")


def test_cast_phase_cannot_pay_for_names_the_mana() -> None:
    table, host = _without_infinite_mana()
    bears = table.create(CARDS["Grizzly Bears"], Zone.HAND)
    assert table.castable(bears).value == (CastOption.WHOLE,)
    before = table.snapshot()
    with pytest.raises(PhaseRefused, match="phase refuses casting 'Grizzly Bears': Cannot pay mana cost"):
        table.cast(bears)
    assert table.snapshot() == before
    fire = table.create(CARDS["Fire // Ice"], Zone.HAND)
    before = table.snapshot()
    with pytest.raises(NotSupported) as refused:
        table.cast(fire, CastOption.LEFT)
    assert "it offers nothing" in str(refused.value) and "pay for it" in str(refused.value)
    assert "resolves" not in str(refused.value)
    assert table.snapshot() == before
    assert (host.session.game.stack(), host.session.game.waiting_for()["type"]) == ([], "Priority")


def test_priority_phase_cannot_give_is_refused_before_anything_changes() -> None:
    table, host = _table()
    room = table.create(CARDS["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    table.unlock(room, Side.LEFT, UnlockBy.EFFECT)
    before = table.snapshot()
    with pytest.raises(NotSupported, match="reload-drops-room-triggers"):
        table.set_turn(active=Player.P2, phase=Phase.COMBAT, priority=Player.P1)
    assert table.snapshot() == before
    assert host.session.game.phase == "PreCombatMain"


def test_scaffold_effect_without_priority_changes_nothing() -> None:
    table, host = _table()
    fire = table.create(CARDS["Fire // Ice"], Zone.HAND)
    spell = table.cast(fire, CastOption.LEFT)
    table.set_turn(priority=Player.P2)
    spares = set(host.session.spares)
    before = table.snapshot()
    with pytest.raises(NotSupported, match="p1 does not have priority"):
        table.copy_spell(spell)
    assert table.snapshot() == before
    assert host.session.spares == spares


def test_707_10a_copy_of_a_spell_resolves_and_ceases_to_exist() -> None:
    table, host = _table()
    fire = table.create(CARDS["Fire // Ice"], Zone.HAND)
    spell = table.cast(fire, CastOption.LEFT)
    copy = table.copy_spell(spell)
    assert table.host.stack() == [spell, copy]
    outcome = table.resolve(copy)
    assert outcome.destination is None
    assert [entry["id"] for entry in host.session.game.stack()] == [int(fire)]
    assert copy not in host.objects()
    assert table.resolve().destination is Zone.GRAVEYARD
    assert host.session.game.stack() == []


def test_707_12_copy_of_sorcery_half_cast_during_combat() -> None:
    table, host = _table()
    assault = table.create(CARDS["Assault // Battery"], Zone.EXILE)
    table.set_turn(phase=Phase.COMBAT)
    copy = table.copy_card(assault, cast=True, option=CastOption.RIGHT)
    assert table.host.stack() == [copy]
    assert host.session.game.object(int(copy))["name"] == "Battery"
    assert host.session.game.phase == "BeginCombat"
    assert table.characteristic(copy, "names").value == ("Battery",)


_STEPS = ("create", "create", "cast", "cast", "cast", "resolve", "resolve", "move", "copy_spell", "copy_card", "turn")


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_a_step_phase_refuses_changes_nothing(seed: int) -> None:
    """Random steps, legal and not: a refused one raises one of the package's errors (never
    phase's own) and leaves the whole observable game as it was."""
    rng = random.Random(seed)
    table, host = _table(rng.choice(["classic-2009", "amonkhet-2017", "current"]))
    cards = list(CARDS.values())
    for _ in range(30):
        objects = list(host.objects())
        step = rng.choice(_STEPS)
        if step != "create" and step != "turn" and not objects:
            continue
        obj = rng.choice(objects) if objects else ""
        before = table.snapshot()
        try:
            if step == "create":
                table.create(rng.choice(cards), rng.choice([Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.BATTLEFIELD]))
            elif step == "cast":
                options = table.castable(obj).value
                option = rng.choice(options) if options else None
                splice = table.splice_candidates(obj, option).value if options else ()
                table.cast(obj, option, splice[:1])
            elif step == "resolve":
                table.resolve()
            elif step == "move":
                table.move(obj, rng.choice(list(Zone)))
            elif step == "copy_spell":
                table.copy_spell(rng.choice(list(host.stack()) or [obj]))
            elif step == "copy_card":
                table.copy_card(obj, cast=rng.random() < 0.7, option=rng.choice([None, *CastOption]))
            else:
                table.set_turn(
                    rng.choice([None, *Player]),
                    rng.choice([None, *Phase]),
                    rng.choice([None, *Player]),
                    rng.choice([None, True, False]),
                )
        except SplitcardsError:
            assert table.snapshot() == before, step


def _without_keywords(card: Card) -> Card:
    return replace(card, halves=tuple(replace(h, keywords=None) for h in card.halves))


@pytest.mark.parametrize(
    "change",
    [{"phase": Phase.END}, {"active": Player.P2}, {"active": Player.P2, "phase": Phase.MAIN1}],
    ids=["step", "active player", "both"],
)
def test_a_turn_change_with_a_spell_on_the_stack_keeps_the_spell(change: dict[str, object]) -> None:
    table, host = _table()
    spell = table.cast(table.create(CARDS["Fire // Ice"], Zone.HAND), CastOption.RIGHT)
    before = table.snapshot()
    with pytest.raises(NotSupported, match="drops every spell on its stack"):
        table.set_turn(**change)  # type: ignore[arg-type]
    assert table.snapshot() == before
    assert list(host.stack()) == [spell]
    assert table.resolve().destination is Zone.GRAVEYARD


def test_107_3a_phase_is_told_the_x_the_rules_were_told() -> None:
    # 601.2b: the caster announces X; the same value is the one phase's spell carries and pays for.
    costs = load_file(Path(str(BUNDLED / "costs.yaml"))).cards
    table, host = _table(cards=costs)
    blaze = table.create(costs["Blaze"], Zone.HAND)
    spell = table.cast(blaze, CastOption.WHOLE, x=4)
    entry = next(e for e in host.session.stack_entries() if e["id"] == int(spell))
    assert entry["kind"]["data"]["ability"]["chosen_x"] == 4
    assert entry["kind"]["data"]["actual_mana_spent"] == 5  # {4}{R}
    assert host.session.object(int(spell))["cost_x_paid"] == 4


def test_a_timing_change_that_changes_nothing_leaves_phases_stack_alone() -> None:
    # phase's SetPhase clears its stack even to the step it is in: the adapter asks it only for a change.
    table, _ = _table()
    spell = table.cast(table.create(CARDS["Fire // Ice"], Zone.HAND), CastOption.RIGHT)
    timing = table.host.timing()
    table.set_turn(active=timing.active, phase=timing.phase)
    assert list(table.host.stack()) == [spell]
    assert table.view(spell).zone is Zone.STACK


@pytest.mark.parametrize(
    "change",
    [
        {"stack_empty": False},
        {"active": Player.P2, "phase": Phase.COMBAT, "stack_empty": False},
        {"phase": Phase.MAIN2, "stack_empty": False},
    ],
    ids=["stack-only", "turn-and-stack", "step-and-stack"],
)
def test_a_timing_change_refused_for_want_of_a_scaffold_card_changes_nothing(change: dict[str, object]) -> None:
    # A stack that is not empty is made with the adapter's Scaffold Filler; with none left the
    # change is refused before the turn or the step is touched.
    table, host = _table()
    session = host.session
    for seat in (0, 1):
        while True:
            try:
                session.take(seat, carddata.FILLER)
            except NotSupported:
                break
    before, step = table.snapshot(), (session.game.phase, session.active)
    with pytest.raises(NotSupported, match="no spare 'Scaffold Filler'"):
        table.set_turn(**change)  # type: ignore[arg-type]
    assert table.snapshot() == before
    assert (session.game.phase, session.active, session.stack_entries()) == (*step, [])
