"""The reference host: a game held in memory, with no engine behind it.

It exists to test the rules quickly; it decides nothing itself and does exactly what the rules
tell it. Its body is :class:`~splitcards.game.contract.memory.MemoryHost`, which the rules service
also sets its positions up on.
"""

from __future__ import annotations

from collections.abc import Sequence

from splitcards.game.contract.memory import MemoryHost
from splitcards.rules.card import Card
from splitcards.rules.model import ObjectId, Player, Zone


class ReferenceHost(MemoryHost):
    """The reference host (``--host reference``). Its libraries are in order: a card created in
    or moved to a library goes on top, ``put_on_bottom`` puts one on the bottom."""

    name = "reference"

    def __init__(self) -> None:
        super().__init__()
        # Every card that went to a library, top first (a card that left is skipped when listed).
        self._library_order: list[ObjectId] = []

    def create(self, card: Card, zone: Zone, owner: Player) -> ObjectId:
        obj = super().create(card, zone, owner)
        if zone is Zone.LIBRARY:
            self._library_order.insert(0, obj)
        return obj

    def move(self, obj: ObjectId, zone: Zone) -> None:
        super().move(obj, zone)
        if obj in self._library_order:
            self._library_order.remove(obj)
        if zone is Zone.LIBRARY:
            self._library_order.insert(0, obj)

    def library(self, player: Player) -> Sequence[ObjectId]:
        """``player``'s library, top first."""
        return [
            obj for obj in self._library_order if self.view(obj).zone is Zone.LIBRARY and self.view(obj).owner is player
        ]

    def put_on_bottom(self, obj: ObjectId) -> None:
        """Put the card ``obj`` on the bottom of its owner's library."""
        self.move(obj, Zone.LIBRARY)
        self._library_order.remove(obj)
        self._library_order.append(obj)
