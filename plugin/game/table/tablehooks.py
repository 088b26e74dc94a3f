"""How a :class:`~splitcards.game.table.Table` calls the hooks: under its rule version, naming
the hook that runs (for :class:`~splitcards.errors.TableInUse`), with the report hooks' events
added to its record."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Concatenate, ParamSpec, TypeVar

import pluggy

from splitcards.errors import IllegalAction, PluginFailure
from splitcards.game.plugins import hookcalls
from splitcards.game.plugins.hookcalls import FirstResult, Joined
from splitcards.game.plugins.manager import BUILTIN_NAME, plugins_implementing
from splitcards.game.table.oneaction import Actions
from splitcards.rules.card import Card
from splitcards.rules.model import Event, Zone
from splitcards.rules.versions import RuleVersion

T = TypeVar("T")
P = ParamSpec("P")
R = TypeVar("R")


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
        hook: FirstResult[Concatenate[RuleVersion, P], T | IllegalAction | None],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """A decision the built-in rules always give when no plugin does; a decision that is a
        refusal is raised, as a ``check_*`` hook's is."""
        found = self._ask(hook, *args, **kwargs)
        if found is None:
            problem = LookupError("no implementation answered: the built-in rules are not registered")
            raise PluginFailure(BUILTIN_NAME, hook.name, problem)
        if isinstance(found, IllegalAction):
            raise found
        return found

    def _refuse(self, refusal: IllegalAction | None) -> None:
        """Raise a ``check_*`` hook's refusal."""
        if refusal is not None:
            raise refusal

    def _report(
        self,
        hook: Joined[Concatenate[RuleVersion, P], Sequence[Event]],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> None:
        """Record the events of a report hook, called after the host acted (on an interruption,
        the built-in rules' report of the same hook)."""
        try:
            with self._actions.calling(hook.name):
                results = hook(self.pm, self.rules, *args, **kwargs)
        except PluginFailure as failure:
            raise PluginFailure(failure.plugin, failure.hook, failure.error, happened=True) from failure.error
        except (KeyboardInterrupt, SystemExit):
            # The host acted: the record shows it, as the built-in report of the action says,
            # before the interruption goes on.
            from splitcards.game.plugins import builtin

            builtin_report: Callable[..., Sequence[Event]] = getattr(builtin, hook.name)
            self.events += builtin_report(self.rules, *args, **kwargs)
            raise
        self.events += [event for result in results for event in result]

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
