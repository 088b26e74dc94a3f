"""Hook specifications of the views: what an object becomes as it changes zones, which is what
the Table shows plugins of it (the ``view`` of ``on_cast``, ``on_enter_battlefield``,
``on_entered_battlefield`` and ``on_unlock``) before the host describes it.

They are hooks of :mod:`splitcards.hooks.spec`, which imports them; its description gives the
call order of each action.
"""

# Hook specs are signatures only: their bodies are their docstrings.
# mypy: disable-error-code="empty-body"
from __future__ import annotations

# Imported at run time, not only for type checkers: what a plugin returns is checked against
# these annotations (splitcards.game.plugins.hookresults).
from splitcards.hooks import hookspec
from splitcards.rules.model import ObjectView, Player, SpellFacts, Zone
from splitcards.rules.versions import RuleVersion


@hookspec(firstresult=True)
def decide_spell_view(rules: RuleVersion, view: ObjectView, spell: SpellFacts, caster: Player) -> ObjectView | None:
    """Decide what a card cast becomes on the stack: a spell its caster controls, its owner kept (601.2a, 110.2).

    Stops at first non-None result. Called once the host cast it, before ``on_cast``, which is
    shown the answer.

    :param rules: the rule version in force.
    :param view: the card as it was before it was cast.
    :param spell: the spell it becomes: the half or fused choice, where it was cast from, splices.
    :param caster: the player who cast it.
    :return: the spell as it is on the stack, or ``None`` to leave the decision to later plugins.
    """


@hookspec(firstresult=True)
def decide_permanent_view(rules: RuleVersion, view: ObjectView, token: bool) -> ObjectView | None:
    """Decide the permanent a resolving permanent spell becomes, its controller's, with no designation yet (608.3).

    Stops at first non-None result. Called before ``on_enter_battlefield``, which is shown the
    answer and decides its doors (709.5d).

    :param rules: the rule version in force.
    :param view: the spell as it is on the stack.
    :param token: whether it becomes a token: it is a copy of a permanent spell (608.3f, 111.12).
    :return: the permanent as it enters, or ``None`` to leave the decision to later plugins.
    """


@hookspec(firstresult=True)
def decide_moved_view(rules: RuleVersion, view: ObjectView, zone: Zone) -> ObjectView | None:
    """Decide what an object moved other than by being cast becomes: a new object its owner controls (400.7).

    Stops at first non-None result. Asked for a card put onto the battlefield, before
    ``on_enter_battlefield``, which is shown the answer: it enters with no spell facts and no
    designation (709.5d decides its doors).

    :param rules: the rule version in force.
    :param view: the object before it moves.
    :param zone: the zone it moves to.
    :return: the object as it is there, or ``None`` to leave the decision to later plugins.
    """
