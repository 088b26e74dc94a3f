"""Hook specifications of the reports: an ``on_*`` report hook says what happened, after the host
acted and only if it did (a splice, a cast, a permanent entering, a name chosen).

They are hooks of :mod:`splitcards.hooks.spec`, which imports them; its description gives the
call order of each action.
"""

# Hook specs are signatures only: their bodies are their docstrings.
# mypy: disable-error-code="empty-body"
from __future__ import annotations

from collections.abc import Sequence

# Imported at run time, not only for type checkers: what a plugin returns is checked against
# these annotations (splitcards.game.plugins.hookresults).
from splitcards.hooks import hookspec
from splitcards.rules.card import Card, Side
from splitcards.rules.model import Event, ObjectId, ObjectView, Player, SpellFacts, Spliced
from splitcards.rules.versions import RuleVersion

# -------------------------------------------------------------------------------------------
# casting
# -------------------------------------------------------------------------------------------


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


# -------------------------------------------------------------------------------------------
# zones
# -------------------------------------------------------------------------------------------


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
