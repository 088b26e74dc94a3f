"""Loading python-mtg: the version pin, the quiet driver, and the position every game starts from."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from functools import cache
from typing import Any

from splitcards.adapters.mtg import keys
from splitcards.adapters.mtg.version import require_supported
from splitcards.model import Player

State = dict[str, Any]

# The starting position of a scenario game: two players with libraries of basic lands, empty
# hands, the first player's precombat main phase. Libraries keep draws (Ice, Memory) legal.
_LIBRARY = ["Island"] * 20


@cache
def mtg_module() -> Any:
    """``import mtg``, after checking that the installed release is the supported one."""
    require_supported()
    import mtg

    return mtg


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    """Swallow the driver's narration, which it prints to stdout on every action.

    ``redirect_stdout`` swaps the process-wide ``sys.stdout``, as python-mtg's own ``env.step``
    does; games of this engine must not run in parallel threads anyway (its evaluator and cache
    are process-global).
    """
    with contextlib.redirect_stdout(io.StringIO()):
        yield


@cache
def _prototype() -> State:
    # The first Game() of a process parses the engine's card files (about a second): build the
    # starting position once and clone it for every new game.
    mtg = mtg_module()
    from mtg import driver

    game = mtg.Game(
        decks={Player.P1.value: _LIBRARY, Player.P2.value: _LIBRARY}, seed=0, explicit_lands=True, variant="two-player"
    )
    state: State = driver.clone_state(game.state)
    order = {p: list(cards) for p, cards in state["_lib_order"].items()}
    for player, card in sorted(state["in_hand"]):
        order[player].append(card)
    state["in_library"] = state["in_library"] | state["in_hand"]
    state["in_hand"] = set()
    state["_lib_order"] = order
    state[keys.SEATS] = {p.value: p.value for p in Player}
    return state


def starting_state() -> State:
    """A fresh copy of the scenario starting position."""
    from mtg import driver

    state: State = driver.clone_state(_prototype())
    return state
