"""How a :class:`~splitcards.game.table.Table` calls the hooks: under its rule version, naming
the hook that runs (for :class:`~splitcards.errors.TableInUse`), with the report hooks' events
added to its record. A refusal the hooks answer is raised here, and nowhere else: the rules
return it as a value."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Concatenate, ParamSpec, TypeVar

import pluggy

from splitcards.errors import IllegalAction, PluginFailure, UnknownQuery
from splitcards.game.plugins import hookcalls
from splitcards.game.plugins.hookcalls import FirstResult, Joined
from splitcards.game.plugins.manager import BUILTIN_NAME, plugins_implementing
from splitcards.game.table.oneaction import Actions
from splitcards.rules.card import Card
from splitcards.rules.citations import Question
from splitcards.rules.model import Event, Zone
from splitcards.rules.versions import RuleVersion

T = TypeVar("T")
P = ParamSpec("P")
R = TypeVar("R")

# What a decision hook answers to refuse: an illegal action, or a question the rules don't know.
Refusal = IllegalAction | UnknownQuery


class TableHooks:
    """The hook calls of a Table (its base class), and the check of a zone a plugin decided."""

    pm: pluggy.PluginManager
    rules: RuleVersion
    events: list[Event]
    _actions: Actions

    def _ask(self, hook: FirstResult[Concatenate[RuleVersion, P], R], *args: P.args, **kwargs: P.kwargs) -> R:
        """A refusal or a decision of the plugins, under this table's rule version."""
        with self._actions.calling(hook.name):
            return hook(self.pm, self.rules, *args, **kwargs)

    def _joined(self, hook: Joined[Concatenate[RuleVersion, P], R], *args: P.args, **kwargs: P.kwargs) -> list[R]:
        """The answers of every plugin to a joined decision hook, under this table's rule version."""
        with self._actions.calling(hook.name):
            return hook(self.pm, self.rules, *args, **kwargs)

    def _decided(
        self,
        hook: FirstResult[Concatenate[RuleVersion, P], T | Refusal | None],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """A decision the built-in rules always give when no plugin does; a decision that is a
        refusal is raised, as a ``check_*`` hook's is."""
        found = self._ask(hook, *args, **kwargs)
        if found is None:
            raise _unanswered(hook)
        if isinstance(found, IllegalAction | UnknownQuery):
            raise found
        return found

    def _refuse(self, refusal: IllegalAction | None) -> None:
        """Raise a ``check_*`` hook's refusal."""
        if refusal is not None:
            raise refusal

    def _cited(self, question: Question) -> tuple[str, ...]:
        """The rules an answer to ``question`` cites (``decide_citations``)."""
        return self._decided(hookcalls.decide_citations, question=question)

    def _report(
        self,
        hook: Joined[Concatenate[RuleVersion, P], Sequence[Event]],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> None:
        """Record the events of a report hook, called after the host acted."""
        given: list[tuple[str, Sequence[Event]]] = []
        try:
            with self._actions.calling(hook.name):
                hook.into(given, self.pm, self.rules, *args, **kwargs)
        except PluginFailure as failure:
            raise PluginFailure(failure.plugin, failure.hook, failure.error, happened=True) from failure.error
        except (KeyboardInterrupt, SystemExit):
            # The host acted: the record keeps the reports given before the interruption, and
            # shows the action as the built-in report of it says (asked of them alone, through
            # pluggy, if they had not given it), before the interruption goes on.
            self.events += [event for _, result in given for event in result]
            if all(plugin != BUILTIN_NAME for plugin, _ in given):
                builtin = hook.of(BUILTIN_NAME, self.pm, self.rules, *args, **kwargs)
                self.events += [event for result in builtin for event in result]
            raise
        self.events += [event for _, result in given for event in result]

    def _plugins_destination(self, hook: FirstResult[Any, Any], card: Card, zone: Zone | None) -> None:
        """A zone a plugin decided is held to the ``check_destination`` chain, as a host's move is
        (400.4a, 601.2a): an instant sent onto the battlefield is the deciding plugin's failure,
        and the game is as it was."""
        if zone is None:
            return
        refusal = self._ask(hookcalls.check_destination, card=card, zone=zone)
        if refusal is not None:
            # The answer is one of theirs: the built-in rules never send a card where it can't go.
            plugins = ", ".join(plugins_implementing(self.pm, hook)) or BUILTIN_NAME
            raise PluginFailure(plugins, hook.name, refusal) from None


def _unanswered(hook: FirstResult[Any, Any]) -> PluginFailure:
    """The failure of a decision no implementation gave: the built-in rules always give one."""
    problem = LookupError("no implementation answered: the built-in rules are not registered")
    return PluginFailure(BUILTIN_NAME, hook.name, problem)
