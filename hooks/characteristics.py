"""Hook specifications of the characteristics: what an object's characteristics are, whether it
has a name, and what a comparison with one of them answers (709.3b, 709.4, 708.2, 505.2).

They are hooks of :mod:`splitcards.hooks.spec`, which imports them. ``Table.characteristic``,
``Table.has_name`` and ``Table.compare`` each ask one of them and nothing else.
"""

# Hook specs are signatures only: their bodies are their docstrings.
# mypy: disable-error-code="empty-body"
from __future__ import annotations

from typing import TYPE_CHECKING, Any

# Imported at run time, not only for type checkers: what a plugin returns is checked against
# these annotations (splitcards.game.plugins.hookresults).
from splitcards.errors import UnknownQuery
from splitcards.hooks import hookspec
from splitcards.rules.model import Answer, ObjectView
from splitcards.rules.versions import RuleVersion

if TYPE_CHECKING:
    # A parameter's type only: the queries load with the first question about one.
    from splitcards.rules.characteristics import Query


@hookspec(firstresult=True)
def decide_characteristic(
    rules: RuleVersion, view: ObjectView, query: Query[Any] | str
) -> Answer[object] | UnknownQuery | None:
    """Decide a characteristic of an object: its names, mana values, colors, types... (709.4, 709.3b, 708.2).

    Stops at first non-None result. The built-in rules answer each query of
    :mod:`splitcards.rules.characteristics` by the facets the rule version gives the object: one
    per half off the stack before 2017 (two answers), one combined since (709.4), the half cast
    on the stack (709.3b), a Room's unlocked halves on the battlefield (709.5).

    :param rules: the rule version in force.
    :param view: the object, as it is now (or as it was, for a spell that left the stack).
    :param query: the query (``NAMES``, ``MANA_VALUES``...), or its name (``"mana_values"``).
    :return: the answer citing its rules, of the type the query names (``Answer[tuple[str, ...]]``
        for ``NAMES``); the error that refuses a query the rules don't know; or ``None`` to leave
        the decision to later plugins.
    """


@hookspec(firstresult=True)
def decide_has_name(rules: RuleVersion, view: ObjectView, name: str) -> Answer[bool] | None:
    """Decide whether an object has a name (709.4a: a split card has each half's name, never "A // B").

    Stops at first non-None result.

    :param rules: the rule version in force.
    :param view: the object, as it is now.
    :param name: the name asked about.
    :return: yes or no, citing the rules, or ``None`` to leave the decision to later plugins.
    """


@hookspec(firstresult=True)
def decide_comparison(
    rules: RuleVersion, view: ObjectView, characteristic: str, op: str, value: int | str
) -> Answer[bool] | UnknownQuery | None:
    """Decide a comparison with one of an object's characteristics (708.6a/b before 2013, 709.4).

    Stops at first non-None result. The built-in rules answer yes when any answer of the object
    says yes, and ``!=`` yes when ``==`` says no.

    :param rules: the rule version in force.
    :param view: the object, as it is now.
    :param characteristic: ``"mana_value"`` or ``"color"``.
    :param op: ``==``, ``!=``, ``<``, ``<=``, ``>`` or ``>=`` (``==`` and ``!=`` for a color).
    :param value: a whole number, or a color letter (``W``, ``U``, ``B``, ``R``, ``G``).
    :return: yes or no, citing the rules; the error that refuses a comparison the rules don't
        know; or ``None`` to leave the decision to later plugins.
    """
