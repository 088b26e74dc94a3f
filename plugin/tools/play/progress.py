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
    """A duration as a clock shows it: minutes and seconds (``1:04``), hours past an hour (``1:02:03``)."""
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
