"""A game held in memory: objects in zones, a stack, a timing context, and no engine behind it.

:class:`MemoryHost` does exactly what the rules tell it and decides nothing. It is the reference
host's body (``--host reference``), and the position the rules service sets up for each question
(:mod:`splitcards.service`): :meth:`MemoryHost.place` puts an object there as a view describes it,
which no engine's host can do.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import count

from splitcards.errors import UnknownObject
from splitcards.rules.actions import Resolution
from splitcards.rules.card import Card, Side
from splitcards.rules.model import ObjectId, ObjectView, Player, SpellFacts, Timing, TimingChange, Zone


class MemoryHost:
    """A game in memory; see the module's description."""

    name = "memory"

    def __init__(self) -> None:
        self._objects: dict[ObjectId, ObjectView] = {}
        self._stack: list[ObjectId] = []
        self._timing = Timing()
        self._stack_empty_override: bool | None = None
        self._ids = count(1)
        # The card of each permanent that became a copy of another (become_copy), until it leaves.
        self._own: dict[ObjectId, Card] = {}

    def place(self, view: ObjectView) -> ObjectId:
        """Put an object into the game exactly as ``view`` describes it (a spell goes on top of the
        stack); return its id. It sets up a position: nothing happens in the game."""
        obj = self._add(view)
        if view.zone is Zone.STACK:
            self._push(obj)
        return obj

    def set_view(self, obj: ObjectId, view: ObjectView) -> None:
        """Describe the object ``obj`` as ``view`` from now on, in the zone it is in (its
        controller, doors, or being a token or a copy); it sets up a position, as :meth:`place`."""
        if view.zone is not self.view(obj).zone:
            raise ValueError(f"{obj} is in the {self.view(obj).zone}, not in the {view.zone}: move it")
        self._set(obj, view)

    def prepare(self, cards: Sequence[Card]) -> None:
        """Nothing to prepare: any card can be created at any time."""

    # -- state ---------------------------------------------------------------------------

    def view(self, obj: ObjectId) -> ObjectView:
        try:
            return self._objects[obj]
        except KeyError:
            raise UnknownObject(obj) from None

    def objects(self) -> Sequence[ObjectId]:
        return list(self._objects)

    def stack(self) -> Sequence[ObjectId]:
        return list(self._stack)

    def timing(self) -> Timing:
        empty = self._stack_empty_override if self._stack_empty_override is not None else not self._stack
        return replace(self._timing, stack_empty=empty)

    def set_timing(self, change: TimingChange) -> None:
        self._timing = Timing(
            active=change.active or self._timing.active,
            phase=change.phase or self._timing.phase,
            priority=change.priority or self._timing.priority,
            turn=change.turn if change.turn is not None else self._timing.turn,
        )
        if change.stack_empty is not None:
            self._stack_empty_override = change.stack_empty

    # -- actions -------------------------------------------------------------------------

    def create(self, card: Card, zone: Zone, owner: Player) -> ObjectId:
        return self._add(ObjectView(card, zone, owner, owner))

    def cast(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        view = self.view(obj)
        controller = spell.caster or view.owner
        self._set(obj, replace(view, zone=Zone.STACK, spell=spell, unlocked=frozenset(), controller=controller))
        self._push(obj)
        return obj

    def resolve(self, obj: ObjectId, outcome: Resolution) -> None:
        view = self.view(obj)
        self._stack.remove(obj)
        if outcome.destination is None:
            del self._objects[obj]
            return
        controller = outcome.controller if outcome.controller is not None else view.controller
        self._set(
            obj,
            replace(
                view,
                zone=outcome.destination,
                controller=controller,
                spell=None,
                unlocked=outcome.unlocked,
                token=view.token or outcome.token,
                # A copy of a permanent spell enters as a token (608.3f): a token, no longer a copy.
                copy=view.copy and not outcome.token,
            ),
        )

    def move(self, obj: ObjectId, zone: Zone) -> None:
        # As Host.move asks: its owner's there, no spell facts, no designation (the Table decided it).
        view = self.view(obj)
        # A face-down permanent that leaves the battlefield is a new object, face up (400.7, 708.9),
        # and one that became a copy is its own card again.
        card = self._own.pop(obj, view.card) if zone is not Zone.BATTLEFIELD else view.card
        moved = replace(
            view, card=card, zone=zone, controller=view.owner, spell=None, unlocked=frozenset(), face_down=False
        )
        if obj in self._stack:
            self._stack.remove(obj)
        self._set(obj, moved)

    def copy_spell(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        view = self.view(obj)
        copier = spell.caster or view.controller
        new = self._add(replace(view, owner=copier, controller=copier, spell=spell, copy=True))
        self._push(new)
        return new

    def copy_card(self, obj: ObjectId) -> ObjectId:
        view = self.view(obj)
        return self._add(replace(view, spell=None, unlocked=frozenset(), copy=True))

    def copy_permanent(self, obj: ObjectId) -> ObjectId:
        view = self.view(obj)
        return self._add(ObjectView(view.card, Zone.BATTLEFIELD, view.controller, view.controller, token=True))

    def set_unlocked(self, obj: ObjectId, doors: frozenset[Side]) -> None:
        self._set(obj, replace(self.view(obj), unlocked=doors))

    def put_face_down(self, obj: ObjectId) -> None:
        """The card onto the battlefield face down, its owner's, with no designation (708.3)."""
        self.move(obj, Zone.BATTLEFIELD)
        self._set(obj, replace(self.view(obj), face_down=True))

    def turn_face_up(self, obj: ObjectId) -> None:
        """The face-down permanent face up, where it is, its designations as they were (708.8)."""
        self._set(obj, replace(self.view(obj), face_down=False))

    def become_copy(self, obj: ObjectId, original: ObjectId) -> None:
        """The permanent takes the original's card until it leaves the battlefield; its status and
        designations stay (707.2, 709.5c)."""
        self._own.setdefault(obj, self.view(obj).card)
        self._set(obj, replace(self.view(obj), card=self.view(original).card))

    # -- helpers -------------------------------------------------------------------------

    def _push(self, obj: ObjectId) -> None:
        # A stack_empty override stands for spells this game does not model; once a real spell
        # is on the stack, the stack itself tells whether it is empty.
        self._stack.append(obj)
        self._stack_empty_override = None

    def _add(self, view: ObjectView) -> ObjectId:
        obj = f"o{next(self._ids)}"
        self._objects[obj] = view
        return obj

    def _set(self, obj: ObjectId, view: ObjectView) -> None:
        self._objects[obj] = view
