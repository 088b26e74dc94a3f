"""Reading conformance scenario files (formats 1 to 1.3, docs/format.md) into checked, typed scenarios.

Every problem is reported as :class:`~splitcards.errors.ScenarioError` naming the file, the
scenario id and the key. A problem of the file (not YAML, no ``format``, the wrong shape at the
top level or in ``cards``, a scenario id used twice) refuses the file; a problem inside one
scenario (a key, step, field or query unknown, missing or malformed) is kept in that scenario's
``problem``, and the file's other scenarios are read as usual. A card named in a ``create`` step
but not defined is no problem of the file but the game error ``unknown_card`` when the step runs.

Each format adds to the one before and changes nothing in it: a ``format: 1`` file is read
exactly as before, and what 1.1 and 1.2 add (:data:`ADDED`) are unknown keys in it; a ``format:
1.1`` file knows nothing of 1.2. The values 1.2 adds to fields that existed before (``door:
both``, a mapping in ``cost_change``, a list in ``has_name``) are refused in files of an older format.

Every value of every step and every query's argument is read here, once (:mod:`.values`): a
wrong one (of the wrong type, empty, unknown, negative, null where a value is needed, an alias
no earlier step gives) is the scenario's problem, and the runner reads only what was read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from splitcards.cards.loaders import card_from_mtgjson
from splitcards.errors import CardDataError, ScenarioError, did_you_mean, shown
from splitcards.files.yamlfile import read_yaml
from splitcards.rules.card import Card
from splitcards.tools.conformance.fields import Reading, is_note, key_name
from splitcards.tools.conformance.values import CheckValues, StepValues, aliases_given, read_argument, read_step

FORMATS = ("1", "1.1", "1.2", "1.3")
STEP_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    # step: (required fields, optional fields), as of the newest format
    "create": (frozenset({"card", "zone"}), frozenset({"owner", "as"})),
    "cast": (
        frozenset({"object"}),
        frozenset(
            {
                "half",
                "as",
                "splice",
                "x",
                "cost_change",
                "without_paying",
                "from",
                "flash",
                "flashback",
                "hybrid",
                "targets",
                "caster",
                "mana",
                "any_type",
                "instead",
                "resolves_to",
                "plotted",
                "face_down",
            }
        ),
    ),
    "resolve": (frozenset(), frozenset({"object"})),
    "move": (frozenset({"object", "zone"}), frozenset()),
    "copy_spell": (frozenset({"object"}), frozenset({"as"})),
    "copy_card": (frozenset({"object"}), frozenset({"as", "cast", "half", "splice", "x", "cost_change"})),
    "copy_permanent": (frozenset({"object"}), frozenset({"as"})),
    "unlock": (frozenset({"object", "door"}), frozenset({"by", "cost_change"})),
    "lock": (frozenset({"object", "door"}), frozenset()),
    "turn": (frozenset(), frozenset({"active", "phase", "priority", "stack_empty", "number"})),
    "plot": (frozenset({"object"}), frozenset({"by", "player"})),
    "choose_name": (frozenset({"card", "name"}), frozenset({"player", "source", "with"})),
    "prohibit": (frozenset({"name", "player"}), frozenset()),
    "manifest": (frozenset({"object"}), frozenset({"action"})),
    "turn_face_up": (frozenset({"object"}), frozenset({"by"})),
    "become_copy": (frozenset({"object", "of"}), frozenset()),
    "storm": (frozenset({"object"}), frozenset({"copies"})),
    "cascade": (frozenset({"object"}), frozenset({"half"})),
    "discover": (frozenset({"n"}), frozenset({"player", "half"})),
}
ERROR_KINDS = frozenset(
    {
        "illegal_cast",
        "illegal_zone",
        "illegal_timing",
        "illegal_splice",
        "already_unlocked",
        "already_locked",
        "not_a_room",
        "unknown_card",
        "illegal_choice",
        "illegal_target",
        "prohibited",
        "cannot_pay",
        "illegal_face_up",
        "not_in_rules",
    }
)
QUERIES = frozenset(
    {
        "names",
        "mana_cost",
        "mana_symbols",
        "mana_values",
        "colors",
        "multicolored",
        "card_types",
        "subtypes",
        "abilities_of",
        "has_name",
        "name_choices",
        "compare",
        "castable",
        "zone",
        "unlocked",
        "can_unlock",
        "events",
        "last_cost",
        "can_target",
        "target_choices",
        "value_of",
        "moves",
        "face_down",
        "last_known",
    }
)
# What format 1.1 adds to format 1: steps, step fields, error kinds, queries.
STEPS_1_1 = frozenset({"choose_name"})
FIELDS_1_1 = frozenset({("cast", "x"), ("cast", "cost_change"), ("unlock", "cost_change")})
ERRORS_1_1 = frozenset({"illegal_choice"})
QUERIES_1_1 = frozenset({"last_cost"})
# What format 1.2 adds to format 1.1.
FIELDS_1_2 = frozenset(
    {("cast", f) for f in ("without_paying", "from", "flash", "flashback", "hybrid")}
    | {("copy_card", f) for f in ("splice", "x", "cost_change")}
)
QUERIES_1_2 = frozenset({"can_target"})
# What format 1.3 adds to format 1.2; its casts also need a legal choice for each target (601.2c).
FIELDS_1_3 = frozenset(
    {("cast", "targets")}
    # Who casts, with what mana, and where a permission's replacement puts the card (601.2, 614.1a).
    | {("cast", f) for f in ("caster", "mana", "any_type", "instead", "resolves_to", "plotted")}
)
ERRORS_1_3 = frozenset({"illegal_target", "cannot_pay"})
QUERIES_1_3 = frozenset({"target_choices", "moves"})
# Values used without a comparison, casts forbidden by name, names with certain characteristics
# (708.5a, 709.4a, 201.4b); 1.3 also compares two objects (compare.other) and describes the
# name a name_choices query asks for (name_choices: {card, with}).
STEPS_1_3 = frozenset({"prohibit"})
# Plotting a card, and the turn number that tells a later turn (702.170, 116.2k).
STEPS_1_3 |= {"plot"}
FIELDS_1_3 |= {("turn", "number")}
FIELDS_1_3 |= {("choose_name", "with")}
ERRORS_1_3 |= {"prohibited"}
QUERIES_1_3 |= {"value_of"}
# Face-down permanents (708, 701.34), a permanent becoming a copy (707.2, 709.5c), and what an
# object was as it last existed on the battlefield (608.2h).
STEPS_1_3 |= {"manifest", "turn_face_up", "become_copy"}
# A card cast face down with morph or disguise (708.4, 702.37, 702.168).
FIELDS_1_3 |= {("cast", "face_down")}
ERRORS_1_3 |= {"illegal_face_up", "not_in_rules"}
QUERIES_1_3 |= {"face_down", "last_known"}
# Copies of a spell for each spell cast before it this turn (702.40a), and the processes that
# exile from the top of a library until a card qualifies (702.85a, 701.55a).
STEPS_1_3 |= {"storm", "cascade", "discover"}


@dataclass(frozen=True, slots=True)
class Additions:
    """What a format adds to the one before it."""

    steps: frozenset[str] = frozenset()
    fields: frozenset[tuple[str, str]] = frozenset()
    errors: frozenset[str] = frozenset()
    queries: frozenset[str] = frozenset()


ADDED = {
    "1.1": Additions(STEPS_1_1, FIELDS_1_1, ERRORS_1_1, QUERIES_1_1),
    "1.2": Additions(fields=FIELDS_1_2, queries=QUERIES_1_2),
    "1.3": Additions(steps=STEPS_1_3, fields=FIELDS_1_3, errors=ERRORS_1_3, queries=QUERIES_1_3),
}


def judges_targets(fmt: str) -> bool:
    """Whether a file of format ``fmt`` sets out every object its spells could target: from 1.3,
    a cast needs a legal choice among them (601.2c); before, its targets are taken as chosen."""
    return FORMATS.index(fmt) >= FORMATS.index("1.3")


def unknown_in(fmt: str) -> Additions:
    """What the formats newer than ``fmt`` add: unknown in a file of format ``fmt``."""
    newer = [a for version, a in ADDED.items() if FORMATS.index(version) > FORMATS.index(fmt)]
    return Additions(
        frozenset().union(*(a.steps for a in newer)),
        frozenset().union(*(a.fields for a in newer)),
        frozenset().union(*(a.errors for a in newer)),
        frozenset().union(*(a.queries for a in newer)),
    )


@dataclass(frozen=True, slots=True)
class Step:
    """A setup step: its ``fields`` as written (but ``expect_error``), and ``values``, what they
    say once read and checked, which is what the runner reads."""

    index: int
    kind: str
    fields: Mapping[str, Any]
    expect_error: str | None
    values: StepValues


@dataclass(frozen=True, slots=True)
class Check:
    """A check: its query's ``argument`` as written, ``values`` once read and checked, and ``expect``."""

    index: int
    query: str
    argument: Any
    expect: Any
    values: CheckValues


