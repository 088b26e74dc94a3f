"""The moves the rules offer a player: what an engine's AI chooses among and the Table plays.

:meth:`~splitcards.game.table.Table.moves` lists them, each with the total cost the
rules give it; the engine says which of them it can pay for and find targets for, and its AI (or
the game loop) chooses; :meth:`~splitcards.game.table.Table.play` plays one. They are
part of the contract with an engine (:mod:`splitcards.game.contract.aihost` hands them to an AI
host), and importable from :mod:`splitcards.game.table.moves` as well.
"""

from __future__ import annotations

from dataclasses import dataclass

from splitcards.rules.card import Side
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption, ObjectId, Zone


@dataclass(frozen=True, slots=True)
class CastMove:
    """Cast the card ``obj`` as ``option`` (a half, both halves fused, or whole) from the zone it is
    in. ``cost`` is the total cost the rules give the cast now, every plugin's cost effect included
    (601.2f; ``None`` when no mana is paid, X counted as 0). ``permission`` is the zone an effect lets
    the card be cast from, ``None`` when the rules' own ways do."""

    obj: ObjectId
    """The card to cast."""
    option: CastOption
    """How it is cast: a half, both halves fused, or whole."""
    cost: ManaCost | None
    """The total cost of the cast now, every plugin's cost effect included (``None``: no mana)."""
    permission: Zone | None = None
    """The zone an effect lets the card be cast from, ``None`` when the rules' own ways do."""
    splice: tuple[ObjectId, ...] = ()
    """The cards spliced onto it, revealed from the caster's hand in that order (702.47a); ``cost``
    includes their splice costs. :meth:`~splitcards.game.table.Table.moves` offers none:
    a player adds those :meth:`~splitcards.game.table.Table.splice_candidates` names."""


@dataclass(frozen=True, slots=True)
class UnlockMove:
    """Take the special action that unlocks the ``door`` of the Room ``obj``, paying ``cost``, its
    unlock cost (709.5e)."""

    obj: ObjectId
    """The Room."""
    door: Side
    """The locked door to unlock."""
    cost: ManaCost | None
    """Its unlock cost (``None``: no mana)."""


Move = CastMove | UnlockMove
"""A move: a cast or an unlock."""
