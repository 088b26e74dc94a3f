"""What a game of the AI loop leaves: its :class:`GameResult`, and each :class:`GameStep` as a game
record keeps it (:mod:`splitcards.tools.play.record`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from splitcards.rules.endings import Ending
from splitcards.rules.model import Player


@dataclass(slots=True)
class GameResult:
    """How a game went: actions of the loop, turns, the winner and why the game ended, time,
    casts through the rules, casts the rules refused, the corrections the host made to its
    engine, and how many times combat damage was dealt to a player."""

    actions: int = 0
    turns: int = 0
    winner: Player | None = None
    ending: Ending | None = None
    seconds: float = 0.0
    casts: int = 0
    refusals: int = 0
    corrections: list[str] = field(default_factory=list)
    combat_damage: int = 0

    def as_dict(self) -> dict[str, Any]:
        """The result as a game record gives it (times left out: they differ between runs)."""
        return {
            "winner": self.winner.value if self.winner is not None else None,
            "reason": self.ending.reason.value if self.ending is not None else None,
            "rules": list(self.ending.rules) if self.ending is not None else [],
            "turns": self.turns,
            "actions": self.actions,
            "casts": self.casts,
            "refusals": self.refusals,
        }


@dataclass(frozen=True, slots=True)
class GameStep:
    """One step of the loop, as a game record keeps it: its number, the turn, the player who
    acted, the engine's action (as the host records it), what the log said of it (with the
    rules the answers cited) and the events the rules reported."""

    number: int
    turn: int
    player: Player
    action: Mapping[str, Any]
    said: tuple[str, ...]
    events: tuple[Mapping[str, Any], ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "step": self.number,
            "turn": self.turn,
            "player": self.player.value,
            "action": dict(self.action),
            "said": list(self.said),
            "events": [dict(e) for e in self.events],
        }


Actions = Callable[[int], Mapping[str, Any] | None]
"""Where the loop's actions come from instead of the engine's AI (a replayed record): the
engine action of step ``number`` (from 1), as the host records it; ``None`` when the AI chooses
(past the end of a record cut short)."""
