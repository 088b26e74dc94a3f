"""The setup steps of one scenario run: aliases, the steps carried out on the Table, and refusals.

A step with ``expect_error`` must raise that kind of error and leave the whole observable game as
it was (docs/format.md); any other refusal fails the run.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from splitcards.errors import IllegalAction, ScenarioError, UnknownCard, UnknownObject
from splitcards.game.table import Table
from splitcards.rules.actions import CastGrants
from splitcards.rules.card import Side
from splitcards.rules.model import CastOption, ObjectId, Phase, UnlockBy, Zone
from splitcards.tools.conformance.fields import CostChanges, cost_change, enum, flag, player, x_value
from splitcards.tools.conformance.scenario import Scenario, ScenarioFile, Step


class Fail(Exception):
    """The run fails: what was expected and what happened, with the rules the answer cites."""

    def __init__(self, detail: str, rules: tuple[str, ...] = ()) -> None:
        super().__init__(detail)
        self.rules = rules


class ScenarioRun:
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
            raise Fail(f"setup[{step.index}] {step.kind}: the object no longer exists ({exc})") from exc
        except IllegalAction as exc:
            if step.expect_error == exc.kind:
                if self.table.snapshot() != before:
                    raise Fail(f"setup[{step.index}] {step.kind}: refused, but the game changed", exc.rules) from exc
                return
            wanted = f"expected {step.expect_error}" if step.expect_error else "expected it to succeed"
            raise Fail(f"setup[{step.index}] {step.kind}: {wanted}, got {exc.kind}: {exc}", exc.rules) from exc
        if step.expect_error:
            raise Fail(f"setup[{step.index}] {step.kind}: expected {step.expect_error}, but the step succeeded")

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
                self.file.cards[card_name], enum(Zone, f["zone"], key + ".zone"), player(f, "owner", key)
            )
            self._name(name, obj, card=True, key=key)
        elif step.kind == "cast":
            self._name(name, self._cast(f, key), card=False, key=key)
        elif step.kind == "resolve":
            table.resolve(self.obj(f["object"], key) if "object" in f else None)
        elif step.kind == "move":
            table.move(self.obj(f["object"], key), enum(Zone, f["zone"], key + ".zone"))
        elif step.kind == "copy_spell":
            self._name(name, table.copy_spell(self.obj(f["object"], key)), card=True, key=key)
        elif step.kind == "copy_card":
            self._name(name, self._copy_card(f, key), card=True, key=key)
        elif step.kind == "copy_permanent":
            self._name(name, table.copy_permanent(self.obj(f["object"], key)), card=True, key=key)
        elif step.kind == "unlock":
            self._unlock(f, key)
        elif step.kind == "lock":
            table.lock(self.obj(f["object"], key), enum(Side, f["door"], key + ".door"))
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
            table.choose_name(self.file.cards[card_name], chosen, player(f, "player", key), source)
        elif step.kind == "turn":
            stack_empty = f.get("stack_empty")
            if stack_empty is not None and not isinstance(stack_empty, bool):
                raise ScenarioError(f"{key}.stack_empty: must be true or false")
            table.set_turn(
                player(f, "active", key) if "active" in f else None,
                enum(Phase, f["phase"], key + ".phase") if "phase" in f else None,
                player(f, "priority", key) if "priority" in f else None,
                stack_empty,
            )

    def _splice(self, f: Mapping[str, Any], key: str) -> list[ObjectId]:
        splice = f.get("splice", []) or []
        if not isinstance(splice, list):
            raise ScenarioError(f"{key}.splice: must be a list of objects")
        return [self.obj(s, key + ".splice") for s in splice]

    def _grants(self, f: Mapping[str, Any], key: str, changes: CostChanges) -> CastGrants:
        hybrid = f.get("hybrid")
        if hybrid is not None and (not isinstance(hybrid, list) or not all(isinstance(h, str) for h in hybrid)):
            raise ScenarioError(f"{key}.hybrid: must be a list of the symbols paid, such as [U, R]")
        return CastGrants(
            cost_effects=changes.effects,
            hybrid=tuple(hybrid) if hybrid is not None else None,
            flash=flag(f, "flash", key),
            flashback=flag(f, "flashback", key),
        )

    def _cast(self, f: Mapping[str, Any], key: str) -> ObjectId:
        half = enum(CastOption, f["half"], key + ".half") if "half" in f else None
        changes = cost_change(f.get("cost_change"), key + ".cost_change", self.file.format)
        return self.table.cast(
            self.obj(f["object"], key),
            half,
            self._splice(f, key),
            permission=enum(Zone, f["from"], key + ".from") if "from" in f else None,
            without_paying=flag(f, "without_paying", key),
            x=x_value(f["x"], key + ".x") if "x" in f else None,
            cost_increase=changes.increase,
            cost_reduction=changes.reduction,
            grants=self._grants(f, key, changes),
        )

    def _copy_card(self, f: Mapping[str, Any], key: str) -> ObjectId:
        cast = flag(f, "cast", key)
        half = enum(CastOption, f["half"], key + ".half") if "half" in f else None
        if not cast and any(k in f for k in ("splice", "x", "cost_change")):
            raise ScenarioError(f"{key}: splice, x and cost_change are for a copy that is cast (cast: true)")
        changes = cost_change(f.get("cost_change"), key + ".cost_change", self.file.format)
        grants = CastGrants(
            cost_effects=changes.effects,
            x=x_value(f["x"], key + ".x") if "x" in f else None,
            cost_increase=changes.increase,
            cost_reduction=changes.reduction,
        )
        return self.table.copy_card(self.obj(f["object"], key), cast, half, self._splice(f, key), grants)

    def _unlock(self, f: Mapping[str, Any], key: str) -> None:
        by = enum(UnlockBy, f.get("by", "special_action"), key + ".by")
        if by is UnlockBy.CAST:
            raise ScenarioError(f"{key}.by: 'cast' (allowed: special_action, effect)")
        if "cost_change" in f and by is not UnlockBy.SPECIAL_ACTION:
            raise ScenarioError(f"{key}.cost_change: only an unlock by special_action pays a cost")
        changes = cost_change(f.get("cost_change"), key + ".cost_change", self.file.format)
        door: Side | frozenset[Side]
        if f["door"] == "both" and self.file.format not in ("1", "1.1"):
            # One effect unlocking both doors (709.5i); the special action unlocks one door (709.5e).
            if by is not UnlockBy.EFFECT:
                raise ScenarioError(f"{key}.door: both doors at once only by an effect (by: effect)")
            door = frozenset(Side)
        else:
            door = enum(Side, f["door"], key + ".door")
        self.table.unlock(
            self.obj(f["object"], key),
            door,
            by,
            cost_increase=changes.increase,
            cost_reduction=changes.reduction,
            cost_effects=changes.effects,
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
