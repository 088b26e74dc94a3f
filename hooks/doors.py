"""Hook specifications of Rooms' doors: which doors are named, whether one may be unlocked or
locked, what the unlock special action costs, and the reports of doors unlocked and locked.

They are hooks of :mod:`splitcards.hooks.spec`, which imports them; its description gives the
call order of ``unlock`` and ``lock``.
"""

# Hook specs are signatures only: their bodies are their docstrings.
# mypy: disable-error-code="empty-body"
from __future__ import annotations

from collections.abc import Sequence

# Imported at run time, not only for type checkers: what a plugin returns is checked against
# these annotations (splitcards.game.plugins.hookresults).
from splitcards.errors import IllegalAction
from splitcards.hooks import hookspec
from splitcards.rules.card import Card, Side
from splitcards.rules.costs import CostEffect
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import Answer, Event, ObjectId, ObjectView, Player, Timing, UnlockBy
from splitcards.rules.versions import RuleVersion


@hookspec(firstresult=True)
def decide_doors(
    rules: RuleVersion, card: Card, named: Side | str | frozenset[Side], by: UnlockBy
) -> tuple[Side, ...] | IllegalAction | None:
    """Decide which doors an unlock or a lock names (709.5j: a door is a half of the Room).

    Stops at first non-None result.

    :param rules: the rule version in force.
    :param card: the Room's card.
    :param named: a door by side or by its half's name, or a set of doors (both at once).
    :param by: ``special_action`` (which unlocks one door, 709.5e) or ``effect`` (709.5i).
    :return: the doors, left first: one, or two different ones (the special action names one);
        the error that refuses the naming; or ``None`` to leave the decision to later plugins.
    """


@hookspec(firstresult=True)
def decide_unlock_cost(
    rules: RuleVersion, view: ObjectView, door: Side, effects: Sequence[CostEffect], by: UnlockBy
) -> Answer[ManaCost | None] | IllegalAction | None:
    """Decide what unlocking a door costs in all (709.5e, 709.5f, 601.2f, 116.2m).

    Stops at first non-None result. Asked for every unlock, after ``check_unlock``: the built-in
    rules charge the special action its unlock cost, and an effect nothing (709.5f). A hook
    wrapper may change the built-in decision, as an effect that changes what unlocking costs
    does. An implementation written before ``by`` was given need not take it.

    :param rules: the rule version in force.
    :param view: the Room permanent.
    :param door: the door to unlock (of an effect that unlocks both doors at once, the left one).
    :param effects: the cost increases and reductions the caller gave (spell-cost effects among
        them never apply: the special action is no spell, 116.2m).
    :param by: ``special_action`` (paying the unlock cost) or ``effect``.
    :return: the total cost citing its rules (what the Table charges, left in
        ``Table.last_cost``; ``None`` when nothing is paid), the error that refuses it, or
        ``None`` to leave the decision to later plugins.
    """


@hookspec(firstresult=True)
def check_unlock(
    rules: RuleVersion, view: ObjectView, door: Side, by: UnlockBy, timing: Timing, player: Player
) -> IllegalAction | None:
    """Refuse unlocking a door (the built-in rules refuse what 709.5e-f and 116.2m forbid).

    Stops at first non-None result. The built-in legality checks are the last implementation.

    :param rules: the rule version in force.
    :param view: the Room permanent.
    :param door: the door to unlock.
    :param by: ``special_action`` (paying the unlock cost) or ``effect``.
    :param timing: the timing context, for the special action.
    :param player: who takes the action: only a Room's controller may take its special action
        (709.5e); an unlock by an effect names the Room's controller.
    :return: the error that refuses it, or ``None`` for no objection.
    """


@hookspec
def on_unlock(
    rules: RuleVersion, permanent: ObjectId, view: ObjectView, door: Side, by: UnlockBy
) -> Sequence[Event] | None:
    """Report one door that became unlocked: by a cast half entering, the special action, or an effect.

    Called once per door unlocked, after the host changed the designations.

    :param rules: the rule version in force.
    :param permanent: the id of the Room.
    :param view: the Room before this door is unlocked.
    :param door: the door being unlocked.
    :param by: ``cast`` (its half was cast and it is entering), ``special_action`` or ``effect``.
    :return: events to report, such as that door's "when you unlock this door" trigger
        (709.5h) and, when this door leaves none locked, that the Room is fully unlocked
        (709.5i); the results of all plugins are joined.
    """


@hookspec(firstresult=True)
def check_lock(rules: RuleVersion, view: ObjectView, door: Side) -> IllegalAction | None:
    """Refuse locking a door (the built-in rules refuse what 709.5g forbids).

    Stops at first non-None result. The built-in legality checks are the last implementation.

    :param rules: the rule version in force.
    :param view: the Room permanent.
    :param door: the door to lock.
    :return: the error that refuses it, or ``None`` for no objection.
    """


@hookspec
def on_lock(rules: RuleVersion, permanent: ObjectId, view: ObjectView, door: Side) -> Sequence[Event] | None:
    """Report a door that became locked (709.5g), after the host changed the designations.

    :param rules: the rule version in force.
    :param permanent: the id of the Room.
    :param view: the Room before the door is locked.
    :param door: the door being locked.
    :return: events to report; the results of all plugins are joined.
    """
