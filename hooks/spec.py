"""Hook specifications of splitcards.

Every hook gets the active :class:`~splitcards.rules.versions.RuleVersion` as ``rules``, so a plugin
always knows which edition of the rules is in force. Hooks return refusals, decisions and
events; they never touch a host engine's objects, which they see only as immutable
:class:`~splitcards.rules.model.ObjectView` snapshots.

The built-in rules are themselves a plugin (``splitcards.game.plugins.builtin``) whose implementations are
all ``trylast``: a third-party plugin refuses an action or replaces a decision before the
built-in rules give theirs.

Every hook is a check, a decision or a report, and its name says which: ``check_*`` hooks may
refuse, ``decide_*`` hooks (and the decisions the hooks of the first release named ``on_resolve``,
``on_leave_stack``, ``on_enter_battlefield`` and ``on_name_choice``) answer what happens, and the
other ``on_*`` hooks report what happened. A decision may also be a refusal (an
:class:`~splitcards.errors.IllegalAction`), which refuses the action as a check does.

Call order of each action of :class:`~splitcards.game.table.Table` (pytest's check, act, report):

* ``create``:

    1. ``check_card`` and ``check_destination``; nothing is reported (a position is set up).

* ``cast`` (and ``copy_card`` with ``cast``):

    1. ``decide_cost_effects`` adds the cost effects in force (the results of all plugins).
    2. ``check_cast`` -- any plugin may refuse; the built-in legality checks come last.
    3. ``decide_cast`` decides the spell and what it costs in all.
    4. The host puts the spell on the stack (``Host.cast``; for a copy, ``decide_copy`` first,
       then ``Host.copy_card``).
    5. ``on_splice`` for each spliced card, then ``on_cast``.

* ``resolve``:

    1. ``check_resolve`` -- only the top of the stack resolves.
    2. ``on_resolve`` decides the order of instructions and where the card goes
       (``check_destination`` holds a plugin's answer to the rules).
    3. ``on_enter_battlefield`` (a permanent spell) or ``on_leave_stack`` (any other card)
       decides the doors it enters with or replaces its destination; ``decide_controller``
       decides who controls the card where it goes.
    4. The host resolves it (``Host.resolve``).
    5. For a permanent: ``on_entered_battlefield``, then ``on_unlock`` for each door it entered
       unlocked (709.5d).

* ``move``:

    1. ``check_destination``; ``on_leave_stack`` for a spell leaving the stack,
       ``on_enter_battlefield`` for a card put onto the battlefield.
    2. The host moves it (``Host.move``, then ``Host.set_unlocked`` if it enters with doors).
    3. For a card put onto the battlefield: ``on_entered_battlefield``, then ``on_unlock`` for
       those doors.

* ``copy_spell``, ``copy_card``, ``copy_permanent``:

    1. ``decide_copy`` decides what the copy is, or refuses an object its effect can't copy.
    2. The host makes it; a permanent copy then goes as ``move`` step 3 (``on_enter_battlefield``
       decided its doors before).

* ``unlock`` / ``lock``:

    1. ``decide_doors`` reads the doors named; ``check_unlock`` / ``check_lock`` for each.
    2. For the unlock special action, ``decide_unlock_cost`` decides what it costs.
    3. The host changes the designations (``Host.set_unlocked``).
    4. ``on_unlock`` / ``on_lock``.

* ``choose_name``:

    1. ``on_name_choice`` gives the legal answers; ``decide_name`` finds the choice among them.
    2. ``on_name_chosen`` reports the choice.

* ``castable``, ``check_cast``, ``splice_candidates``, ``can_unlock``, ``unlock_cost``:

    The hooks of the action up to its decision, as for the action itself; nothing else is called.

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
# these annotations (splitcards.game.plugins.hookresults).
from splitcards.errors import IllegalAction
from splitcards.game.contract import AdapterInfo, CastDecision, CastRequest, Resolution
from splitcards.hooks import hookspec

# The doors' hooks are in their own module, and are hooks of this one too: the manager adds
# this module's specs.
from splitcards.hooks.doors import check_lock as check_lock
from splitcards.hooks.doors import check_unlock as check_unlock
from splitcards.hooks.doors import decide_doors as decide_doors
from splitcards.hooks.doors import decide_unlock_cost as decide_unlock_cost
from splitcards.hooks.doors import on_lock as on_lock
from splitcards.hooks.doors import on_unlock as on_unlock
from splitcards.rules.card import Card, Side
from splitcards.rules.copies import CopyOf
from splitcards.rules.costs import CostEffect
from splitcards.rules.model import (
    Answer,
    Event,
    ObjectId,
    ObjectView,
    Player,
    SpellFacts,
    Spliced,
    Timing,
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
def decide_cost_effects(rules: RuleVersion, request: CastRequest) -> Sequence[CostEffect] | None:
    """Add the effects in force that change what a cast costs ("noncreature spells cost {1} more").

    Called before ``check_cast``; the request both hooks then see, and ``decide_cast`` decides
    with, has these effects after the caller's own. The built-in rules add none. Each applies
    once to the one total cost, increases before reductions (601.2f, 118.7), and only to the
    spells its condition matches as they would be on the stack (709.3b, 709.4d).

    :param rules: the rule version in force.
    :param request: what is cast, with the cost changes the caller gave.
    :return: the cost effects this plugin puts in force for the cast; the results of all
        plugins are joined.
    """


@hookspec(firstresult=True)
def decide_cast(rules: RuleVersion, request: CastRequest) -> CastDecision | None:
    """Decide the spell a legal cast puts on the stack and what it costs in all (601.2a, 601.2f).

    Stops at first non-None result. Called after ``check_cast`` found no objection; a hook
    wrapper may change the built-in decision, as a cost effect does ("noncreature spells cost
    {1} more").

    :param rules: the rule version in force.
    :param request: what is cast, as ``check_cast`` saw it.
    :return: the decision: the spell's facts, its total mana cost (what the Table charges, left
        in ``Table.last_cost``) and the rules that decide it; or ``None`` to leave the decision to
        later plugins.
    """


@hookspec(firstresult=True)
def check_card(rules: RuleVersion, card: Card) -> IllegalAction | None:
    """Refuse a card that does not exist under the rule version (a Room before Rooms).

    Stops at first non-None result. The built-in check is the last implementation.

    :param rules: the rule version in force.
    :param card: the card to create, or asked about.
    :return: the error that refuses the card, or ``None`` for no objection.
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
def check_resolve(rules: RuleVersion, stack: Sequence[ObjectId], asked: ObjectId | None) -> IllegalAction | None:
    """Refuse a resolution: only the top object of a stack that is not empty resolves (608.1).

    Stops at first non-None result. The built-in check is the last implementation.

    :param rules: the rule version in force.
    :param stack: the stack from bottom to top.
    :param asked: the object asked to resolve, or ``None`` for the top one.
    :return: the error that refuses it, or ``None`` for no objection (the top object resolves).
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


@hookspec(firstresult=True)
def decide_controller(
    rules: RuleVersion, spell: ObjectId, view: ObjectView, destination: Zone
) -> Answer[Player] | None:
    """Decide who controls a resolving spell's card where it goes (608.3, 110.2, 400.7).

    Stops at first non-None result. Called once the destination is decided, never for a copy
    that ceases to exist; the owner never changes.

    :param rules: the rule version in force.
    :param spell: the id of the resolving spell.
    :param view: the spell as it is on the stack.
    :param destination: the zone its card goes to.
    :return: the player who controls it there, citing the rules, or ``None`` to leave the
        decision to later plugins.
    """


# -------------------------------------------------------------------------------------------
# zones
# -------------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def check_destination(rules: RuleVersion, card: Card, zone: Zone) -> IllegalAction | None:
    """Refuse putting a card into a zone: onto the stack but by casting (601.2a), a nonpermanent onto the battlefield.

    Stops at first non-None result. The built-in check is the last implementation. Asked for a
    card created or moved, and for the zone a plugin's decision sends a card to.

    :param rules: the rule version in force.
    :param card: the card to put there.
    :param zone: the zone it would be put into.
    :return: the error that refuses it, or ``None`` for no objection.
    """


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
# copies
# -------------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def decide_copy(rules: RuleVersion, view: ObjectView, of: CopyOf) -> ObjectView | IllegalAction | None:
    """Decide what a copy of an object is, or refuse an object the copy effect can't copy (707.10, 707.12, 709.5b).

    Stops at first non-None result. Called before the host makes the copy.

    :param rules: the rule version in force.
    :param view: the object copied, as it is now.
    :param of: what the effect copies: a spell on the stack, a card (left in its zone, or cast
        as it is made), or a permanent.
    :return: the copy as it is made (for a spell, with the facts of the copied spell; for a
        permanent, as it enters), the error that refuses the copy, or ``None`` to leave the
        decision to later plugins.
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


@hookspec(firstresult=True)
def decide_name(
    rules: RuleVersion, card: Card, choice: tuple[str, ...], legal: Sequence[tuple[str, ...]]
) -> tuple[str, ...] | IllegalAction | None:
    """Decide which legal answer a player's name choice is, or refuse it (505.7, 708.7, 709.4a).

    Stops at first non-None result. Called with the answers of ``on_name_choice``.

    :param rules: the rule version in force.
    :param card: the card the player wants to name.
    :param choice: the names the player gave, in the order given.
    :param legal: the legal answers.
    :return: the legal answer the choice gives (both halves' names may be given in either
        order), the error that refuses it, or ``None`` to leave the decision to later plugins.
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
