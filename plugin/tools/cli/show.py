"""``splitcards show``: one card's answers under several rule versions, side by side."""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import pluggy

from splitcards.errors import SplitcardsError
from splitcards.game.registry import VersionRegistry
from splitcards.game.table import Table
from splitcards.rules.card import Card
from splitcards.rules.characteristics import CARD_TYPES, COLORS, MANA_COSTS, MANA_VALUES, MULTICOLORED, NAMES
from splitcards.rules.model import Answer, CastOption, ObjectView, SpellFacts, Zone
from splitcards.tools.cli.common import UsageError, host
from splitcards.tools.conformance.scenario import load_file

HELP = "show a card's characteristics under each rule version"
DESCRIPTION = """Show how the rules see one card under each rule version, side by side: its names,
mana values and colors off the stack and as each spell it can be cast as, the names a player may
choose for it, and the ways it can be cast from its owner's hand in their main phase. Cards come
from --cards (an MTGJSON AtomicCards.json or set file, or a Scryfall bulk file) or, by default,
from the cards of the bundled scenarios and demo decks."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    show = sub.add_parser("show", help=HELP, description=DESCRIPTION)
    show.add_argument("card", help='the card\'s name, e.g. "Fire // Ice"')
    show.add_argument(
        "--rules", action="append", help="rule version, repeatable, or 'all' (default: all, oldest first)"
    )
    show.add_argument("--cards", type=Path, help="card file to find the card in (MTGJSON or Scryfall JSON)")
    show.add_argument(
        "--zone",
        choices=[z.value for z in Zone if z is not Zone.STACK],
        default=Zone.HAND.value,
        help="the zone the card is in (default: hand); the spells it can be cast as are shown as well",
    )
    show.add_argument("--format", choices=("text", "json"), default="text", help="output format")


Row = tuple[str, tuple[str, ...]]


def run(args: argparse.Namespace, pm: pluggy.PluginManager, registry: VersionRegistry) -> int:
    card = _find(args.card, args.cards)
    wanted = args.rules or ["all"]
    if "all" in wanted:
        versions = sorted(registry.versions.values(), key=lambda v: v.edition)
    else:
        versions = [registry.get(name) for name in wanted]
    factory = host(pm, "reference").factory
    zone = Zone(args.zone)
    columns = {v.name: _answers(card, Table(factory(v), v, pm), zone) for v in versions}
    if args.format == "json":
        shaped = {
            name: {row: {"value": value, "rules": list(rules)} for row, (value, rules) in answers.items()}
            for name, answers in columns.items()
        }
        print(json.dumps({"card": card.name, "zone": zone.value, "versions": shaped}, indent=2))
        return 0
    rows = list(dict.fromkeys(row for answers in columns.values() for row in answers))
    if len(columns) > 1 and "why not" in rows:
        rows.remove("why not")  # too long for a column: `--rules VERSION` shows it
    width = max(len(row) for row in rows) + 2
    print(f"{card.name} (in the {zone.value})")
    if len(columns) == 1:
        ((name, answers),) = columns.items()
        print(f"rules version: {name}")
        for row in rows:
            value, rules = answers[row]
            print(row.ljust(width) + value + (f"  ({', '.join(rules)})" if rules else ""))
        return 0
    cell = max(14, *(len(answers[row][0]) for answers in columns.values() for row in rows if row in answers)) + 2
    print(" " * width + "".join(name.ljust(cell) for name in columns))
    for row in rows:
        print(row.ljust(width) + "".join(columns[name].get(row, ("", ()))[0].ljust(cell) for name in columns))
    return 0


def _answers(card: Card, table: Table, zone: Zone) -> dict[str, Row]:
    try:
        table.check_card(card)
    except SplitcardsError as refused:
        return {"exists": ("no", ()), "why not": (str(refused), getattr(refused, "rules", ()))}
    out: dict[str, Row] = {"exists": ("yes", ())}
    here = ObjectView(card, zone)
    for label, query in (
        ("names", NAMES),
        ("mana cost", MANA_COSTS),
        ("mana values", MANA_VALUES),
        ("colors", COLORS),
        ("multicolored", MULTICOLORED),
        ("card types", CARD_TYPES),
    ):
        out[label] = _shown(table.characteristic(here, query))
    choices = table.name_choices(card)
    out["name choices"] = (" | ".join(" + ".join(choice) for choice in choices.value), choices.rules)
    if zone is not Zone.BATTLEFIELD:
        castable = table.castable(table.create(card, zone))
        out[f"cast from the {zone.value}"] = (", ".join(o.value for o in castable.value) or "-", castable.rules)
    for option in _all_options(card):
        spell = ObjectView(card, Zone.STACK, spell=SpellFacts(option, cast_from=Zone.HAND))
        where = "" if option is CastOption.WHOLE else f" ({option.value})"
        out[f"on the stack{where}: mana value"] = _shown(table.characteristic(spell, MANA_VALUES))
        out[f"on the stack{where}: names"] = _shown(table.characteristic(spell, NAMES))
    return out


def _all_options(card: Card) -> list[CastOption]:
    if not card.is_split:
        return [CastOption.WHOLE]
    return [CastOption.LEFT, CastOption.RIGHT, *([CastOption.FUSED] if card.fuse else [])]


def _shown(answer: Answer[Any]) -> Row:
    value = answer.value
    if isinstance(value, bool):
        text = "yes" if value else "no"
    elif isinstance(value, frozenset):
        text = "".join(sorted(value, key="WUBRG".index)) or "colorless"
    elif isinstance(value, tuple):
        text = " | ".join(map(str, value)) or "-"
    else:
        text = str(value)
    return text, answer.rules


def _find(name: str, path: Path | None) -> Card:
    pool = _pool(path)
    card = pool.get(name)
    if card is None:
        near = [known for known in pool if name.lower() in known.lower()][:5]
        hint = f" (did you mean: {', '.join(near)})" if near else ""
        raise UsageError(f"no card named {name!r} in {path or 'the bundled cards'}{hint}")
    return card


def _pool(path: Path | None) -> Mapping[str, Card]:
    if path is not None:
        from splitcards.cards.loaders import load_card_file

        pool: Mapping[str, Card] = load_card_file(path).cards
        return pool
    from splitcards.tools.play.decks import cards as deck_cards

    found: dict[str, Card] = dict(deck_cards())
    bundled = resources.files("splitcards.tools.conformance.bundled")
    for entry in sorted(bundled.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".yaml"):
            found.update(load_file(Path(str(entry))).cards)
    return found
