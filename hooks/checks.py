"""Hook specifications of the checks: a ``check_*`` hook may refuse an action before the host is
asked to take it (a card, a cast, a resolution, a destination, a change of the turn).

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
from splitcards.rules.actions import CastRequest
from splitcards.rules.card import Card
from splitcards.rules.model import ObjectId, ObjectView, Player, Timing, TimingChange, Zone
from splitcards.rules.versions import RuleVersion

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


@hookspec(firstresult=True)
def check_card(rules: RuleVersion, card: Card) -> IllegalAction | None:
    """Refuse a card that does not exist under the rule version (a Room before Rooms).

    Stops at first non-None result. The built-in check is the last implementation.

    :param rules: the rule version in force.
    :param card: the card to create, or asked about.
    :return: the error that refuses the card, or ``None`` for no objection.
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


# -------------------------------------------------------------------------------------------
# timing
# -------------------------------------------------------------------------------------------


@hookspec(firstresult=True)
def check_plot(
    rules: RuleVersion, view: ObjectView, player: Player, by_effect: bool, timing: Timing
) -> IllegalAction | None:
    """Refuse plotting a card: exiling it so that it may be cast on a later turn (702.170).

    Stops at first non-None result. The built-in rules (``trylast``) refuse, for the special
    action (``by_effect`` false), a card with no plot ability, one not in the player's own hand,
    and a moment other than the player's main phase with priority and an empty stack (702.170a,
    116.2k); by an effect (702.170c), a permanent or a spell; and any plot under a version whose
    edition has no plot.

    :param rules: the rule version in force.
    :param view: the card as it is now.
    :param player: who plots it.
    :param by_effect: whether an effect plots it rather than the special action.
    :param timing: the timing context now.
    :return: the error that refuses it (citing its rule), or ``None`` for no objection.
    """


@hookspec(firstresult=True)
def check_turn(rules: RuleVersion, change: TimingChange, timing: Timing) -> IllegalAction | None:
    """Refuse moving the game to another timing context: a turn, a phase or step, priority (500.1, 117.1).

    Stops at first non-None result. The built-in rules refuse none: setting up a position is no
    game action. A house rule may (a game that never gives the non-active player priority).

    :param rules: the rule version in force.
    :param change: the change asked for; its fields left ``None`` stay as they are.
    :param timing: the timing context now, before the change.
    :return: the error that refuses the change (citing its rule), or ``None`` for no objection.
    """
