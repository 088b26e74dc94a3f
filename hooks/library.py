"""Hook specifications of the processes that go through a library from the top, and of the
copies made for the spells cast before: cascade (702.85a), discover (701.55a) and storm (702.40a).

They are hooks of :mod:`splitcards.hooks.spec`, which imports them; its description gives the
call order of each action.
"""

# Hook specs are signatures only: their bodies are their docstrings.
# mypy: disable-error-code="empty-body"
from __future__ import annotations

from collections.abc import Sequence

# Imported at run time, not only for type checkers: what a plugin returns is checked against
# these annotations (splitcards.game.plugins.hookresults).
from splitcards.errors import IllegalAction
from splitcards.hooks import hookspec
from splitcards.rules.actions import LibraryHit
from splitcards.rules.model import Answer, ObjectView
from splitcards.rules.versions import RuleVersion


@hookspec(firstresult=True)
def decide_cascade(
    rules: RuleVersion, library: Sequence[ObjectView], spell: ObjectView
) -> Answer[LibraryHit] | IllegalAction | None:
    """Decide where the cascade of a spell stops in its caster's library, and what of that card may be cast.

    Stops at first non-None result. Called before the host moves anything; the built-in decision
    is the last implementation.

    :param rules: the rule version in force.
    :param library: the caster's library, top first.
    :param spell: the spell with cascade, on the stack.
    :return: the cards exiled, the card it stops at and what of it may be cast without paying its
        mana cost, with the rules; the error that refuses it (an edition with no cascade); or
        ``None`` to leave the decision to later plugins.
    """


@hookspec(firstresult=True)
def decide_discover(
    rules: RuleVersion, library: Sequence[ObjectView], n: int
) -> Answer[LibraryHit] | IllegalAction | None:
    """Decide where discover N stops in a player's library, and what of that card may be cast.

    Stops at first non-None result. Called before the host moves anything; the built-in decision
    is the last implementation.

    :param rules: the rule version in force.
    :param library: the player's library, top first.
    :param n: the number N.
    :return: the cards exiled, the card it stops at and what of it may be cast without paying its
        mana cost, with the rules; the error that refuses it (an edition with no discover); or
        ``None`` to leave the decision to later plugins.
    """


@hookspec(firstresult=True)
def decide_storm(rules: RuleVersion, spell: ObjectView, cast_before: int | None) -> Answer[int] | IllegalAction | None:
    """Decide how many copies storm makes of a spell.

    Stops at first non-None result. Called before the host makes the copies, each as
    ``copy_spell`` makes one (``decide_copy`` decides what it is).

    :param rules: the rule version in force.
    :param spell: the spell with storm, on the stack.
    :param cast_before: how many other spells were cast before it this turn; ``None`` when it was
        not cast this turn.
    :return: how many copies, with the rules; the error that refuses it (a spell not cast this
        turn); or ``None`` to leave the decision to later plugins.
    """
