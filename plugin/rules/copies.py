"""Copies: of a spell on the stack, of a card in another zone, of a permanent (707.10, 707.12, 709.3c, 709.5b).

Each refuses an object that is not what its copy effect copies, and says what the copy is; the
Table asks them before the host makes the copy.
"""

from __future__ import annotations

from dataclasses import replace

from splitcards.errors import IllegalZone
from splitcards.rules.model import ObjectView, SpellFacts, Zone
from splitcards.rules.versions import RuleVersion


def spell_copy(view: ObjectView, rules: RuleVersion) -> SpellFacts:
    """The copy of a spell on the stack (707.10): the same half or fused choice and X (709.3b),
    not cast, and without the text splices added (a text-changing effect is not copied, 702.47c,
    707.2). Refuses an object that is not a spell on the stack."""
    spell = view.spell
    if view.zone is not Zone.STACK or spell is None:
        raise IllegalZone(f"{view.card.name!r} is not a spell on the stack", rules.cite("copy_spell"), rules.name)
    return SpellFacts(spell.option, cast=False, cast_from=None, spliced=(), copy=True, x=spell.x)


def check_card_to_copy(view: ObjectView, rules: RuleVersion) -> None:
    """A card is copied in the zone it is in, outside the stack and the battlefield (707.12),
    with both halves (709.3c)."""
    if view.zone in (Zone.STACK, Zone.BATTLEFIELD):
        raise IllegalZone(
            f"{view.card.name!r} is not a card outside the stack and battlefield", rules.cite("copy_card"), rules.name
        )


def card_copy_to_cast(view: ObjectView) -> ObjectView:
    """The copy of a card that is cast as it is made (707.12): its owner's copy, controlled and
    cast by that player."""
    return replace(view, controller=view.owner, copy=True)


def permanent_copy(view: ObjectView, rules: RuleVersion) -> ObjectView:
    """A token entering as a copy of a permanent: its halves, not its designations (709.5b,
    707.2), owned and controlled by the original's controller, who makes it. Refuses an object
    that is not a permanent."""
    if view.zone is not Zone.BATTLEFIELD:
        raise IllegalZone(f"{view.card.name!r} is not a permanent", rules.cite("enter_battlefield"), rules.name)
    return ObjectView(view.card, Zone.BATTLEFIELD, view.controller, view.controller, token=True)
