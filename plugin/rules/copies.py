"""Copies: of a spell on the stack, of a card in another zone, of a permanent (707.10, 707.12, 709.3c, 709.5b).

:func:`copy_of` decides what a copy is, or refuses an object that is not what its copy effect
copies, citing the rule; the Table asks it (through the ``decide_copy`` hook) before the host
makes the copy.
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum

from splitcards.errors import IllegalZone
from splitcards.rules.model import ObjectView, SpellFacts, Zone
from splitcards.rules.versions import RuleVersion


class CopyOf(StrEnum):
    """What a copy effect copies: a spell on the stack (707.10), a card outside the stack and
    the battlefield, left in its zone (707.12) or cast as it is made, or a permanent (709.5b)."""

    SPELL = "spell"
    CARD = "card"
    CARD_TO_CAST = "card_to_cast"
    PERMANENT = "permanent"


def copy_of(view: ObjectView, of: CopyOf, rules: RuleVersion) -> ObjectView | IllegalZone:
    """The copy of the object (see :class:`CopyOf`), as it is when made, or the refusal of an
    object that is not what the copy effect copies."""
    if of is CopyOf.SPELL:
        return _spell_copy(view, rules)
    if of is CopyOf.PERMANENT:
        return _permanent_copy(view, rules)
    if view.zone in (Zone.STACK, Zone.BATTLEFIELD):
        return IllegalZone(
            f"{view.card.name!r} is not a card outside the stack and battlefield", rules.cite("copy_card"), rules.name
        )
    # A card is copied in the zone it is in, with both halves (707.12, 709.3c); the copy cast as
    # it is made is its owner's, controlled and cast by that player.
    if of is CopyOf.CARD_TO_CAST:
        return replace(view, controller=view.owner, copy=True)
    return replace(view, copy=True)


def _spell_copy(view: ObjectView, rules: RuleVersion) -> ObjectView | IllegalZone:
    """The copy of a spell on the stack (707.10): the same half or fused choice and X (709.3b),
    not cast, and without the text splices added (a text-changing effect is not copied, 702.47c,
    707.2). It is put on the stack for the original's controller, who owns and controls it
    (707.10, 108.3), whoever owns the original's card."""
    spell = view.spell
    if view.zone is not Zone.STACK or spell is None:
        return IllegalZone(f"{view.card.name!r} is not a spell on the stack", rules.cite("copy_spell"), rules.name)
    facts = SpellFacts(
        spell.option, cast=False, cast_from=None, spliced=(), copy=True, caster=view.controller, x=spell.x
    )
    return replace(view, owner=view.controller, controller=view.controller, spell=facts, copy=True)


def _permanent_copy(view: ObjectView, rules: RuleVersion) -> ObjectView | IllegalZone:
    """A token entering as a copy of a permanent: its halves, not its designations (709.5b,
    707.2), owned and controlled by the original's controller, who makes it."""
    if view.zone is not Zone.BATTLEFIELD:
        return IllegalZone(f"{view.card.name!r} is not a permanent", rules.cite("enter_battlefield"), rules.name)
    return ObjectView(view.card, Zone.BATTLEFIELD, view.controller, view.controller, token=True)
