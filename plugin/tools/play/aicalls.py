"""The game loop's calls to what an :class:`~splitcards.game.contract.aihost.AIHost` may or may
not have: an AI host written against an earlier release keeps working."""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable, Collection, Sequence

from splitcards.game.contract.aihost import AIHost
from splitcards.rules.mana import ANY_KIND
from splitcards.rules.model import ObjectId, Player

InsteadOfPassing = Callable[[Collection[ObjectId]], object | None]


def mana_sources(ai: AIHost, player: Player) -> Sequence[frozenset[str]]:
    """The kinds of mana each source of ``player`` could make now: the host's ``mana_sources``,
    or (a host written before it, deprecated) its ``mana_available`` count, each of any kind."""
    sources = getattr(ai, "mana_sources", None)
    if sources is not None:
        found: Sequence[frozenset[str]] = sources(player)
        return found
    warnings.warn(
        f"{type(ai).__name__}.mana_available is deprecated: an AIHost gives mana_sources",
        DeprecationWarning,
        stacklevel=3,
    )
    return [ANY_KIND] * int(ai.mana_available(player))  # type: ignore[attr-defined]


def instead_of_passing(ai: AIHost) -> InsteadOfPassing | None:
    """The host's ``instead_of_passing`` as a call that takes the kept cards, or ``None`` when it
    has none. A method written before ``kept`` is asked without it (found out once, here: reading
    a signature costs more than most steps of a game)."""
    method = getattr(ai, "instead_of_passing", None)
    if method is None:
        return None
    if "kept" in inspect.signature(method).parameters:
        return lambda kept: method(kept=kept)
    return lambda kept: method()
