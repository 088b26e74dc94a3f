"""A small in-memory game engine, and the splitcards ``Host`` on it.

Written from the splitcards 0.1 documentation (the table of methods in its "Writing a host
adapter", and the contract's docstrings), one method for each row of that table. The engine is a
dictionary of objects, a stack and a timing context; it models no effects. It decides nothing:
the ``Table`` tells it what to do, and it does exactly that.

Where the 0.1 documentation said nothing, the plainest reading was taken; each such place says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from splitcards import (
    Card,
    ObjectId,
    ObjectView,
    Player,
    Resolution,
    RuleVersion,
    Side,
    SpellFacts,
    Timing,
    TimingChange,
    UnknownObject,
    Zone,
)


@dataclass(frozen=True, slots=True)
class Followed:
    """The instructions of one resolving spell, in the order the engine followed them."""

    spell: ObjectId
    instructions: tuple[str, ...]


class FrozenHost:
    """One game of the in-memory engine."""

    name: str = "frozen"

    def __init__(self, rules: RuleVersion) -> None:
        self.rules = rules
        self.cards: tuple[Card, ...] = ()
        # The engine's state: each object as the rules see it (the documentation's view is the
        # engine's whole record of an object here), the stack bottom to top, and the timing.
        self._objects: dict[ObjectId, ObjectView] = {}
        self._stack: list[ObjectId] = []
        self._timing = Timing()
        # The `stack_empty` override of `set_timing`, standing for spells the game does not model;
        # `None` while there is none.
        self._stack_empty: bool | None = None
        self._last_id = 0
        # The engine models no effects: following an instruction is writing it down here.
        self.followed: list[Followed] = []

    # -- what the engine knows ----------------------------------------------------------------

    def prepare(self, cards: Sequence[Card]) -> None:
        # The engine needs no card database; it keeps the pool. 0.1 does not say whether `create`
        # may be given a card outside it: this engine accepts any card.
        self.cards = tuple(cards)

    def view(self, obj: ObjectId) -> ObjectView:
        try:
            return self._objects[obj]
        except KeyError:
            raise UnknownObject(obj) from None

    def objects(self) -> Sequence[ObjectId]:
        # 0.1 says "every object" and no order: the order they came into the game.
        return list(self._objects)

    def stack(self) -> Sequence[ObjectId]:
        return list(self._stack)

    def timing(self) -> Timing:
        # The override, while there is one, is the answer; otherwise the engine's own stack.
        stack_empty = self._stack_empty if self._stack_empty is not None else not self._stack
        return replace(self._timing, stack_empty=stack_empty)

    def set_timing(self, change: TimingChange) -> None:
        self._timing = Timing(
            active=self._timing.active if change.active is None else change.active,
            phase=self._timing.phase if change.phase is None else change.phase,
            priority=self._timing.priority if change.priority is None else change.priority,
        )
        if change.stack_empty is not None:
            self._stack_empty = change.stack_empty

    # -- what the engine does -----------------------------------------------------------------

    def create(self, card: Card, zone: Zone, owner: Player) -> ObjectId:
        # 0.1 names no controller for a new card: its owner, as for any card that was not cast.
        return self._add(ObjectView(card, zone, owner, owner))

    def cast(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        before = self.view(obj)
        caster = before.owner if spell.caster is None else spell.caster
        # 0.1 says which fields a spell has and nothing of the rest: the card's `token` and `copy`
        # flags stay as they were (a copy of a card cast stays a copy); it has no doors.
        self._objects[obj] = ObjectView(
            before.card, Zone.STACK, before.owner, caster, spell=spell, token=before.token, copy=before.copy
        )
        self._put_on_stack(obj)
        return obj

    def resolve(self, obj: ObjectId, outcome: Resolution) -> None:
        before = self.view(obj)
        self.followed.append(Followed(obj, outcome.instructions))
        self._leave_stack(obj)
        if outcome.destination is None:
            del self._objects[obj]  # the copy ceases to exist (707.10a)
            return
        # 0.1 says the Table gives the controller; should it give none, the card's owner controls
        # it, as a card that was not cast would be. The `copy` flag of the object is kept, as
        # `ObjectView.moved` keeps it.
        controller = before.owner if outcome.controller is None else outcome.controller
        self._objects[obj] = ObjectView(
            before.card,
            outcome.destination,
            before.owner,
            controller,
            unlocked=outcome.unlocked,
            token=outcome.token,
            copy=before.copy,
        )

    def move(self, obj: ObjectId, zone: Zone) -> None:
        moved = self.view(obj).moved(zone)
        self._leave_stack(obj)
        self._objects[obj] = moved

    def copy_spell(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        original = self.view(obj)
        # 0.1's row gives the copy these spell facts (their `copy` is true) and says nothing of the
        # object's own `copy` flag, which only `copy_card`'s row sets: it stays False here. The copy
        # is of the original's card and owner; its controller is `spell.caster`, the owner when that
        # is `None`, as for a cast spell.
        controller = original.owner if spell.caster is None else spell.caster
        copy = self._add(ObjectView(original.card, Zone.STACK, original.owner, controller, spell=spell))
        self._put_on_stack(copy)
        return copy

    def copy_card(self, obj: ObjectId) -> ObjectId:
        original = self.view(obj)
        # A new card in the original's zone, owned and controlled by the original's owner: a card
        # outside the battlefield and the stack is its owner's (0.1 names neither).
        return self._add(ObjectView(original.card, original.zone, original.owner, original.owner, copy=True))

    def copy_permanent(self, obj: ObjectId) -> ObjectId:
        original = self.view(obj)
        # 0.1's row sets `token=True` and no other flag: the object's `copy` flag stays False, as
        # for `copy_spell`.
        view = ObjectView(original.card, Zone.BATTLEFIELD, original.controller, original.controller, token=True)
        return self._add(view)

    def set_unlocked(self, obj: ObjectId, doors: frozenset[Side]) -> None:
        self._objects[obj] = replace(self.view(obj), unlocked=frozenset(doors))

    # -- the engine's own bookkeeping ---------------------------------------------------------

    def _add(self, view: ObjectView) -> ObjectId:
        self._last_id += 1
        obj = f"f{self._last_id}"
        self._objects[obj] = view
        return obj

    def _put_on_stack(self, obj: ObjectId) -> None:
        self._leave_stack(obj)
        self._stack.append(obj)
        self._stack_empty = None  # a spell on the stack ends the override

    def _leave_stack(self, obj: ObjectId) -> None:
        if obj in self._stack:
            self._stack.remove(obj)
