"""The split-card moves the adapter adds to python-mtg games.

python-mtg offers one move per castable object, and would cast a split card as its first half
only. The adapter adds these raw move kinds (``Game.legal_moves`` wraps them as ``Move`` with
``kind`` set to the first element):

* ``("cast_split", seat, object, "left" | "right" | "fused", choices)``: cast a half or both
  halves fused, from wherever the rules let the player cast it (the hand; a graveyard for an
  aftermath half);
* ``("unlock_door", seat, object, "left" | "right")``: the special action of 709.5e.

A :class:`SplitMoves` offers and plays them for the games of one rule version while it is
installed (``with patches.patched(SplitMoves(rules)): ...``, see
:mod:`~splitcards.adapters.mtg.patches`). Whenever the engine gives a player priority, a move is
offered when the rules allow it (through the session's :class:`splitcards.game.table.Table`, so every
hook of the plugins is called) and the engine says the player can pay for it and its targets
exist. It is carried out through the same table on the real game: the spell is cast, the
opponent gets the engine's response window, the stack resolves, and the plugins' events are
kept in the game state under ``_split_events``.
"""

from __future__ import annotations

from typing import Any

import pluggy

from splitcards.adapters.mtg import driver, facts, keys, states, zones
from splitcards.adapters.mtg.driver import LegalActions
from splitcards.adapters.mtg.host import MtgHost
from splitcards.adapters.mtg.patches import Step
from splitcards.adapters.mtg.states import Action, State
from splitcards.game.table import Table
from splitcards.game.table.moves import CastMove, Move, UnlockMove
from splitcards.rules.card import Card, Side
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption, ObjectId, Zone
from splitcards.rules.versions import RuleVersion

CAST = "cast_split"
UNLOCK = "unlock_door"
PASS = ("pass",)

_PAYMENT = "splitcards__payment"
# What Game.key() adds: zones the engine's key leaves out, and the split-card state.
_KEYED = ("graveyard", "exile", keys.DOORS, keys.FACE, keys.SPELL, keys.TOKENS, keys.COPIES)


class SplitMoves:
    """The split-card moves of the python-mtg games of one rule version.

    One :class:`~splitcards.game.table.Table` serves every position of those games: the engine hands
    the adapter a new position at each call, and the table's host works on that one. ``pm`` is
    the plugin manager of the moves (default: the process-wide one).
    """

    def __init__(self, rules: RuleVersion, pm: pluggy.PluginManager | None = None) -> None:
        self.rules = rules
        self._host = MtgHost.cursor(rules)
        self.table = Table(self._host, rules, pm)

    def __repr__(self) -> str:
        return f"SplitMoves({self.rules.name!r})"

    def serves(self, state: State) -> bool:
        return bool(state.get(keys.RULES) == self.rules.name)

    def card_name(self, state: State, card_id: str) -> str | None:
        """The printed name of a face the adapter wrote in this game (``Game.name()``)."""
        name: str | None = state.get(keys.NAMES, {}).get(card_id)
        return name

    # -- offering moves ----------------------------------------------------------------------

    def legal_actions(self, state: State, engine_actions: LegalActions) -> list[Action]:
        """The engine's legal actions, plus the split-card moves before ``("pass",)`` when the
        decision is a priority one (the engine's other decisions, attackers and blockers, have
        no ``("pass",)``).

        The rules are asked first; whether the player can pay for what they allow is asked of
        the engine in the evaluation it makes anyway to list its own casts, where it makes one
        for that player, else in one of its own."""
        if not state.get(keys.CARD_OF) or not states.gives_priority(state):
            return engine_actions(state)
        offer = self._offer(state)
        if offer is None:
            return engine_actions(state)
        actions, payable = driver.legal_actions_trying(state, engine_actions, offer.seat, offer.try_on)
        if not actions or actions[-1] != PASS:
            return actions
        if payable is None:
            trial = states.probe(state)
            payable = driver.castable_among(trial, offer.seat, offer.try_on(trial))
        extra = offer.moves(payable)
        return [*actions[:-1], *extra, PASS] if extra else actions

    def _offer(self, state: State) -> _Offer | None:
        """The casts and unlocks the rules allow the player with priority, if any
        (:meth:`Table.moves <splitcards.game.table.Table.moves>`)."""
        host = self._host
        with host.reading(state):
            priority = host.timing().priority
            seat = host.seat(priority)
            allowed = states.permissions(state, seat)
            # The rules are not asked about cards hidden from the player, in a library or in another
            # player's hand, unless the engine has an effect that lets the player play one.
            others = {obj for (p, obj) in state.get("in_hand", ()) if p != seat}
            asked = [
                obj
                for obj in _split_objects(state)
                if obj in allowed or (obj not in others and host.zone(obj) is not Zone.LIBRARY)
            ]
            moves = self.table.moves(priority, asked, allowed)
        return _Offer(state, seat, self.rules, moves) if moves else None

    # -- playing moves -----------------------------------------------------------------------

    def step(self, state: State, action: Any, engine_step: Step) -> State:
        """Play one move: split-card moves here, every other kind by the engine."""
        raw = getattr(action, "raw", action)
        if raw[0] not in (CAST, UNLOCK):
            if keys.TIMING in state:
                # A timing set by hand (priority to the non-active player...) lasts until the next move.
                state = {k: v for k, v in state.items() if k != keys.TIMING}
            return engine_step(state, raw)
        new = states.clone(state)
        new.pop(keys.TIMING, None)
        host, table = self._host, self.table
        seat, obj = raw[1], raw[2]
        start = len(table.events)
        try:
            with host.on(new), states.quiet():
                if raw[0] == CAST:
                    with driver.forced(new, raw[4]):
                        table.cast(obj, CastOption(raw[3]), caster=host.player(seat))
                        _pay(new, seat, table.last_cost)
                        self._resolve_stack(new, seat)
                else:
                    table.unlock(obj, Side(raw[3]))
                    _pay(new, seat, table.last_cost)
                new[keys.EVENTS] = [*state.get(keys.EVENTS, []), *(e.as_dict() for e in table.events[start:])]
                driver.advance_to_decision(new)
        finally:
            del table.events[start:]
        return new

    def _resolve_stack(self, state: State, caster: str) -> None:
        # The engine's priority loop (the driver's _resolve_stack), each resolution decided by the rules.
        players = sorted(p for (p,) in state["is_player"])
        while zones.stack(state):
            if any(p != caster and driver.responds(state, p) for p in players):
                continue
            self.table.resolve()
        state["has_priority"] = set()

    def key(self, state: State) -> frozenset[Any]:
        """The zones and split-card state the engine's ``Game.key()`` leaves out."""
        extra = set()
        for name in _KEYED:
            value = state.get(name)
            if value:
                rows = frozenset(value.items()) if isinstance(value, dict) else frozenset(value)
                extra.add((name, rows))
        return frozenset(extra)