@dataclass(frozen=True, slots=True)
class Scenario:
    """One scenario of a file. ``problem``, when not empty, is why it could not be read (naming the
    file, the scenario and the key): it then has no steps or checks, ``rules`` is empty unless they
    could be read, and every run of it is an ``error`` result."""

    id: str
    rules: tuple[str, ...]
    source: str
    setup: tuple[Step, ...]
    checks: tuple[Check, ...]
    problem: str = ""


@dataclass(frozen=True, slots=True)
class ScenarioFile:
    path: str
    cards: Mapping[str, Card]
    scenarios: tuple[Scenario, ...]
    format: str = "1"


def load_file(path: str | Path) -> ScenarioFile:
    """Read and check one scenario file."""
    return parse(read_yaml(Path(path), ScenarioError), str(path))


def _format_of(written: object) -> str:
    """The format a file names: ``1``, ``1.0`` and ``"1"`` are format 1 (a number is read as the
    number it is, as JSON Schema reads it), ``1.1`` and ``"1.1"`` format 1.1, and so on to 1.3."""
    if isinstance(written, bool) or (isinstance(written, int) and not 0 <= written < 10):
        return ""
    if isinstance(written, float) and written.is_integer():
        return str(int(written))
    return str(written) if isinstance(written, int | float | str) else ""


