"""What the registration hook ``splitcards_register_adapters`` answers: host adapters, each a
:class:`splitcards.AdapterInfo`.

The hook contract sits below the game, so it names an adapter's registration by its shape
(:class:`AdapterRegistration`), which :class:`~splitcards.game.contract.AdapterInfo` has; every
field of a registration is checked when it is registered
(:func:`splitcards.game.plugins.hosts.registration_problem`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from splitcards.rules.versions import RuleVersion


@runtime_checkable
class AdapterRegistration(Protocol):
    """A host adapter as a plugin registers it: the fields of :class:`splitcards.AdapterInfo`."""

    @property
    def name(self) -> str:
        """The host's name, unique among the installed hosts."""

    @property
    def description(self) -> str:
        """A line about the host."""

    @property
    def factory(self) -> Callable[[RuleVersion], object]:
        """Builds a new game, a ``Host``, for the rule version it is given."""

    @property
    def available(self) -> str | None:
        """The reason the engine can't run; ``None`` when it can."""

    @property
    def ai_game(self) -> Callable[[RuleVersion], object] | None:
        """Builds a game its engine's AI plays (an ``AIHost``); ``None`` when it has none."""

    @property
    def lacks(self) -> tuple[object, ...]:
        """The capabilities the host does not have, each a ``Gap``."""

    @property
    def deviations(self) -> tuple[object, ...]:
        """Where the host knowingly answers otherwise than the rules, each a ``KnownDeviation``."""

    @property
    def contract(self) -> str:
        """The version of the host contract the adapter was written for."""
