"""The python-mtg host: split-card primitives carried out on a real python-mtg game.

Every object the adapter creates is one engine object; what the engine sees of it (its
``instance_of`` card and castability facts) follows the face the rules give it
(:mod:`splitcards.adapters.mtg.facts`). The split-card state the engine has no relation for is
kept in the game state under ``_split_*`` keys, which the engine never evaluates but which
``copy()``, ``serialize()`` and ``push``/``pop`` carry along: the card pool, each object's card,
face, owner, spell facts, unlocked doors, token and copy marks, and timing the engine has no
fact for (priority held by the non-active player, a stack declared non-empty).

Timing is read from the engine's own relations (``active_player``, ``current_step``,
``on_stack``); whoever is to move holds priority unless a scenario said otherwise.
"""

from __future__ import annotations

import contextlib
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from splitcards.adapters.mtg import corpus, driver, enginecards, facts, keys, objects, payment, spells, states, zones
from splitcards.adapters.mtg.states import IS_COPY, State
from splitcards.errors import UnknownObject
from splitcards.game.contract import Resolution
from splitcards.rules.card import Card, Side
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import ObjectId, ObjectView, Phase, Player, SpellFacts, Timing, TimingChange, Zone
from splitcards.rules.versions import RuleVersion

_STEPS = {
    Phase.UNTAP: "untap",
    Phase.UPKEEP: "upkeep",
    Phase.DRAW: "draw",
    Phase.MAIN1: "precombat_main",
    Phase.COMBAT: "beginning_of_combat",
    Phase.MAIN2: "postcombat_main",
    Phase.END: "end",
    Phase.CLEANUP: "cleanup",
}
_PHASES = {step: phase for phase, step in _STEPS.items()} | {
    "declare_attackers": Phase.COMBAT,
    "declare_blockers": Phase.COMBAT,
    "combat_damage": Phase.COMBAT,
    "end_of_combat": Phase.COMBAT,
}


