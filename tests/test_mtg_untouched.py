"""A cast or unlock refused in a python-mtg game leaves python-mtg's whole position as it was
(every relation, the adapter's records with it)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

pytest.importorskip("mtg", reason="could not import 'mtg' (pip install 'splitcards[mtg]')")

from splitcards.adapters.mtg.ai import MtgAI
from splitcards.errors import IllegalAction, NotSupported
from splitcards.game.table.moves import CastMove
from splitcards.rules.card import Side
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption, Player, Zone
from splitcards.tools.play import democards
from splitcards.tools.play.untouched import UntouchedGame

CARDS = democards.cards()


def test_601_2c_a_fused_cast_with_one_half_targetable_leaves_python_mtg_as_it_was(
    untouched_game: Callable[..., UntouchedGame],
) -> None:
    game = untouched_game(MtgAI, "current", ["Mountain", "Plains", "Wear // Tear", "Ornithopter"] * 10)
    for name in ("Mountain", "Mountain", "Plains", "Ornithopter"):
        game.table.create(CARDS[name], Zone.BATTLEFIELD)
    wt = game.table.create(CARDS["Wear // Tear"], Zone.HAND)
    with pytest.raises((IllegalAction, NotSupported)):
        game._play(Player.P1, CastMove(wt, CastOption.FUSED, ManaCost.parse("{1}{R}{W}")))
    assert (game.checked, game.breaches) == (1, [])


def test_702_127a_a_graveyard_cast_with_no_mana_leaves_python_mtg_as_it_was(
    untouched_game: Callable[..., UntouchedGame],
) -> None:
    game = untouched_game(MtgAI, "amonkhet-2017", ["Swamp", "Cut // Ribbons"] * 20)
    cr = game.table.create(CARDS["Cut // Ribbons"], Zone.GRAVEYARD)
    with pytest.raises(NotSupported, match="mtg could not carry it out now"):
        game._play(Player.P1, CastMove(cr, CastOption.RIGHT, ManaCost.parse("{B}{B}")))
    assert (game.checked, game.breaches) == (1, [])


def test_709_5e_an_unlock_with_no_mana_is_refused_with_python_mtg_as_it_was(
    untouched_game: Callable[..., UntouchedGame],
) -> None:
    game = untouched_game(MtgAI, "duskmourn-2024", ["Island", "Bottomless Pool // Locker Room"] * 20)
    room = game.table.create(CARDS["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    game._unlock(Player.P1, room, Side.RIGHT)
    assert game.table.view(room).unlocked == frozenset()
    assert game.result.refusals == 1
    assert (game.checked, game.breaches) == (1, [])


def test_601_2_an_ai_cast_the_rules_refuse_every_way_leaves_python_mtg_as_it_was(
    untouched_game: Callable[..., UntouchedGame],
) -> None:
    game = untouched_game(MtgAI, "current", ["Mountain", "Lightning Bolt"] * 20)
    bolt = game.table.create(CARDS["Lightning Bolt"], Zone.HAND)
    assert isinstance(game.ai, MtgAI)
    before = game.ai.engine_state()
    # The AI's cast, targeting p2: the choices python-mtg made are kept for the cast, then dropped.
    assert game.ai.begin_cast(("cast", "p1", bolt, {"target": "p2"}), bolt) is CastOption.WHOLE
    game.ai.cancel_cast(bolt)
    assert game.ai.engine_state() == before
