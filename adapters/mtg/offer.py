"""The moves the rules offer a python-mtg player, added to python-mtg's own, and which of them the
engine can carry out.

python-mtg offers one move per castable object, and would cast a split card as its first half
only. An :class:`Offering` adds these raw move kinds (``Game.legal_moves`` wraps them as ``Move``
with ``kind`` set to the first element):

* ``("cast_split", seat, object, "left" | "right" | "fused", choices)``: cast a half or both
  halves fused, from wherever the rules let the player cast it (the hand; a graveyard for an
  aftermath half);
* ``("unlock_door", seat, object, "left" | "right")``: the special action of 709.5e.

Whenever the engine gives a player priority, a move is offered when the rules offer it (the
game's :meth:`Table.moves <splitcards.game.table.Table.moves>`, so every hook of the plugins is
called) and the engine says the player can pay for it and its targets exist
(:meth:`Offering.playable`, the same question an AI host's ``playable`` asks). How a move offered
is then played is its subclass's: :class:`~splitcards.adapters.mtg.moves.SplitMoves` plays it
through the rules, as a ``push`` of it; in an AI game the game loop plays it, and the AI's
lookahead only guesses at it (:mod:`~splitcards.adapters.mtg.lookahead`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from splitcards.adapters.mtg import driver, facts, keys, payment, states
from splitcards.adapters.mtg.driver import Choices, LegalActions
from splitcards.adapters.mtg.host import MtgHost
from splitcards.adapters.mtg.states import Action, State
from splitcards.game.contract.aihost import MoveOffer
from splitcards.game.contract.moves import CastMove, Move, UnlockMove
from splitcards.rules.card import Card
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption, ObjectId, Zone
from splitcards.rules.versions import RuleVersion

CAST = "cast_split"
UNLOCK = "unlock_door"
PASS = ("pass",)

# What Game.key() adds: zones the engine's key leaves out, and the split-card state.
_KEYED = ("graveyard", "exile", keys.DOORS, keys.FACE, keys.SPELL, keys.TOKENS, keys.COPIES)


class Offering:
    """The split-card moves of the python-mtg games of one rule version, offered at every
    position the engine asks the legal moves of (see the module's description).

    ``host`` reads each position the engine hands over (it is pointed at it for the question);
    ``moves`` is the rules' offer, the :meth:`Table.moves <splitcards.game.table.Table.moves>` of a
    table over that host. Installed with :mod:`~splitcards.adapters.mtg.patches`."""

    def __init__(self, rules: RuleVersion, host: MtgHost, moves: MoveOffer) -> None:
        self.rules = rules
        self._host = host
        self._moves = moves

    def serves(self, state: State) -> bool:
        return bool(state.get(keys.RULES) == self.rules.name)

    def card_name(self, state: State, card_id: str) -> str | None:
        """The printed name of a face the adapter wrote in this game (``Game.name()``)."""
        name: str | None = state.get(keys.NAMES, {}).get(card_id)
        return name

    def key(self, state: State) -> frozenset[Any]:
        """The zones and split-card state the engine's ``Game.key()`` leaves out."""
        extra = set()
        for name in _KEYED:
            value = state.get(name)
            if value:
                rows = frozenset(value.items()) if isinstance(value, dict) else frozenset(value)
                extra.add((name, rows))
        return frozenset(extra)

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
        extra = offer.actions(payable)
        return [*actions[:-1], *extra, PASS] if extra else actions

    def _offer(self, state: State) -> _Offer | None:
        """The casts and unlocks the rules allow the player with priority, if any."""
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
            moves = self._moves(priority, asked, allowed)
        return _Offer(state, seat, self.rules, moves, _cards_in_pool(state, moves)) if moves else None

    def playable(self, state: State, seat: str, moves: Sequence[Move]) -> list[Move]:
        """Those of ``moves`` (the rules' moves for ``seat`` in ``state``) the engine says ``seat``
        can carry out there: pay the total cost of, as an instant with priority (timing is the
        rules' to say)."""
        if not moves:
            return []
        with self._host.reading(state):
            cards = {move.obj: self._host.view(move.obj).card for move in moves}
        offer = _Offer(state, seat, self.rules, tuple(moves), cards)
        trial = states.probe(state)
        return offer.payable(driver.castable_among(trial, seat, offer.try_on(trial)))


def _cards_in_pool(state: State, moves: Iterable[Move]) -> dict[ObjectId, Card]:
    return {move.obj: facts.card_named(state, state[keys.CARD_OF][move.obj]) for move in moves}


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
    """Moves the rules allow at one position, before the engine says which the player can pay
    for (and, for a cast, find targets for).

    The engine is asked about them all at once, on a probe of the position (:meth:`try_on`):
    each cast is tried as a card of its own in the player's hand with the types of the spell it
    would be and the total cost the rules give it, each unlock as a card whose mana cost is the
    unlock cost.
    """

    def __init__(
        self, state: State, seat: str, rules: RuleVersion, moves: tuple[Move, ...], cards: Mapping[ObjectId, Card]
    ) -> None:
        self.state = state
        self.seat = seat
        self.rules = rules
        self.moves_allowed = moves
        self._cards = cards
        self._tried: dict[str, CastMove] = {}
        self._paying: dict[str, UnlockMove] = {}

    def try_on(self, trial: State) -> set[str]:
        """Add the trial objects to ``trial`` (a probe of the position); return their names."""
        state, seat = self.state, self.seat
        spells: dict[str, tuple[Card, CastOption, ManaCost | None]] = {}
        self._tried = {}
        self._paying = {}
        names_of: dict[ObjectId, list[str]] = {}
        for n, move in enumerate(self.moves_allowed):
            if isinstance(move, CastMove):
                # A cast with splices is another spell of the same card and half.
                name = f"{move.obj}__{move.option.value}" + (f"__{n}" if move.splice else "")
                spells[name] = (self._cards[move.obj], move.option, move.cost)
                self._tried[name] = move
                names_of.setdefault(move.obj, []).append(name)
            else:
                name = payment.with_payment(trial, seat, move.cost, f"{move.obj}__unlock_{move.door.value}")
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
        return {*self._tried, *self._paying}

    def actions(self, castable: Mapping[str, list[Choices]]) -> list[Action]:
        """The engine's moves of the trial objects it can cast, a cast once per set of its
        sub-choices (its target)."""
        seat = self.seat
        return [
            (CAST, seat, move.obj, move.option.value, choice)
            for name, move in self._tried.items()
            for choice in castable.get(name, ())
        ] + [(UNLOCK, seat, move.obj, move.door.value) for name, move in self._paying.items() if name in castable]

    def payable(self, castable: Mapping[str, list[Choices]]) -> list[Move]:
        """The moves of the trial objects the engine can cast, in the order they were given."""
        found = {id(move) for name, move in (*self._tried.items(), *self._paying.items()) if name in castable}
        return [move for move in self.moves_allowed if id(move) in found]
