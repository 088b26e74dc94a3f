"""``splitcards show``: one card's answers under several rule versions, side by side."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import pluggy

from splitcards.errors import SplitcardsError, did_you_mean, fold
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.table import Table
from splitcards.rules import casting
from splitcards.rules.card import Card
from splitcards.rules.characteristics import CARD_TYPES, COLORS, MANA_COSTS, MANA_VALUES, MULTICOLORED, NAMES
from splitcards.rules.model import Answer, CastOption, ObjectView, SpellFacts, Zone
from splitcards.tools.cli.common import UsageError, add_rules, chosen_versions, host
from splitcards.tools.cli.pool import card_pool
from splitcards.tools.cli.terminal import Writer

HELP = "show a card's characteristics under each rule version"
DESCRIPTION = """Show how the rules see one card under each rule version, side by side: its names,
mana values and colors off the stack and as each spell it can be cast as, the names a player may
choose for it, and the ways it can be cast from its owner's hand in their main phase. Side by
side, a cell that differs from the version to its left is marked *, the rules each row cites
follow the table, and so does why a card does not exist in a version. Cards come
from --cards (an MTGJSON AtomicCards.json or set file, or a Scryfall bulk file) or, by default,
from the cards of the bundled scenarios and demo decks."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    show = sub.add_parser("show", help=HELP, description=DESCRIPTION)
    show.add_argument("card", help='the card\'s name, e.g. "Fire // Ice"')
    add_rules(show, "all, oldest first")
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
    versions = chosen_versions(registry, args.rules, ["all"])
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
    out = Writer(progress=False)
    out.line(out.paint(f"{card.name} (in the {zone.value})", "bold"))
    if len(columns) == 1:
        ((name, answers),) = columns.items()
        out.line(f"rules version: {name}")
        width = max(len(row) for row in answers) + 2
        for row, (value, rules) in answers.items():
            out.line(row.ljust(width) + value + (out.paint(f"  ({', '.join(rules)})", "dim") if rules else ""))
        return 0
    _table(out, columns)
    return 0


def _table(out: Writer, columns: dict[str, dict[str, Row]]) -> None:
    """Versions side by side: a cell that differs from the version before it is marked ``*``;
    the rules each row cites, and why a card is missing from a version, follow the table."""
    rows = [row for row in dict.fromkeys(r for answers in columns.values() for r in answers) if row != "why not"]
    names = list(columns)
    width = max(len(row) for row in rows) + 2
    cell = max(14, *(len(answers[row][0]) for answers in columns.values() for row in rows if row in answers)) + 3
    out.line(" " * width + "".join(name.ljust(cell) for name in names))
    for row in rows:
        line = row.ljust(width)
        for i, name in enumerate(names):
            value = columns[name].get(row, ("-", ()))[0]
            before = columns[names[i - 1]].get(row, ("-", ()))[0] if i else value
            changed = value != before
            shown = (value + (" *" if changed else "")).ljust(cell)
            line += out.paint(shown, "yellow", "bold") if changed else shown
        out.line(line)
    out.line(out.paint("* differs from the version to its left", "dim"))
    missing = {name: answers["why not"][0] for name, answers in columns.items() if "why not" in answers}
    present = [name for name in names if name not in missing]
    for name, why in missing.items():
        later = [other for other in present if names.index(other) > names.index(name)]
        since = f"; the card is in {later[0]} and later" if later and len(present) == len(later) else ""
        out.line(f"not in {name}: {why}{since}")
    out.line("rules cited:")
    for row in rows:
        cited: dict[tuple[str, ...], list[str]] = {}
        for name in present:
            rules = columns[name].get(row, ("", ()))[1]
            if rules:
                cited.setdefault(rules, []).append(name)
        if cited:
            parts = [
                f"{', '.join(rules)}" + (f" [{_span(where)}]" if len(cited) > 1 else "")
                for rules, where in cited.items()
            ]
            out.line(f"  {row}: " + "; ".join(parts))


def _span(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{names[0]} .. {names[-1]}" if len(names) > 2 else ", ".join(names)


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
    allowed = casting.options_of(card, table.rules)
    for option in _printed_options(card):
        where = "" if option is CastOption.WHOLE else f" ({option.value})"
        if option not in allowed:  # fused, under a version without fuse: the rules decide, not this view
            out[f"on the stack{where}: mana value"] = out[f"on the stack{where}: names"] = (
                "- (not a way to cast it here)",
                (),
            )
            continue
        spell = ObjectView(card, Zone.STACK, spell=SpellFacts(option, cast_from=Zone.HAND))
        out[f"on the stack{where}: mana value"] = _shown(table.characteristic(spell, MANA_VALUES))
        out[f"on the stack{where}: names"] = _shown(table.characteristic(spell, NAMES))
    return out


def _printed_options(card: Card) -> list[CastOption]:
    """Every way the printed card offers, under some version: the rows of the table."""
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
    """The card of this name; case and spacing are forgiven (``fire//ice`` finds ``Fire // Ice``)."""
    pool = card_pool(path)
    card = pool.get(name)
    if card is not None:
        return card
    folded = {fold(known): known for known in pool}
    if fold(name) in folded:
        return pool[folded[fold(name)]]
    # A half's name finds its card first; then names spelled nearly the same.
    halves = [known for known in pool if fold(name) in fold(known)][:3]
    near = f" (did you mean {' or '.join(map(repr, halves))}?)" if halves else did_you_mean(name, pool)
    raise UsageError(f"no card named {name!r} in {path or 'the bundled cards'}{near}")
