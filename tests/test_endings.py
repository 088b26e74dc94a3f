"""Why a game ended: the state-based actions that make a player lose (704.5, 104.3)."""

from __future__ import annotations

import pytest

from splitcards.rules.endings import EndReason, ending, why_lost


@pytest.mark.parametrize(
    ("life", "poison", "empty", "reason", "rules"),
    [
        (0, 0, False, EndReason.LIFE, ("704.5a", "104.3b")),
        (-3, 10, True, EndReason.LIFE, ("704.5a", "104.3b")),
        (5, 0, True, EndReason.EMPTY_LIBRARY, ("704.5b", "104.3c")),
        (5, 10, False, EndReason.POISON, ("704.5c", "104.3d")),
        (5, 9, False, EndReason.CONCEDED, ("104.3a",)),
    ],
)
def test_704_5_why_a_player_lost(
    life: int, poison: int, empty: bool, reason: EndReason, rules: tuple[str, ...]
) -> None:
    ending = why_lost(life, poison, empty)
    assert (ending.reason, ending.rules) == (reason, rules)


def test_the_action_cap_is_no_rule_of_the_game() -> None:
    assert ending(EndReason.ACTION_CAP).rules == ()
