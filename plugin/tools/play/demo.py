"""``splitcards demo``: a complete game between two copies of an engine's AI, with split cards,
fuse, aftermath, splice and Rooms in the decks (or the player's own decks,
:mod:`splitcards.tools.play.decklists`), under a rule version.

The log shows each turn with both life totals, what the engine did (each spell's targets, the
attacks and blocks, the damage, life changes, the creatures that die), and each split-card
decision on one line with the rules that made it; its last line says who won and why.
``record`` writes the game's record (:mod:`splitcards.tools.play.record`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import IO

import pluggy

from splitcards.errors import UnsupportedCard
from splitcards.game.contract import AdapterInfo
from splitcards.rules.endings import EndReason
from splitcards.rules.model import Player
from splitcards.rules.versions import RuleVersion
from splitcards.tools.play import record as records
from splitcards.tools.play.decklists import UserDecks
from splitcards.tools.play.decks import deck_for
from splitcards.tools.play.lines import rules_cited
from splitcards.tools.play.loop import AIGame
from splitcards.tools.play.result import GameResult, GameStep


def run(
    info: AdapterInfo,
    rules: RuleVersion,
    seed: int = 1,
    max_actions: int = 2000,
    out: Callable[[str], None] = print,
    pm: pluggy.PluginManager | None = None,
    decks: UserDecks | None = None,
    record: IO[str] | None = None,
    rules_file: str | None = None,
    cards: str = records.EMBEDDED,
) -> int:
    """Play and print one game on the host ``info``, with the demo decks or ``decks``; returns
    the exit status (2 when the host can't play AI games here). A deck the rule version or the
    engine refuses raises :class:`~splitcards.errors.DecklistError` before the game starts.
    ``record`` receives the game's record; ``rules_file`` and ``cards`` name, in it, the house
    rule file of ``rules`` and the card file of ``decks``."""
    if info.ai_game is None:
        out(
            f"splitcards demo: host {info.name!r} can't play AI games: its adapter's AdapterInfo has no ai_game"
            " (see the AIHost contract in docs/adapters.md)"
        )
        return 2
    if info.available is not None:
        out(f"splitcards demo needs the {info.name} engine: {info.available}")
        return 2
    writer = records.RecordWriter(record) if record is not None else None
    ai = info.ai_game(rules)
    try:
        game = AIGame(
            ai,
            rules,
            seed,
            max_actions,
            out,
            pm,
            decks=decks or deck_for,
            record=record_step(writer) if writer is not None else None,
            contract=info.contract,
        )
    except UnsupportedCard as exc:
        if decks is None:
            raise
        raise decks.refused(exc, info.name) from exc
    if writer is not None:
        named = ((game.decks.names[0], game.decks.deck), (game.decks.names[1], game.decks.opponent))
        if decks is not None:
            named = ((decks.deck.path, game.decks.deck), (decks.opponent.path, game.decks.opponent))
        header = records.header_for(info.name, ai.engine, rules.name, rules_file, seed, max_actions, cards, named)
        writer.line(header.as_dict())
    out(f"splitcards demo: {info.name} ({ai.engine}) AI vs AI under {rules.name} ({rules.edition}), seed {seed}")
    features = [f for f, on in (("fuse", rules.fuse), ("aftermath", rules.aftermath), ("Rooms", rules.rooms)) if on]
    out(f"rule version features: {', '.join(features) or 'none of fuse, aftermath, Rooms'}")
    if decks is None:
        for refusal in game.decks.left_out:
            out(f"left out of the decks: {refusal}")
        for player, name, library in (
            ("p1", game.decks.names[0], game.decks.deck),
            ("p2", game.decks.names[1], game.decks.opponent),
        ):
            counts = ", ".join(f"{library.count(c)} {c.name}" for c in dict.fromkeys(library))
            out(f"{player}'s deck, {name}: {counts}")
    else:
        for player, deck in (("p1", decks.deck), ("p2", decks.opponent)):
            out(f"{player}'s deck, {deck.path}: {deck.describe()}")
            if deck.decklist.sideboard:
                size = sum(entry.count for entry in deck.decklist.sideboard)
                first, last = deck.decklist.sideboard[0].line, deck.decklist.sideboard[-1].line
                out(f"{player}'s sideboard, not played: {size} cards (lines {first}-{last})")
    result = game.play()
    if writer is not None:
        writer.line({"result": result.as_dict()})
    deviations = game.ai.deviations
    for name in sorted(set(result.corrections)):
        count = result.corrections.count(name)
        deviation = deviations.get(name)
        if deviation is None:
            undocumented = f"not a documented {info.name} deviation: please report it"
            out(f"{info.name} mistake corrected {count}x: {name} ({undocumented})")
        else:
            mistake = deviation.engine.rstrip(".")
            said = f"{mistake[:1].lower()}{mistake[1:]}; the rules say otherwise{rules_cited(deviation.rules)}"
            out(f"{info.name} mistake corrected {count}x: {said}")
    out(
        f"{result.actions} actions, {result.casts} spells cast through the rules, {result.refusals} refused,"
        f" in {result.seconds:.1f} s"
    )
    out(game_over(game, result))
    return 0


def game_over(game: AIGame, result: GameResult) -> str:
    """The last line of a game: who won and why, or at the action cap the life totals and the
    library sizes."""
    ending = result.ending
    assert ending is not None
    cited = rules_cited(ending.rules)
    if ending.reason is EndReason.ACTION_CAP:
        states = {p: game.ai.player_state(p) for p in (Player.P1, Player.P2)}
        life = ", ".join(f"{p} {s.life}" for p, s in states.items())
        library = ", ".join(f"{p} {s.library}" for p, s in states.items())
        return (
            f"game over: no winner, stopped at the action cap of {game.max_actions} on turn {result.turns};"
            f" life {life}; cards in library {library}"
        )
    if result.winner is None:
        return f"game over on turn {result.turns}: {ending.reason.value}{cited}"
    loser = Player.P2 if result.winner is Player.P1 else Player.P1
    why = {
        EndReason.LIFE: f"{loser}'s life reached 0",
        EndReason.POISON: f"{loser} has ten poison counters",
        EndReason.EMPTY_LIBRARY: f"{loser} drew from an empty library",
        EndReason.CONCEDED: f"{loser} conceded",
    }.get(ending.reason, ending.reason.value)
    return f"game over on turn {result.turns}: {result.winner} wins, {why}{cited}"


def record_step(writer: records.RecordWriter) -> Callable[[GameStep], None]:
    """The loop's record callback that writes each step as it is played."""
    return lambda step: writer.line(step.as_dict())
