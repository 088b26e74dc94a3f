"""Hook specifications of splitcards.

Every hook gets the active :class:`~splitcards.rules.versions.RuleVersion` as ``rules``, so a plugin
always knows which edition of the rules is in force. Hooks return refusals, decisions and
events; they never touch a host engine's objects, which they see only as immutable
:class:`~splitcards.rules.model.ObjectView` snapshots.

The built-in rules are themselves a plugin (``splitcards.game.builtin``) whose implementations are
all ``trylast``: a third-party plugin refuses an action or replaces a decision before the
built-in rules give theirs.

Call order of each action of :class:`~splitcards.game.table.Table` (pytest's check, act, report):

``cast`` (and ``copy_card`` with ``cast``)
    1. ``check_cast`` -- any plugin may refuse; the built-in legality checks come last.
    2. The host puts the spell on the stack (``Host.cast``; for a copy, ``Host.copy_card`` first).
    3. ``on_splice`` for each spliced card, then ``on_cast``.
``resolve``
    1. ``on_resolve`` decides the order of instructions and where the card goes.
    2. ``on_enter_battlefield`` (a permanent spell) or ``on_leave_stack`` (any other card)
       decides the doors it enters with or replaces its destination.
    3. The host resolves it (``Host.resolve``).
    4. For a permanent: ``on_entered_battlefield``, then ``on_unlock`` for each door it entered
       unlocked (709.5d).
``move`` (and ``copy_permanent``)
    1. ``on_leave_stack`` for a spell leaving the stack, ``on_enter_battlefield`` for a card put
       onto the battlefield.
    2. The host moves it (``Host.move``, then ``Host.set_unlocked`` if it enters with doors).
    3. For a card put onto the battlefield: ``on_entered_battlefield``, then ``on_unlock`` for
       those doors.
``unlock`` / ``lock``
    1. ``check_unlock`` / ``check_lock``.
    2. The host changes the designations (``Host.set_unlocked``).
    3. ``on_unlock`` / ``on_lock``.
``choose_name``
    1. ``on_name_choice`` gives the legal answers; the choice is checked against them.
    2. ``on_name_chosen`` reports the choice.
``castable``, ``check_cast``, ``splice_candidates``, ``can_unlock``
    Only the ``check_*`` hook, as for the action itself; nothing else is called.

A refusal (a ``check_*`` result), or a plugin that raises or returns what its spec's annotation
does not allow in steps before the host acts, leaves the game as it was. The report hooks run
only for actions that took place; a failure there is a ``PluginFailure`` with ``happened`` set.
"""

# Hook specs are signatures only: their bodies are their docstrings.
# mypy: disable-error-code="empty-body"
from __future__ import annotations

from collections.abc import Sequence
from importlib.resources.abc import Traversable
from pathlib import Path

# Imported at run time, not only for type checkers: what a plugin returns is checked against
# these annotations (splitcards.game.hookresults).
from splitcards.errors import IllegalAction
from splitcards.game.contract import AdapterInfo, CastRequest, Resolution
from splitcards.hooks import hookspec
from splitcards.rules.card import Card, Side
from splitcards.rules.model import (
    Answer,
    Event,
    ObjectId,
    ObjectView,
    Player,
    SpellFacts,
    Spliced,
    Timing,
    UnlockBy,
    Zone,
)
from splitcards.rules.versions import RuleVersion

# -------------------------------------------------------------------------------------------
# registration
# -------------------------------------------------------------------------------------------


@hookspec
def splitcards_register_adapters() -> Sequence[AdapterInfo]:
    """Register host adapters.

    :return: the adapters this plugin provides; the results of all plugins are joined, and a
        host name given twice is an error.
    """


@hookspec
def splitcards_rule_files() -> Sequence[Path | Traversable | str]:
    """Add rule-version YAML files (house rules, or editions the project does not ship).

    :return: paths of version files (a string is read as a path); each may ``extends:`` a
        built-in version. The results of all plugins are joined.
    """


# -------------------------------------------------------------------------------------------
# casting
# -------------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def check_cast(
    rules: RuleVersion, request: CastRequest, timing: Timing, board: Sequence[ObjectView]
) -> IllegalAction | None:
    """Refuse a cast (the built-in rules refuse what the rules forbid; a house rule may refuse more).

    Stops at first non-None result. The built-in legality checks are the last implementation.

    :param rules: the rule version in force.
    :param request: what is cast (the card's view, half or fused, caster, splices, permission, X,
        cost changes, and the ways of casting granted: without paying, flashback, flash).
    :param timing: whose turn and phase it is, who has priority, whether the stack is empty.
    :param board: every object of the game, for choices such as a spliced card's targets.
    :return: the error that refuses the cast (citing its rule), or ``None`` for no objection.
    """


@hookspec
def on_splice(rules: RuleVersion, spell: ObjectId, spliced: Spliced) -> Sequence[Event] | None:
    """Report a card spliced onto a spell that was cast (702.47a), before ``on_cast``.

    :param rules: the rule version in force.
    :param spell: the id of the spell's card.
    :param spliced: the revealed card and its text.
    :return: events to report; the results of all plugins are joined.
    """


