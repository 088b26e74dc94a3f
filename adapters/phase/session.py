"""The adapter's session with one phase game: every action applied to it, and what the adapter
knows about its objects.

:class:`PhaseSession` owns the phase ``Game``: every action goes through :meth:`PhaseSession.apply`,
which tracks the active player and the passes in a row, and starts a new position, forgetting
what was read from phase (the reads, kept per position, are its base class's:
:mod:`splitcards.adapters.phase.reads`). It also keeps the adapter's own records: the plugin's
card for each phase object, the spare cards in the libraries, the scaffold, and the spell facts
phase gets wrong (see :mod:`splitcards.adapters.phase.deviations`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from splitcards.adapters.phase.carddata import Engine
from splitcards.adapters.phase.reads import PhaseReads
from splitcards.adapters.phase.translate import (
    KEEP,
    PASS,
    ZONE_NAMES,
    Events,
    PhaseRefused,
    action_kind,
    actor,
    face_name,
    refusal_reason,
)
from splitcards.errors import NotSupported, UnknownObject
from splitcards.rules.card import Card
from splitcards.rules.model import SpellFacts, Zone

# More prompts than any cast or resolution asks: a loop that reaches it is stuck.
PROMPT_LIMIT = 60


class PhaseSession(PhaseReads):
    """A phase game (after :meth:`start`) and the adapter's records of its objects."""

    def __init__(self) -> None:
        super().__init__()
        self.engine: Engine | None = None
        self.active = 0
        # The plugin's card for each phase object it has seen.
        self.cards: dict[int, Card] = {}
        # The adapter's record of each spell it cast or copied (phase's own is wrong for split cards).
        self.facts: dict[int, SpellFacts] = {}
        self.copies: set[int] = set()
        # Objects phase may delete (tokens): the others never leave the game.
        self.made: set[int] = set()
        # Library cards that only stand by to be created: not part of the position.
        self.spares: set[int] = set()
        self.scaffold: set[int] = set()
        self._stock: dict[tuple[int, str], list[int]] = {}
        # Passes in a row on the same stack (117.4): a resolved triggered ability starts a new round.
        self.passes = 0
        self._passed_on: tuple[int, ...] = ()
        self._before_cast: tuple[int, tuple[int, ...]] = (0, ())
        # Told the events of every action of the game (not the adapter's debug actions, which
        # correct phase or set up a position: nothing a player did).
        self.listener: Callable[[Sequence[dict[str, Any]]], None] | None = None

    # -- the game ----------------------------------------------------------------------------

    def use_engine(self, engine: Engine) -> None:
        self.engine = engine

    def start(self, deck: Sequence[str], opponent: Sequence[str], seed: int, debug: bool = True) -> None:
        """A new game with these deck lists (front names), both players keeping, at p1's first
        main phase; with ``debug`` the debug actions are allowed (one reload, before any Room
        can reach the battlefield: see deviation ``reload-drops-room-triggers``)."""
        if self.engine is None:
            raise NotSupported("the phase engine has no card data (call use_engine first)")
        try:
            game = self._new_game(self.engine.engine, deck, opponent, seed, debug)
        except ValueError as exc:
            raise PhaseRefused("starting the game", refusal_reason(exc)) from None
        self._use(game)
        self.active = 0
        self.index_libraries()

    @staticmethod
    def _new_game(engine: Any, deck: Sequence[str], opponent: Sequence[str], seed: int, debug: bool) -> Any:
        game = engine.new_game(list(deck), list(opponent), seed=seed, first_player=0)
        while game.waiting_for()["type"] == "MulliganDecision":
            game.apply(actor(game), KEEP)
        if debug:
            for _ in range(PROMPT_LIMIT):
                if game.phase == "PreCombatMain" and game.waiting_for()["type"] == "Priority":
                    break
                game.apply(actor(game), PASS)
            state = game.state()
            state["state"]["debug_mode"] = True
            state["state"]["debug_permitted"] = [0, 1]
            game = engine.load_game(state)
        return game

    def index_libraries(self) -> None:
        """Learn the card of every library card, and keep them by name as stock for :meth:`take`."""
        game = self.game
        self._stock = {}
        for seat in (0, 1):
            for oid in game.player(seat)["library"]:
                face = face_name(game.object(oid))
                self._stock.setdefault((seat, face), []).append(oid)
                card = self.card_named(face)
                if card is not None:
                    self.cards.setdefault(oid, card)

    def library_cards(self) -> set[int]:
        return {oid for ids in self._stock.values() for oid in ids}

    def card_named(self, face: str) -> Card | None:
        return self.engine.cards.get(face) if self.engine is not None else None

    def take(self, seat: int, name: str) -> int:
        """A card of this name from the seat's library, no longer a spare."""
        ids = self._stock.get((seat, name.lower()), [])
        game = self.game
        while ids:
            oid = ids.pop(0)
            if game.object(oid)["zone"] == "Library":
                self.spares.discard(oid)
                return oid
        raise _no_spare(name)

    def need_spare(self, seat: int, name: str) -> None:
        """Raise what :meth:`take` would raise if the seat's library has no card of this name,
        taking nothing: for an action that must know before it changes anything."""
        game = self.game
        if not any(game.object(oid)["zone"] == "Library" for oid in self._stock.get((seat, name.lower()), [])):
            raise _no_spare(name)

    def put_back(self, oid: int) -> None:
        """A card :meth:`take` gave becomes a spare in its owner's library again (the step
        that took it was undone)."""
        obj = self.object(oid)
        if obj["zone"] != "Library":
            self.debug("MoveToZone", object_id=oid, to_zone="Library")
        self._stock.setdefault((int(obj["owner"]), face_name(obj)), []).append(oid)
        self.spares.add(oid)
        self.copies.discard(oid)
        self.facts.pop(oid, None)

    def _use(self, game: Any) -> None:
        self._game = game
        self.new_position()

    def apply(self, seat: int, action: Any, what: str = "") -> Sequence[dict[str, Any]]:
        """Apply an action in phase and return its events. Every action of a game goes through
        here (never ``game.apply``): it tracks the active player and reads phase's state again.

        An action phase refuses raises :class:`PhaseRefused` with phase's reason (``what``
        names the action in it); phase's game is then as it was.
        """
        kind = action_kind(action)
        stack = self.stack_ids() if kind == "PassPriority" else ()
        game = self.game
        turn = game.turn
        try:
            # Without fast_forward: phase would then pass by itself while a pass is the only
            # legal action, and the positions it passes are not all plain passes for a game
            # loop (a pass that resolves a spell goes through the rules; a card phase never
            # lists is cast from a graveyard before a pass); each is a step of a game record,
            # and phase lists every legal action at each one (docs/phase.md, "What phase's
            # reads cost").
            result = game.apply(seat, action)
        except ValueError as exc:
            raise PhaseRefused(what or kind, refusal_reason(exc)) from None
        finally:
            self.new_position()
        if kind == "PassPriority":
            self.passes = self.passes + 1 if stack == self._passed_on else 1
            self._passed_on = stack
        elif kind == "CancelCast":
            # phase undoes the whole cast, and the passes before it still count.
            self.passes, self._passed_on = self._before_cast
        else:
            if kind == "CastSpell":
                self._before_cast = (self.passes, self._passed_on)
            self.passes = 0
        events = Events(result)
        if self.listener is not None and kind != "Debug":
            self.listener(events)
        if game.turn != turn:
            for event in events:
                if event["type"] == "TurnStarted":
                    self.active = int(event["data"]["player_id"])
        return events

    def debug(self, kind: str, **data: Any) -> Sequence[dict[str, Any]]:
        action = {"type": "Debug", "data": {"type": kind, "data": data}}
        return self.apply(self.game.priority_player(), action, f"the debug action {kind}")

    def move(self, oid: int, zone: Zone) -> None:
        """Move an object with phase's debug action; phase refuses some moves."""
        if zone is Zone.STACK:
            raise NotSupported("phase can put a card onto the stack only by casting it")
        self.debug("MoveToZone", object_id=oid, to_zone=ZONE_NAMES[zone])
        where = self.object(oid)["zone"]
        if where != ZONE_NAMES[zone]:
            name, stays = self.card_of(oid).name, str(where).lower()
            if zone is Zone.BATTLEFIELD:
                raise NotSupported(
                    f"phase did not put {name!r} onto the battlefield (it stays in the {stays}): phase moves only"
                    " permanent cards onto the battlefield"
                )
            raise NotSupported(f"phase's Debug MoveToZone left {name!r} in the {stays} instead of the {zone}")

    def pass_resolves(self) -> bool:
        """Whether passing priority now makes phase resolve the spell on top of its stack: the
        other player passed on this same stack (117.4, 608.1)."""
        stack = self.stack_entries()
        return (
            bool(stack)
            and stack[-1]["kind"]["type"] == "Spell"
            and self.passes >= 1
            and self.stack_ids() == self._passed_on
        )

    # -- the adapter's records ---------------------------------------------------------------

    def card_of(self, oid: int) -> Card:
        """The plugin's card for a phase object."""
        card = self.cards.get(oid)
        if card is None:
            obj = self.object(oid)
            card = self.card_named(face_name(obj)) or self.card_named(str(obj.get("name", "")).lower())
            if card is None:
                raise UnknownObject(str(oid))
            self.cards[oid] = card
            if obj.get("is_token"):
                self.made.add(oid)
        return card

    # -- reloading ---------------------------------------------------------------------------

    def reload_blocked_by(self) -> list[int]:
        """The Room permanents a state reload would damage beyond repair: they have door
        triggers and can't simply re-enter (deviation ``reload-drops-room-triggers``)."""
        return [
            int(o["id"])
            for o in self.battlefield()
            if o.get("room_unlocks") is not None and o.get("trigger_definitions") and not _reenters_unchanged(o)
        ]

    def announce_x(self, x: int) -> None:
        """Give the cast phase waits on at its splice offer the X the rules were told.

        phase 0.103.0 offers splices before it asks for X, and answering the offer either way
        goes straight to the targets, which it can't count when their number is X ("X target
        creature cards"): it refuses the answer. X is announced before targets are chosen
        (601.2b, 601.2c), so the adapter writes it where phase's own ``ChooseX`` would
        (the pending cast's ``chosen_x``), by a state reload; phase then asks no X of its own.
        """

        def edit(state: dict[str, Any]) -> None:
            state["waiting_for"]["data"]["pending_cast"]["ability"]["chosen_x"] = x

        self.reload(edit)

    def reload(self, edit: Callable[[dict[str, Any]], None]) -> None:
        """Edit phase's state and reload it, unless the reload would damage a Room.

        phase 0.103.0 rebuilds a Room permanent's triggers from its front face on load_game
        and loses the other door's (deviation ``reload-drops-room-triggers``). The old game is
        kept and the step answers not_supported rather than go on with a damaged Room.
        """
        if self.engine is None:
            raise NotSupported("no phase engine")
        game = self.game
        rooms = {
            o["id"]: len(o.get("trigger_definitions") or [])
            for o in game.battlefield()
            if o.get("room_unlocks") is not None
        }
        state = game.state()
        edit(state["state"])
        try:
            new = self.engine.engine.load_game(state)
        except ValueError as exc:
            raise PhaseRefused("loading the edited state", refusal_reason(exc)) from None
        damaged = [oid for oid, n in rooms.items() if len(new.object(oid).get("trigger_definitions") or []) != n]
        if any(not _reenters_unchanged(new.object(oid)) for oid in damaged):
            raise NotSupported(
                "this needs a phase state reload, and phase 0.103.0 drops the door triggers of a Room permanent"
                " that has an unlocked door, counters, attachments or is tapped (deviation reload-drops-room-triggers)"
            )
        self._use(new)
        for oid in damaged:
            # A locked, untouched Room that leaves and re-enters uncast is the same for the rules
            # (both doors locked, 709.5d), and phase rebuilds both doors' triggers as it enters.
            self.debug("MoveToZone", object_id=oid, to_zone="Exile")
            self.debug("MoveToZone", object_id=oid, to_zone="Battlefield")
            if len(self.game.object(oid).get("trigger_definitions") or []) != rooms[oid]:
                self._use(game)
                raise NotSupported("phase could not restore a Room's door triggers after a state reload")


def _reenters_unchanged(obj: Mapping[str, Any]) -> bool:
    doors = obj.get("room_unlocks") or {}
    return not (
        doors.get("left_unlocked")
        or doors.get("right_unlocked")
        or obj.get("tapped")
        or obj.get("counters")
        or obj.get("attachments")
        or obj.get("attached_to") is not None
    )


def _no_spare(name: str) -> NotSupported:
    return NotSupported(
        f"phase can't create cards during a game (Debug CreateCard is refused), and the deck has no spare {name!r}"
    )
