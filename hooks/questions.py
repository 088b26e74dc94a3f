"""Hook specifications of what the Table's questions rest on: which objects a player's moves are
asked about, where the cards that could be spliced come from, and the rules an answer cites.

They are hooks of :mod:`splitcards.hooks.spec`, which imports them; its description gives the
hooks each question asks.
"""

# Hook specs are signatures only: their bodies are their docstrings.
# mypy: disable-error-code="empty-body"
from __future__ import annotations

# Imported at run time, not only for type checkers: what a plugin returns is checked against
# these annotations (splitcards.game.plugins.hookresults).
from splitcards.hooks import hookspec
from splitcards.rules.citations import Question
from splitcards.rules.model import Answer, ObjectView, Player, Zone
from splitcards.rules.offers import MoveKind
from splitcards.rules.versions import RuleVersion


@hookspec(firstresult=True)
def decide_move_kinds(rules: RuleVersion, view: ObjectView, player: Player) -> Answer[frozenset[MoveKind]] | None:
    """Decide which kinds of move a player may have with an object: casting it, unlocking its doors (601.2a, 709.5e).

    Stops at first non-None result. Asked by ``Table.moves`` of each object it is given, before
    the hooks of each kind's action: the built-in rules cast a card from the zone it is in, never
    a spell or a permanent (601.2a), and unlock a Room permanent's doors by its controller's
    special action (709.5e).

    :param rules: the rule version in force.
    :param view: the object, as it is now.
    :param player: the player whose moves are asked for.
    :return: the kinds of move, citing the rules, or ``None`` to leave the decision to later plugins.
    """


@hookspec(firstresult=True)
def decide_splice_zones(rules: RuleVersion, spell: ObjectView, caster: Player) -> Answer[frozenset[Zone]] | None:
    """Decide the zones whose cards could be spliced onto a spell: its caster's hand (702.47a).

    Stops at first non-None result. Asked by ``Table.splice_candidates`` before
    ``decide_spliceable``, which is given the cards in these zones; a card it leaves out is not
    put to ``check_cast``, which has the last word on a cast that splices it.

    :param rules: the rule version in force.
    :param spell: the card to be cast, as it is now.
    :param caster: the player who would cast it.
    :return: the zones, citing the rules, or ``None`` to leave the decision to later plugins.
    """


@hookspec(firstresult=True)
def decide_citations(rules: RuleVersion, question: Question) -> tuple[str, ...] | None:
    """Decide the rules an answer to one of the Table's questions cites where no decision gives them.

    Stops at first non-None result. The built-in rules cite each question's rules in the rule
    version's numbering (:mod:`splitcards.rules.citations`): the legal names (709.4a), the
    options a card may be cast as (709.3, 601.2a, 307.1), a door the special action may unlock
    (709.5e), the doors a Room enters with (709.5d).

    :param rules: the rule version in force.
    :param question: the question answered.
    :return: the rule numbers, or ``None`` to leave the decision to later plugins.
    """
