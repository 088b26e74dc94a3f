"""The checks of one scenario run: each query answered by the rules on the Table, and the
comparison its answer calls for (docs/format.md). A query's argument is what the loader read
and checked (:mod:`.values`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from splitcards.errors import IllegalChoice, UnknownObject, UnknownQuery
from splitcards.game.contract.moves import CastMove, Move
from splitcards.game.table import Table
from splitcards.rules import characteristics as ch
from splitcards.rules import targets
from splitcards.rules.card import Side
from splitcards.rules.mana import same_cost
from splitcards.rules.model import ObjectId, ObjectView
from splitcards.tools.conformance.results import Answer
from splitcards.tools.conformance.scenario import Check
from splitcards.tools.conformance.steps import Fail, ScenarioRun
from splitcards.tools.conformance.values import (
    CanTargetCheck,
    CanUnlockCheck,
    CastableCheck,
    CompareCheck,
    EventsCheck,
    HasNameCheck,
    LastCostCheck,
    LastKnownCheck,
    MovesCheck,
    NameChoicesCheck,
    ObjectCheck,
    TargetChoicesCheck,
    ValueOfCheck,
)


def run_check(run: ScenarioRun, check: Check) -> Answer:
    """Answer the check's query and compare the answer with the expected one; :class:`Fail` if
    they differ, carrying the answer."""
    key = f"checks[{check.index}] {check.query}"
    try:
        got, rules = _answer(run, check, key)
    except UnknownObject as exc:
        raise Fail(f"{key}: the object no longer exists ({exc})") from exc
    # last_known compares as the query it asks of the object would.
    compared = check.values.characteristic if isinstance(check.values, LastKnownCheck) else check.query
    answer = Answer(check.index, check.query, got, rules, same(compared, got, check.expect))
    if not answer.matched:
        raise Fail(f"{key}: expected {check.expect!r}, got {got!r}", rules, answer)
    return answer


def _answer(run: ScenarioRun, check: Check, key: str) -> tuple[Any, tuple[str, ...]]:
    table = run.table
    match check.values:
        case NameChoicesCheck(card=card, described=described):
            try:
                choices = table.name_choices(run.file.cards[card], described)
            except IllegalChoice as refused:
                # No rule of the version says which names a description lets be chosen (201.4b).
                return UNWRITTEN, refused.rules
            return [list(c) for c in choices.value], choices.rules
        case ValueOfCheck(object=obj):
            single = ch.single_value(table.view(run.obj(obj, key + ".object")), table.rules)
            return (UNWRITTEN if single.value is None else single.value), single.rules
        case EventsCheck(since=since):
            return [_event(run, e.as_dict()) for e in table.events[_since(run, since) :]], ()
        case CanTargetCheck(object=obj, target=target, condition=wanted):
            found = targets.can_target(table.view(run.obj(obj, key + ".object")), target, wanted, table.rules)
            return found.value, found.rules
        case HasNameCheck(object=obj, name=str() as name):
            answer = table.has_name(run.obj(obj, key + ".object"), name)
            return answer.value, answer.rules
        case HasNameCheck(object=obj, name=names):
            # The names of one choice, both halves under the rules that name both (505.7, 708.7).
            found = ch.has_chosen_name(table.view(run.obj(obj, key + ".object")), table.rules, list(names))
            return found.value, found.rules
        case CompareCheck(object=obj, characteristic=characteristic, op=op, value=value, other=other):
            if other is None and value is not None:
                answer = table.compare(run.obj(obj, key + ".object"), characteristic, op, value)
                return answer.value, answer.rules
            # Two objects compared (format 1.3): each gives its answers (708.6a-b, 709.4).
            views = table.view(run.obj(obj, key + ".object")), table.view(run.obj(other, key + ".other"))
            compared = ch.compare_objects(*views, table.rules, characteristic, op)
            if isinstance(compared, UnknownQuery):
                raise compared
            return compared.value, compared.rules
        case TargetChoicesCheck(object=obj, half=half, splice=splice):
            listed = table.target_choices(
                run.obj(obj, key + ".object"), half, [run.obj(s, key + ".splice") for s in splice]
            )
            # An object by the alias of its card (create, or a copy step), a player as p1 or p2.
            named = [[run.card_alias.get(o, o) for o in c.objects] + [p.value for p in c.players] for c in listed.value]
            return [sorted(each) for each in named], listed.rules
        case CastableCheck(object=obj, permission=permission, caster=caster):
            options = table.castable(run.obj(obj, key + ".object"), permission, caster)
            return [o.value for o in options.value], options.rules
        case MovesCheck(player=player, objects=listed, permitted=permitted):
            offered = table.moves(
                player, [run.obj(o, key + ".objects") for o in listed], {run.obj(o, key) for o in permitted}
            )
            return [_move(run, move) for move in offered], ()
        case CanUnlockCheck(object=obj, door=door):
            can = table.can_unlock(run.obj(obj, key + ".object"), door)
            return can.value, can.rules
        case LastCostCheck():
            return (str(table.last_cost) if table.last_cost is not None else None), ()
        case LastKnownCheck(object=obj, characteristic=wanted):
            # The object as it last existed on the battlefield (608.2h); null if it never was.
            last = table.last_known(run.obj(obj, key + ".object"))
            if last is None:
                return None, table.rules.cite("last_known")
            got, rules = _of_view(table, wanted, last)
            return got, rules + tuple(n for n in table.rules.cite("last_known") if n not in rules)
        case ObjectCheck(object=obj):
            return _of_object(run, check.query, run.obj(obj, key))


def _since(run: ScenarioRun, since: int | str | None) -> int:
    """Where the events asked for begin: the start, a step's first event, or the first of the step
    that gave an alias."""
    if since is None:
        return 0
    return run.alias_events[since] if isinstance(since, str) else run.step_events[since]


def _of_object(run: ScenarioRun, query: str, obj: ObjectId) -> tuple[Any, tuple[str, ...]]:
    """The answer to a query of one object: its zone, its unlocked doors, or a characteristic."""
    table = run.table
    if query == "zone":
        return table.view(obj).zone.value, ()
    return _of_view(table, query, table.view(obj))


def _of_view(table: Table, query: str, view: ObjectView) -> tuple[Any, tuple[str, ...]]:
    """The answer to a query of one object as ``view`` shows it (now, or as it last existed on the battlefield)."""
    if query == "unlocked":
        return [s.value for s in Side if s in view.unlocked], ()
    if query == "face_down":
        # A spell cast face down is face down too; its spell facts say so (708.4).
        down = view.face_down or (view.spell is not None and view.spell.face_down is not None)
        return down, table.rules.cite("face_down") if down else ()
    if query == "mana_cost":
        costs = ch.mana_costs(view, table.rules)
        return [str(c) for c in costs.value], costs.rules
    answer = ch.query(query)(view, table.rules)
    value = answer.value
    if isinstance(value, (frozenset, tuple)):
        value = list(value)
    return value, answer.rules


def _move(run: ScenarioRun, move: Move) -> dict[str, str | None]:
    """A move as a scenario writes it: the object's alias, the half cast (or the door unlocked),
    and its total cost (``None``: no mana paid)."""
    what = ("half", move.option.value) if isinstance(move, CastMove) else ("door", move.door.value)
    cost = str(move.cost) if move.cost is not None else None
    return {"object": run.card_alias.get(move.obj, move.obj), what[0]: what[1], "cost": cost}


def _event(run: ScenarioRun, event: dict[str, str]) -> dict[str, str]:
    obj = event["object"]
    event["object"] = run.card_alias.get(obj, obj)
    return event


UNWRITTEN = "unwritten"
"""The answer of a query the rule version has no text for (its version file's ``unwritten``)."""
SET_QUERIES = {"colors", "card_types", "subtypes", "castable", "unlocked"}


def same(query: str, got: Any, expect: Any) -> bool:
    if UNWRITTEN in (got, expect) and not isinstance(expect, bool):
        return bool(got == expect)
    if query in SET_QUERIES:
        return (
            isinstance(expect, list) and set(map(str, expect)) == set(map(str, got)) and len(expect) == len(set(expect))
        )
    if query == "target_choices":
        # Each target's choices are a set; the targets are in the spell's order.
        return (
            isinstance(expect, list)
            and len(expect) == len(got)
            and all(
                isinstance(e, list) and sorted(map(str, e)) == g and len(e) == len(set(e))
                for e, g in zip(expect, got, strict=True)
            )
        )
    if query == "moves":
        return isinstance(expect, list) and len(expect) == len(got) and _same_moves(expect, got)
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


def _same_moves(expect: list[Any], got: list[dict[str, str | None]]) -> bool:
    # In any order, each expected move matching one given, costs compared like last_cost.
    left = list(got)
    for wanted in expect:
        match = next((g for g in left if isinstance(wanted, Mapping) and _same_move(wanted, g)), None)
        if match is None:
            return False
        left.remove(match)
    return True


def _same_move(wanted: Mapping[str, Any], got: dict[str, str | None]) -> bool:
    if set(wanted) != set(got) or any(wanted[k] != got[k] for k in got if k != "cost"):
        return False
    return same("last_cost", got["cost"], wanted["cost"])


def _choices(choices: list[Any]) -> set[tuple[str, ...]] | None:
    if not all(isinstance(c, list) for c in choices):
        return None
    return {tuple(sorted(map(str, c))) for c in choices}
