"""The stack: which object resolves, how a spell is seen on it, and the permanent a permanent spell becomes.

The Table asks these as it casts and resolves; what a resolving spell does is
:func:`splitcards.rules.casting.resolution`.
"""

from __future__ import annotations

from collections.abc import Sequence

from splitcards.errors import IllegalTiming
from splitcards.rules.model import ObjectId, ObjectView, Player, SpellFacts, Zone
from splitcards.rules.versions import RuleVersion


def resolving(stack: Sequence[ObjectId], asked: ObjectId | None, rules: RuleVersion) -> ObjectId:
    """The object that resolves: the top of the stack, which ``asked`` (if given) must be; cited
    as the version's ``resolve`` rules."""
    if not stack:
        raise IllegalTiming("the stack is empty: nothing resolves", rules.cite("resolve"), rules.name)
    top = stack[-1]
    if asked is not None and asked != top:
        raise IllegalTiming("only the top object of the stack resolves", rules.cite("resolve"), rules.name)
    return top


def spell_view(view: ObjectView, spell: SpellFacts, caster: Player) -> ObjectView:
    """The card as a spell on the stack: its caster controls it, its owner stays (601.2a)."""
    return ObjectView(view.card, Zone.STACK, view.owner, caster, spell, token=view.token, copy=view.copy)


def entering_view(spell: ObjectView, token: bool) -> ObjectView:
    """The permanent a resolving permanent spell becomes: its controller's, with no designation
    yet (608.3, 709.5d decides the doors)."""
    return ObjectView(spell.card, Zone.BATTLEFIELD, spell.owner, spell.controller, token=token)
