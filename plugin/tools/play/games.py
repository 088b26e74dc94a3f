"""The games of a soak run: one game's spec, and the plan of every game, each spec made when it
is reached.

A run of many rule versions and seeds is known by its few numbers; its games are made one at a
time as workers come free, so a long run holds no list of them, and whether a game of an
earlier run belongs to this one is arithmetic, not a search.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import overload


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game to play: the host, the rule version (and the house rule file it comes from, so
    that a worker can load it), the seed and the action limit."""

    host: str
    rules: str
    seed: int
    max_actions: int
    rules_file: str | None = None
    stream: str | None = field(default=None, compare=False)
    """A file the worker writes the game's record to as the game goes, each line flushed, so that
    a worker that dies leaves every step it played (``None``: the record is kept in memory only)."""

    @property
    def key(self) -> tuple[str, str, int, int]:
        """What tells two games apart in a results file."""
        return (self.host, self.rules, self.seed, self.max_actions)

    @property
    def stem(self) -> str:
        """The name its record and log files are saved under."""
        return f"{self.host}-{self.rules}-seed{self.seed}"


@dataclass(frozen=True, slots=True)
class GamePlan(Sequence[GameSpec]):
    """Every game of a run: each rule version in turn, with ``games`` seeds from ``seed``.

    ``versions`` holds each version's name and the house rule file it comes from (``None`` for a
    shipped version), which goes with each game so that a worker can load it."""

    host: str
    versions: tuple[tuple[str, str | None], ...]
    seed: int
    games: int
    max_actions: int

    def __len__(self) -> int:
        return len(self.versions) * self.games

    @overload
    def __getitem__(self, index: int) -> GameSpec: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[GameSpec]: ...

    def __getitem__(self, index: int | slice) -> GameSpec | Sequence[GameSpec]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        name, rules_file = self.versions[index // self.games]
        return GameSpec(self.host, name, self.seed + index % self.games, self.max_actions, rules_file)

    def __iter__(self) -> Iterator[GameSpec]:
        for name, rules_file in self.versions:
            for i in range(self.games):
                yield GameSpec(self.host, name, self.seed + i, self.max_actions, rules_file)

    def covers(self, key: tuple[object, ...]) -> bool:
        """Whether the game with this :attr:`GameSpec.key` is one of the plan's."""
        host, rules, seed, max_actions = key
        return (
            host == self.host
            and max_actions == self.max_actions
            and isinstance(seed, int)
            and self.seed <= seed < self.seed + self.games
            and any(rules == name for name, _ in self.versions)
        )