def parse(raw: Any, where: str) -> ScenarioFile:
    """Check a loaded scenario document."""
    if not isinstance(raw, Mapping):
        raise ScenarioError(f"{where}: the top level must be a mapping with format, cards and scenarios")
    _known_keys(raw, {"format", "cards", "scenarios"}, where)
    written = raw.get("format")
    fmt = _format_of(written)
    if fmt not in FORMATS:
        raise ScenarioError(f"{where}: format: must be 1, 1.1, 1.2 or 1.3, got {shown(written)}")
    cards_raw = raw.get("cards")
    cards_raw = {} if cards_raw is None else cards_raw
    if not isinstance(cards_raw, Mapping):
        raise ScenarioError(f"{where}: cards: must map card names to lists of faces")
    cards: dict[str, Card] = {}
    for name, faces in cards_raw.items():
        if not isinstance(faces, list) or not all(isinstance(face, Mapping) for face in faces):
            raise ScenarioError(f"{where}: cards: {str(name)[:60]!r}: must be a list of MTGJSON faces (mappings)")
        try:
            cards[str(name)] = card_from_mtgjson(faces, str(name))
        except CardDataError as exc:
            raise ScenarioError(f"{where}: cards: {exc}") from exc
    scenarios_raw = raw.get("scenarios")
    if not isinstance(scenarios_raw, list):
        raise ScenarioError(f"{where}: scenarios: must be a list")
    scenarios = []
    seen: set[str] = set()
    for i, entry in enumerate(scenarios_raw):
        scenario = _scenario(entry, where, i, Reading(fmt, cards=frozenset(cards)))
        if scenario.id in seen:
            raise ScenarioError(f"{where}: {scenario.id}: id: used twice in this file")
        seen.add(scenario.id)
        scenarios.append(scenario)
    return ScenarioFile(where, cards, tuple(scenarios), fmt)


def _known_keys(raw: Mapping[str, Any], allowed: set[str], where: str) -> None:
    for key in raw:
        if not isinstance(key, str) or (key not in allowed and not is_note(key)):
            known = ", ".join(sorted(allowed))
            raise ScenarioError(f"{where}: {key_name(key)}: unknown key (allowed: {known}, or x-*)")


def _scenario(entry: Any, where: str, index: int, at: Reading) -> Scenario:
    """The scenario at ``scenarios[index]``; what is wrong in it is its ``problem``, so that one
    misspelled key costs that scenario and not the file. An entry without an id is named by its
    position."""
    if not isinstance(entry, Mapping):
        return Scenario(f"scenarios[{index}]", (), "", (), (), f"{where}: scenarios[{index}]: must be a mapping")
    sid = entry.get("id")
    if not isinstance(sid, str) or not sid:
        problem = f"{where}: scenarios[{index}]: id: missing or not a string"
        return Scenario(f"scenarios[{index}]", _rules(entry), "", (), (), problem)
    try:
        return _read_scenario(entry, sid, f"{where}: {sid}", at)
    except ScenarioError as exc:
        return Scenario(sid, _rules(entry), "", (), (), str(exc))


def _rules(entry: Mapping[str, Any]) -> tuple[str, ...]:
    """The rule versions a scenario names, or none when ``rules`` is not a list of names (a
    scenario that can't be read keeps them too: its problem is reported under each)."""
    rules = entry.get("rules")
    # An empty name names no version: not one the registry lacks, but no name at all.
    if not isinstance(rules, list) or not all(isinstance(r, str) and r for r in rules):
        return ()
    return tuple(rules)


