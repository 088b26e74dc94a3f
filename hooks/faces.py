"""Hook specifications of a permanent's face and copy effects: a card put onto the battlefield
face down (manifest, manifest dread, cloak) or cast face down (morph, disguise), a face-down
permanent turned face up, and a permanent becoming a copy of another.

They are hooks of :mod:`splitcards.hooks.spec`, which imports them; its description gives the
call order of each action.
"""

# Hook specs are signatures only: their bodies are their docstrings.
# mypy: disable-error-code="empty-body"
from __future__ import annotations

# Imported at run time, not only for type checkers: what a plugin returns is checked against
# these annotations (splitcards.game.plugins.hookresults).
from splitcards.errors import IllegalAction
from splitcards.hooks import hookspec
from splitcards.rules.faces import FaceDownBy, FaceDownSpell, FaceUpBy
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastFaceDown, ObjectView, Player, Timing
from splitcards.rules.versions import RuleVersion


@hookspec(firstresult=True)
def check_face_down(rules: RuleVersion, view: ObjectView, by: FaceDownBy) -> IllegalAction | None:
    """Refuse to put a card onto the battlefield face down (an edition without that keyword action).

    Stops at first non-None result. The built-in check is the last implementation.

    :param rules: the rule version in force.
    :param view: the card, where it is now.
    :param by: the keyword action: manifest (701.34a), manifest dread (701.60a) or cloak (701.56a).
    :return: the error that refuses it (citing its rule, or saying the edition has no text for
        it), or ``None`` for no objection.
    """


@hookspec(firstresult=True)
def decide_face_down_view(
    rules: RuleVersion, view: ObjectView, by: FaceDownBy, controller: Player
) -> ObjectView | None:
    """Decide the face-down permanent a card put onto the battlefield face down becomes (708.2a, 708.3).

    Stops at first non-None result. Called after ``check_face_down``, before the host acts.

    :param rules: the rule version in force.
    :param view: the card, where it is now.
    :param by: the keyword action that puts it there.
    :param controller: the player it enters under.
    :return: the permanent as it enters, or ``None`` to leave the decision to later plugins.
    """


@hookspec(firstresult=True)
def check_face_up(rules: RuleVersion, view: ObjectView, by: FaceUpBy) -> IllegalAction | None:
    """Refuse to turn a permanent face up (one face up already; a Room by the special action, 701.34b).

    Stops at first non-None result. The built-in check is the last implementation.

    :param rules: the rule version in force.
    :param view: the permanent.
    :param by: the special action of the rule that made it face down, or an effect.
    :return: the error that refuses it, or ``None`` for no objection.
    """


@hookspec(firstresult=True)
def decide_face_up_view(rules: RuleVersion, view: ObjectView) -> ObjectView | None:
    """Decide a face-down permanent once it is turned face up: the same permanent, which did not enter now (708.8).

    Stops at first non-None result. Called after ``check_face_up``; the host then turns it face
    up and gives it the doors of the answer: those it had, none for a manifested Room (709.5d).

    :param rules: the rule version in force.
    :param view: the face-down permanent.
    :return: the permanent face up, or ``None`` to leave the decision to later plugins.
    """


@hookspec(firstresult=True)
def decide_become_copy(rules: RuleVersion, view: ObjectView, original: ObjectView) -> ObjectView | IllegalAction | None:
    """Decide a permanent once it has become a copy of another (707.2, 709.5c).

    Stops at first non-None result. Called before the host acts. It takes the original's copiable
    values and keeps its own status and designations.

    :param rules: the rule version in force.
    :param view: the permanent that becomes a copy.
    :param original: the permanent it copies.
    :return: the permanent as a copy, the refusal of objects that are not permanents, or
        ``None`` to leave the decision to later plugins.
    """


@hookspec(firstresult=True)
def check_cast_face_down(
    rules: RuleVersion, view: ObjectView, by: CastFaceDown, timing: Timing, player: Player
) -> IllegalAction | None:
    """Refuse to cast a card face down (a card without that keyword, 702.37d; an edition without it).

    Stops at first non-None result. The built-in check is the last implementation.

    :param rules: the rule version in force.
    :param view: the card, where it is now.
    :param by: the keyword it is cast face down with: morph or disguise.
    :param timing: the game's timing now (a face-down spell is a creature spell, 307.1).
    :param player: the player who casts it.
    :return: the error that refuses it, or ``None`` for no objection.
    """


@hookspec(firstresult=True)
def decide_face_down_spell(
    rules: RuleVersion, view: ObjectView, by: CastFaceDown, caster: Player
) -> FaceDownSpell | None:
    """Decide the face-down spell a card cast face down becomes and what it costs (708.4: {3}).

    Stops at first non-None result. Called after ``check_cast_face_down``, before the host puts it
    on the stack.

    :param rules: the rule version in force.
    :param view: the card, where it is now.
    :param by: the keyword it is cast face down with.
    :param caster: the player who casts it.
    :return: the spell and its cost, or ``None`` to leave the decision to later plugins.
    """


@hookspec(firstresult=True)
def decide_face_up_cost(rules: RuleVersion, view: ObjectView) -> ManaCost | None:
    """Decide what the special action costs to turn a face-down permanent face up (116.2b).

    Stops at first non-None result. Called after ``check_face_up``, for the special action only.

    :param rules: the rule version in force.
    :param view: the face-down permanent.
    :return: its morph or disguise cost, else its mana cost, or ``None`` for no decision.
    """
