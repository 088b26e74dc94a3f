"""What the phase host declares on its :class:`~splitcards.game.contract.AdapterInfo`: the
capabilities phase 0.103.0 lacks and the deviations the adapter meets at run time, each with its
reason (the deviations themselves are described in :mod:`splitcards.adapters.phase.deviations`)."""

from __future__ import annotations

from splitcards.game.contract import Capability, Gap, KnownDeviation

_MISREAD = (
    "phase reads a splice keyword as 'Splice onto <subtype>' up to its cost, so it never offers splicing onto"
    " 'instant or sorcery' or a splice whose cost is not only mana (deviation splice-onto-misread)"
)

LACKS: tuple[Gap, ...] = (
    Gap(Capability.SPLICE_ONTO_CARD_TYPE, _MISREAD),
    Gap(Capability.SPLICE_OTHER_COST, _MISREAD),
    Gap(
        Capability.FLASH,
        "phase has no way to grant flash to a card: it refuses a sorcery-speed spell outside a main phase or with"
        " a non-empty stack whatever the rules allow",
    ),
)

DEVIATIONS: tuple[KnownDeviation, ...] = (
    KnownDeviation(
        "reload-drops-room-triggers",
        "priority to the non-active player on an empty stack needs a phase state reload, which rebuilds a Room"
        " permanent's door triggers from its front face; with a Room the reload would damage, the step is not taken",
        (),
    ),
    KnownDeviation(
        "splice-onto-misread",
        _MISREAD,
        (),
    ),
)
