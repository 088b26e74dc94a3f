"""The phase host: the :class:`~splitcards.contract.Host` primitives on a real phase game.

Every primitive is carried out by phase itself: game actions (``CastSpell`` with the half,
variant and splice prompts, ``PassPriority``, ``UnlockRoomDoor``) and debug actions
(``MoveToZone``, ``SetPhase``, ``CreateTokenCopy``). Where phase can't do something directly
the adapter casts one of its scaffold instants (:mod:`splitcards.adapters.phase.carddata`):
"Copy target spell", "Lock a door of target Room", "Unlock a door of target Room".

What phase gets wrong about split cards is not read back from it: the view keeps the adapter's
own record of each spell (which half, fused, where it was cast from, its splices), and after a
spell leaves the stack the adapter makes phase's state match the rules' decision (an aftermath
half cast from a graveyard goes to exile, 702.127a). See
:mod:`splitcards.adapters.phase.deviations` for the list.

A host is *scripted* (conformance: the adapter answers every prompt so the position is the one
a scenario describes; triggered abilities resolve at once) or driven by a game loop
(:mod:`splitcards.adapters.phase.game`: phase's AI answers the prompts).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from splitcards.adapters.phase import carddata
from splitcards.adapters.phase.engine import load_phase
from splitcards.card import Card, Layout, Side
from splitcards.contract import Resolution
from splitcards.errors import NotSupported, UnknownObject
from splitcards.loaders import BASIC_LANDS, basic_land
from splitcards.model import CastOption, ObjectId, ObjectView, Phase, Player, SpellFacts, Timing, TimingChange, Zone
from splitcards.versions import RuleVersion

PhaseAction = dict[str, Any]
Chooser = Callable[[Any, int], Any]

SEATS = {Player.P1: 0, Player.P2: 1}
PLAYERS = {0: Player.P1, 1: Player.P2}
ZONE_NAMES = {
    Zone.LIBRARY: "Library",
    Zone.HAND: "Hand",
    Zone.GRAVEYARD: "Graveyard",
    Zone.EXILE: "Exile",
    Zone.BATTLEFIELD: "Battlefield",
    Zone.STACK: "Stack",
    Zone.COMMAND: "Command",
}
ZONES = {name: zone for zone, name in ZONE_NAMES.items()}
PHASE_NAMES = {
    Phase.UNTAP: "Untap",
    Phase.UPKEEP: "Upkeep",
    Phase.DRAW: "Draw",
    Phase.MAIN1: "PreCombatMain",
    Phase.COMBAT: "BeginCombat",
    Phase.MAIN2: "PostCombatMain",
    Phase.END: "End",
    Phase.CLEANUP: "Cleanup",
}
PHASES = {name: phase for phase, name in PHASE_NAMES.items()} | {
    "DeclareAttackers": Phase.COMBAT,
    "DeclareBlockers": Phase.COMBAT,
    "CombatDamage": Phase.COMBAT,
    "EndCombat": Phase.COMBAT,
}
PASS: PhaseAction = {"type": "PassPriority"}
KEEP: PhaseAction = {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}
SIDE_DOORS = {Side.LEFT: "Left", Side.RIGHT: "Right"}
# How many copies of each card each deck holds: enough for every scenario's creates and copies.
COPIES = 4
SCAFFOLD_COPIES = {
    carddata.TARGET_DUMMY: 3,
    carddata.COPIER: 4,
    carddata.LOCKER: 4,
    carddata.UNLOCKER: 4,
    carddata.FILLER: 2,
}
_PROMPT_LIMIT = 60


def seat_of(player: Player) -> int:
    return SEATS[player]


def actor(game: Any) -> int:
    """The seat phase expects to act now."""
    waiting = game.waiting_for()
    data = waiting.get("data") or {}
    if waiting["type"] == "MulliganDecision":
        return int(data["pending"][0]["player"])
    if "player" in data:
        return int(data["player"])
    return int(game.priority_player())


def cast_action(oid: int) -> PhaseAction:
    """phase's action that starts casting this card (paid automatically)."""
    return {
        "type": "CastSpell",
        "data": {"object_id": oid, "card_id": oid, "targets": [], "payment_mode": {"type": "Auto"}},
    }


def action_dict(action: Any) -> PhaseAction:
    """A phase action as its dict, whether it is a ``GameAction`` or a dict already."""
    if isinstance(action, Mapping):
        return dict(action)
    result: PhaseAction = action.to_dict()
    return result


