"""Running scenarios against hosts, and judging their answers.

Each scenario runs once per rule version it names, on a fresh game of the host. A step with
``expect_error`` must raise that kind of error and leave the whole observable game as it was; a
check passes when the answer equals the expected one by the comparison its query calls for
(docs/format.md).

Every run is isolated: whatever a host, an engine or a plugin raises becomes that run's result
(``error`` for an exception nobody expected, named with its type), and the other runs go on. A
scenario the loader could not read runs too, to an ``error`` result giving its problem, so that
it is reported beside the other scenarios of its file. Only ``KeyboardInterrupt`` (and the other
exceptions that are not an ``Exception``) stops the runs: what ended before it stays yielded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import pluggy

from splitcards.errors import (
    IllegalAction,
    NotSupported,
    PluginFailure,
    RulesConfigError,
    ScenarioError,
    SplitcardsError,
    UnknownCard,
    UnknownObject,
    UnknownQuery,
)
from splitcards.game.contract import Host
from splitcards.game.registry import VersionRegistry
from splitcards.game.table import Table
from splitcards.rules import characteristics as ch
from splitcards.rules.card import Side
from splitcards.rules.mana import ManaCost, same_cost
from splitcards.rules.model import CastOption, ObjectId, Phase, Player, UnlockBy, Zone
from splitcards.rules.versions import RuleVersion
from splitcards.tools.conformance.scenario import Check, Scenario, ScenarioFile, Step


class Status(StrEnum):
    """How a run ended: as the scenario expects, not, not expressible on the host, or in error:
    with an exception nobody expected (a defect of the host, the engine or a plugin), or for a
    scenario that could not be read (its ``problem``)."""

    PASS = "pass"
    FAIL = "fail"
    NOT_SUPPORTED = "not_supported"
    ERROR = "error"


@dataclass(frozen=True, slots=True)
class Result:
    file: str
    scenario: str
    version: str
    host: str
    status: Status
    detail: str = ""
    source: str = ""
    rules: tuple[str, ...] = field(default=())


class _Fail(Exception):
    def __init__(self, detail: str, rules: tuple[str, ...] = ()) -> None:
        super().__init__(detail)
        self.rules = rules


@dataclass(frozen=True, slots=True)
class Planned:
    """One run to make: a scenario of a file under one rule version (``version`` is ``None``
    when the scenario names a version the registry does not know, or none that could be read: the
    run fails, or is in error for a scenario that could not be read, with ``problem``)."""

    file: ScenarioFile
    scenario: Scenario
    version: RuleVersion | None
    problem: str = ""

    @property
    def version_name(self) -> str:
        return self.version.name if self.version is not None else "-"


def plan(file: ScenarioFile, registry: VersionRegistry, only_versions: Iterable[str] = ()) -> list[Planned]:
    """The runs of a file: each scenario once per rule version it names, keeping only
    ``only_versions`` (names, aliases or files) when some are given. A scenario that could not be
    read and names no rule versions that could be read has one run all the same, so its problem is
    reported whichever versions are kept."""
    wanted = {registry.get(name).name for name in only_versions}
    runs = []
    for scenario in file.scenarios:
        if not scenario.rules:
            runs.append(Planned(file, scenario, None, scenario.problem))
        for name in scenario.rules:
            try:
                version = registry.get(name)
            except RulesConfigError as exc:
                if not wanted:
                    runs.append(Planned(file, scenario, None, scenario.problem or f"rules: {exc}"))
                continue
            if not wanted or version.name in wanted:
                runs.append(Planned(file, scenario, version))
    return runs


def iter_file(
    file: ScenarioFile,
    hosts: Mapping[str, Callable[[RuleVersion], Host]],
    registry: VersionRegistry,
    only_versions: Iterable[str] = (),
    pm: pluggy.PluginManager | None = None,
) -> Iterator[Result]:
    """Run every scenario of a file, for each of its rule versions, on each host, yielding each
    result as soon as it is known."""
    for run in plan(file, registry, only_versions):
        for host_name, factory in hosts.items():
            yield run_planned(run, host_name, factory, pm)


def run_file(
    file: ScenarioFile,
    hosts: Mapping[str, Callable[[RuleVersion], Host]],
    registry: VersionRegistry,
    only_version: str | None = None,
    pm: pluggy.PluginManager | None = None,
) -> list[Result]:
    """Every result of :func:`iter_file`, for one rule version or all."""
    return list(iter_file(file, hosts, registry, [only_version] if only_version else (), pm))


def run_planned(
    run: Planned, host_name: str, factory: Callable[[RuleVersion], Host], pm: pluggy.PluginManager | None = None
) -> Result:
    """Make one planned run on a new game of one host."""
    if run.version is None:
        status = Status.ERROR if run.scenario.problem else Status.FAIL
        return Result(run.file.path, run.scenario.id, "-", host_name, status, run.problem, run.scenario.source)
    return run_scenario(run.file, run.scenario, run.version, host_name, factory, pm)


def run_scenario(
    file: ScenarioFile,
    scenario: Scenario,
    version: RuleVersion,
    host_name: str,
    factory: Callable[[RuleVersion], Host],
    pm: pluggy.PluginManager | None = None,
) -> Result:
    """Run one scenario under one rule version on a new game of one host."""

    def result(status: Status, detail: str = "", rules: tuple[str, ...] = ()) -> Result:
        return Result(file.path, scenario.id, version.name, host_name, status, detail, scenario.source, rules)

    if scenario.problem:
        return result(Status.ERROR, scenario.problem)
    try:
        host = factory(version)
        host.prepare(list(file.cards.values()))
        table = Table(host, version, pm)
        run = _Run(file, scenario, table)
        for step in scenario.setup:
            run.step(step)
        for check in scenario.checks:
            run.check(check)
    except NotSupported as exc:
        return result(Status.NOT_SUPPORTED, str(exc))
    except _Fail as exc:
        return result(Status.FAIL, str(exc), exc.rules)
    except PluginFailure as exc:
        return result(Status.FAIL, str(exc))
    except ScenarioError as exc:
        return result(Status.FAIL, f"{file.path}: {scenario.id}: {exc}")
    except SplitcardsError as exc:
        # A typed error no step expected (an unknown object, bad card data...).
        return result(Status.FAIL, f"{type(exc).__name__}: {_short(exc)}")
    except Exception as exc:
        return result(Status.ERROR, f"unexpected {type(exc).__name__}: {_short(exc)}")
    return result(Status.PASS)


def _short(exc: BaseException) -> str:
    text = str(exc)
    return text if len(text) <= 500 else text[:497] + "..."


class _Run:
    """The state of one scenario run: aliases, and where each step's events begin."""

    def __init__(self, file: ScenarioFile, scenario: Scenario, table: Table) -> None:
        self.file = file
        self.scenario = scenario
        self.table = table
        self.aliases: dict[str, ObjectId] = {}
        self.card_alias: dict[ObjectId, str] = {}
        self.step_events: dict[int, int] = {}
        self.alias_events: dict[str, int] = {}
        self.step_start = 0

    # -- steps ---------------------------------------------------------------------------

    def step(self, step: Step) -> None:
        self.step_events[step.index] = self.step_start = len(self.table.events)
        before = self.table.snapshot() if step.expect_error else None
        try:
            self._do(step)
        except UnknownObject as exc:
            raise _Fail(f"setup[{step.index}] {step.kind}: the object no longer exists ({exc})") from exc
        except IllegalAction as exc:
            if step.expect_error == exc.kind:
                if self.table.snapshot() != before:
                    raise _Fail(f"setup[{step.index}] {step.kind}: refused, but the game changed", exc.rules) from exc
                return
            wanted = f"expected {step.expect_error}" if step.expect_error else "expected it to succeed"
            raise _Fail(f"setup[{step.index}] {step.kind}: {wanted}, got {exc.kind}: {exc}", exc.rules) from exc
        if step.expect_error:
            raise _Fail(f"setup[{step.index}] {step.kind}: expected {step.expect_error}, but the step succeeded")

    def _do(self, step: Step) -> None:
        f = step.fields
        table = self.table
        key = f"setup[{step.index}] {step.kind}"
        name = f.get("as")
        if step.kind == "create":
            card_name = str(f["card"])
            if card_name not in self.file.cards:
                raise UnknownCard(f"{card_name!r} is not defined in the cards section")
            obj = table.create(
                self.file.cards[card_name], _enum(Zone, f["zone"], key + ".zone"), _player(f, "owner", key)
            )
            self._name(name, obj, card=True, key=key)
        elif step.kind == "cast":
            splice = f.get("splice", []) or []
            if not isinstance(splice, list):
                raise ScenarioError(f"{key}.splice: must be a list of objects")
            half = _enum(CastOption, f["half"], key + ".half") if "half" in f else None
            increase, reduction = _cost_change(f.get("cost_change"), key + ".cost_change")
            spell = table.cast(
                self.obj(f["object"], key),
                half,
                [self.obj(s, key + ".splice") for s in splice],
                x=_x(f["x"], key + ".x") if "x" in f else None,
                cost_increase=increase,
                cost_reduction=reduction,
            )
            self._name(name, spell, card=False, key=key)
        elif step.kind == "resolve":
            table.resolve(self.obj(f["object"], key) if "object" in f else None)
        elif step.kind == "move":
            table.move(self.obj(f["object"], key), _enum(Zone, f["zone"], key + ".zone"))
        elif step.kind == "copy_spell":
            self._name(name, table.copy_spell(self.obj(f["object"], key)), card=True, key=key)
        elif step.kind == "copy_card":
            cast = f.get("cast", False)
            if not isinstance(cast, bool):
                raise ScenarioError(f"{key}.cast: must be true or false")
            half = _enum(CastOption, f["half"], key + ".half") if "half" in f else None
            self._name(name, table.copy_card(self.obj(f["object"], key), cast, half), card=True, key=key)
        elif step.kind == "copy_permanent":
            self._name(name, table.copy_permanent(self.obj(f["object"], key)), card=True, key=key)
        elif step.kind == "unlock":
            by = _enum(UnlockBy, f.get("by", "special_action"), key + ".by")
            if by is UnlockBy.CAST:
                raise ScenarioError(f"{key}.by: 'cast' (allowed: special_action, effect)")
            if "cost_change" in f and by is not UnlockBy.SPECIAL_ACTION:
                raise ScenarioError(f"{key}.cost_change: only an unlock by special_action pays a cost")
            increase, reduction = _cost_change(f.get("cost_change"), key + ".cost_change")
            door = _enum(Side, f["door"], key + ".door")
            table.unlock(self.obj(f["object"], key), door, by, cost_increase=increase, cost_reduction=reduction)
        elif step.kind == "lock":
            table.lock(self.obj(f["object"], key), _enum(Side, f["door"], key + ".door"))
        elif step.kind == "choose_name":
            card_name = str(f["card"])
            if card_name not in self.file.cards:
                raise UnknownCard(f"{card_name!r} is not defined in the cards section")
            chosen = f["name"]
            if isinstance(chosen, str):
                chosen = [chosen]
            if not isinstance(chosen, list) or not all(isinstance(n, str) for n in chosen):
                raise ScenarioError(f"{key}.name: must be a card name or a list of names")
            source = self.obj(f["source"], key + ".source") if "source" in f else None
            table.choose_name(self.file.cards[card_name], chosen, _player(f, "player", key), source)
        elif step.kind == "turn":
            stack_empty = f.get("stack_empty")
            if stack_empty is not None and not isinstance(stack_empty, bool):
                raise ScenarioError(f"{key}.stack_empty: must be true or false")
            table.set_turn(
                _player(f, "active", key) if "active" in f else None,
                _enum(Phase, f["phase"], key + ".phase") if "phase" in f else None,
                _player(f, "priority", key) if "priority" in f else None,
                stack_empty,
            )

    def _name(self, name: Any, obj: ObjectId, card: bool, key: str) -> None:
        if name is None:
            return
        if not isinstance(name, str):
            raise ScenarioError(f"{key}.as: must be a string")
        self.aliases[name] = obj
        # An alias counts like the index of the step that introduced it: its events are included.
        self.alias_events[name] = self.step_start
        if card:
            self.card_alias.setdefault(obj, name)

    def obj(self, name: Any, key: str) -> ObjectId:
        if not isinstance(name, str) or name not in self.aliases:
            known = ", ".join(self.aliases) or "none yet"
            raise ScenarioError(f"{key}: unknown object {name!r} (known: {known})")
        return self.aliases[name]

    # -- checks --------------------------------------------------------------------------

    def check(self, check: Check) -> None:
        key = f"checks[{check.index}] {check.query}"
        try:
            got, rules = self._answer(check, key)
        except UnknownObject as exc:
            raise _Fail(f"{key}: the object no longer exists ({exc})") from exc
        if not _same(check.query, got, check.expect):
            raise _Fail(f"{key}: expected {check.expect!r}, got {got!r}", rules)

    def _answer(self, check: Check, key: str) -> tuple[Any, tuple[str, ...]]:
        table, arg, q = self.table, check.argument, check.query
        if q == "name_choices":
            card = self.file.cards.get(str(arg))
            if card is None:
                raise ScenarioError(f"{key}: unknown card {arg!r}")
            answer = table.name_choices(card)
            return [list(c) for c in answer.value], answer.rules
        if q == "events":
            since = arg.get("since") if isinstance(arg, Mapping) else None
            start = self._since(since, key)
            return [self._event(e.as_dict()) for e in table.events[start:]], ()
        if q in ("has_name", "compare", "castable", "can_unlock"):
            if not isinstance(arg, Mapping) or "object" not in arg:
                raise ScenarioError(f"{key}: needs a mapping with object")
            obj = self.obj(arg["object"], key + ".object")
            if q == "has_name":
                a = table.has_name(obj, str(arg.get("name")))
                return a.value, a.rules
            if q == "compare":
                value = arg.get("value")
                if not isinstance(value, (int, str)):
                    raise ScenarioError(f"{key}.value: must be a number or a color")
                try:
                    a = table.compare(obj, str(arg.get("characteristic")), str(arg.get("op")), value)
                except UnknownQuery as exc:
                    raise ScenarioError(f"{key}: {exc}") from exc
                return a.value, a.rules
            if q == "castable":
                permission = _enum(Zone, arg["from"], key + ".from") if "from" in arg else None
                opts = table.castable(obj, permission)
                return [o.value for o in opts.value], opts.rules
            door = table.can_unlock(obj, _enum(Side, arg.get("door"), key + ".door"))
            return door.value, door.rules
        if q == "last_cost":
            if arg not in (None, {}):
                raise ScenarioError(f"{key}: takes no argument (write last_cost: {{}})")
            return (str(table.last_cost) if table.last_cost is not None else None), ()
        obj = self.obj(arg, key)
        if q == "zone":
            return table.view(obj).zone.value, ()
        if q == "unlocked":
            return [s.value for s in Side if s in table.view(obj).unlocked], ()
        view = table.view(obj)
        rules = table.rules
        if q == "mana_cost":
            costs = ch.mana_costs(view, rules)
            return [str(c) for c in costs.value], costs.rules
        answer = ch.query(q)(view, rules)
        value = answer.value
        if isinstance(value, (frozenset, tuple)):
            value = list(value)
        return value, answer.rules

    def _since(self, since: Any, key: str) -> int:
        if since is None:
            return 0
        if isinstance(since, int) and not isinstance(since, bool) and since in self.step_events:
            return self.step_events[since]
        if isinstance(since, str) and since in self.alias_events:
            return self.alias_events[since]
        raise ScenarioError(f"{key}.since: {since!r} is neither a step index nor an alias")

    def _event(self, event: dict[str, str]) -> dict[str, str]:
        obj = event["object"]
        event["object"] = self.card_alias.get(obj, obj)
        return event


