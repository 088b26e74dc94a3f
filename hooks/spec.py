"""Hook specifications of splitcards.

Every hook gets the active :class:`~splitcards.rules.versions.RuleVersion` as ``rules``, so a plugin
always knows which edition of the rules is in force. Hooks return refusals, decisions and
events; they never touch a host engine's objects, which they see only as immutable
:class:`~splitcards.rules.model.ObjectView` snapshots.

The built-in rules are themselves a plugin (``splitcards.game.plugins.builtin``) whose implementations are
all ``trylast``: a third-party plugin refuses an action or replaces a decision before the
built-in rules give theirs. Every check and decision the Table makes is one of these hooks'
answers, called through pluggy (``pm.hook.check_cast(...)``), so pluggy's tracing and call
monitoring see the built-in rules' answers as they see any plugin's.

Every hook is a check, a decision or a report, and its name says which: ``check_*`` hooks may
refuse, ``decide_*`` hooks (and the decisions the hooks of the first release named ``on_resolve``,
``on_leave_stack``, ``on_enter_battlefield`` and ``on_name_choice``) answer what happens, and the
other ``on_*`` hooks report what happened. A decision may also be a refusal (an
:class:`~splitcards.errors.IllegalAction`), which refuses the action as a check does.

This module holds every hook, and is the one a plugin manager adds (``add_hookspecs``); it
defines the registration hooks, and imports the others from the modules that define them by
kind: :mod:`splitcards.hooks.checks`, :mod:`splitcards.hooks.decisions`,
:mod:`splitcards.hooks.reports`, Rooms' doors in :mod:`splitcards.hooks.doors`, the
characteristics in :mod:`splitcards.hooks.characteristics`, the views of an object changing
zones in :mod:`splitcards.hooks.views`, and what the questions rest on in
:mod:`splitcards.hooks.questions`.

Call order of each action of :class:`~splitcards.game.table.Table` (pytest's check, act, report):

* ``create``:

    1. ``check_card`` and ``check_destination``; nothing is reported (a position is set up).

* ``cast`` (and ``copy_card`` with ``cast``):

    1. ``decide_cost_effects`` adds the cost effects in force (the results of all plugins);
       ``decide_targets`` lists the legal choices for each target the spell requires, where the
       Table judges targets (``Table(judge_targets=...)``).
    2. ``check_cast`` -- any plugin may refuse; the built-in legality checks come last.
    3. ``decide_cast`` decides the spell and what it costs in all.
    4. The host puts the spell on the stack (``Host.cast``; for a copy, ``decide_copy`` first,
       then ``Host.copy_card``).
    5. ``decide_spell_view`` decides the spell as it is on the stack; ``on_splice`` for each
       spliced card, then ``on_cast``.

* ``resolve``:

    1. ``check_resolve`` -- only the top of the stack resolves.
    2. ``on_resolve`` decides the order of instructions and where the card goes
       (``check_destination`` holds a plugin's answer to the rules).
    3. For a permanent spell, ``decide_permanent_view`` decides the permanent it becomes,
       ``on_enter_battlefield`` the doors it enters with (``decide_citations`` their rules);
       for any other card, ``on_leave_stack`` may replace its destination.
       ``decide_controller`` decides who controls the card where it goes.
    4. The host resolves it (``Host.resolve``).
    5. For a permanent: ``on_entered_battlefield``, then ``on_unlock`` for each door it entered
       unlocked (709.5d).

* ``move``:

    1. ``check_destination``; ``on_leave_stack`` for a spell leaving the stack;
       ``decide_moved_view`` then ``on_enter_battlefield`` for a card put onto the battlefield.
    2. The host moves it (``Host.move``, then ``Host.set_unlocked`` if it enters with doors).
    3. For a card put onto the battlefield: ``on_entered_battlefield``, then ``on_unlock`` for
       those doors.

* ``copy_spell``, ``copy_card``, ``copy_permanent``:

    1. ``decide_copy`` decides what the copy is, or refuses an object its effect can't copy.
    2. The host makes it; a permanent copy then goes as ``move`` step 3 (``on_enter_battlefield``
       decided its doors before).

* ``unlock`` / ``lock``:

    1. ``decide_doors`` reads the doors named; ``check_unlock`` / ``check_lock`` for each.
    2. For an unlock, ``decide_unlock_cost`` decides what it costs (the special action its
       unlock cost; an effect nothing).
    3. The host changes the designations (``Host.set_unlocked``).
    4. ``on_unlock`` / ``on_lock``.

* ``manifest`` / ``turn_face_up`` / ``become_copy``:

    1. ``check_face_down`` then ``decide_face_down_view``; ``check_face_up`` then
       ``decide_face_up_view``; ``decide_become_copy``.
    2. The host acts (``set_face_down``, after ``move`` onto the battlefield for a card put
       there face down; ``set_unlocked`` for the doors a permanent turned face up has;
       ``become_copy``); nothing is reported.

* ``cascade`` / ``discover`` / ``storm``:

    1. ``decide_cascade`` or ``decide_discover`` decides, from the library top first, the cards
       exiled, the one it stops at and what of it may be cast; ``decide_storm`` how many copies.
    2. The host moves the exiled cards to exile (``Host.move``), and the rest as ``cast`` and
       ``move`` do; each storm copy is a ``copy_spell``.

* ``plot``:

    1. ``check_plot``.
    2. The host moves the card to exile (``Host.move``); the Table records the turn it became
       plotted on; nothing is reported.

* ``set_turn``:

    1. ``check_turn``.
    2. The host changes the timing context (``Host.set_timing``); nothing is reported.

* ``choose_name``:

    1. ``on_name_choice`` gives the legal answers (``decide_citations`` their rules);
       for a name with certain characteristics, ``decide_described_names`` keeps those that
       may be chosen; ``decide_name`` finds the choice among them.
    2. ``on_name_chosen`` reports the choice.

* ``castable``, ``cast_refusal``, ``cast_decision``, ``can_unlock``, ``unlock_cost``:

    The hooks of the action, as the action asks them, up to the host: ``castable`` and
    ``cast_refusal`` ask ``decide_cost_effects`` and ``check_cast`` (``castable`` for every
    option, then ``decide_citations``), ``cast_decision`` ``decide_cast`` as well;
    ``can_unlock`` asks ``decide_doors``, ``check_unlock`` and ``decide_unlock_cost`` (then
    ``decide_citations``), ``unlock_cost`` ``decide_doors`` and ``decide_unlock_cost``. An option
    a query offers is one its action takes, and a refusal it gives is the one its action raises.

* ``moves``: ``decide_move_kinds`` for each object, then the hooks of ``castable`` and
  ``cast_decision`` for a cast, of ``can_unlock`` and ``unlock_cost`` for an unlock.

* ``splice_candidates``:

    1. ``decide_splice_zones``, then ``decide_spliceable`` with the other cards in those zones.
    2. ``decide_cost_effects`` and ``check_cast`` for the spell without splices.
    3. ``decide_cost_effects`` and ``check_cast`` with each card it names spliced, one at a time.

* ``characteristic``, ``has_name``, ``compare``: ``decide_characteristic``,
  ``decide_has_name``, ``decide_comparison``.

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
from splitcards.hooks import hookspec
from splitcards.hooks.characteristics import decide_characteristic as decide_characteristic
from splitcards.hooks.characteristics import decide_comparison as decide_comparison
from splitcards.hooks.characteristics import decide_has_name as decide_has_name

# The hooks of the other modules are hooks of this one too: the manager adds this module's specs,
# and a plugin's author finds them all here.
from splitcards.hooks.checks import check_card as check_card
from splitcards.hooks.checks import check_cast as check_cast
from splitcards.hooks.checks import check_destination as check_destination
from splitcards.hooks.checks import check_plot as check_plot
from splitcards.hooks.checks import check_resolve as check_resolve
from splitcards.hooks.checks import check_turn as check_turn
from splitcards.hooks.decisions import decide_cast as decide_cast
from splitcards.hooks.decisions import decide_controller as decide_controller
from splitcards.hooks.decisions import decide_copy as decide_copy
from splitcards.hooks.decisions import decide_cost_effects as decide_cost_effects
from splitcards.hooks.decisions import decide_described_names as decide_described_names
from splitcards.hooks.decisions import decide_name as decide_name
from splitcards.hooks.decisions import decide_spliceable as decide_spliceable
from splitcards.hooks.decisions import decide_targets as decide_targets
from splitcards.hooks.decisions import on_enter_battlefield as on_enter_battlefield
from splitcards.hooks.decisions import on_leave_stack as on_leave_stack
from splitcards.hooks.decisions import on_name_choice as on_name_choice
from splitcards.hooks.decisions import on_resolve as on_resolve
from splitcards.hooks.doors import check_lock as check_lock
from splitcards.hooks.doors import check_unlock as check_unlock
from splitcards.hooks.doors import decide_doors as decide_doors
from splitcards.hooks.doors import decide_unlock_cost as decide_unlock_cost
from splitcards.hooks.doors import on_lock as on_lock
from splitcards.hooks.doors import on_unlock as on_unlock
from splitcards.hooks.faces import check_cast_face_down as check_cast_face_down
from splitcards.hooks.faces import check_face_down as check_face_down
from splitcards.hooks.faces import check_face_up as check_face_up
from splitcards.hooks.faces import decide_become_copy as decide_become_copy
from splitcards.hooks.faces import decide_face_down_spell as decide_face_down_spell
from splitcards.hooks.faces import decide_face_down_view as decide_face_down_view
from splitcards.hooks.faces import decide_face_up_cost as decide_face_up_cost
from splitcards.hooks.faces import decide_face_up_view as decide_face_up_view
from splitcards.hooks.library import decide_cascade as decide_cascade
from splitcards.hooks.library import decide_discover as decide_discover
from splitcards.hooks.library import decide_storm as decide_storm
from splitcards.hooks.questions import decide_citations as decide_citations
from splitcards.hooks.questions import decide_move_kinds as decide_move_kinds
from splitcards.hooks.questions import decide_splice_zones as decide_splice_zones
from splitcards.hooks.registration import AdapterRegistration
from splitcards.hooks.reports import on_cast as on_cast
from splitcards.hooks.reports import on_entered_battlefield as on_entered_battlefield
from splitcards.hooks.reports import on_name_chosen as on_name_chosen
from splitcards.hooks.reports import on_splice as on_splice
from splitcards.hooks.views import decide_moved_view as decide_moved_view
from splitcards.hooks.views import decide_permanent_view as decide_permanent_view
from splitcards.hooks.views import decide_spell_view as decide_spell_view

# -------------------------------------------------------------------------------------------
# registration
# -------------------------------------------------------------------------------------------


@hookspec
def splitcards_register_adapters() -> Sequence[AdapterRegistration]:
    """Register host adapters.

    :return: the adapters this plugin provides, each a :class:`splitcards.AdapterInfo`; the
        results of all plugins are joined, and a host name given twice is an error.
    """


@hookspec
def splitcards_rule_files() -> Sequence[Path | Traversable | str]:
    """Add rule-version YAML files (house rules, or editions the project does not ship).

    :return: paths of version files (a string is read as a path); each may ``extends:`` a
        built-in version. The results of all plugins are joined.
    """