@dataclass(slots=True)
class Engine:
    """A phase engine for one card pool, with the cards it knows by face name."""

    engine: Any
    cards: dict[str, Card]  # lower-case face name of every half -> card


_ENGINES: dict[tuple[Card, ...], Engine] = {}


def engine_for(cards: Sequence[Card]) -> Engine:
    """phase's engine for a card pool (cached: the same pool is prepared for every scenario)."""
    key = tuple(sorted(set(cards), key=lambda c: c.name))
    found = _ENGINES.get(key)
    if found is None:
        phase = load_phase()
        database = carddata.build_database(phase, key)
        known = {name: card for name, (card, _) in carddata.half_by_name(key).items()}
        for land in BASIC_LANDS:
            known.setdefault(land.lower(), basic_land(land))
        found = Engine(phase.Engine.from_json(json.dumps(database)), known)
        _ENGINES[key] = found
    return found


class PhaseHost:
    """A game in phase.rs (``--host phase``).

    Every action of the game goes through :meth:`apply` (not ``host.game.apply``): the host
    tracks the active player, and keeps what it read from phase only until the next action.
    """

    name = "phase"

    def __init__(self, rules: RuleVersion | None = None, scripted: bool = True) -> None:
        self.rules = rules
        self.scripted = scripted
        self.engine: Engine | None = None
        self._game: Any = None
        self._active = 0
        self._cards: dict[int, Card] = {}
        self._facts: dict[int, SpellFacts] = {}
        self._copies: set[int] = set()
        self._visible: set[int] | None = set() if scripted else None
        self._scaffold: set[int] = set()
        self._stock: dict[tuple[int, str], list[int]] = {}
        self.chooser: Chooser | None = None
        self.last_corrections: list[str] = []
        self._adopting: int | None = None
        # Objects phase may delete (tokens): the others never leave the game.
        self._made: set[int] = set()
        # phase's objects, libraries and legal actions as read since the last action: phase
        # decodes each read from JSON, and a rules query may read every object of the game.
        self._read: dict[int, dict[str, Any]] = {}
        self._libraries: dict[int, int] | None = None
        self._legal: list[Any] | None = None
        self._chosen: list[Any] = []

    # -- setting up --------------------------------------------------------------------------

    @property
    def game(self) -> Any:
        """The phase ``Game`` (after :meth:`prepare` or :meth:`start`)."""
        if self._game is None:
            raise NotSupported("the phase game has not been prepared (call prepare first)")
        return self._game

    def prepare(self, cards: Sequence[Card]) -> None:
        """Build phase's card data for these cards, and start a game whose libraries hold
        :data:`COPIES` of each for both players plus the scaffold; p1's first main phase, empty
        hands, debug actions allowed, every cost payable (infinite mana)."""
        self.engine = engine_for(cards)
        deck = [carddata.front_name(c) for c in sorted(set(cards), key=lambda c: c.name) for _ in range(COPIES)]
        deck += [name for name, n in SCAFFOLD_COPIES.items() for _ in range(n)]
        self.start(deck, list(deck), seed=1)
        game = self.game
        for seat in (0, 1):
            for obj in game.hand(seat):
                self._debug("MoveToZone", object_id=obj["id"], to_zone="Library")
            self._debug("SetInfiniteMana", player_id=seat, enabled=True)
        self._index_libraries()
        for seat in (1, 1, 0):
            self._scaffold_onto_battlefield(seat, carddata.TARGET_DUMMY)

    def start(self, deck: Sequence[str], opponent: Sequence[str], seed: int, debug: bool = True) -> None:
        """A new game with these deck lists (front names), both players keeping, at p0's first
        main phase; with ``debug`` the debug actions are allowed (one reload, before any Room
        can reach the battlefield: see deviation ``reload-drops-room-triggers``)."""
        if self.engine is None:
            raise NotSupported("the phase engine has no card data (call prepare or use_engine first)")
        game = self.engine.engine.new_game(list(deck), list(opponent), seed=seed, first_player=0)
        while game.waiting_for()["type"] == "MulliganDecision":
            game.apply(actor(game), KEEP)
        if debug:
            for _ in range(_PROMPT_LIMIT):
                if game.phase == "PreCombatMain" and game.waiting_for()["type"] == "Priority":
                    break
                game.apply(actor(game), PASS)
            state = game.state()
            state["state"]["debug_mode"] = True
            state["state"]["debug_permitted"] = [0, 1]
            game = self.engine.engine.load_game(state)
        self._use(game)
        self._active = 0
        self._index_libraries()

    def use_engine(self, engine: Engine) -> None:
        self.engine = engine

    def _index_libraries(self) -> None:
        game = self.game
        self._stock = {}
        for seat in (0, 1):
            for oid in game.player(seat)["library"]:
                face = self._face_name(game.object(oid))
                self._stock.setdefault((seat, face), []).append(oid)
                card = self._card_named(face)
                if card is not None:
                    self._cards.setdefault(oid, card)

    def _face_name(self, obj: Mapping[str, Any]) -> str:
        printed = obj.get("printed_ref") or {}
        return str(printed.get("face_name") or obj.get("name") or "").lower()

    def _card_named(self, face: str) -> Card | None:
        return self.engine.cards.get(face) if self.engine is not None else None

    def _take(self, seat: int, name: str) -> int:
        """A spare card of this name from the seat's library."""
        ids = self._stock.get((seat, name.lower()), [])
        game = self.game
        while ids:
            oid = ids.pop(0)
            if game.object(oid)["zone"] == "Library":
                return oid
        raise NotSupported(
            f"phase can't create cards during a game (Debug CreateCard is refused), and the deck has no spare {name!r}"
        )

    def _scaffold_onto_battlefield(self, seat: int, name: str) -> int:
        oid = self._take(seat, name)
        self._scaffold.add(oid)
        self._debug("MoveToZone", object_id=oid, to_zone="Battlefield")
        return oid

    # -- phase plumbing ----------------------------------------------------------------------

    def _use(self, game: Any) -> None:
        self._game = game
        self._forget_reads()

    def _forget_reads(self) -> None:
        self._read = {}
        self._libraries = None
        self._legal = None
        self._chosen = []

    def apply(self, seat: int, action: Any) -> list[dict[str, Any]]:
        """Apply an action in phase and return its events. Every action of a game with this host
        goes through here: the host tracks the active player and reads phase's state again."""
        try:
            result = self.game.apply(seat, action)
        finally:
            self._forget_reads()
        events: list[dict[str, Any]] = list(result.events)
        for event in events:
            if event["type"] == "TurnStarted":
                self._active = int(event["data"]["player_id"])
        return events

    def _debug(self, kind: str, **data: Any) -> list[dict[str, Any]]:
        return self.apply(self.game.priority_player(), {"type": "Debug", "data": {"type": kind, "data": data}})

    def legal_actions(self) -> list[Any]:
        """phase's legal actions now (``Game.actions()``, read once per position)."""
        if self._legal is None:
            self._legal = list(self.game.actions())
        return self._legal

    def note_legal(self, action: Any) -> None:
        """phase chose this action itself, here (its AI answers with one of its legal actions):
        finding it needs no listing of every legal action, which costs more than most actions."""
        self._chosen.append(action)

    def _listed(self, wanted: PhaseAction) -> Any | None:
        """The legal action equal to ``wanted``, or ``None`` if phase does not list it."""
        found = next((a for a in self._chosen if action_dict(a) == wanted), None)
        if found is None:
            found = next((a for a in self.legal_actions() if action_dict(a) == wanted), None)
        return found

    def _object(self, oid: int) -> dict[str, Any]:
        obj = self._read.get(oid)
        if obj is None:
            try:
                obj = self._read[oid] = self.game.object(oid)
            except ValueError:
                raise UnknownObject(str(oid)) from None
        return obj

    def _exists(self, oid: int) -> bool:
        try:
            self._object(oid)
        except UnknownObject:
            return False
        return True

    def _on_stack(self, oid: int) -> bool:
        return any(entry["id"] == oid for entry in self.game.stack())

    def _id(self, obj: ObjectId) -> int:
        try:
            return int(obj)
        except ValueError:
            raise UnknownObject(obj) from None

    def _reload(self, edit: Callable[[dict[str, Any]], None]) -> None:
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
        new = self.engine.engine.load_game(state)
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
            self._debug("MoveToZone", object_id=oid, to_zone="Exile")
            self._debug("MoveToZone", object_id=oid, to_zone="Battlefield")
            if len(self.game.object(oid).get("trigger_definitions") or []) != rooms[oid]:
                self._use(game)
                raise NotSupported("phase could not restore a Room's door triggers after a state reload")

    # -- state -------------------------------------------------------------------------------

    def card_of(self, oid: int) -> Card:
        """The plugin's card for a phase object."""
        card = self._cards.get(oid)
        if card is None:
            obj = self._object(oid)
            card = self._card_named(self._face_name(obj)) or self._card_named(str(obj.get("name", "")).lower())
            if card is None:
                raise UnknownObject(str(oid))
            self._cards[oid] = card
            if obj.get("is_token"):
                self._made.add(oid)
        return card

    def view(self, obj: ObjectId) -> ObjectView:
        oid = self._id(obj)
        if self._visible is not None and oid not in self._visible:
            raise UnknownObject(obj)
        seat = self._libraries.get(oid) if self._libraries is not None else None
        if seat is not None:
            # Read with every library by objects(): a card in a library is its owner's (400.3).
            return ObjectView(self.card_of(oid), Zone.LIBRARY, PLAYERS[seat], PLAYERS[seat], copy=oid in self._copies)
        data = self._object(oid)
        card = self.card_of(oid)
        zone = ZONES.get(str(data["zone"]), Zone.COMMAND)
        if zone is Zone.STACK and self.casting(oid) and (oid == self._adopting or not self._on_stack(oid)):
            # phase moves a fuse card to its stack before asking how it is cast; for the rules
            # the card is still where it is cast from until the half is chosen (601.2a-b).
            zone = Zone.HAND
        spell = self.spell_facts(oid, data, card) if zone is Zone.STACK and oid != self._adopting else None
        unlocked: frozenset[Side] = frozenset()
        doors = data.get("room_unlocks")
        if zone is Zone.BATTLEFIELD and isinstance(doors, Mapping):
            unlocked = frozenset(
                side for side, key in ((Side.LEFT, "left_unlocked"), (Side.RIGHT, "right_unlocked")) if doors.get(key)
            )
        return ObjectView(
            card=card,
            zone=zone,
            owner=PLAYERS[int(data["owner"])],
            controller=PLAYERS[int(data["controller"])],
            spell=spell,
            unlocked=unlocked,
            token=bool(data.get("is_token")) and oid not in self._copies,
            copy=oid in self._copies,
        )

    def spell_facts(self, oid: int, data: Mapping[str, Any], card: Card) -> SpellFacts:
        """The spell's facts: the adapter's record, or read from phase's stack entry for a
        spell cast without the adapter (the phase AI, before the game loop saw it)."""
        known = self._facts.get(oid)
        if known is not None:
            return known
        context = (self._stack_spell(oid).get("ability") or {}).get("context") or {}
        cast_from = ZONES.get(str(context.get("cast_from_zone")), Zone.HAND)
        copy = bool(data.get("is_token"))
        option = self._phase_option(oid, data, card)
        return SpellFacts(option, cast=not copy, cast_from=None if copy else cast_from, copy=copy)

    def _stack_spell(self, oid: int) -> dict[str, Any]:
        entry = next((e for e in self.game.stack() if e["id"] == oid), None)
        spell: dict[str, Any] = (entry or {}).get("kind", {}).get("data") or {}
        return spell

    def _phase_option(self, oid: int, data: Mapping[str, Any], card: Card) -> CastOption:
        """The half (or fused) phase is casting or cast, read from phase itself: as soon as the
        half is chosen the object's face is the cast half and its back face the other one.

        The back face is what tells: a Room that left the battlefield may have a merged right
        face named "A // B" (deviation ``room-merged-face``), but its left face keeps its name.
        """
        if not card.is_split:
            return CastOption.WHOLE
        if self._stack_spell(oid).get("casting_variant") == "Fuse":
            return CastOption.FUSED
        back = str((data.get("back_face") or {}).get("name", ""))
        return CastOption.RIGHT if back.lower() == card.halves[0].name.lower() else CastOption.LEFT

    def objects(self) -> Sequence[ObjectId]:
        game = self.game
        if self._libraries is None:
            self._libraries = {int(oid): seat for seat in (0, 1) for oid in game.player(seat)["library"]}
        ids: Iterable[int] = self._visible if self._visible is not None else list(self._cards)
        return [str(oid) for oid in ids if oid not in self._made or self._exists(oid)]

    def stack(self) -> Sequence[ObjectId]:
        out = []
        for entry in self.game.stack():
            oid = int(entry["id"])
            if entry["kind"]["type"] != "Spell" or oid in self._scaffold:
                continue
            if self._visible is None or oid in self._visible:
                out.append(str(oid))
        return out

    def timing(self) -> Timing:
        game = self.game
        casting = self.cast_in_progress()
        return Timing(
            active=PLAYERS[self._active],
            phase=PHASES.get(str(game.phase), Phase.MAIN1),
            priority=PLAYERS[int(game.priority_player())],
            # The card being cast is on phase's stack already; casting it is judged as before (601.2a, 601.3).
            stack_empty=all(entry["id"] == casting for entry in game.stack()),
        )

    def set_timing(self, change: TimingChange) -> None:
        game = self.game
        active, phase, priority, stack_empty = change.active, change.phase, change.priority, change.stack_empty
        if active is not None or phase is not None:
            seat = seat_of(active) if active is not None else self._active
            step = PHASE_NAMES[phase] if phase is not None else str(game.phase)
            if step in ("Untap", "Cleanup"):
                raise NotSupported(f"phase gives no player priority during {step}")
            self._debug("SetPhase", phase=step, active_player=seat)
            self._active = seat
        if stack_empty is False and not game.stack():
            # A real object on phase's stack, so phase itself refuses sorcery-speed actions.
            self._cast_scaffold(int(game.priority_player()), carddata.FILLER)
        elif stack_empty is True and game.stack():
            raise NotSupported("phase can't empty the stack without resolving or removing its objects")
        if priority is not None and seat_of(priority) != int(game.priority_player()):
            self._give_priority(seat_of(priority))

    def _give_priority(self, seat: int) -> None:
        game = self.game
        if game.stack():
            self.apply(int(game.priority_player()), PASS)
            if int(self.game.priority_player()) == seat:
                return

        def edit(state: dict[str, Any]) -> None:
            # With an empty stack a pass would end the step: give priority by editing the state.
            state["priority_player"] = seat
            state["waiting_for"] = {"type": "Priority", "data": {"player": seat}}

        self._reload(edit)

    # -- actions -----------------------------------------------------------------------------

    def create(self, card: Card, zone: Zone, owner: Player) -> ObjectId:
        seat = seat_of(owner)
        oid = self._take(seat, carddata.front_name(card))
        self._cards[oid] = card
        if zone is not Zone.LIBRARY:
            self._move(oid, zone)
        if self._visible is not None:
            self._visible.add(oid)
        return str(oid)

    def _move(self, oid: int, zone: Zone) -> None:
        if zone is Zone.STACK:
            raise NotSupported("phase can put a card onto the stack only by casting it")
        self._debug("MoveToZone", object_id=oid, to_zone=ZONE_NAMES[zone])
        where = self._object(oid)["zone"]
        if where != ZONE_NAMES[zone]:
            raise NotSupported(
                f"phase did not move {self.card_of(oid).name!r} to the {zone} (it stays in the {str(where).lower()});"
                " phase moves only permanent cards onto the battlefield"
            )

    def cast(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        oid = self._id(obj)
        data = self._object(oid)
        card = self.card_of(oid)
        seat = int(data["owner"])
        origin = str(data["zone"])
        if origin != "Hand" and not self.casting(oid):
            # phase casts only from its owner's hand; the rules gave the permission (aftermath,
            # a cast copy, an effect's permission), so the card is cast from there in phase.
            self._debug("MoveToZone", object_id=oid, to_zone="Hand")
        try:
            self._cast_in_phase(seat, oid, card, spell)
        except NotSupported:
            if self.casting(oid) or self.game.waiting_for()["type"] != "Priority":
                self.abort_cast(oid)
            if origin != "Hand" and self._object(oid)["zone"] == "Hand":
                self._debug("MoveToZone", object_id=oid, to_zone=origin)
            raise
        self._facts[oid] = spell
        return str(oid)

    def _cast_in_phase(self, seat: int, oid: int, card: Card, spell: SpellFacts) -> None:
        if oid == self._adopting:
            if self._phase_option(oid, self._object(oid), card) is not spell.option:
                raise NotSupported(f"phase already cast {card.name!r} another way")
            # phase chose the half by itself, but its cast may still wait for targets or
            # splices: the loop below finishes it, so the card is a spell when cast returns.
            self._adopting = None
        elif not self.casting(oid):
            cast = cast_action(oid)
            if self._listed(cast) is None:
                raise NotSupported(
                    f"phase does not offer casting {card.name!r} now: it casts only through its CastSpell action,"
                    " with its own timing, target and cost checks (it has no way to cast a card while another spell"
                    " resolves, 707.12 and 608.2g)"
                )
            self.apply(seat, cast)
        splices = [self._id(s.object) for s in spell.spliced]
        for _ in range(_PROMPT_LIMIT):
            waiting = self.game.waiting_for()
            kind = waiting["type"]
            if kind in ("Priority", "GameOver"):
                return
            if kind == "ModalFaceChoice":
                choice = self._listed(
                    {"type": "ChooseModalFace", "data": {"back_face": spell.option is CastOption.RIGHT}}
                )
                self._choose_or_cancel(seat, choice, f"phase does not offer the {spell.option} half of {card.name!r}")
            elif kind == "CastingVariantChoice":
                self._choose_or_cancel(
                    seat, self._variant(waiting, spell.option), f"phase does not offer {card.name!r} {spell.option}"
                )
            elif kind == "SpliceOffer":
                eligible = list(waiting["data"].get("eligible") or [])
                wanted = next((s for s in splices if s in eligible), None)
                if splices and wanted is None:
                    self._cancel(seat)
                    raise NotSupported(f"phase does not offer splicing object {splices[0]} onto {card.name!r}")
                if wanted is not None:
                    splices.remove(wanted)
                self.apply(seat, {"type": "RespondToSpliceOffer", "data": {"card": wanted}})
            else:
                self.answer_prompt()
        raise NotSupported(f"casting {card.name!r} in phase did not finish")

    def casting(self, oid: int) -> bool:
        """Whether phase is in the middle of casting this card, at its choice of half (a game
        loop applied the AI's ``CastSpell``; the rules then decide the half)."""
        if oid == self._adopting:
            return True
        waiting = self.game.waiting_for()
        data = waiting.get("data") or {}
        return waiting["type"] in ("ModalFaceChoice", "CastingVariantChoice") and data.get("object_id") == oid

    @property
    def adopting(self) -> int | None:
        return self._adopting

    def adopt(self, oid: int) -> CastOption:
        """phase chose the half by itself (it asks only when more than one can be cast) and has
        pushed the spell, though its cast may still wait for targets: until :meth:`cast` or
        :meth:`release` the card counts as not yet cast, so the rules can decide it; returns the
        half phase chose."""
        self._adopting = oid
        self._facts.pop(oid, None)
        return self._phase_option(oid, self._object(oid), self.card_of(oid))

    def release(self, undo: bool) -> None:
        """End :meth:`adopt`; with ``undo`` the cast the rules refused is cancelled, or the spell
        goes back to its owner's hand."""
        oid, self._adopting = self._adopting, None
        if not undo or oid is None:
            return
        if self.cast_in_progress() == oid:
            self.abort_cast(oid)
        elif self._on_stack(oid):
            self._debug("MoveToZone", object_id=oid, to_zone="Hand")
        self._facts.pop(oid, None)

    def cast_in_progress(self) -> int | None:
        """The card phase is casting now: it waits at one of the cast's prompts (half, targets,
        splices), or it was adopted and the rules have not decided it yet."""
        if self._adopting is not None:
            return self._adopting
        waiting = self.game.waiting_for()
        data = waiting.get("data") or {}
        if waiting["type"] in ("ModalFaceChoice", "CastingVariantChoice"):
            return int(data["object_id"])
        pending = data.get("pending_cast")
        return int(pending["object_id"]) if isinstance(pending, Mapping) else None

    def _choose_unlisted_face(self, seat: int) -> bool:
        # phase accepts a half it does not list and then stops at a prompt offering only
        # CancelCast (deviation cast-variant-options): the way out of its half prompt without
        # casting (and paying for) a half.
        for back in (False, True):
            face = {"type": "ChooseModalFace", "data": {"back_face": back}}
            if self._listed(face) is None:
                try:
                    self.apply(seat, face)
                except ValueError:
                    continue
                return True
        return False

    def _variant(self, waiting: Mapping[str, Any], option: CastOption) -> Any | None:
        want = {
            CastOption.LEFT: ("Normal", "Left"),
            CastOption.RIGHT: ("Normal", "Right"),
            CastOption.FUSED: ("Fuse", "Left"),
        }.get(option)
        for index, entry in enumerate(waiting["data"].get("options") or []):
            if (entry.get("variant"), entry.get("face")) == want:
                # The options can hold illegal entries (deviation cast-variant-options): only a listed index counts.
                return self._listed({"type": "ChooseCastingVariant", "data": {"index": index}})
        return None

    def _choose_or_cancel(self, seat: int, choice: Any | None, reason: str) -> None:
        if choice is None:
            raise NotSupported(reason)
        self.apply(seat, choice)

    def abort_cast(self, oid: int) -> None:
        """Undo a cast phase has begun and the rules refused: cancel it at the first prompt
        that allows it, or take the finished spell back into its owner's hand."""
        for _ in range(_PROMPT_LIMIT):
            game = self.game
            cancel = self._listed({"type": "CancelCast"})
            if cancel is not None:
                self.apply(actor(game), cancel)
                return
            waiting = game.waiting_for()
            if waiting["type"] in ("Priority", "GameOver"):
                break
            if waiting["type"] == "ModalFaceChoice" and self._choose_unlisted_face(actor(game)):
                continue
            self.apply(actor(game), self._scripted_choice(waiting, self.legal_actions(), {}))
        if self._exists(oid) and self._object(oid)["zone"] == "Stack":
            self._debug("MoveToZone", object_id=oid, to_zone="Hand")
        self._facts.pop(oid, None)

    def _cancel(self, seat: int) -> None:
        cancel = self._listed({"type": "CancelCast"})
        if cancel is not None:
            self.apply(actor(self.game), cancel)

    def answer_prompt(self, intent: Mapping[str, Any] | None = None) -> None:
        """Answer the prompt phase waits on: with the game loop's chooser when one is set,
        otherwise as a scenario wants it (scaffold targets first, no target for a trigger)."""
        game = self.game
        seat = actor(game)
        if self.chooser is not None and not self.scripted:
            action = self.chooser(game, seat)
            if action is not None and action_dict(action).get("type") != "CancelCast":
                self.apply(seat, action)
                return
        self.apply(seat, self._scripted_choice(game.waiting_for(), self.legal_actions(), intent or {}))

    def _scripted_choice(self, waiting: Mapping[str, Any], actions: list[Any], intent: Mapping[str, Any]) -> Any:
        options = [a for a in actions if action_dict(a).get("type") != "CancelCast"]
        if not options:
            raise NotSupported(f"phase offers nothing but cancelling at its {waiting['type']} prompt")

        def score(action: Any) -> int:
            data = action_dict(action).get("data") or {}
            if "door" in data:
                return 0 if data["door"] == intent.get("door") else 5
            target = data.get("target", "absent")
            if target == "absent":
                return 3
            if isinstance(target, Mapping) and target.get("Object") == intent.get("object"):
                return 0
            if target is None:
                return 1 if waiting["type"] in ("TriggerTargetSelection", "CopyRetarget") else 4
            if isinstance(target, Mapping) and target.get("Object") in self._scaffold:
                return 2
            if isinstance(target, Mapping) and "Player" in target:
                return 3
            return 6

        return min(options, key=score)

    def settle(self) -> None:
        """Scripted games: answer open prompts and resolve the triggered abilities on top of
        the stack, so the position is the one the scenario describes (it has no triggers)."""
        if not self.scripted:
            return
        for _ in range(_PROMPT_LIMIT):
            game = self.game
            waiting = game.waiting_for()["type"]
            if waiting == "GameOver":
                return
            if waiting != "Priority":
                self.answer_prompt()
                continue
            stack = game.stack()
            if stack and stack[-1]["kind"]["type"] != "Spell":
                self.apply(actor(game), PASS)
                continue
            return

    def _pass_until_gone(self, oid: int, intent: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        for _ in range(_PROMPT_LIMIT):
            game = self.game
            if not self._on_stack(oid) and game.waiting_for()["type"] in ("Priority", "GameOver"):
                return events
            if game.waiting_for()["type"] == "GameOver":
                return events
            if game.waiting_for()["type"] != "Priority":
                self.answer_prompt(intent)
                continue
            if not self._on_stack(oid):
                return events
            events += self.apply(actor(game), PASS)
        raise NotSupported(f"phase did not resolve object {oid}")

    def resolve(self, obj: ObjectId, outcome: Resolution) -> None:
        oid = self._id(obj)
        stack = self.game.stack()
        if not stack or stack[-1]["id"] != oid:
            raise NotSupported(f"object {oid} is not on top of phase's stack")
        self._pass_until_gone(oid)
        self._facts.pop(oid, None)
        self.last_corrections = []
        if self.game.waiting_for()["type"] == "GameOver":
            # A player lost as it resolved: the game is over (phase removes the loser's cards).
            return
        self.last_corrections = self.correct(oid, outcome.destination, outcome.unlocked)
        self.settle()

    def forget_spell(self, oid: int) -> None:
        """The spell left the stack without the adapter: its record ends (400.7)."""
        self._facts.pop(oid, None)

    def correct(self, oid: int, destination: Zone | None, unlocked: frozenset[Side] = frozenset()) -> list[str]:
        """Make phase's state match the rules' decision for a card that left the stack; returns
        what was corrected (deviation names)."""
        fixed: list[str] = []
        if destination is None:
            if self._exists(oid) and self._object(oid)["zone"] != "Stack":
                self._debug("RemoveObject", object_id=oid)
                fixed.append("copy-left-behind")
            if self._visible is not None:
                self._visible.discard(oid)
            return fixed
        if not self._exists(oid):
            return fixed
        zone = self._object(oid)["zone"]
        if zone != ZONE_NAMES[destination]:
            self._move(oid, destination)
            fixed.append("aftermath-not-exiled" if destination is Zone.EXILE else "wrong-destination")
        room = destination is Zone.BATTLEFIELD and self.card_of(oid).layout is Layout.ROOM
        if room and self.view(str(oid)).unlocked != unlocked:
            self.set_unlocked(str(oid), unlocked)
            fixed.append("room-doors")
        return fixed

    def move(self, obj: ObjectId, zone: Zone) -> None:
        oid = self._id(obj)
        self._move(oid, zone)
        self._facts.pop(oid, None)

    def copy_spell(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        oid = self._id(obj)
        seat = int(self._object(oid)["controller"])
        before = {e["id"] for e in self.game.stack()}
        copier = self._cast_scaffold(seat, carddata.COPIER, {"object": oid})
        events = self._pass_until_gone(copier, {"object": oid})
        copied = [e["data"]["object_id"] for e in events if e["type"] == "SpellCopied"]
        new = copied[0] if copied else next((e["id"] for e in self.game.stack() if e["id"] not in before), None)
        if new is None:
            raise NotSupported(f"phase made no copy of object {oid}")
        new = int(new)
        self._cards[new] = self.card_of(oid)
        self._facts[new] = spell
        self._copies.add(new)
        self._made.add(new)
        if self._visible is not None:
            self._visible.add(new)
        self.settle()
        return str(new)

    def copy_card(self, obj: ObjectId) -> ObjectId:
        # phase can't create a card copy outside the battlefield (deviation no-card-copies): a
        # spare card of the same name from the owner's library stands in for it, marked a copy.
        view = self.view(obj)
        new = self._take(seat_of(view.owner), carddata.front_name(view.card))
        self._cards[new] = view.card
        if view.zone is not Zone.LIBRARY:
            self._move(new, view.zone)
        self._copies.add(new)
        if self._visible is not None:
            self._visible.add(new)
        return str(new)

    def copy_permanent(self, obj: ObjectId) -> ObjectId:
        oid = self._id(obj)
        seat = int(self._object(oid)["controller"])
        before = {o["id"] for o in self.game.battlefield()}
        self._debug("CreateTokenCopy", source_id=oid, owner=seat)
        new = next((int(o["id"]) for o in self.game.battlefield() if o["id"] not in before), None)
        if new is None:
            raise NotSupported(f"phase made no token copy of object {oid}")
        self._cards[new] = self.card_of(oid)
        self._made.add(new)
        if self._visible is not None:
            self._visible.add(new)
        return str(new)

    def set_unlocked(self, obj: ObjectId, doors: frozenset[Side]) -> None:
        oid = self._id(obj)
        current = self.view(obj).unlocked
        for side in sorted(doors - current):
            unlock = self._listed({"type": "UnlockRoomDoor", "data": {"object_id": oid, "door": SIDE_DOORS[side]}})
            if unlock is not None:
                # The special action, when phase allows it now (it pays the door's cost).
                self.apply(int(self._object(oid)["controller"]), unlock)
            else:
                self._door_effect(carddata.UNLOCKER, oid, side)
            self.settle()
        for side in sorted(current - doors):
            self._door_effect(carddata.LOCKER, oid, side)
            self.settle()
        if self.view(obj).unlocked != doors:
            raise NotSupported(f"phase did not set the doors of object {oid} to {sorted(doors)}")

    def _door_effect(self, scaffold: str, oid: int, side: Side) -> None:
        intent = {"object": oid, "door": SIDE_DOORS[side]}
        spell = self._cast_scaffold(int(self.game.priority_player()), scaffold, intent)
        self._pass_until_gone(spell, intent)

    def _cast_scaffold(self, seat: int, name: str, intent: Mapping[str, Any] | None = None) -> int:
        oid = self._take(seat, name)
        self._scaffold.add(oid)
        self._debug("MoveToZone", object_id=oid, to_zone="Hand")
        cast = cast_action(oid)
        if self._listed(cast) is None:
            raise NotSupported(f"phase does not let the adapter cast its {name!r} now")
        self.apply(seat, cast)
        for _ in range(_PROMPT_LIMIT):
            if self.game.waiting_for()["type"] == "Priority":
                return oid
            was_scripted = self.scripted
            self.scripted = True
            try:
                self.answer_prompt(intent)
            finally:
                self.scripted = was_scripted
        raise NotSupported(f"casting the adapter's {name!r} did not finish")


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
