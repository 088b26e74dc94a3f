"""What the adapter read from phase at the game's current position, kept until the position
changes.

phase decodes every read from JSON (its prompt, its stack, an object, a player), and a rules
query or a step of the game loop may ask the same thing many times: each is read at most once
per position. :class:`PhaseReads` is the base of
:class:`~splitcards.adapters.phase.session.PhaseSession`, which starts a new position (and so
forgets every read) after every action and every state reload.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from splitcards.adapters.phase.translate import (
    HALF_ANSWERS,
    PhaseAction,
    action_dict,
    action_kind,
    actor,
    prompt_option,
)
from splitcards.errors import NotSupported, UnknownObject
from splitcards.rules.model import CastOption, Zone

# The zones a phase player lists its cards in, by the key of each list.
_PLAYER_LISTS = ((Zone.LIBRARY, "library"), (Zone.HAND, "hand"), (Zone.GRAVEYARD, "graveyard"))


class PhaseReads:
    """The reads of phase's game at one position; :meth:`new_position` forgets them all."""

    def __init__(self) -> None:
        self._game: Any = None
        # Counts phase's positions: one more after every action and every reload.
        self.position = 0
        self.new_position()

    @property
    def game(self) -> Any:
        """The phase ``Game`` (after the session's ``start``)."""
        if self._game is None:
            raise NotSupported("the phase game has not been started")
        return self._game

    def new_position(self) -> None:
        """phase's game has changed (an action, a reload): nothing read before is kept."""
        self.position += 1
        self._waiting: dict[str, Any] | None = None
        self._stack: list[dict[str, Any]] | None = None
        self._battlefield: list[dict[str, Any]] | None = None
        self._actor: int | None = None
        self._legal: list[Any] | None = None
        self._chosen: list[Any] = []
        self._read: dict[int, dict[str, Any]] = {}
        self._players: dict[int, dict[str, Any]] = {}
        self._places: dict[int, tuple[int, Zone]] = {}
        self._placed: set[int] = set()
        self._memo: dict[object, Any] = {}

    def memo(self, key: object, read: Callable[[], Any]) -> Any:
        """``read()``, kept until the position changes: a reading of this position."""
        memo = self._memo
        if key in memo:
            return memo[key]
        found = memo[key] = read()
        return found

    def waiting(self) -> dict[str, Any]:
        """The prompt phase waits on (``Game.waiting_for()``)."""
        found = self._waiting
        if found is None:
            found = self._waiting = self.game.waiting_for()
        return found

    def stack_entries(self) -> list[dict[str, Any]]:
        """phase's stack, bottom first (``Game.stack()``)."""
        found = self._stack
        if found is None:
            found = self._stack = self.game.stack()
        return found

    def actor(self) -> int:
        """The seat phase expects to act now."""
        found = self._actor
        if found is None:
            found = self._actor = actor(self.game, self.waiting())
        return found

    def battlefield(self) -> list[dict[str, Any]]:
        """The objects on phase's battlefield (``Game.battlefield()``, each object in full: the
        costliest read but the legal actions)."""
        found = self._battlefield
        if found is None:
            found = self._battlefield = self.game.battlefield()
            # Each is the object as ``Game.object`` gives it: not read again at this position.
            for obj in found:
                self._read.setdefault(int(obj["id"]), obj)
        return found

    def legal_actions(self) -> list[Any]:
        """phase's legal actions now (``Game.actions()``)."""
        if self._legal is None:
            self._legal = list(self.game.actions())
        return self._legal

    def note_legal(self, action: Any) -> None:
        """phase chose this action itself, here (its AI answers with one of its legal actions):
        finding it needs no listing of every legal action, which costs more than most actions."""
        self._chosen.append(action)

    def listed(self, wanted: PhaseAction) -> Any | None:
        """The legal action equal to ``wanted``, or ``None`` if phase does not list it.

        ``wanted`` is made one of phase's actions once and compared with each listed one natively:
        converting every listed action to a dict would decode each from JSON. The dicts the
        adapter asks about are in phase's own shape (``GameAction.from_dict(d).to_dict() == d``),
        so the two comparisons agree."""
        from phase import GameAction

        try:
            native = GameAction.from_dict(wanted)
        except ValueError:
            return None  # not an action of phase's at all: none is listed equal to it
        found = next((a for a in self._chosen if _same(a, native, wanted)), None)
        if found is None:
            found = next((a for a in self.legal_actions() if a == native), None)
        return found

    def half_options(self) -> frozenset[CastOption]:
        """The halves (or fused) phase lists at its half prompt now: only the answers of a half
        prompt are decoded, each listed action told by its kind first."""

        def read() -> frozenset[CastOption]:
            waiting = self.waiting()
            found = (
                prompt_option(waiting, action_dict(a)) for a in self.legal_actions() if action_kind(a) in HALF_ANSWERS
            )
            return frozenset(option for option in found if option is not None)

        options: frozenset[CastOption] = self.memo(("half options",), read)
        return options

    def object(self, oid: int) -> dict[str, Any]:
        obj = self._read.get(oid)
        if obj is None:
            try:
                obj = self._read[oid] = self.game.object(oid)
            except ValueError:
                raise UnknownObject(str(oid)) from None
        return obj

    def exists(self, oid: int) -> bool:
        try:
            self.object(oid)
        except UnknownObject:
            return False
        return True

    def stack_ids(self) -> tuple[int, ...]:
        return tuple(int(entry["id"]) for entry in self.stack_entries())

    def on_stack(self, oid: int) -> bool:
        return any(entry["id"] == oid for entry in self.stack_entries())

    def stack_entry(self, oid: int) -> dict[str, Any]:
        """phase's stack entry for a spell (empty when it is not on the stack)."""
        entry = next((e for e in self.stack_entries() if e["id"] == oid), None)
        spell: dict[str, Any] = (entry or {}).get("kind", {}).get("data") or {}
        return spell

    def player(self, seat: int) -> dict[str, Any]:
        """phase's player (life, mana pool, the cards of its library, hand and graveyard)."""
        found = self._players.get(seat)
        if found is None:
            found = self._players[seat] = self.game.player(seat)
        return found

    def read_places(self) -> None:
        """Read both players, so that every card in a library, hand or graveyard is described
        from their card lists: far cheaper than reading each object."""
        self.player(0)
        self.player(1)

    def place(self, oid: int) -> tuple[int, Zone] | None:
        """The seat and zone of a card in a library, hand or graveyard of a player read at this
        position (:meth:`player`); ``None`` otherwise."""
        if len(self._placed) < len(self._players):
            # Built on the first question: most readings of a player need only its graveyard.
            for seat, found in self._players.items():
                if seat not in self._placed:
                    for zone, key in _PLAYER_LISTS:
                        self._places.update(dict.fromkeys(found[key], (seat, zone)))
                    self._placed.add(seat)
        return self._places.get(oid)


def _same(action: Any, native: Any, wanted: PhaseAction) -> bool:
    """Whether ``action`` (one of phase's, or a dict of the adapter's) is ``wanted``."""
    if isinstance(action, Mapping):
        return dict(action) == wanted
    return bool(action == native)