class MtgHost:
    """One python-mtg game (``--host mtg``).

    ``MtgHost(rules)`` starts the scenario position (seats ``p1`` and ``p2``, libraries of
    Islands, empty hands, ``p1``'s precombat main phase). :meth:`from_decks` starts a normal game
    from deck lists. ``game`` is the :class:`mtg.Game`; while a
    :class:`~splitcards.adapters.mtg.moves.SplitMoves` of its rule version is installed, its
    ``legal_moves`` offer the split-card moves as well as the engine's own.

    Host primitives edit the current position: they are not moves, and ``game.pop()`` does not
    undo them.
    """

    name = "mtg"

    def __init__(self, rules: RuleVersion, game: Any = None) -> None:
        self.rules = rules
        self._live: State | None = None
        self._zones: dict[str, Zone] | None = None
        self._controllers: dict[str, list[str]] | None = None
        self._read: object | None = None
        # The game's current position and the answer position() gives for it.
        self._position: tuple[object, object] = (None, object())
        self.whole_evaluations = False
        """Whether the host's primitives have python-mtg evaluate each position loaded whole
        (:func:`~splitcards.adapters.mtg.states.whole_evaluations`), so that a game plays the same
        whatever was evaluated before: an AI game's host does."""
        if game is None:
            state = states.starting_state()
            state[keys.SEATS] = {p.value: p.value for p in Player}
            state[keys.RULES] = rules.name
            game = states.game_from_state(state)
        elif game.state.get(keys.RULES) != rules.name:
            state = states.clone(game.state)
            state[keys.RULES] = rules.name
            states.set_state(game, state)
        self.game = game

    @classmethod
    def from_decks(
        cls, rules: RuleVersion, cards: Sequence[Card], decks: Mapping[str, Sequence[str]], **options: Any
    ) -> MtgHost:
        """A normal game of two seats from deck lists (``{seat: [card names]}``, the first seat
        starts). ``cards`` are the split cards (and any others) whose faces the adapter supplies:
        the engine's data has only the first half of a split card. ``options`` go to
        :class:`mtg.Game` (``seed``, ``variant``, ``explicit_lands``, ``starting_hand``...).
        """
        if len(decks) != 2:
            raise ValueError(f"a split-card game has two players, got {len(decks)} decks")
        split = {c.name for c in cards if c.is_split}
        missing = sorted({n for deck in decks.values() for n in deck if " // " in n} - split)
        if missing:
            raise ValueError(f"split cards without faces (pass them in cards): {', '.join(missing)}")
        game = states.new_game({seat: list(deck) for seat, deck in decks.items()}, **options)
        state = states.clone(game.state)
        state[keys.SEATS] = dict(zip((p.value for p in Player), decks, strict=True))
        state[keys.RULES] = rules.name
        host = cls._over(state, rules)
        host.prepare(cards)
        host._adopt()
        states.set_state(game, state)
        return cls(rules, game)

    @classmethod
    def _over(cls, state: State, rules: RuleVersion) -> MtgHost:
        """A host that edits ``state`` in place (inside the engine's own transitions)."""
        host = cls.__new__(cls)
        host.rules = rules
        host._live = state
        host._zones = host._controllers = None
        host._read = None
        host._position = (None, object())
        host.whole_evaluations = False
        host.game = None
        return host

    @classmethod
    def cursor(cls, rules: RuleVersion) -> MtgHost:
        """A host with no game of its own, which edits in place whichever position :meth:`on`
        points it at (the engine's transitions hand the adapter a new position every time)."""
        return cls._over({}, rules)

    @contextlib.contextmanager
    def on(self, state: State) -> Iterator[None]:
        """Work on ``state`` in place for the ``with`` block (then on the position before it)."""
        previous = self._live, self._zones, self._controllers, self._read
        self._live, self._zones, self._controllers, self._read = state, None, None, None
        try:
            yield
        finally:
            self._live, self._zones, self._controllers, self._read = previous

    @contextlib.contextmanager
    def reading(self, state: State) -> Iterator[None]:
        """Like :meth:`on`, for a block that only reads ``state``: where every object is gets
        looked up once, and who controls it."""
        controllers: dict[str, list[str]] = {}
        for seat, obj in state.get("printed_control", ()):
            controllers.setdefault(obj, []).append(seat)
        previous = self._live, self._zones, self._controllers, self._read
        self._live, self._zones, self._controllers = state, zones.index(state), controllers
        self._read = object()
        try:
            yield
        finally:
            self._live, self._zones, self._controllers, self._read = previous

    def position(self) -> Hashable:
        """One answer for the whole of a :meth:`reading` block, in which the position is only
        read, and one for each position of the host's own game (python-mtg never changes a
        position once a move has produced it, and the host's primitives make a new one); a new one
        at every call for a position edited in place (:meth:`on`: the engine's transitions edit
        positions in place, and the Table is then asked to read everything anew)."""
        if self._read is not None:
            return self._read
        if self._live is not None:
            return object()
        state = self.game.state
        if self._position[0] is not state:
            self._position = (state, object())
        return self._position[1]

    def zone(self, obj: ObjectId) -> Zone | None:
        """The zone ``obj`` is in, or ``None`` if it is in none (it no longer exists)."""
        if self._zones is not None:
            return self._zones.get(obj)
        return zones.zone_of(self.state, obj)

    @property
    def state(self) -> State:
        """The current position (never mutate it: copies and history share it)."""
        if self._live is not None:
            return self._live
        state: State = self.game.state
        return state

    def editing(self) -> contextlib.AbstractContextManager[State]:
        """The current position to edit for the ``with`` block (a new position of the game, as the
        host's primitives make one), for what the engine keeps beside the rules' state."""
        return self._edit()

    @contextlib.contextmanager
    def _edit(self) -> Iterator[State]:
        self._zones = self._controllers = self._read = None
        with states.whole_evaluations() if self.whole_evaluations else contextlib.nullcontext():
            if self._live is not None:
                yield self._live
                return
            state = states.clone(self.game.state)
            yield state
            states.set_state(self.game, state)

    # -- players -------------------------------------------------------------------------

    def seat(self, player: Player) -> str:
        """The engine's name for a player."""
        return objects.seat(self.state, player)

    def player(self, seat: str) -> Player:
        """The rules' name for an engine seat."""
        for name, found in self.state[keys.SEATS].items():
            if found == seat:
                return Player(name)
        raise ValueError(f"seat {seat!r} is not one of the two players")

    # -- setup -----------------------------------------------------------------------------

    def prepare(self, cards: Sequence[Card]) -> None:
        """Write card facts for every face of every card this game may create."""
        with self._edit() as state:
            for card in cards:
                facts.register(state, card, self.rules)

    def _adopt(self) -> None:
        # Objects the engine built from deck lists point at its truncated record: give them the
        # whole card (the engine's record of a split card is named like the card).
        state = self.state
        pool = state.get(keys.CARDS, {})
        by_slug = {corpus.slug(name): name for name in pool}
        for obj, card_id in sorted(state.get("instance_of", ())):
            name = by_slug.get(card_id)
            if name is None:
                continue
            card = facts.card_named(state, name)
            state[keys.CARD_OF] = {**state.get(keys.CARD_OF, {}), obj: name}
            owner = self.player(next(p for (p, o) in state["printed_control"] if o == obj))
            state[keys.OWNER] = {**state.get(keys.OWNER, {}), obj: owner.value}
            zone = zones.zone_of(state, obj) or Zone.LIBRARY
            facts.set_face(state, obj, ObjectView(card, zone, owner, owner), self.rules)

    # -- state -----------------------------------------------------------------------------

    def view(self, obj: ObjectId) -> ObjectView:
        state = self.state
        zone = self.zone(obj)
        if zone is None:
            raise UnknownObject(obj)
        name = state.get(keys.CARD_OF, {}).get(obj)
        card = facts.card_named(state, name) if name is not None else enginecards.engine_card(state, obj)
        if self._controllers is not None:
            controllers = self._controllers.get(obj, [])
        else:
            controllers = [p for (p, o) in state.get("printed_control", ()) if o == obj]
        owner_name = state.get(keys.OWNER, {}).get(obj)
        owner = Player(owner_name) if owner_name else self.player(sorted(controllers)[0])
        if zone is Zone.STACK:
            controller = self.player(states.stack_controller(state, obj))
        else:
            controller = self.player(controllers[-1]) if len(controllers) == 1 else owner
        return ObjectView(
            card,
            zone,
            owner,
            controller,
            spells.kept(state, obj) if zone is Zone.STACK else None,
            # Designations are a permanent's: a Room python-mtg itself put elsewhere (destroyed) has none.
            frozenset(Side(d) for (o, d) in state.get(keys.DOORS, ()) if o == obj and zone is Zone.BATTLEFIELD),
            (obj,) in state.get(keys.TOKENS, ()),
            (obj,) in state.get(keys.COPIES, ()),
        )

    def objects(self) -> Sequence[ObjectId]:
        state = self.state
        known = list(state.get(keys.CARD_OF, {}))
        present = set(zones.members(state))
        return [o for o in known if o in present] + sorted(present - set(known))

    def stack(self) -> Sequence[ObjectId]:
        return zones.stack(self.state)

    def objects_in(self, zone: Zone) -> Sequence[ObjectId]:
        """The objects in ``zone`` (the engine keeps a relation for each zone)."""
        if self._zones is not None:
            return sorted(obj for obj, where in self._zones.items() if where is zone)
        return zones.in_zone(self.state, zone)

    def timing(self) -> Timing:
        state = self.state
        override = state.get(keys.TIMING, {})
        priority = override.get("priority")
        stack_empty = override.get("stack_empty")
        return Timing(
            active=self.player(states.active_seat(state)),
            phase=_PHASES[states.current_step(state)],
            priority=Player(priority) if priority else self.player(states.to_move(state)),
            stack_empty=stack_empty if stack_empty is not None else not state.get("on_stack"),
        )

    def set_timing(self, change: TimingChange) -> None:
        before = self.timing()
        with self._edit() as state:
            if change.active is not None:
                state["active_player"] = {(self.seat(change.active),)}
            if change.phase is not None:
                state["current_step"] = {(_STEPS[change.phase],)}
            override = dict(state.get(keys.TIMING, {}))
            override["priority"] = (change.priority or before.priority).value
            if change.stack_empty is not None:
                override["stack_empty"] = change.stack_empty
            state[keys.TIMING] = override

    # -- actions -------------------------------------------------------------------------

    def create(self, card: Card, zone: Zone, owner: Player) -> ObjectId:
        with self._edit() as state:
            facts.register(state, card, self.rules)
            return objects.new_object(state, ObjectView(card, zone, owner, owner), self.rules)

    def cast(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        view = self.view(obj)
        # The spell is its caster's (601.2): the engine's stack records its controller.
        on_stack = ObjectView(view.card, Zone.STACK, view.owner, spell.caster or view.owner, spell)
        with self._edit() as state:
            if obj in state.get(keys.CARD_OF, {}):
                facts.set_face(state, obj, on_stack, self.rules)
            zones.remove(state, obj)
            objects.forget(state, keys.DOORS, obj)
            spells.keep(state, obj, spell)
            spells.splice(state, obj, view.card.name, facts.face_of(on_stack, self.rules), spell)
            with driver.forced(state, state.get(keys.CHOICES, {}).get(obj, {})):
                driver.push_spell(state, obj, self.seat(on_stack.controller))
        return obj

    def resolve(self, obj: ObjectId, outcome: Resolution) -> None:
        view = self.view(obj)
        with self._edit() as state:
            # The engine follows the face's instructions (a fused face: left's, then right's),
            # making the sub-choices the spell was cast with.
            with driver.forced(state, state.get(keys.CHOICES, {}).get(obj, {})):
                driver.resolve_top(state)
            objects.forget(state, keys.CHOICES, obj)
            # The engine moved the card where it thinks it goes; the rules decide (aftermath exile,
            # a Room's unlocked door, a copy ceasing to exist).
            zones.remove(state, obj)
            objects.forget(state, keys.SPELL, obj)
            if outcome.destination is None:
                objects.delete(state, obj)
                return
            if outcome.token:
                # A copy of a permanent spell is a token once it resolves, no longer a copy (608.3f).
                objects.mark(state, keys.TOKENS, obj)
                objects.forget(state, keys.COPIES, obj)
            state[IS_COPY] = state.get(IS_COPY, set()) - {(obj,)}
            settled = replace(view, zone=outcome.destination, spell=None, unlocked=outcome.unlocked)
            objects.settle(state, obj, settled, self.rules)

    def move(self, obj: ObjectId, zone: Zone) -> None:
        moved = self.view(obj).moved(zone)
        with self._edit() as state:
            zones.remove(state, obj)
            objects.forget(state, keys.SPELL, obj)
            state[IS_COPY] = state.get(IS_COPY, set()) - {(obj,)}
            state["tapped"] = state.get("tapped", set()) - {(obj,)}
            objects.settle(state, obj, moved, self.rules)

    def copy_spell(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        view = self.view(obj)
        # The copy is put on the stack for the spell's controller, who owns and controls it (707.10, 108.3).
        copier = spell.caster or view.controller
        with self._edit() as state:
            copy = driver.copy_spell(state, obj, self.seat(copier))
            objects.name_card(state, copy, view.card, copier)
            facts.set_face(
                state, copy, replace(view, owner=copier, controller=copier, spell=spell, copy=True), self.rules
            )
            spells.keep(state, copy, spell)
            objects.mark(state, keys.COPIES, copy)
        return copy

    def copy_card(self, obj: ObjectId) -> ObjectId:
        view = self.view(obj)
        with self._edit() as state:
            facts.register(state, view.card, self.rules)
            new = ObjectView(view.card, view.zone, view.owner, view.controller, copy=True)
            copy = objects.new_object(state, new, self.rules)
            objects.mark(state, keys.COPIES, copy)
        return copy

    def copy_permanent(self, obj: ObjectId) -> ObjectId:
        view = self.view(obj)
        with self._edit() as state:
            facts.register(state, view.card, self.rules)
            new = ObjectView(view.card, Zone.BATTLEFIELD, view.controller, view.controller, token=True)
            copy = objects.new_object(state, new, self.rules)
            objects.mark(state, keys.TOKENS, copy)
        return copy

    def set_unlocked(self, obj: ObjectId, doors: frozenset[Side]) -> None:
        view = self.view(obj)
        with self._edit() as state:
            objects.set_doors(state, obj, doors)
            facts.set_face(state, obj, replace(view, unlocked=doors), self.rules)

    # -- what the engine does beside the rules' actions ---------------------------------------

    def keep_choices(self, obj: ObjectId, choices: Mapping[str, Any]) -> None:
        """Keep the engine's sub-choices (its mode, its target) for the spell ``obj`` to be cast
        with: python-mtg makes them as it puts a spell on the stack and as it resolves it, so they
        stay with the spell until then (:meth:`forget_choices` drops them for a cast not made)."""
        with self._edit() as state:
            state[keys.CHOICES] = {**state.get(keys.CHOICES, {}), obj: dict(choices)}

    def forget_choices(self, obj: ObjectId) -> None:
        """Drop the sub-choices kept for ``obj``: a cast not made leaves no trace of them."""
        with self._edit() as state:
            objects.forget(state, keys.CHOICES, obj)
            if state.get(keys.CHOICES) == {}:
                del state[keys.CHOICES]

    def pay(self, player: Player, cost: ManaCost | None) -> None:
        """Tap ``player``'s sources for ``cost``, what the rules said a cast or an unlock costs in
        all (the host's ``cast`` and ``set_unlocked`` pay nothing: the rules decide the cost)."""
        with self._edit() as state:
            payment.pay(state, self.seat(player), cost)

    def advance(self) -> None:
        """python-mtg goes on to its next decision, as it does after a move of its own: a timing
        set by hand ends, nobody holds priority, and the steps that need no decision are run."""
        with self._edit() as state:
            state.pop(keys.TIMING, None)
            state["has_priority"] = set()
            driver.advance_to_decision(state)

    # -- game moves ------------------------------------------------------------------------

    def events(self) -> list[dict[str, str]]:
        """The plugin events of the split-card moves made in this game so far."""
        return list(self.state.get(keys.EVENTS, []))