@hookspec
def on_cast(rules: RuleVersion, spell: ObjectId, view: ObjectView, facts: SpellFacts) -> Sequence[Event] | None:
    """Report a spell that became cast (601.2i): one half, fused, or a one-faced card.

    Called after the host put the spell on the stack, never for a refused cast.

    :param rules: the rule version in force.
    :param spell: the id of the card (or of the copy) being cast.
    :param view: the object as it is on the stack.
    :param facts: the half or fused choice, the zone it was cast from and its splices.
    :return: events to report; the results of all plugins are joined.
    """


@hookspec(firstresult=True)
def on_resolve(rules: RuleVersion, spell: ObjectId, view: ObjectView) -> Resolution | None:
    """Decide how a spell resolves: the order of its instructions and where it goes.

    Stops at first non-None result.

    :param rules: the rule version in force.
    :param spell: the id of the resolving spell.
    :param view: the spell as it is on the stack.
    :return: the resolution, or ``None`` to leave the decision to later plugins.
    """


@hookspec(firstresult=True)
def on_leave_stack(
    rules: RuleVersion, spell: ObjectId, view: ObjectView, destination: Zone
) -> Zone | Answer[Zone] | None:
    """Replace where a spell's card goes when it leaves the stack: resolved, countered or moved.

    Stops at first non-None result.

    :param rules: the rule version in force.
    :param spell: the id of the spell's card.
    :param view: the spell as it is on the stack.
    :param destination: the zone it would go to (not called for a permanent spell entering the
        battlefield, nor for a copy ceasing to exist).
    :return: the zone it goes to instead (aftermath: exile, 702.127a), as a ``Zone`` or as an
        ``Answer`` of one citing its rules (the built-in rules always answer, citing theirs), or
        ``None`` to leave the decision to later plugins.
    """


# -------------------------------------------------------------------------------------------
# zones
# -------------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def on_enter_battlefield(
    rules: RuleVersion, permanent: ObjectId, view: ObjectView, cast: Side | None
) -> frozenset[Side] | None:
    """Decide the unlocked designations a permanent enters the battlefield with (709.5d).

    Stops at first non-None result.

    :param rules: the rule version in force.
    :param permanent: the id of the entering object.
    :param view: the object as it enters, with no designations yet.
    :param cast: the half that was cast as the spell now resolving (or whose cast a copied
        spell kept), or ``None`` if it enters without having been cast.
    :return: the doors it enters unlocked, or ``None`` to leave the decision to later plugins.
    """


@hookspec
def on_entered_battlefield(
    rules: RuleVersion, permanent: ObjectId, view: ObjectView, unlocked: frozenset[Side]
) -> Sequence[Event] | None:
    """Report a permanent that entered the battlefield: a permanent spell resolved, a card was put there, or a copy.

    Called after the host put it there, before ``on_unlock`` for the doors it entered with.

    :param rules: the rule version in force.
    :param permanent: the id of the permanent.
    :param view: the permanent as it entered, with no designations yet.
    :param unlocked: the doors it entered unlocked (``on_enter_battlefield`` decided them).
    :return: events to report; the results of all plugins are joined.
    """


# -------------------------------------------------------------------------------------------
# choices
# -------------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def on_name_choice(rules: RuleVersion, card: Card) -> Sequence[tuple[str, ...]] | None:
    """Give the legal answers when a player chooses a card name and wants ``card``.

    Stops at first non-None result.

    :param rules: the rule version in force.
    :param card: the card the player wants to name.
    :return: each legal answer as a tuple of names: one name of a half (709.4a), or both
        halves' names together under the old rules (505.7, 708.7 before 2013).
    """


@hookspec
def on_name_chosen(
    rules: RuleVersion, card: Card, choice: tuple[str, ...], player: Player, source: ObjectId | None
) -> Sequence[Event] | None:
    """Report a card name a player chose, once the choice was found among the legal answers.

    :param rules: the rule version in force.
    :param card: the card the player wanted to name.
    :param choice: the names chosen, one of the answers of ``on_name_choice``.
    :param player: the player who chose.
    :param source: the object whose ability asked for the name, or ``None``.
    :return: events to report; the results of all plugins are joined.
    """


# -------------------------------------------------------------------------------------------
# doors
# -------------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def check_unlock(
    rules: RuleVersion, view: ObjectView, door: Side, by: UnlockBy, timing: Timing
) -> IllegalAction | None:
    """Refuse unlocking a door (the built-in rules refuse what 709.5e-f and 116.2m forbid).

    Stops at first non-None result. The built-in legality checks are the last implementation.

    :param rules: the rule version in force.
    :param view: the Room permanent.
    :param door: the door to unlock.
    :param by: ``special_action`` (paying the unlock cost) or ``effect``.
    :param timing: the timing context, for the special action.
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
