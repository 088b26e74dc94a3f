"""``splitcards demo``: a complete game between two copies of an engine's AI, with split cards,
fuse, aftermath, splice and Rooms in the decks (or the player's own decks,
:mod:`splitcards.tools.play.decklists`), under a rule version; every split-card decision is printed
with the rules that made it."""

from __future__ import annotations

from collections.abc import Callable

import pluggy

from splitcards.errors import UnsupportedCard
from splitcards.game.contract import AdapterInfo
from splitcards.rules.versions import RuleVersion
from splitcards.tools.play.decklists import UserDecks
from splitcards.tools.play.decks import deck_for
from splitcards.tools.play.loop import AIGame


def run(
    info: AdapterInfo,
    rules: RuleVersion,
    seed: int = 1,
    max_actions: int = 2000,
    out: Callable[[str], None] = print,
    pm: pluggy.PluginManager | None = None,
    decks: UserDecks | None = None,
) -> int:
    """Play and print one game on the host ``info``, with the demo decks or ``decks``; returns
    the exit status (2 when the host can't play AI games here). A deck the rule version or the
    engine refuses raises :class:`~splitcards.errors.DecklistError` before the game starts."""
    if info.ai_game is None:
        out(f"splitcards demo: host {info.name!r} can't play AI games (its adapter offers no ai_game)")
        return 2
    if info.available is not None:
        out(f"splitcards demo needs the {info.name} engine: {info.available}")
        return 2
    try:
        game = AIGame(info.ai_game(rules), rules, seed, max_actions, out, pm, decks=decks or deck_for)
    except UnsupportedCard as exc:
        if decks is None:
            raise
        raise decks.refused(exc, info.name) from exc
    out(f"splitcards demo: {info.name} AI vs AI under {rules.name} ({rules.edition}), seed {seed}")
    features = [f for f, on in (("fuse", rules.fuse), ("aftermath", rules.aftermath), ("Rooms", rules.rooms)) if on]
    out(f"rule version features: {', '.join(features) or 'none of fuse, aftermath, Rooms'}")
    if decks is None:
        for refusal in game.decks.left_out:
            out(f"left out of the decks: {refusal}")
        out("each deck: " + ", ".join(f"{game.decks.deck.count(c)} {c.name}" for c in game.decks.cards))
    else:
        for player, deck in (("p1", decks.deck), ("p2", decks.opponent)):
            out(f"{player}'s deck, {deck.path}: {deck.describe()}")
            if deck.decklist.sideboard:
                size = sum(entry.count for entry in deck.decklist.sideboard)
                first, last = deck.decklist.sideboard[0].line, deck.decklist.sideboard[-1].line
                out(f"{player}'s sideboard, not played: {size} cards (lines {first}-{last})")
    result = game.play()
    winner = f"{result.winner} wins" if result.winner is not None else f"stopped after {max_actions} actions"
    out(
        f"game over: {winner} on turn {result.turns}; {result.actions} actions, {result.casts} spells cast through"
        f" the rules, {result.refusals} refused, in {result.seconds:.1f} s"
    )
    deviations = game.ai.deviations
    for name in sorted(set(result.corrections)):
        count = result.corrections.count(name)
        deviation = deviations.get(name)
        if deviation is None:
            out(f"{info.name} corrected {count}x: {name} (not a documented {info.name} deviation: please report it)")
        else:
            out(f"{info.name} corrected {count}x: {name} ({', '.join(deviation.rules)}): {deviation.engine}")
    return 0
