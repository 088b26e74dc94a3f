"""The checks of one scenario run: each query answered by the rules on the Table, and the
comparison its answer calls for (docs/format.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from splitcards.errors import ScenarioError, UnknownObject, UnknownQuery
from splitcards.rules import characteristics as ch
from splitcards.rules import targets
from splitcards.rules.card import Side
from splitcards.rules.mana import same_cost
from splitcards.rules.model import Zone
from splitcards.tools.conformance.fields import condition, enum
from splitcards.tools.conformance.scenario import Check
from splitcards.tools.conformance.steps import Fail, ScenarioRun

TARGET_KINDS = ("spell", "permanent", "card")


def run_check(run: ScenarioRun, check: Check) -> None:
    """Answer the check's query and compare the answer with the expected one; :class:`Fail` if they differ."""
    key = f"checks[{check.index}] {check.query}"
    try:
        got, rules = _answer(run, check, key)
    except UnknownObject as exc:
        raise Fail(f"{key}: the object no longer exists ({exc})") from exc
    if not same(check.query, got, check.expect):
        raise Fail(f"{key}: expected {check.expect!r}, got {got!r}", rules)


def _answer(run: ScenarioRun, check: Check, key: str) -> tuple[Any, tuple[str, ...]]:
    table, arg, q = run.table, check.argument, check.query
    if q == "name_choices":
        card = run.file.cards.get(str(arg))
        if card is None:
            raise ScenarioError(f"{key}: unknown card {arg!r}")
        answer = table.name_choices(card)
        return [list(c) for c in answer.value], answer.rules
    if q == "events":
        since = arg.get("since") if isinstance(arg, Mapping) else None
        start = _since(run, since, key)
        return [_event(run, e.as_dict()) for e in table.events[start:]], ()
    if q == "can_target":
        if not isinstance(arg, Mapping) or "object" not in arg or arg.get("target") not in TARGET_KINDS:
            raise ScenarioError(f"{key}: needs a mapping with object and target ({', '.join(TARGET_KINDS)})")
        view = table.view(run.obj(arg["object"], key + ".object"))
        wanted = condition({k: v for k, v in arg.items() if k not in ("object", "target")}, key)
        found = targets.can_target(view, str(arg["target"]), wanted, table.rules)
        return found.value, found.rules
    if q in ("has_name", "compare", "castable", "can_unlock"):
        if not isinstance(arg, Mapping) or "object" not in arg:
            raise ScenarioError(f"{key}: needs a mapping with object")
        obj = run.obj(arg["object"], key + ".object")
        if q == "has_name":
            chosen = arg.get("name")
            if isinstance(chosen, list) and run.file.format not in ("1", "1.1"):
                # The names of one choice, both halves under the rules that name both (505.7, 708.7).
                found = ch.has_chosen_name(table.view(obj), table.rules, [str(n) for n in chosen])
                return found.value, found.rules
            a = table.has_name(obj, str(chosen))
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
            permission = enum(Zone, arg["from"], key + ".from") if "from" in arg else None
            opts = table.castable(obj, permission)
            return [o.value for o in opts.value], opts.rules
        door = table.can_unlock(obj, enum(Side, arg.get("door"), key + ".door"))
        return door.value, door.rules
    if q == "last_cost":
        if arg not in (None, {}):
            raise ScenarioError(f"{key}: takes no argument (write last_cost: {{}})")
        return (str(table.last_cost) if table.last_cost is not None else None), ()
    obj = run.obj(arg, key)
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


def _since(run: ScenarioRun, since: Any, key: str) -> int:
    if since is None:
        return 0
    if isinstance(since, int) and not isinstance(since, bool) and since in run.step_events:
        return run.step_events[since]
    if isinstance(since, str) and since in run.alias_events:
        return run.alias_events[since]
    raise ScenarioError(f"{key}.since: {since!r} is neither a step index nor an alias")


def _event(run: ScenarioRun, event: dict[str, str]) -> dict[str, str]:
    obj = event["object"]
    event["object"] = run.card_alias.get(obj, obj)
    return event


SET_QUERIES = {"colors", "card_types", "subtypes", "castable", "unlocked"}


def same(query: str, got: Any, expect: Any) -> bool:
    if query in SET_QUERIES:
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
