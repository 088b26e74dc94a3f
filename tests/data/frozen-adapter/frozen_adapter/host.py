"""One game held in memory: each object's view, the stack and the timing, changed as the rules say.

Only what splitcards 0.1 offered adapters is used: the names exported by ``splitcards`` and the
fields of its views.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from splitcards import (
    Card,
    ObjectId,
    ObjectView,
    Player,
    Resolution,
    Side,
    SpellFacts,
    Timing,
    TimingChange,
    UnknownObject,
    Zone,
)


class FrozenHost:
    name = "frozen"

    def __init__(self) -> None:
        self._views: dict[ObjectId, ObjectView] = {}
        self._stack: list[ObjectId] = []
        self._timing = Timing()
        self._stack_empty: bool | None = None
        self._made = 0

    def prepare(self, cards: Sequence[Card]) -> None:
        """Any card can be created at any time: nothing to learn."""

    def view(self, obj: ObjectId) -> ObjectView:
        if obj not in self._views:
            raise UnknownObject(obj)
        return self._views[obj]

    def objects(self) -> Sequence[ObjectId]:
        return list(self._views)

    def stack(self) -> Sequence[ObjectId]:
        return list(self._stack)

    def timing(self) -> Timing:
        empty = not self._stack if self._stack_empty is None else self._stack_empty
        return replace(self._timing, stack_empty=empty)

    def set_timing(self, change: TimingChange) -> None:
        now = self._timing
        self._timing = Timing(change.active or now.active, change.phase or now.phase, change.priority or now.priority)
        if change.stack_empty is not None:
            self._stack_empty = change.stack_empty

    def create(self, card: Card, zone: Zone, owner: Player) -> ObjectId:
        return self._new(ObjectView(card, zone, owner, owner))

    def cast(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        view = self.view(obj)
        caster = spell.caster or view.owner
        self._views[obj] = ObjectView(
            view.card, Zone.STACK, view.owner, caster, spell, token=view.token, copy=view.copy
        )
        self._push(obj)
        return obj

    def resolve(self, obj: ObjectId, outcome: Resolution) -> None:
        view = self.view(obj)
        self._stack.remove(obj)
        if outcome.destination is None:
            del self._views[obj]
            return
        if outcome.destination is not Zone.BATTLEFIELD:
            # Anywhere else the card is a new object its owner controls (400.7).
            self._views[obj] = view.moved(outcome.destination)
            return
        # A permanent spell's controller keeps it (608.3); a copy of one enters as a token.
        self._views[obj] = ObjectView(
            view.card,
            Zone.BATTLEFIELD,
            view.owner,
            view.controller,
            unlocked=outcome.unlocked,
            token=view.token or outcome.token,
            copy=view.copy and not outcome.token,
        )

    def move(self, obj: ObjectId, zone: Zone) -> None:
        view = self.view(obj)
        if obj in self._stack:
            self._stack.remove(obj)
        self._views[obj] = view.moved(zone)

    def copy_spell(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        view = self.view(obj)
        copier = spell.caster or view.controller
        copy = self._new(ObjectView(view.card, Zone.STACK, copier, copier, spell, copy=True))
        self._push(copy)
        return copy

    def copy_card(self, obj: ObjectId) -> ObjectId:
        view = self.view(obj)
        return self._new(ObjectView(view.card, view.zone, view.owner, view.owner, copy=True))

    def copy_permanent(self, obj: ObjectId) -> ObjectId:
        view = self.view(obj)
        return self._new(ObjectView(view.card, Zone.BATTLEFIELD, view.controller, view.controller, token=True))

    def set_unlocked(self, obj: ObjectId, doors: frozenset[Side]) -> None:
        self._views[obj] = replace(self.view(obj), unlocked=frozenset(doors))

    def _new(self, view: ObjectView) -> ObjectId:
        self._made += 1
        obj = f"frozen-{self._made}"
        self._views[obj] = view
        return obj

    def _push(self, obj: ObjectId) -> None:
        # The override stands for spells the game does not hold; a real one ends it.
        self._stack.append(obj)
        self._stack_empty = None
