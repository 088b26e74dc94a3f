"""Hook specifications of the decisions: what a cast is and costs, which cards could be spliced,
how a spell resolves and where its card goes, who controls it there, the doors a permanent
enters with, what a copy is, and which names a player may choose.

A decision is a ``decide_*`` hook, or one of the decisions the hooks of the first release named
``on_resolve``, ``on_leave_stack``, ``on_enter_battlefield`` and ``on_name_choice``. They are
hooks of :mod:`splitcards.hooks.spec`, which imports them; its description gives the call order
of each action.
"""

# Hook specs are signatures only: their bodies are their docstrings.
# mypy: disable-error-code="empty-body"
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

# Imported at run time, not only for type checkers: what a plugin returns is checked against
# these annotations (splitcards.game.plugins.hookresults).
from splitcards.errors import IllegalAction
from splitcards.hooks import hookspec
from splitcards.rules.actions import CastDecision, CastRequest, Resolution, TargetChoices
from splitcards.rules.card import Card, Side
from splitcards.rules.copies import CopyOf
from splitcards.rules.costs import CostEffect
from splitcards.rules.model import Answer, ObjectId, ObjectView, Player, Zone
from splitcards.rules.versions import RuleVersion

if TYPE_CHECKING:
    # A parameter's type only (return types are checked at run time): the descriptions' rules
    # load with the built-in ones.
    from splitcards.rules.conditions import Condition

# -------------------------------------------------------------------------------------------
# casting
# -------------------------------------------------------------------------------------------


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
def decide_targets(
    rules: RuleVersion, request: CastRequest, board: Sequence[tuple[ObjectId, ObjectView]]
) -> Answer[tuple[TargetChoices, ...]] | None:
    """Decide the legal choices for each target the spell requires as it is cast (601.2c, 115.1).

    Stops at first non-None result. Called after ``decide_cost_effects`` and before
    ``check_cast``, whose built-in check refuses a cast with a target that has no legal choice
    (``IllegalTarget``; a spliced card's, ``IllegalSplice``, 702.47b). The built-in rules read the
    targets from the text of the halves cast (both for a fused spell) and of the spliced cards,
    and judge each object by the split-card rules. A hook wrapper that takes choices away adds
    hexproof, shroud or protection ("can't be the target of spells your opponents control").

    :param rules: the rule version in force.
    :param request: what is cast, with the cost effects in force.
    :param board: every object of the game with its view, in the host's order (read from the
        host only when a description looks at it).
    :return: one :class:`~splitcards.rules.actions.TargetChoices` per target, in the order of the
        built-in answer (the spell's text, then each spliced card's), citing the rules; or
        ``None`` to leave the decision to later plugins.
    """


@hookspec(firstresult=True)
def decide_cast(rules: RuleVersion, request: CastRequest) -> CastDecision | IllegalAction | None:
    """Decide the spell a legal cast puts on the stack and what it costs in all (601.2a, 601.2f).

    Stops at first non-None result. Called after ``check_cast`` found no objection; a hook
    wrapper may change the built-in decision, as a cost effect does ("noncreature spells cost
    {1} more").

    :param rules: the rule version in force.
    :param request: what is cast, as ``check_cast`` saw it.
    :return: the decision: the spell's facts, its total mana cost (what the Table charges, left
        in ``Table.last_cost``) and the rules that decide it; the error that refuses the cast (the
        built-in rules refuse a hybrid payment the cost can't take, 601.2b, should a plugin have
        let it through ``check_cast``); or ``None`` to leave the decision to later plugins.
    """


@hookspec(firstresult=True)
def decide_spliceable(
    rules: RuleVersion, cards: Sequence[tuple[ObjectId, ObjectView]]
) -> Answer[tuple[ObjectId, ...]] | None:
    """Decide which cards could be spliced onto a spell at all (702.47a: those with a splice ability).

    Stops at first non-None result. Asked by ``splice_candidates`` once, with the cards in hands,
    before ``check_cast`` is asked about splicing each card it names: a card it leaves out is not
    put to the check, which spares building a refusal for each card. Whether a card may be
    spliced onto the spell is ``check_cast``'s answer. A house rule that lets a card without a
    splice ability be spliced adds it to the built-in decision with a hook wrapper.

    :param rules: the rule version in force.
    :param cards: the cards in hands other than the spell's, each with its id, in the host's order.
    :return: the ids of those that could be spliced (of ``cards``, each once), citing the rules,
        or ``None`` to leave the decision to later plugins.
    """


@hookspec(firstresult=True)
def on_resolve(rules: RuleVersion, spell: ObjectId, view: ObjectView) -> Resolution | IllegalAction | None:
    """Decide how a spell resolves: the order of its instructions and where it goes (608.2, 608.3).

    Stops at first non-None result.

    :param rules: the rule version in force.
    :param spell: the id of the resolving spell.
    :param view: the spell as it is on the stack.
    :return: the resolution; the error that refuses it (the built-in rules refuse an object
        with no spell facts); or ``None`` to leave the decision to later plugins.
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
        halves' names together under the old rules (505.7, 708.7 before 2013); at least one
        answer, each once, none naming a name twice.
    """


@hookspec(firstresult=True)
def decide_described_names(
    rules: RuleVersion, card: Card, legal: Sequence[tuple[str, ...]], described: Condition
) -> Answer[tuple[tuple[str, ...], ...]] | IllegalAction | None:
    """Decide which legal name choices a card name with certain characteristics allows (201.4b).

    The player is told to choose a card name such as "a noncreature, nonland card name" and wants
    ``card``.

    Stops at first non-None result. Called with the answers of ``on_name_choice``, before
    ``decide_name`` is given those this hook keeps.

    :param rules: the rule version in force.
    :param card: the card the player wants to name.
    :param legal: the legal answers of ``on_name_choice``.
    :param described: the characteristics the name's card must have.
    :return: those of ``legal`` that may be chosen (none, if none), with the rules that decide it;
        the error that refuses the choice (a rule version with no text to judge it by); or
        ``None`` to leave the decision to later plugins.
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
    :return: the legal answer the choice gives, one of ``legal`` (both halves' names may be
        given in either order), the error that refuses it, or ``None`` to leave the decision to
        later plugins.
    """