def _split_objects(state: State) -> list[ObjectId]:
    """The objects of split cards, in order: found again only when the game's record of each
    object's card has changed (each position has a copy of it, equal until an object is added)."""
    card_of, pool = state[keys.CARD_OF], state.get(keys.CARDS)
    kept_of, kept_pool, found = _SPLIT_OBJECTS
    if card_of != kept_of or pool != kept_pool:
        found = [obj for obj, name in sorted(card_of.items()) if facts.card_named(state, name).is_split]
        _SPLIT_OBJECTS[:] = [card_of, pool, found]
    return list(found)


# The last answer of _split_objects, with the records it was found from.
_SPLIT_OBJECTS: list[Any] = [None, None, []]


class _Offer:
    """The split-card moves the rules allow at one position, before the engine says which the
    player can pay for (and, for a cast, find targets for).

    The engine is asked about them all at once, on a probe of the position (:meth:`try_on`):
    each cast is tried as a card of its own in the player's hand with the types of the spell it
    would be and the total cost the rules give it, each unlock as a card whose mana cost is the
    unlock cost.
    """

    def __init__(self, state: State, seat: str, rules: RuleVersion, moves: tuple[Move, ...]) -> None:
        self.state = state
        self.seat = seat
        self.rules = rules
        self.moves_allowed = moves
        self._trial: State | None = None
        self._tried: dict[str, CastMove] = {}
        self._paying: dict[str, UnlockMove] = {}

    def try_on(self, trial: State) -> set[str]:
        """Add the trial objects to ``trial`` (a probe of the position); return their names."""
        state, seat = self.state, self.seat
        spells: dict[str, tuple[Card, CastOption, ManaCost | None]] = {}
        self._tried = {}
        self._paying = {}
        names_of: dict[ObjectId, list[str]] = {}
        for move in self.moves_allowed:
            if isinstance(move, CastMove):
                card = facts.card_named(state, state[keys.CARD_OF][move.obj])
                name = f"{move.obj}__{move.option.value}"
                spells[name] = (card, move.option, move.cost)
                self._tried[name] = move
                names_of.setdefault(move.obj, []).append(name)
            else:
                name = _with_payment(trial, seat, move.cost, f"{move.obj}__unlock_{move.door.value}")
                self._paying[name] = move
        facts.add_trial_spells(trial, spells, self.rules)
        trial["in_hand"] = trial["in_hand"] | {(seat, name) for name in self._tried}
        supertypes = {
            (name, supertype)
            for obj, supertype in state.get("has_supertype", ())
            if obj in names_of
            for name in names_of[obj]
        }
        if supertypes:
            trial["has_supertype"] = trial.get("has_supertype", set()) | supertypes
        self._trial = trial
        return {*self._tried, *self._paying}

    def moves(self, payable: set[str]) -> list[Action]:
        """The moves of the trial objects in ``payable``."""
        trial, seat = self._trial, self.seat
        assert trial is not None, "try_on comes first"
        return [
            (CAST, seat, move.obj, move.option.value, choice)
            for name, move in self._tried.items()
            if name in payable
            for choice in driver.cast_choices(trial, name)
        ] + [(UNLOCK, seat, move.obj, move.door.value) for name, move in self._paying.items() if name in payable]


def _with_payment(state: State, seat: str, cost: ManaCost | None, name: str = _PAYMENT) -> str:
    # A card of nobody's whose cost is the one to pay: the engine decides payment for cards only.
    # It reads mana_cost only of a card without mana_generic.
    generic, pips, _xs = facts.cost_facts(cost)
    state["in_hand"] = state.get("in_hand", set()) | {(seat, name)}
    state["mana_generic"] = state.get("mana_generic", set()) | {(name, generic)}
    state["mana_pip"] = state.get("mana_pip", set()) | {(name, c, n) for c, n in pips.items()}
    return name


def _without_payment(state: State, seat: str) -> None:
    state["in_hand"] = state["in_hand"] - {(seat, _PAYMENT)}
    for rel in ("mana_generic", "mana_pip"):
        state[rel] = {r for r in state[rel] if r[0] != _PAYMENT}


def _pay(state: State, seat: str, cost: ManaCost | None) -> None:
    if cost is None or not cost.symbols:
        return
    driver.spend_mana(state, seat, _with_payment(state, seat, cost))
    _without_payment(state, seat)
