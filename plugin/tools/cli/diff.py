"""``splitcards diff A B``: what differs between two rule versions, and what it changes in play."""

from __future__ import annotations

import argparse
import json

import pluggy

from splitcards.game.configuration.registry import VersionRegistry
from splitcards.rules.versionfile import CHOICES
from splitcards.rules.versions import RuleVersion
from splitcards.tools.cli.terminal import Writer

HELP = "list what differs between two rule versions"
DESCRIPTION = """List what differs between two rule versions: first each change of behaviour
(features, how characteristics are read, naming) and what it changes in play, then, on one line,
how many decisions cite other rule numbers (--all lists each of them)."""

# What each decision a version file sets changes in play (its key and words: _setting).
IN_PLAY = {
    "fuse": "whether a fuse card can be cast with both halves from its owner's hand (702.102)",
    "aftermath": "whether an aftermath half is cast only from a graveyard and then exiled (702.127); without it,"
    " the half is an ordinary half",
    "rooms": "whether Room cards exist, entering with a door unlocked and unlocked by paying",
    "off_stack_combined": "a split card off the stack: one answer of both halves combined, or two answers (one per"
    " half)",
    "fused_spell_combined": "a fused split spell: one combined answer, or two answers with one mana value (the total)",
    "every_split_card_multicolored": "whether every split card is multicolored, or only one whose colors make it so",
    "name_both_halves": "naming a split card (Meddling Mage): both halves' names together, or one half's name",
    "flashback_instant_or_sorcery_only": "what flashback casts from a graveyard: any card, or only an instant or"
    " sorcery spell (never a door of a Room) (702.34a)",
}


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    diff = sub.add_parser("diff", help=HELP, description=DESCRIPTION)
    diff.add_argument("first", help="a rule version: name, alias or YAML file")
    diff.add_argument("second", help="another rule version")
    diff.add_argument("--all", action="store_true", help="list every renumbered citation too")
    diff.add_argument("--format", choices=("text", "json"), default="text", help="output format")


def differences(a: RuleVersion, b: RuleVersion) -> list[dict[str, object]]:
    """Each key whose value differs between the two versions, with what it changes in play."""
    rows: list[dict[str, object]] = []
    for attribute, meaning in IN_PLAY.items():
        left, right = getattr(a, attribute), getattr(b, attribute)
        if left != right:
            key, left_text = _setting(attribute, left)
            rows.append(
                {
                    "key": key,
                    "kind": "behaviour",
                    a.name: left_text,
                    b.name: _setting(attribute, right)[1],
                    "in play": meaning,
                }
            )
    for key in sorted(set(a.citations) | set(b.citations)):
        left, right = a.citations.get(key, ()), b.citations.get(key, ())
        if left != right:
            rows.append(
                {
                    "key": f"rules.{key}",
                    "kind": "citation",
                    a.name: ", ".join(left) or "-",
                    b.name: ", ".join(right) or "-",
                    "in play": "the rule numbers answers cite for this decision",
                }
            )
    return rows


def _setting(attribute: str, value: bool) -> tuple[str, str]:
    """A decision's key in a version file, and its value in the file's words (a feature's: yes or no)."""
    if attribute in CHOICES:
        (section, key), yes, no = CHOICES[attribute]
        return f"{section}.{key}", (yes if value else no).replace("_", " ")
    return f"features.{attribute}", "yes" if value else "no"


def run(args: argparse.Namespace, pm: pluggy.PluginManager, registry: VersionRegistry) -> int:
    a, b = registry.get(args.first), registry.get(args.second)
    rows = differences(a, b)
    if args.format == "json":
        print(json.dumps({"from": a.name, "to": b.name, "differences": rows}, indent=2))
        return 0
    out = Writer(progress=False)
    behaviour = [row for row in rows if row["kind"] == "behaviour"]
    citations = [row for row in rows if row["kind"] == "citation"]
    out.line(
        f"{a.name} ({a.edition}) -> {b.name} ({b.edition}): {len(behaviour)} behaviour changes,"
        f" {len(citations)} citations renumbered"
    )
    for row in behaviour:
        out.line(f"{out.paint(str(row['key']), 'bold')}: {row[a.name]} -> {row[b.name]}")
        out.line(f"    {row['in play']}")
    if citations and not args.all:
        out.line(out.paint(f"rules.*: {len(citations)} decisions cite other rule numbers (--all lists them)", "dim"))
    elif citations:
        for row in citations:
            out.line(f"{row['key']}: {row[a.name]} -> {row[b.name]}")
    return 0