_SET_QUERIES = {"colors", "card_types", "subtypes", "castable", "unlocked"}


def _same(query: str, got: Any, expect: Any) -> bool:
    if query in _SET_QUERIES:
        return (
            isinstance(expect, list) and set(map(str, expect)) == set(map(str, got)) and len(expect) == len(set(expect))
        )
    if query == "name_choices":
        # A choice of both halves names the two of them, in no order (505.7, 708.7).
        return isinstance(expect, list) and _choices(expect) == _choices(got) and len(expect) == len(got)
    if query == "mana_symbols":
        return isinstance(expect, list) and sorted(map(str, expect)) == sorted(got)
    if query == "last_cost":
        if expect is None or got is None:
            return expect is None and got is None
        try:
            return isinstance(expect, str) and same_cost(expect, got)
        except ValueError:
            return False
    if query == "mana_cost":
        if not isinstance(expect, list) or len(expect) != len(got):
            return False
        try:
            return all(same_cost(str(e), g) for e, g in zip(expect, got, strict=True))
        except ValueError:
            return False
    if query == "events":
        return isinstance(expect, list) and [dict(e) if isinstance(e, Mapping) else e for e in expect] == got
    if isinstance(expect, bool) or isinstance(got, bool):
        return type(expect) is type(got) and expect == got
    return bool(expect == got)


