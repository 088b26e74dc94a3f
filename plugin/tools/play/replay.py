"""``splitcards replay``: play a game record again on the same engine and compare it step by step.

Each step's action is the recorded one; the engine's AI still answers the prompts inside an
action, as it did when the game was recorded (phase's AI chooses the same for the same game).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pluggy

from splitcards.cards.loaders import load_card_file
from splitcards.errors import RecordError, SplitcardsError, printable
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.plugins.hosts import adapters
from splitcards.game.table import Table
from splitcards.rules.card import Card
from splitcards.tools.play import decks as demo_decks
from splitcards.tools.play.demo import game_over
from splitcards.tools.play.democards import cards as demo_cards
from splitcards.tools.play.loop import AIGame
from splitcards.tools.play.record import EMBEDDED, Difference, Record, Replayed, check_cards, comparer, read_record

CUT_SHORT = 4
"""The exit status of a replay whose record was cut short (no result: the game was interrupted or
crashed) and whose every recorded step was the same, the game having then played on to its end."""


def replay(path: str | Path, pm: pluggy.PluginManager, registry: VersionRegistry, out: Callable[[str], None]) -> int:
    """Play the record at ``path`` again: 0 when every step and the result are the same, 1 at
    the first difference (named) or at a failure met again; past the end of a record cut short
    the AI plays on, as it did (:data:`CUT_SHORT` when the game then ends). A record that can't
    be played here raises :class:`~splitcards.errors.RecordError`."""
    record = read_record(path)
    header = record.header
    info = adapters(pm).get(header.host)
    host = printable(repr(header.host))
    if info is None or info.ai_game is None:
        raise RecordError(record.path, 1, f"host {host}: not installed here, or it plays no AI games")
    if info.available is not None:
        raise RecordError(record.path, 1, f"host {host} can't run here: {info.available}")
    try:
        rules = registry.get(header.rules_file) if header.rules_file else registry.get(header.rules)
    except SplitcardsError as exc:
        # The message echoes the record's name or file, which may be any length.
        raise RecordError(record.path, 1, f"rules: {printable(str(exc))}") from None
    if rules.name != header.rules:
        problem = f"rules: recorded under {printable(repr(header.rules))}, {printable(str(header.rules_file))}"
        raise RecordError(record.path, 1, f"{problem} is {rules.name!r}")
    ai = info.ai_game(rules)
    if ai.engine != header.engine:
        raise RecordError(record.path, 1, f"engine: recorded with {printable(header.engine)}, this is {ai.engine}")
    cards = check_cards(record, _pool(record))
    libraries = [tuple(cards[name] for name in library) for _, library in header.decks]
    names = (header.decks[0][0], header.decks[1][0])

    def decks(table: Table) -> demo_decks.Decks:
        return demo_decks.Decks(tuple(cards.values()), libraries[0], libraries[1], (), names)

    action, check = comparer(record)
    game = AIGame(
        ai,
        rules,
        header.seed,
        header.max_actions,
        pm=pm,
        decks=decks,
        record=lambda step: check(step.as_dict()),
        actions=action,
        contract=info.contract,
    )
    recorded = len(record.steps)
    try:
        result = game.play()
    except Replayed as exc:
        out(f"replay {record.path}: {exc.difference}")
        return 1
    except Exception as exc:
        # The failure a soak saved, met again: the replay shows where it comes back.
        where = f" (the record was cut short after step {recorded})" if game.steps > recorded else ""
        out(f"replay {record.path}: step {game.steps} fails{where}: {type(exc).__name__}: {printable(str(exc))}")
        return 1
    if game.steps < recorded:
        out(f"replay {record.path}: {Difference(game.steps + 1, 'the game', 'goes on', 'ended')}")
        return 1
    if record.result is None:
        out(
            f"replay {record.path}: the same {recorded} steps; the record was cut short at step {recorded + 1},"
            f" and played on from there, {game_over(game, result)}"
        )
        return CUT_SHORT
    difference = _result_difference(record.result, result.as_dict())
    if difference is not None:
        out(f"replay {record.path}: {difference}")
        return 1
    out(f"replay {record.path}: the same {game.steps} steps and the same result; {game_over(game, result)}")
    return 0


def _pool(record: Record) -> Mapping[str, Card]:
    if record.header.cards == EMBEDDED:
        return demo_cards()
    try:
        return load_card_file(record.header.cards).cards
    except SplitcardsError as exc:
        raise RecordError(record.path, 1, f"cards: {printable(str(exc))}") from None


def _result_difference(recorded: Mapping[str, Any], now: Mapping[str, Any]) -> Difference | None:
    for key, value in now.items():
        if recorded.get(key) != value:
            return Difference(0, key, recorded.get(key), value)
    return None
