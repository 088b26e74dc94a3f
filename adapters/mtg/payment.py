"""Paying what the rules said a cast or an unlock costs in all, with python-mtg's own payment.

python-mtg pays for cards only: it taps a player's sources for a card's mana cost. So a cost is
paid, and asked whether it can be paid, through a card of nobody's in the player's hand whose mana
cost is that cost (its colored pips and generic mana; X counted as 0, as the rules count it).
"""

from __future__ import annotations

from splitcards.adapters.mtg import driver, facts
from splitcards.adapters.mtg.states import State
from splitcards.rules.mana import ManaCost

PAYMENT = "splitcards__payment"


def with_payment(state: State, seat: str, cost: ManaCost | None, name: str = PAYMENT) -> str:
    """Put a card named ``name`` whose mana cost is ``cost`` into ``seat``'s hand; its name."""
    # The engine reads mana_cost only of a card without mana_generic.
    generic, pips, _xs = facts.cost_facts(cost)
    state["in_hand"] = state.get("in_hand", set()) | {(seat, name)}
    state["mana_generic"] = state.get("mana_generic", set()) | {(name, generic)}
    state["mana_pip"] = state.get("mana_pip", set()) | {(name, c, n) for c, n in pips.items()}
    return name


def pay(state: State, seat: str, cost: ManaCost | None) -> None:
    """Tap ``seat``'s sources for ``cost`` (the engine must have said they can pay it)."""
    if cost is None or not cost.symbols:
        return
    driver.spend_mana(state, seat, with_payment(state, seat, cost))
    state["in_hand"] = state["in_hand"] - {(seat, PAYMENT)}
    for rel in ("mana_generic", "mana_pip"):
        state[rel] = {r for r in state[rel] if r[0] != PAYMENT}
