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
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from typing import Any

from splitcards.adapters.mtg import engine, facts, keys, zones
from splitcards.adapters.mtg.engine import State
from splitcards.adapters.mtg.facts import Face
from splitcards.cards.loaders import card_from_mtgjson
from splitcards.errors import UnknownObject
from splitcards.game.contract import Resolution
from splitcards.rules.card import Card, Half, Side
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import (
    CastOption,
    ObjectId,
    ObjectView,
    Phase,
    Player,
    SpellFacts,
    Spliced,
    Timing,
    TimingChange,
    Zone,
)
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

# Instance-level facts an object carries in the engine, dropped when it ceases to exist.
_INSTANCE_RELATIONS = (
    "instance_of",
    "printed_control",
    "spell_type",
    "mana_cost",
    "mana_generic",
    "mana_pip",
    "x_count",
    "printed_type",
    "printed_subtype",
    "printed_color",
    "printed_keyword",
    "printed_power",
    "printed_toughness",
    "has_supertype",
    "land_produces",
    "tapped",
    engine.SUMMONING_SICK,
    engine.IS_COPY,
)


class MtgHost:
    """One python-mtg game (``--host mtg``).

    ``MtgHost(rules)`` starts the scenario position (seats ``p1`` and ``p2``, libraries of
    Islands, empty hands, ``p1``'s precombat main phase). :meth:`from_decks` starts a normal game
    from deck lists. ``game`` is the :class:`mtg.Game`; while a
    :class:`~splitcards.adapters.mtg.moves.Session` of its rule version is installed, its
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
        if game is None:
            state = engine.starting_state()
            state[keys.SEATS] = {p.value: p.value for p in Player}
            state[keys.RULES] = rules.name
            game = engine.game_from_state(state)
        elif game.state.get(keys.RULES) != rules.name:
            state = engine.clone(game.state)
            state[keys.RULES] = rules.name
            engine.set_state(game, state)
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
        game = engine.new_game({seat: list(deck) for seat, deck in decks.items()}, **options)
        state = engine.clone(game.state)
        state[keys.SEATS] = dict(zip((p.value for p in Player), decks, strict=True))
        state[keys.RULES] = rules.name
        host = cls._over(state, rules)
        host.prepare(cards)
        host._adopt()
        engine.set_state(game, state)
        return cls(rules, game)

    @classmethod
    def _over(cls, state: State, rules: RuleVersion) -> MtgHost:
        """A host that edits ``state`` in place (inside the engine's own transitions)."""
        host = cls.__new__(cls)
        host.rules = rules
        host._live = state
        host._zones = host._controllers = None
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
        previous = self._live, self._zones, self._controllers
        self._live, self._zones, self._controllers = state, None, None
        try:
            yield
        finally:
            self._live, self._zones, self._controllers = previous

    @contextlib.contextmanager
    def reading(self, state: State) -> Iterator[None]:
        """Like :meth:`on`, for a block that only reads ``state``: where every object is gets
        looked up once, and who controls it."""
        controllers: dict[str, list[str]] = {}
        for seat, obj in state.get("printed_control", ()):
            controllers.setdefault(obj, []).append(seat)
        previous = self._live, self._zones, self._controllers
        self._live, self._zones, self._controllers = state, zones.index(state), controllers
        try:
            yield
        finally:
            self._live, self._zones, self._controllers = previous

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

    @contextlib.contextmanager
    def _edit(self) -> Iterator[State]:
        self._zones = self._controllers = None
        if self._live is not None:
            yield self._live
            return
        state = engine.clone(self.game.state)
        yield state
        engine.set_state(self.game, state)

    # -- players -------------------------------------------------------------------------

    def seat(self, player: Player) -> str:
        """The engine's name for a player."""
        seat: str = self.state[keys.SEATS][player.value]
        return seat

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
                facts.register(state, card)

    def _adopt(self) -> None:
        # Objects the engine built from deck lists point at its truncated record: give them the
        # whole card (the engine's record of a split card is named like the card).
        state = self.state
        pool = state.get(keys.CARDS, {})
        by_slug = {engine.slug(name): name for name in pool}
        for obj, card_id in sorted(state.get("instance_of", ())):
            name = by_slug.get(card_id)
            if name is None:
                continue
            card = facts.card_named(state, name)
            state[keys.CARD_OF] = {**state.get(keys.CARD_OF, {}), obj: name}
            owner = next(p for (p, o) in state["printed_control"] if o == obj)
            state[keys.OWNER] = {**state.get(keys.OWNER, {}), obj: self.player(owner).value}
            on_battlefield = (obj,) in state.get("on_battlefield", ())
            facts.set_face(state, obj, card, facts.resting_face(card, on_battlefield, ()))

    # -- state -----------------------------------------------------------------------------

    def view(self, obj: ObjectId) -> ObjectView:
        state = self.state
        zone = self.zone(obj)
        if zone is None:
            raise UnknownObject(obj)
        name = state.get(keys.CARD_OF, {}).get(obj)
        card = facts.card_named(state, name) if name is not None else self._engine_card(obj)
        if self._controllers is not None:
            controllers = self._controllers.get(obj, [])
        else:
            controllers = [p for (p, o) in state.get("printed_control", ()) if o == obj]
        owner_name = state.get(keys.OWNER, {}).get(obj)
        owner = Player(owner_name) if owner_name else self.player(sorted(controllers)[0])
        if zone is Zone.STACK:
            controller = self.player(engine.stack_controller(state, obj))
        else:
            controller = self.player(controllers[-1]) if len(controllers) == 1 else owner
        return ObjectView(
            card,
            zone,
            owner,
            controller,
            _decode_spell(state, state.get(keys.SPELL, {}).get(obj)) if zone is Zone.STACK else None,
            frozenset(Side(d) for (o, d) in state.get(keys.DOORS, ()) if o == obj),
            (obj,) in state.get(keys.TOKENS, ()),
            (obj,) in state.get(keys.COPIES, ()),
        )

    def _engine_card(self, obj: ObjectId) -> Card:
        # An object of the engine's own (a deck card, a token): described from the engine's data.
        state = self.state
        card_id = next((c for (o, c) in state.get("instance_of", ()) if o == obj), obj)
        return _engine_card(engine.name_of(card_id), state, obj)

    def objects(self) -> Sequence[ObjectId]:
        state = self.state
        known = list(state.get(keys.CARD_OF, {}))
        present = set(zones.members(state))
        return [o for o in known if o in present] + sorted(present - set(known))

    def stack(self) -> Sequence[ObjectId]:
        return zones.stack(self.state)

    def timing(self) -> Timing:
        state = self.state
        override = state.get(keys.TIMING, {})
        priority = override.get("priority")
        stack_empty = override.get("stack_empty")
        return Timing(
            active=self.player(engine.active_seat(state)),
            phase=_PHASES[engine.current_step(state)],
            priority=Player(priority) if priority else self.player(engine.to_move(state)),
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
            facts.register(state, card)
            return self._new_object(state, card, zone, owner)

    def _new_object(self, state: State, card: Card, zone: Zone, owner: Player, controller: Player | None = None) -> str:
        number = state.get(keys.SEQ, 0) + 1
        state[keys.SEQ] = number
        obj = f"{engine.slug(card.name)}__o{number}"
        seat = self.seat(controller or owner)
        state["printed_control"] = state.get("printed_control", set()) | {(seat, obj)}
        state[keys.CARD_OF] = {**state.get(keys.CARD_OF, {}), obj: card.name}
        state[keys.OWNER] = {**state.get(keys.OWNER, {}), obj: owner.value}
        state["has_supertype"] = state.get("has_supertype", set()) | {
            (obj, s.lower()) for s in card.halves[0].supertypes
        }
        facts.set_face(state, obj, card, facts.resting_face(card, zone is Zone.BATTLEFIELD, ()))
        _add_mana_abilities(state, obj, card)
        zones.place(state, obj, zone, self.seat(owner))
        if zone is Zone.BATTLEFIELD:
            self._entered(state, obj, seat)
        return obj

    def _entered(self, state: State, obj: str, seat: str) -> None:
        state[engine.SUMMONING_SICK] = state.get(engine.SUMMONING_SICK, set()) | {(obj,)}
        if any(o == obj for (o, _c) in state.get("land_produces", ())):
            engine.refresh_mana_pool(state, seat)

    def cast(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        view = self.view(obj)
        with self._edit() as state:
            # The spell is its caster's (601.2): the engine's stack records its controller.
            seat = self.seat(spell.caster or view.owner)
            if obj in state.get(keys.CARD_OF, {}):
                facts.set_face(state, obj, view.card, facts.cast_face(view.card, spell.option))
            zones.remove(state, obj)
            _forget(state, keys.DOORS, obj)
            state[keys.SPELL] = {**state.get(keys.SPELL, {}), obj: _encode_spell(state, spell)}
            self._splice(state, obj, view.card, spell)
            engine.push_spell(state, obj, seat)
        return obj

    def _splice(self, state: State, obj: str, card: Card, spell: SpellFacts) -> None:
        # The engine has no splice: the spell gets a card id of its own whose abilities are its
        # face's followed by each spliced card's (702.47b); leaving the stack ends it (702.47e).
        if not spell.spliced:
            return
        face = facts.cast_face(card, spell.option)
        spliced_id = f"{facts.face_slug(card.name, face)}_spliced_{obj}"
        sources = [facts.face_slug(card.name, face)]
        for spliced in spell.spliced:
            name = state[keys.CARD_OF].get(spliced.object)
            if name is not None:
                sources.append(facts.face_slug(name, Face.WHOLE))
        for rel in ("card_type", "card_subtype", "card_color", "card_ability", "card_effect", "ability_trigger"):
            rows = set(state.get(rel, set()))
            for n, source in enumerate(sources):
                for row in state.get(rel, ()):
                    if row[0] != source:
                        continue
                    if rel == "card_effect":
                        rows.add((spliced_id, f"s{n}_{row[1]}", int(row[2]) + 100 * n, *row[3:]))
                    elif rel in ("card_ability", "ability_trigger"):
                        rows.add((spliced_id, f"s{n}_{row[1]}", *row[2:]))
                    elif n == 0:
                        rows.add((spliced_id, *row[1:]))
            state[rel] = rows
        state["instance_of"] = {r for r in state["instance_of"] if r[0] != obj} | {(obj, spliced_id)}
        facts.rematerialize(state, obj)

    def resolve(self, obj: ObjectId, outcome: Resolution) -> None:
        view = self.view(obj)
        with self._edit() as state:
            # The engine follows the face's instructions (a fused face: left's, then right's).
            engine.resolve_top(state)
            # The engine moved the card where it thinks it goes; the rules decide (aftermath exile,
            # a Room's unlocked door, a copy ceasing to exist).
            zones.remove(state, obj)
            _forget(state, keys.SPELL, obj)
            if outcome.destination is None:
                self._delete(state, obj)
                return
            if outcome.token:
                state[keys.TOKENS] = state.get(keys.TOKENS, set()) | {(obj,)}
            state[engine.IS_COPY] = state.get(engine.IS_COPY, set()) - {(obj,)}
            self._settle(state, obj, view, outcome.destination, outcome.unlocked)

    def _settle(self, state: State, obj: str, view: ObjectView, zone: Zone, unlocked: frozenset[Side]) -> None:
        """Put a card that left the stack (or moved) into ``zone`` with the face it has there."""
        keeper = view.controller if zone is Zone.BATTLEFIELD else view.owner
        seat = self.seat(keeper)
        state["printed_control"] = {r for r in state.get("printed_control", set()) if r[1] != obj} | {(seat, obj)}
        _set_doors(state, obj, unlocked)
        if obj in state.get(keys.CARD_OF, {}):
            facts.set_face(state, obj, view.card, facts.resting_face(view.card, zone is Zone.BATTLEFIELD, unlocked))
        zones.place(state, obj, zone, seat)
        if zone is Zone.BATTLEFIELD:
            self._entered(state, obj, seat)

    def _delete(self, state: State, obj: str) -> None:
        for rel in _INSTANCE_RELATIONS:
            if rel in state:
                state[rel] = {r for r in state[rel] if r[0] != obj and r[-1] != obj}
        for key in (keys.CARD_OF, keys.OWNER, keys.FACE, keys.SPELL):
            _forget(state, key, obj)
        for key in (keys.DOORS, keys.TOKENS, keys.COPIES):
            _forget(state, key, obj)

    def move(self, obj: ObjectId, zone: Zone) -> None:
        moved = self.view(obj).moved(zone)
        with self._edit() as state:
            zones.remove(state, obj)
            _forget(state, keys.SPELL, obj)
            state[engine.IS_COPY] = state.get(engine.IS_COPY, set()) - {(obj,)}
            state["tapped"] = state.get("tapped", set()) - {(obj,)}
            self._settle(state, obj, moved, zone, frozenset())

    def copy_spell(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        view = self.view(obj)
        with self._edit() as state:
            copy = engine.copy_spell(state, obj, self.seat(view.controller))
            state[keys.CARD_OF] = {**state.get(keys.CARD_OF, {}), copy: view.card.name}
            state[keys.OWNER] = {**state.get(keys.OWNER, {}), copy: view.owner.value}
            facts.set_face(state, copy, view.card, facts.cast_face(view.card, spell.option))
            state[keys.SPELL] = {**state.get(keys.SPELL, {}), copy: _encode_spell(state, spell)}
            state[keys.COPIES] = state.get(keys.COPIES, set()) | {(copy,)}
        return copy

    def copy_card(self, obj: ObjectId) -> ObjectId:
        view = self.view(obj)
        with self._edit() as state:
            facts.register(state, view.card)
            copy = self._new_object(state, view.card, view.zone, view.owner, view.controller)
            state[keys.COPIES] = state.get(keys.COPIES, set()) | {(copy,)}
        return copy

    def copy_permanent(self, obj: ObjectId) -> ObjectId:
        view = self.view(obj)
        with self._edit() as state:
            facts.register(state, view.card)
            copy = self._new_object(state, view.card, Zone.BATTLEFIELD, view.controller)
            state[keys.TOKENS] = state.get(keys.TOKENS, set()) | {(copy,)}
        return copy

    def set_unlocked(self, obj: ObjectId, doors: frozenset[Side]) -> None:
        view = self.view(obj)
        with self._edit() as state:
            _set_doors(state, obj, doors)
            facts.set_face(state, obj, view.card, facts.resting_face(view.card, view.zone is Zone.BATTLEFIELD, doors))

    # -- game moves ------------------------------------------------------------------------

    def events(self) -> list[dict[str, str]]:
        """The plugin events of the split-card moves made in this game so far."""
        return list(self.state.get(keys.EVENTS, []))


def _forget(state: State, key: str, obj: str) -> None:
    value = state.get(key)
    if isinstance(value, dict) and obj in value:
        state[key] = {k: v for k, v in value.items() if k != obj}
    elif isinstance(value, set):
        state[key] = {r for r in value if r[0] != obj}


def _set_doors(state: State, obj: str, doors: frozenset[Side]) -> None:
    kept = {r for r in state.get(keys.DOORS, set()) if r[0] != obj}
    state[keys.DOORS] = kept | {(obj, door.value) for door in doors}


def _encode_spell(state: State, spell: SpellFacts) -> tuple[Any, ...]:
    spliced = tuple((s.object, state[keys.CARD_OF].get(s.object, s.half.name)) for s in spell.spliced)
    cast_from = spell.cast_from.value if spell.cast_from else ""
    caster = spell.caster.value if spell.caster else ""
    return (spell.option.value, spell.cast, cast_from, spliced, spell.copy, caster, spell.x)


def _decode_spell(state: State, row: Any) -> SpellFacts | None:
    if row is None:
        return None
    option, cast, cast_from, spliced, copy, caster, x = row
    return SpellFacts(
        CastOption(option),
        bool(cast),
        Zone(cast_from) if cast_from else None,
        tuple(Spliced(obj, facts.card_named(state, name).halves[0]) for obj, name in spliced),
        bool(copy),
        Player(caster) if caster else None,
        int(x),
    )


def _add_mana_abilities(state: State, obj: str, card: Card) -> None:
    # A land or mana rock the engine knows keeps its mana abilities.
    entry = facts.corpus_entry(card.name)
    if card.is_split or entry is None:
        return
    for rel, rows in engine.mana_ability_facts(obj, entry).items():
        if rel not in ("mana_generic", "mana_pip", "x_count"):
            state[rel] = state.get(rel, set()) | rows


@cache
def _engine_card_cached(name: str) -> Card | None:
    entry = facts.corpus_entry(name)
    if entry is None:
        return None
    face = {
        "name": name,
        "layout": "normal",
        "manaCost": entry.get("manaCost") or "",
        "type": entry.get("type") or "",
        "types": list(entry.get("types") or []) or ["Card"],
        "subtypes": list(entry.get("subtypes") or []),
        "supertypes": list(entry.get("supertypes") or []),
        "colors": sorted(ManaCost.parse(entry.get("manaCost") or "").colors),
        "text": entry.get("text") or "",
    }
    return card_from_mtgjson([face], name)


def _engine_card(name: str, state: State, obj: str) -> Card:
    card = _engine_card_cached(name)
    if card is not None:
        return card
    types = tuple(sorted(t.capitalize() for (o, t) in state.get("printed_type", ()) if o == obj))
    subtypes = tuple(sorted(t.capitalize() for (o, t) in state.get("printed_subtype", ()) if o == obj))
    colors = frozenset(facts.LETTERS[c] for (o, c) in state.get("printed_color", ()) if o == obj and c in facts.LETTERS)
    line = " ".join(types) + (" — " + " ".join(subtypes) if subtypes else "")
    return Card(name, (Half(name, None, line, types, subtypes, colors=colors),))
