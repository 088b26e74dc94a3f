"""What the phase adapter reads from phase is kept for one position only: every action, the
adapter's own and phase's, makes a new one, and the next question reads phase again."""

from __future__ import annotations

import pytest

pytest.importorskip("phase", reason="phase-python is not installed (pip install 'splitcards[phase]')")

from splitcards.adapters.phase.host import PhaseHost
from splitcards.adapters.phase.translate import (
    CANCEL,
    KEEP,
    PASS,
    action_dict,
    cast_action,
    face_action,
    prompt_option,
    unlock_action,
)
from splitcards.game.configuration.registry import load_registry
from splitcards.game.table import Table
from splitcards.rules.card import Side
from splitcards.rules.model import CastOption, Player, Zone
from splitcards.tools.play import democards

CARDS = democards.cards()


def _table() -> tuple[Table, PhaseHost]:
    host = PhaseHost()
    host.prepare([CARDS["Fire // Ice"], CARDS["Bottomless Pool // Locker Room"], CARDS["Turn // Burn"]])
    return Table(host, load_registry().get("current"), judge_targets=False), host


def test_a_player_read_at_one_position_is_read_again_after_a_move() -> None:
    table, host = _table()
    session = host.session
    fire = table.create(CARDS["Fire // Ice"], Zone.HAND)
    hand = session.player(0)
    assert session.player(0) is hand  # the same position: kept
    assert int(fire) in hand["hand"]
    assert session.place(int(fire)) == (0, Zone.HAND)
    at = session.position
    table.move(fire, Zone.GRAVEYARD)
    assert session.position != at
    assert int(fire) in session.player(0)["graveyard"]
    assert int(fire) not in session.player(0)["hand"]
    assert session.place(int(fire)) == (0, Zone.GRAVEYARD)
    assert table.view(fire).zone is Zone.GRAVEYARD


def test_the_prompt_and_the_actor_are_read_again_after_a_pass() -> None:
    _, host = _table()
    session = host.session
    assert session.actor() == 0
    waiting = session.waiting()
    assert session.waiting() is waiting
    session.apply(0, PASS)
    # p1 passed on an empty stack in its main phase: p2 has priority (117.3d).
    assert session.actor() == 1
    assert session.waiting()["data"]["player"] == 1


def test_the_stack_is_read_again_after_a_cast_and_a_resolution() -> None:
    table, host = _table()
    session = host.session
    fire = table.create(CARDS["Fire // Ice"], Zone.HAND)
    assert session.stack_ids() == ()
    table.cast(fire, CastOption.LEFT)
    assert session.stack_ids() == (int(fire),)
    assert table.host.stack() == [fire]
    table.resolve()
    assert session.stack_ids() == ()
    assert table.view(fire).zone is Zone.GRAVEYARD


def test_the_battlefield_is_read_again_after_a_permanent_enters() -> None:
    table, host = _table()
    session = host.session
    before = session.battlefield()
    assert session.battlefield() is before
    room = table.create(CARDS["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    assert int(room) not in [o["id"] for o in before]
    assert int(room) in [o["id"] for o in session.battlefield()]
    assert table.view(room).controller is Player.P1


@pytest.mark.parametrize(
    "wanted",
    [
        PASS,
        KEEP,
        CANCEL,
        cast_action(7),
        face_action(CastOption.LEFT),
        face_action(CastOption.RIGHT),
        unlock_action(7, Side.RIGHT),
        {"type": "ChooseCastingVariant", "data": {"index": 2}},
        {"type": "RespondToSpliceOffer", "data": {"card": 7}},
        {"type": "RespondToSpliceOffer", "data": {"card": None}},
    ],
)
def test_the_adapter_s_actions_are_in_phase_s_own_shape(wanted: dict[str, object]) -> None:
    # PhaseReads.listed compares them natively with phase's listed actions: the same answer as
    # comparing dicts only while phase gives each back as it was written.
    from phase import GameAction

    assert GameAction.from_dict(wanted).to_dict() == wanted


@pytest.mark.parametrize(
    ("name", "prompt", "halves"),
    [
        ("Fire // Ice", "ModalFaceChoice", {CastOption.LEFT, CastOption.RIGHT}),
        ("Turn // Burn", "CastingVariantChoice", {CastOption.LEFT, CastOption.RIGHT, CastOption.FUSED}),
    ],
)
def test_709_3_the_halves_phase_lists_are_read_from_its_answers_alone(
    name: str, prompt: str, halves: set[CastOption]
) -> None:
    table, host = _table()
    session = host.session
    card = table.create(CARDS[name], Zone.HAND)
    session.apply(0, cast_action(int(card)))
    waiting = session.waiting()
    assert waiting["type"] == prompt
    every = {prompt_option(waiting, action_dict(a)) for a in session.legal_actions()} - {None}
    assert session.half_options() == every == halves


def test_a_listed_action_is_found_as_phase_lists_it_and_an_unlisted_one_is_not() -> None:
    table, host = _table()
    session = host.session
    fire = table.create(CARDS["Fire // Ice"], Zone.HAND)
    session.apply(0, cast_action(int(fire)))
    right = session.listed(face_action(CastOption.RIGHT))
    assert right is not None
    assert right in session.legal_actions()
    assert action_dict(right) == face_action(CastOption.RIGHT)
    # phase offers no cancel at its half prompt, nor any variant of a modal face choice.
    assert session.listed(CANCEL) is None
    assert session.listed({"type": "ChooseCastingVariant", "data": {"index": 0}}) is None
    # Not one of phase's actions at all: none is listed equal to it.
    assert session.listed({"type": "NoSuchAction"}) is None
