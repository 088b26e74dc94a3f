"""The game loop's calls to what an :class:`~splitcards.game.contract.aihost.AIHost` may or may
not have: an AI host written against an earlier release keeps working.

Which of its methods a host has is found out once per game (:class:`AICalls`): reading a
signature costs more than most steps of a game.
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from splitcards.game.contract.aihost import AIHost, MoveOffer
from splitcards.game.contract.moves import Move
from splitcards.rules.card import Card
from splitcards.rules.costs import payable
from splitcards.rules.mana import ANY_KIND
from splitcards.rules.model import ObjectId, Player
from splitcards.rules.versions import RuleVersion

InsteadOfPassing = Callable[[Collection[ObjectId]], object | None]
Playable = Callable[[Player, Sequence[Move]], Sequence[Move]]
Played = Callable[[Player, Move], None]


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
    has none. A method written before ``kept`` is asked without it."""
    method = getattr(ai, "instead_of_passing", None)
    if method is None:
        return None
    if "kept" in inspect.signature(method).parameters:
        return lambda kept: method(kept=kept)
    return lambda kept: method()


@dataclass(frozen=True, slots=True)
class AICalls:
    """The calls of one game to its AI host, each the host's own method or what the loop does
    for a host written before it."""

    playable: Playable
    """The moves the engine could carry out now (:meth:`AIHost.playable`)."""
    played: Played
    """Tell the engine the rules played a move (:meth:`AIHost.played`)."""
    instead_of_passing: InsteadOfPassing | None
    """The host's ``instead_of_passing``, when it has one."""


def ai_calls(ai: AIHost, rules: RuleVersion) -> AICalls:
    """The calls of a game to ``ai``. A host without ``playable``, ``played`` or ``start``'s
    ``moves`` (written before them) is warned once: its moves are judged by the mana it could make
    (:func:`splitcards.rules.costs.payable`), and its host's cast is taken to pay."""
    missing = [name for name in ("playable", "played") if getattr(ai, name, None) is None]
    if not _takes_moves(ai):
        missing.append("start(..., moves)")
    if missing:
        warnings.warn(
            f"{type(ai).__name__} has no {', '.join(missing)}: an AIHost written before them keeps working"
            " for now; see the AIHost section of docs/adapters.md",
            DeprecationWarning,
            stacklevel=3,
        )
    found_playable: Playable | None = getattr(ai, "playable", None)
    found_played: Played | None = getattr(ai, "played", None)

    def by_mana(player: Player, moves: Sequence[Move]) -> Sequence[Move]:
        mana = mana_sources(ai, player)
        return [move for move in moves if payable(move.cost, mana, rules).value]

    return AICalls(
        found_playable or by_mana,
        found_played or (lambda player, move: None),
        instead_of_passing(ai),
    )


def start(ai: AIHost, deck: Sequence[Card], opponent: Sequence[Card], seed: int, moves: MoveOffer) -> None:
    """Start the game on ``ai``, handing it the rules' offer if its ``start`` takes one."""
    if _takes_moves(ai):
        ai.start(deck, opponent, seed, moves)
    else:
        ai.start(deck, opponent, seed)  # type: ignore[call-arg]


def _takes_moves(ai: AIHost) -> bool:
    return "moves" in inspect.signature(ai.start).parameters