def _choices(choices: list[Any]) -> set[tuple[str, ...]] | None:
    if not all(isinstance(c, list) for c in choices):
        return None
    return {tuple(sorted(map(str, c))) for c in choices}


def _enum(kind: type[Any], value: Any, key: str) -> Any:
    try:
        return kind(value)
    except ValueError:
        allowed = ", ".join(m.value for m in kind)
        raise ScenarioError(f"{key}: {value!r} (allowed: {allowed})") from None


def _x(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ScenarioError(f"{key}: {value!r:.60} (allowed: a whole number, 0 or more)")
    return value


def _cost_change(value: Any, key: str) -> tuple[ManaCost | None, ManaCost | None]:
    """The increases and the reductions of ``cost_change: "+{2}"`` or ``["-{1}", "+{U}"]``, each summed."""
    if value is None:
        return None, None
    changes = value if isinstance(value, list) else [value]
    increase: ManaCost | None = None
    reduction: ManaCost | None = None
    for change in changes:
        if not isinstance(change, str) or change[:1] not in ("+", "-"):
            raise ScenarioError(f'{key}: {change!r:.60} (allowed: a mana cost after + or -, such as "-{{1}}")')
        try:
            cost = ManaCost.parse(change[1:])
        except ValueError as exc:
            raise ScenarioError(f"{key}: {exc}") from None
        if not cost.symbols:
            raise ScenarioError(f"{key}: {change!r}: no mana symbols after the sign")
        if change[0] == "+":
            increase = cost if increase is None else increase + cost
        else:
            reduction = cost if reduction is None else reduction + cost
    return increase, reduction


def _player(fields: Mapping[str, Any], key: str, where: str) -> Player:
    return _enum(Player, fields.get(key, "p1"), f"{where}.{key}")  # type: ignore[no-any-return]


def summary(results: Iterable[Result]) -> dict[Status, int]:
    """How many runs ended each way."""
    counts = dict.fromkeys(Status, 0)
    for r in results:
        counts[r.status] += 1
    return counts
