"""How far a soak run is: the time it has taken, and an estimate of the time its games left will take."""

from __future__ import annotations

import time


class Clock:
    """The time a run has taken, and what its games so far say the rest will take."""

    def __init__(self, games: int) -> None:
        self.games = games
        self.ended = 0
        self.start = time.monotonic()

    def game_ended(self) -> str:
        self.ended += 1
        elapsed = time.monotonic() - self.start
        left = self.games - self.ended
        if left <= 0:
            return f"{duration(elapsed)} elapsed"
        return f"{duration(elapsed)} elapsed, about {duration(elapsed / self.ended * left)} left"


def duration(seconds: float) -> str:
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    return f"{whole // 3600} h {whole // 60 % 60:02d} min"
