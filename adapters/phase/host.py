"""The phase host: the :class:`~splitcards.game.contract.Host` primitives on a real phase game.

Every primitive is carried out by phase itself: game actions (``CastSpell`` with the half,
variant and splice prompts, ``PassPriority``, ``UnlockRoomDoor``) and debug actions
(``MoveToZone``, ``SetPhase``, ``CreateTokenCopy``). Where phase can't do something directly
the adapter casts one of its scaffold instants (:mod:`splitcards.adapters.phase.carddata`):
"Copy target spell", "Lock a door of target Room", "Unlock a door of target Room".

What phase gets wrong about split cards is not read back from it: the view keeps the adapter's
own record of each spell (which half, fused, where it was cast from, its splices), and after a
spell leaves the stack phase's state is made to match the rules' decision
(:mod:`splitcards.adapters.phase.corrections`). See :mod:`splitcards.adapters.phase.deviations`.

The game behind the host is a :class:`~splitcards.adapters.phase.session.PhaseSession`; casts are
the :class:`~splitcards.adapters.phase.caster.Caster`'s, the prompts the rules leave open its
:class:`~splitcards.adapters.phase.prompts.Prompts`'. A scenario's game starts
with :meth:`PhaseHost.prepare`; an AI game (:mod:`splitcards.adapters.phase.ai`) starts the
session with its decks and answers prompts with phase's AI.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from splitcards.adapters.phase import carddata
from splitcards.adapters.phase.carddata import engine_for
from splitcards.adapters.phase.caster import Caster
from splitcards.adapters.phase.corrections import correct
from splitcards.adapters.phase.prompts import Prompts, ScenarioPrompts
from splitcards.adapters.phase.session import PhaseSession
from splitcards.adapters.phase.timing import change_timing
from splitcards.adapters.phase.translate import (
    PHASES,
    PLAYERS,
    SIDE_DOORS,
    ZONES,
    PhaseRefused,
    cast_option,
    seat_of,
    unlock_action,
    unlocked_doors,
    zone_of,
)
from splitcards.errors import NotSupported, UnknownObject
from splitcards.game.contract import Resolution
from splitcards.rules.card import Card, Side
from splitcards.rules.model import ObjectId, ObjectView, Phase, Player, SpellFacts, Timing, TimingChange, Zone

# The zones phase's players list, by the key of each list.
_PLAYER_LISTS = {Zone.LIBRARY: "library", Zone.HAND: "hand", Zone.GRAVEYARD: "graveyard"}

# How many copies of each card each deck of a scenario holds: enough for every create and copy.
COPIES = 4
SCAFFOLD_COPIES = {
    carddata.TARGET_DUMMY: 3,
    carddata.COPIER: 4,
    carddata.LOCKER: 4,
    carddata.UNLOCKER: 4,
    carddata.FILLER: 2,
    carddata.CASTER: 4,
}


class PhaseHost:
    """A game in phase.rs (``--host phase``).

    ``prompts`` answers the prompts the rules leave open: by default a scenario's
    (:class:`~splitcards.adapters.phase.prompts.ScenarioPrompts`).
    """

    name = "phase"

    def __init__(self, prompts: Prompts | None = None) -> None:
        self.session = PhaseSession()
        self.caster = Caster(self.session, prompts or ScenarioPrompts())
        self.last_corrections: list[str] = []
        self._placed: dict[tuple[int, Card, int, Zone, bool], ObjectView] = {}

    def prepare(self, cards: Sequence[Card]) -> None:
        """Build phase's card data for these cards, and start a game whose libraries hold
        :data:`COPIES` of each for both players plus the scaffold, all spares until created;
        p1's first main phase, empty hands, debug actions allowed, every cost payable (infinite
        mana)."""
        session = self.session
        session.use_engine(engine_for(cards))
        deck = [carddata.front_name(c) for c in sorted(set(cards), key=lambda c: c.name) for _ in range(COPIES)]
        deck += [name for name, n in SCAFFOLD_COPIES.items() for _ in range(n)]
        session.start(deck, list(deck), seed=1)
        for seat in (0, 1):
            # The hand's ids, in the hand's order, from its player: reading the hand's objects
            # in full (Game.hand) costs over ten times as much.
            for oid in session.player(seat)["hand"]:
                session.debug("MoveToZone", object_id=oid, to_zone="Library")
            session.debug("SetInfiniteMana", player_id=seat, enabled=True)
        session.index_libraries()
        session.spares = session.library_cards()
        for seat in (1, 1, 0):
            self.caster.scaffold_onto_battlefield(seat, carddata.TARGET_DUMMY)

    # -- state -------------------------------------------------------------------------------

    def _id(self, obj: ObjectId) -> int:
        try:
            oid = int(obj)
        except ValueError:
            raise UnknownObject(obj) from None
        if oid in self.session.spares or oid in self.session.scaffold:
            raise UnknownObject(obj)
        return oid

    def view(self, obj: ObjectId) -> ObjectView:
        oid = self._id(obj)
        session = self.session
        place = session.place(oid) if oid not in session.made else None
        if place is not None:
            # phase's player lists say where the card is and whose it is (400.3); the rules say
            # what else a card there is (400.7).
            seat, zone = place
            card = session.card_of(oid)
            key = (oid, card, seat, zone, oid in session.copies)
            found = self._placed.get(key)
            if found is None:
                found = ObjectView(card, zone, PLAYERS[seat], copy=key[4]).moved(zone)
                # A card in a library, hand or graveyard is all its place says: the same view
                # while it stays there (the Table then knows it checked it).
                self._placed[key] = found
            return found
        data = session.object(oid)
        card = session.card_of(oid)
        zone = zone_of(data)
        casting = self.caster.casting(oid)
        if zone is Zone.STACK and casting and (oid == self.caster.adopting or not session.on_stack(oid)):
            # phase moves a fuse card to its stack before asking how it is cast; for the rules
            # the card is still where it is cast from until the half is chosen (601.2a-b).
            zone = Zone.HAND
        spell = self._spell_facts(oid, data, card) if zone is Zone.STACK and oid != self.caster.adopting else None
        return ObjectView(
            card=card,
            zone=zone,
            owner=PLAYERS[int(data["owner"])],
            controller=PLAYERS[int(data["controller"])],
            spell=spell,
            unlocked=unlocked_doors(data) if zone is Zone.BATTLEFIELD else frozenset(),
            token=bool(data.get("is_token")) and oid not in session.copies,
            copy=oid in session.copies,
        )

    def _spell_facts(self, oid: int, data: Mapping[str, Any], card: Card) -> SpellFacts:
        """The spell's facts: the adapter's record, or read from phase's stack entry for a
        spell cast without the adapter (the phase AI, before the game loop saw it)."""
        known = self.session.facts.get(oid)
        if known is not None:
            return known
        entry = self.session.stack_entry(oid)
        context = (entry.get("ability") or {}).get("context") or {}
        cast_from = ZONES.get(str(context.get("cast_from_zone")), Zone.HAND)
        copy = bool(data.get("is_token"))
        option = cast_option(data, entry, card)
        return SpellFacts(option, cast=not copy, cast_from=None if copy else cast_from, copy=copy)

    def position(self) -> Hashable:
        """Equal for as long as nothing :meth:`view`, :meth:`objects`, :meth:`stack` or
        :meth:`timing` shows has changed (the Table reads each once per position): phase's
        position, the cast being adopted, and the adapter's records of its objects."""
        session = self.session
        return (
            session.position,
            self.caster.adopting,
            len(session.cards),
            len(session.facts),
            len(session.copies),
            len(session.made),
            len(session.spares),
        )

    def objects_in(self, zone: Zone) -> Sequence[ObjectId]:
        """The objects in a library, hand or graveyard, from phase's players, and on the
        battlefield, from phase's battlefield (far cheaper than every object's view); in another
        zone, from every object's view."""
        key = _PLAYER_LISTS.get(zone)
        session = self.session
        hidden = session.spares | session.scaffold
        if zone is Zone.BATTLEFIELD:
            # phase's battlefield, read once per position; objects made in the game (tokens) that
            # the adapter does not know are not the rules' objects.
            ids = (int(obj["id"]) for obj in session.battlefield())
            return [str(oid) for oid in ids if oid in session.cards and oid not in hidden]
        if key is None:
            return [obj for obj in self.objects() if self.view(obj).zone is zone]
        return [
            str(oid)
            for seat in (0, 1)
            for oid in session.player(seat)[key]
            if int(oid) in session.cards and int(oid) not in hidden
        ]

    def objects(self) -> Sequence[ObjectId]:
        session = self.session
        session.read_places()
        hidden = session.spares | session.scaffold
        return [
            str(oid)
            for oid in list(session.cards)
            if oid not in hidden and (oid not in session.made or session.exists(oid))
        ]

    def stack(self) -> Sequence[ObjectId]:
        session = self.session
        return [
            str(entry["id"])
            for entry in session.stack_entries()
            if entry["kind"]["type"] == "Spell"
            and entry["id"] not in session.scaffold
            and entry["id"] not in session.spares
        ]

    def timing(self) -> Timing:
        session = self.session
        # A rules query asks it once per half and per card: read once per position.
        key = ("timing", session.active, self.caster.adopting)
        found: Timing = session.memo(key, self._timing)
        return found

    def _timing(self) -> Timing:
        session = self.session
        game = session.game
        casting = self.caster.in_progress()
        return Timing(
            active=PLAYERS[session.active],
            phase=PHASES.get(str(game.phase), Phase.MAIN1),
            priority=PLAYERS[int(game.priority_player())],
            # The card being cast is on phase's stack already; casting it is judged as before (601.2a, 601.3).
            stack_empty=all(entry["id"] == casting for entry in session.stack_entries()),
        )

    def set_timing(self, change: TimingChange) -> None:
        change_timing(self.session, self.caster, change)

    # -- actions -----------------------------------------------------------------------------

    def create(self, card: Card, zone: Zone, owner: Player) -> ObjectId:
        oid = self.session.take(seat_of(owner), carddata.front_name(card))
        self.session.cards[oid] = card
        self._put(oid, zone)
        return str(oid)

    def _put(self, oid: int, zone: Zone) -> None:
        """Move a card just taken from the spares to a zone; if phase refuses, it is a spare again."""
        if zone is Zone.LIBRARY:
            return
        try:
            self.session.move(oid, zone)
        except NotSupported:
            self.session.put_back(oid)
            raise

    def cast(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        oid = self._id(obj)
        try:
            self.caster.cast(oid, self.session.card_of(oid), spell)
        except NotSupported:
            if spell.copy and spell.cast:
                # The copy was made for this cast (Table.copy_card): undone with it.
                self.session.put_back(oid)
            raise
        self.session.facts[oid] = spell
        return str(oid)

    def resolve(self, obj: ObjectId, outcome: Resolution) -> None:
        oid = self._id(obj)
        session = self.session
        stack = session.stack_entries()
        if not stack or stack[-1]["id"] != oid:
            raise NotSupported(
                f"phase resolves only the top object of its stack, and {self._stack_top(stack)} is above"
                f" {session.card_of(oid).name!r}"
            )
        self.caster.pass_until_gone(oid)
        session.facts.pop(oid, None)
        if outcome.token:
            # A copy of a permanent spell is a token once it resolves, no longer a copy (608.3f).
            session.copies.discard(oid)
        self.last_corrections = []
        if session.waiting()["type"] == "GameOver":
            # A player lost as it resolved: the game is over (phase removes the loser's cards), and
            # the resolved card still goes where the rules send it (an aftermath half to exile).
            self.last_corrections = correct(session, self, oid, outcome.destination, outcome.unlocked)
            return
        self.last_corrections = correct(session, self, oid, outcome.destination, outcome.unlocked)
        self.caster.settle()

    def _stack_top(self, stack: Sequence[Mapping[str, Any]]) -> str:
        if not stack:
            return "nothing"
        top = stack[-1]
        if top["kind"]["type"] != "Spell":
            return f"an ability ({top['kind']['type']})"
        if top["id"] in self.session.scaffold:
            return "one of the adapter's scaffold spells"
        return repr(self.session.card_of(int(top["id"])).name)

    def move(self, obj: ObjectId, zone: Zone) -> None:
        oid = self._id(obj)
        self.session.move(oid, zone)
        self.session.facts.pop(oid, None)

    def copy_spell(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        oid = self._id(obj)
        session = self.session
        before = set(session.stack_ids())
        intent = {"object": oid}
        events = self.caster.scaffold_effect(carddata.COPIER, intent, seat=int(session.object(oid)["controller"]))
        copied = [e["data"]["object_id"] for e in events if e["type"] == "SpellCopied"]
        new = copied[0] if copied else next((i for i in session.stack_ids() if i not in before), None)
        if new is None:
            name = session.card_of(oid).name
            raise NotSupported(f"the adapter's Scaffold Copier resolved in phase without copying {name!r}")
        new = int(new)
        session.cards[new] = session.card_of(oid)
        session.facts[new] = spell
        session.copies.add(new)
        session.made.add(new)
        self.caster.settle()
        return str(new)

    def copy_card(self, obj: ObjectId) -> ObjectId:
        # phase can't create a card copy outside the battlefield (deviation no-card-copies): a
        # spare card of the same name from the owner's library stands in for it, marked a copy.
        view = self.view(obj)
        new = self.session.take(seat_of(view.owner), carddata.front_name(view.card))
        self.session.cards[new] = view.card
        self._put(new, view.zone)
        self.session.copies.add(new)
        return str(new)

    def copy_permanent(self, obj: ObjectId) -> ObjectId:
        oid = self._id(obj)
        session = self.session
        before = {o["id"] for o in session.battlefield()}
        session.debug("CreateTokenCopy", source_id=oid, owner=int(session.object(oid)["controller"]))
        new = next((int(o["id"]) for o in session.battlefield() if o["id"] not in before), None)
        if new is None:
            raise NotSupported(f"phase's Debug CreateTokenCopy made no copy of {session.card_of(oid).name!r}")
        session.cards[new] = session.card_of(oid)
        session.made.add(new)
        return str(new)

    def set_unlocked(self, obj: ObjectId, doors: frozenset[Side]) -> None:
        oid = self._id(obj)
        session = self.session
        current = self.view(obj).unlocked
        for side in sorted(doors - current):
            try:
                # The special action, when phase allows it now (it pays the door's cost): applied
                # without listing phase's legal actions, which costs more than most actions; phase
                # refuses it where it doesn't allow it.
                session.apply(int(session.object(oid)["controller"]), unlock_action(oid, side))
            except PhaseRefused:
                self.caster.scaffold_effect(carddata.UNLOCKER, {"object": oid, "door": SIDE_DOORS[side]})
            self.caster.settle()
        for side in sorted(current - doors):
            self.caster.scaffold_effect(carddata.LOCKER, {"object": oid, "door": SIDE_DOORS[side]})
            self.caster.settle()
        if self.view(obj).unlocked != doors:
            shown = sorted(d.value for d in self.view(obj).unlocked) or "none"
            wanted = sorted(d.value for d in doors) or "none"
            raise NotSupported(
                f"the adapter's Scaffold Unlocker and Locker left {session.card_of(oid).name!r} with the doors"
                f" {shown} unlocked in phase, not {wanted}"
            )
