"""The stack: which object may resolve.

What a resolving spell does is :func:`splitcards.rules.casting.resolution`; how a card is seen as
a spell on the stack, and the permanent a permanent spell becomes, are
:meth:`ObjectView.on_stack <splitcards.rules.model.ObjectView.on_stack>` and
:meth:`ObjectView.entering <splitcards.rules.model.ObjectView.entering>`.
"""

from __future__ import annotations

from collections.abc import Sequence

from splitcards.errors import IllegalTiming
from splitcards.rules.model import ObjectId
from splitcards.rules.versions import RuleVersion


def resolve_refusal(stack: Sequence[ObjectId], asked: ObjectId | None, rules: RuleVersion) -> IllegalTiming | None:
    """Why nothing, or not ``asked``, resolves now: only the top of a stack that is not empty
    does (cited as the version's ``resolve`` rules); ``None`` when it may."""
    if not stack:
        return IllegalTiming("the stack is empty: nothing resolves", rules.cite("resolve"), rules.name)
    if asked is not None and asked != stack[-1]:
        return IllegalTiming("only the top object of the stack resolves", rules.cite("resolve"), rules.name)
    return None