def _read_scenario(entry: Mapping[str, Any], sid: str, where: str, at: Reading) -> Scenario:
    """A scenario with an id, checked; its first problem is raised. Each step is read against the
    aliases the steps before it gave (a step expecting an error gives none), and each check
    against those of the whole setup."""
    _known_keys(entry, {"id", "rules", "source", "setup", "checks"}, where)
    rules = _rules(entry)
    if not rules:
        raise ScenarioError(f"{where}: rules: must be a non-empty list of rule-version names")
    source = entry.get("source", "")
    if not isinstance(source, str):
        raise ScenarioError(f"{where}: source: must be a string")
    setup_raw = entry.get("setup")
    checks_raw = entry.get("checks")
    setup_raw = [] if setup_raw is None else setup_raw
    checks_raw = [] if checks_raw is None else checks_raw
    if not isinstance(setup_raw, list):
        raise ScenarioError(f"{where}: setup: must be a list of steps")
    if not isinstance(checks_raw, list):
        raise ScenarioError(f"{where}: checks: must be a list of checks")
    setup = []
    aliases: set[str] = set()
    for i, raw_step in enumerate(setup_raw):
        step = _step(i, raw_step, f"{where}: setup[{i}]", Reading(at.format, frozenset(aliases), at.cards))
        if step.expect_error is None:
            aliases.update(aliases_given(step.values))
        setup.append(step)
    after = Reading(at.format, frozenset(aliases), at.cards)
    checks = tuple(_check(i, c, f"{where}: checks[{i}]", after, len(setup)) for i, c in enumerate(checks_raw))
    return Scenario(sid, rules, source, tuple(setup), checks)


def _step(index: int, raw: Any, where: str, at: Reading) -> Step:
    unknown = unknown_in(at.format)
    steps = [k for k in STEP_FIELDS if k not in unknown.steps]
    if not isinstance(raw, Mapping) or len(raw) != 1:
        raise ScenarioError(f"{where}: a step is a mapping with one key (allowed: {', '.join(steps)})")
    ((kind, fields),) = raw.items()
    if not isinstance(kind, str) or kind not in steps:
        raise ScenarioError(f"{where}: {kind}: unknown step (allowed: {', '.join(steps)})")
    fields = {} if fields is None else fields
    if not isinstance(fields, Mapping):
        raise ScenarioError(f"{where}: {kind}: its fields must be a mapping")
    required, optional = STEP_FIELDS[kind]
    optional = frozenset(f for f in optional if (kind, f) not in unknown.fields)
    names = required | optional | {"expect_error"}
    for key in fields:
        if key not in names and not is_note(key):
            near = did_you_mean(key_name(key), names)
            allowed = ", ".join(sorted(names))
            raise ScenarioError(f"{where}: {kind}.{key_name(key)}: unknown field{near} (allowed: {allowed})")
    for key in required:
        if key not in fields:
            raise ScenarioError(f"{where}: {kind}.{key}: missing")
    error = fields.get("expect_error")
    kinds = ERROR_KINDS - unknown.errors
    if error is not None and (not isinstance(error, str) or error not in kinds):
        allowed = ", ".join(sorted(kinds))
        raise ScenarioError(f"{where}: {kind}.expect_error: {shown(error)} (allowed: {allowed})")
    values = read_step(kind, fields, where, at)
    return Step(index, kind, {k: v for k, v in fields.items() if k != "expect_error"}, error, values)


def _check(index: int, raw: Any, where: str, at: Reading, steps: int) -> Check:
    if not isinstance(raw, Mapping):
        raise ScenarioError(f"{where}: a check is a mapping of one query and expect")
    known = QUERIES - unknown_in(at.format).queries
    queries = [k for k in raw if k != "expect" and not is_note(k)]
    if len(queries) == 1 and queries[0] not in known:
        near = did_you_mean(key_name(queries[0]), known)
        raise ScenarioError(f"{where}: unknown query {shown(queries[0])}{near} (allowed: {', '.join(sorted(known))})")
    if len(queries) != 1:
        found = ", ".join(key_name(q) for q in queries) or "<none>"
        raise ScenarioError(f"{where}: {found}: need exactly one query (allowed: {', '.join(sorted(known))})")
    if "expect" not in raw:
        raise ScenarioError(f"{where}: {queries[0]}: expect: missing")
    query, arg = str(queries[0]), raw[queries[0]]
    return Check(index, query, arg, raw["expect"], read_argument(query, arg, where, at, steps))
