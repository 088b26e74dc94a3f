"""The rules service answers the bundled scenarios' questions as the Table does in process.

Every bundled scenario runs on the reference host under each rule version it names, step by step
as the conformance runner runs it. Before each step and at each check that asks a question the
service answers, the object as it is then (its Card form, zone, owner, controller, spell, doors,
token, copy) and the game's timing become the service's params, and the service's value, rules
and refusal type must be the Table's. What can't be asked without the rest of the game (events,
a cost paid by a step the service was not asked about, a splice whose targets are on the board,
the state of an object) is counted by reason, and most questions must be asked.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from splitcards.adapters.reference import ReferenceHost
from splitcards.errors import IllegalAction, ScenarioError
from splitcards.game.configuration.registry import load_registry
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.rules import characteristics as ch
from splitcards.rules.actions import CastGrants, Resolution
from splitcards.rules.card import Card, Side
from splitcards.rules.model import CastOption, Event, ObjectId, ObjectView, UnlockBy, Zone
from splitcards.rules.targets import target_exists
from splitcards.rules.versions import RuleVersion
from splitcards.service.position import Context
from splitcards.service.server import Service, ServiceError
from splitcards.tools.cli.pool import card_pool
from splitcards.tools.conformance.checks import run_check
from splitcards.tools.conformance.fields import cost_change, enum, flag, x_value
from splitcards.tools.conformance.runner import plan
from splitcards.tools.conformance.scenario import Check, Scenario, ScenarioFile, Step, judges_targets, load_file
from splitcards.tools.conformance.steps import Fail, ScenarioRun
from splitcards.wire.forms import encode

BUNDLED = sorted(Path(str(resources.files("splitcards.tools.conformance.bundled"))).glob("*.yaml"))
PM = make_plugin_manager(load_entry_points=False)
REGISTRY = load_registry(pm=PM)
SERVICE = Service(Context(REGISTRY, REGISTRY.get(None).name, {}, PM), "test")
POOL = card_pool(None)
ROOM = POOL["Funeral Room // Awakening Hall"]
BEARS = POOL["Grizzly Bears"]

# The service's characteristics, by the scenario query that asks for one of them.
CHARACTERISTICS = {
    "names": "names",
    "mana_cost": "mana_costs",
    "mana_values": "mana_values",
    "colors": "colors",
    "multicolored": "multicolored",
    "card_types": "card_types",
    "subtypes": "subtypes",
}
# The queries the service answers characteristics with, in the order it cites their rules.
SERVICE_QUERIES = (
    ch.NAMES,
    ch.MANA_COSTS,
    ch.MANA_VALUES,
    ch.COLORS,
    ch.MULTICOLORED,
    ch.CARD_TYPES,
    ch.SUBTYPES,
    ch.SUPERTYPES,
)
NO_QUESTION = "asks no question of the rules"
ONE_CARD = "the service's position sets out one card, not the board"
# What a cast of format 1.3 may say that no question of the service carries.
NEW_CAST_FIELDS = ("targets", "caster", "mana", "any_type", "instead", "resolves_to", "plotted", "face_down")
PROHIBITED = "a cast while an effect forbids casts by name: the service's position carries none"
# What the service can't be asked, by query or step, and why.
NOT_ASKED = {
    "zone": f"the state of an object: {NO_QUESTION}",
    "unlocked": f"the state of an object: {NO_QUESTION}",
    "events": "what happened in the game so far",
    "abilities_of": "no question of the service gives the instructions",
    "mana_symbols": "no question of the service gives the mana symbols",
    "can_target": "no question of the service judges a target",
    "turn": f"an action that {NO_QUESTION}",
    "move": f"an action that {NO_QUESTION}",
    "copy_permanent": f"an action that {NO_QUESTION}",
    "lock": "no question of the service locks a door",
    "choose_name": "choosing a name is decided by decide_name; the service gives the legal choices only",
    "manifest": "no question of the service puts a card face down",
    "turn_face_up": "no question of the service turns a permanent face up",
    "become_copy": "no question of the service makes a permanent a copy",
    "face_down": f"the state of an object: {NO_QUESTION}",
    "last_known": "what an object was on the battlefield: the service has no game to remember it",
    "prohibit": "an effect that forbids casts by name: the service's position carries none",
    "plot": "plotting a card: no question of the service plots one",
    "storm": "storm copies: no question of the service counts the spells cast",
    "cascade": "a library process: the service's position has no library",
    "discover": "a library process: the service's position has no library",
    "target_choices": f"the choices for a spell's targets: {ONE_CARD}",
    "value_of": "no question of the service gives a value used without a comparison",
    "moves": f"the moves over several objects: {ONE_CARD}",
}
FACE_DOWN = "a face-down permanent: the service's position has no face_down"
COLOR_ORDER = "WUBRG"


class RecordingTable(Table):
    """A Table that keeps what the last resolve decided: a scenario step drops it."""

    resolved: Resolution | None = None

    def resolve(self, obj: ObjectId | None = None) -> Resolution:
        self.resolved = super().resolve(obj)
        return self.resolved


@dataclass
class Tally:
    """What was compared, what couldn't be asked and why, and every difference."""

    compared: Counter[str] = field(default_factory=Counter)
    not_asked: Counter[str] = field(default_factory=Counter)
    differences: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.compared.update(other.compared)
        self.not_asked.update(other.not_asked)
        self.differences.extend(other.differences)

    def differ(self, where: str, detail: str) -> None:
        self.differences.append(f"{where}: {detail}")


@dataclass
class Pending:
    """A step asked about before it runs, finished once its outcome is seen."""

    kind: str
    answer: dict[str, Any]
    obj: ObjectId | None = None
    name: str = ""


class Comparison:
    """One scenario run, with each of its questions asked of the service too."""

    def __init__(self, file: ScenarioFile, scenario: Scenario, version: RuleVersion, tally: Tally) -> None:
        self.file = file
        self.version = version
        self.tally = tally
        self.where = f"{Path(file.path).name}: {scenario.id} [{version.name}]"
        # Targets are judged as the runner judges them: in a file of format 1.3 (601.2c).
        self.table = RecordingTable(ReferenceHost(), version, PM, judge_targets=judges_targets(file.format))
        self.run = ScenarioRun(file, scenario, self.table)
        # What the service said the step that set the last cost would cost; None: not asked.
        self.last_cost: tuple[str | None] | None = None

    # -- asking ------------------------------------------------------------------------------

    def ask(self, method: str, params: dict[str, Any], key: str) -> dict[str, Any] | None:
        try:
            return SERVICE.envelope(method, params)
        except ServiceError as error:
            self.differ(key, f"the service answered {method} with an error: {error.as_error()}")
            return None

    def differ(self, key: str, detail: str) -> None:
        self.tally.differ(f"{self.where}: {key}", detail)

    def same(self, key: str, what: str, service: Any, table: Any) -> None:
        if service != table:
            self.differ(key, f"{what}: the service says {service!r}, the Table {table!r}")

    def position(self, view: ObjectView) -> dict[str, Any]:
        """The service's params for ``view`` where it is now, at the game's timing."""
        params: dict[str, Any] = {
            "card": encode(view.card),
            "rules": self.version.name,
            "zone": view.zone.value,
            "owner": view.owner.value,
            "controller": view.controller.value,
            "unlocked": encode(view.unlocked),
            "token": view.token,
            "copy": view.copy,
            "timing": encode(self.table.host.timing()),
        }
        if view.spell is not None:
            params["spell"] = encode(view.spell)
        return params

    # -- the run -----------------------------------------------------------------------------

    def go(self, scenario: Scenario) -> None:
        for step in scenario.setup:
            key = f"setup[{step.index}] {step.kind}"
            pending = self.before(step, key)
            self.run.step(step)
            if pending is not None:
                self.after(step, key, pending)
            elif step.expect_error is None and _pays(step):
                # A cost paid that the service was not asked about: a later last_cost can't be asked.
                self.last_cost = None
        for check in scenario.checks:
            self.check(check)
            run_check(self.run, check)

    def not_asked(self, reason: str) -> None:
        self.tally.not_asked[reason] += 1

    def before(self, step: Step, key: str) -> Pending | None:
        if step.kind in NOT_ASKED:
            self.not_asked(f"{step.kind}: {NOT_ASKED[step.kind]}")
            return None
        if step.kind == "create":
            return self.before_create(step, key)
        if step.kind == "cast":
            return self.before_cast(step, key)
        if step.kind == "resolve":
            return self.before_resolve(step, key)
        if step.kind == "unlock":
            return self.before_unlock(step, key)
        if step.kind in ("copy_card", "copy_spell"):
            return self.before_copy(step, key)
        raise AssertionError(f"{self.where}: {key}: a step this test does not know")

    def after(self, step: Step, key: str, pending: Pending) -> None:
        if pending.kind == "resolve":
            self.after_resolve(key, pending)
        elif pending.kind == "unlock":
            self.after_unlock(step, key, pending)
        elif pending.kind in ("copy_card", "copy_spell"):
            self.after_copy(step, key, pending)
        elif pending.kind == "cast" and step.expect_error is None:
            way = pending.answer["value"]
            self.last_cost = (way["total_cost"],)

    # -- create: whether the card exists under the rule version ------------------------------

    def before_create(self, step: Step, key: str) -> Pending | None:
        card = self.file.cards.get(str(step.fields["card"]))
        zone = str(step.fields["zone"])
        if card is None or zone == Zone.STACK.value:
            self.not_asked("create: a card the file lacks, or created on the stack")
            return None
        try:
            self.table.check_card(card)
            refused: IllegalAction | None = None
        except IllegalAction as error:
            refused = error
        envelope = self.ask("characteristics", {"card": encode(card), "rules": self.version.name, "zone": zone}, key)
        if envelope is None:
            return None
        self.tally.compared["create (the card exists under the version)"] += 1
        refusal = envelope.get("refusal")
        if refused is None:
            self.same(key, "refusal", refusal, None)
        else:
            self.same(key, "refusal type", refusal and refusal["type"], refused.kind)
            self.same(key, "rules", envelope["rules"], list(refused.rules))
        return None

    # -- cast --------------------------------------------------------------------------------

    def before_cast(self, step: Step, key: str) -> Pending | None:
        f = step.fields
        obj = self.run.obj(f["object"], key)
        view = self.table.view(obj)
        option = enum(CastOption, f["half"], key + ".half") if "half" in f else None
        splice = [self.run.obj(s, key + ".splice") for s in f.get("splice", []) or []]
        changes = cost_change(f.get("cost_change"), key + ".cost_change", self.file.format)
        hybrid = f.get("hybrid")
        permission = enum(Zone, f["from"], key + ".from") if "from" in f else None
        grants = CastGrants(
            cost_effects=changes.effects,
            hybrid=tuple(hybrid) if hybrid is not None else None,
            flash=flag(f, "flash", key),
            flashback=flag(f, "flashback", key),
        )
        x = x_value(f["x"], key + ".x") if "x" in f else None
        said = [name for name in NEW_CAST_FIELDS if name in f]
        if self.table.prohibitions:
            self.not_asked(f"cast: {PROHIBITED}")
            return None
        if said or self.targets_on_board(obj, option, splice):
            self.not_asked(f"cast: {', '.join(said)}" if said else f"cast: a spell with targets: {ONE_CARD}")
            return None
        unsaid, hand = self.splice_said(obj, view, splice)
        if unsaid:
            self.not_asked(f"cast: {unsaid}")
            return None
        try:
            decision = self.table.cast_decision(
                obj,
                option,
                splice,
                permission=permission,
                without_paying=flag(f, "without_paying", key),
                x=x,
                cost_increase=changes.increase,
                cost_reduction=changes.reduction,
                grants=grants,
            )
        except IllegalAction as error:
            refused: IllegalAction | None = error
            expected: dict[str, Any] = {"legal": False, "refusal": error.kind, "rules": list(error.rules)}
        else:
            refused = None
            expected = {
                "legal": True,
                "refusal": None,
                "rules": list(decision.rules),
                "total_cost": encode(decision.total_cost),
                "spell": _unspliced(encode(decision.spell)),
                "spliced": [encode(s.half) for s in decision.spell.spliced],
            }
        self.same(key, "the Table's refusal and expect_error", refused and refused.kind, step.expect_error)
        params = {
            **self.position(view),
            "option": (option or CastOption.WHOLE).value,
            "splice": [encode(self.table.view(s).card) for s in splice],
            "hand": [encode(self.table.view(h).card) for h in hand],
            "x": x,
            "without_paying": flag(f, "without_paying", key),
            "cost_increase": encode(changes.increase),
            "cost_reduction": encode(changes.reduction),
            "cost_effects": encode(changes.effects),
            "hybrid": hybrid,
            "flash": grants.flash,
            "flashback": grants.flashback,
        }
        if permission is not None:
            params["permission"] = permission.value
        envelope = self.ask("cast_decision", params, key)
        if envelope is None:
            return None
        self.tally.compared["cast (cast_decision)"] += 1
        way = envelope["value"]
        got: dict[str, Any] = {
            "legal": way["legal"],
            "refusal": way["refusal"] and way["refusal"]["type"],
            "rules": envelope["rules"],
        }
        if way["legal"]:
            got["total_cost"] = way["total_cost"]
            got["spell"] = _unspliced(way["spell"])
            got["spliced"] = [s["half"] for s in way["spell"]["spliced"]]
        self.same(key, "cast_decision", got, expected)
        self.same(key, "rules of the value", way["rules"], envelope["rules"])
        if "refusal" in envelope:
            self.differ(key, f"cast_decision refused the question itself: {envelope['refusal']}")
        return Pending("cast", envelope)

    def splice_said(self, obj: ObjectId, view: ObjectView, splice: list[ObjectId]) -> tuple[str, list[ObjectId]]:
        """How a splice is said in the service's params, which put each spliced card and each card
        of ``hand`` in the caster's hand with nothing else in the game: the cards for ``hand``, or
        why it can't be said."""
        caster = view.owner
        board = False
        for other in splice:
            seen = self.table.view(other)
            if other == obj or splice.count(other) > 1:
                return "a splice of the spell itself, or of one card twice", []
            if seen != ObjectView(seen.card, Zone.HAND, caster, caster):
                return "a spliced card that is not a card in its caster's hand", []
            board = board or any(not target_exists(t, [], self.version, caster) for t in seen.card.halves[0].targets)
        if not board:
            return "", []
        # The spliced text's targets are looked for among the other objects: the position is
        # said only when they are all cards in the caster's hand.
        others = [o for o in self.table.host.objects() if o != obj and o not in splice]
        for other in others:
            seen = self.table.view(other)
            if seen != ObjectView(seen.card, Zone.HAND, caster, caster):
                return "a spliced card whose targets are looked for among objects outside the caster's hand", []
        return "", others

    # -- resolve -----------------------------------------------------------------------------

    def before_resolve(self, step: Step, key: str) -> Pending | None:
        stack = self.table.host.stack()
        asked = self.run.obj(step.fields["object"], key) if "object" in step.fields else None
        if not stack or (asked is not None and asked != stack[-1]) or step.expect_error:
            self.not_asked("resolve: an object not on top of the stack")
            return None
        top = stack[-1]
        spell = self.table.view(top).spell
        if spell is not None and spell.face_down is not None:
            self.not_asked(f"resolve: {FACE_DOWN}")
            return None
        envelope = self.ask("resolution", self.position(self.table.view(top)), key)
        return None if envelope is None else Pending("resolve", envelope, top)

    def after_resolve(self, key: str, pending: Pending) -> None:
        self.tally.compared["resolve (resolution)"] += 1
        outcome = self.table.resolved
        assert outcome is not None
        self.same(key, "resolution", pending.answer["value"], encode(outcome))
        self.same(key, "rules", pending.answer["rules"], list(outcome.rules))

    # -- unlock ------------------------------------------------------------------------------

    def before_unlock(self, step: Step, key: str) -> Pending | None:
        f = step.fields
        by = f.get("by", UnlockBy.SPECIAL_ACTION.value)
        changes = cost_change(f.get("cost_change"), key + ".cost_change", self.file.format)
        if by != UnlockBy.SPECIAL_ACTION.value or f["door"] == "both" or changes.effects:
            self.not_asked("unlock: by an effect, both doors at once, or with spell-cost effects")
            return None
        obj = self.run.obj(f["object"], key)
        view = self.table.view(obj)
        side = enum(Side, f["door"], key + ".door")
        params = {
            **self.position(view),
            "cost_increase": encode(changes.increase),
            "cost_reduction": encode(changes.reduction),
        }
        envelope = self.ask("doors", params, key)
        if envelope is None:
            return None
        can = self.table.can_unlock(obj, side)
        self.tally.compared["unlock (doors)"] += 1
        if "refusal" in envelope:
            # The rules refuse the question's card itself: no door can be unlocked.
            self.same(key, "refusal type", envelope["refusal"]["type"], step.expect_error)
            self.same(key, "rules", envelope["rules"], list(can.rules))
            return None
        (door,) = [d for d in envelope["value"] if d["door"] == side.value]
        self.same(key, "can_unlock", door["can_unlock"], can.value)
        self.same(key, "refusal type", door["refusal"] and door["refusal"]["type"], step.expect_error)
        self.same(key, "rules", door["rules"], list(can.rules))
        return Pending("unlock", door, obj, view.card.name)

    def after_unlock(self, step: Step, key: str, pending: Pending) -> None:
        if step.expect_error is not None:
            return
        start = self.run.step_events[step.index]
        events = [_named(e, pending.obj, pending.name) for e in self.table.events[start:]]
        self.same(key, "events", pending.answer["events"], encode(events))
        self.same(key, "cost", pending.answer["cost"], encode(self.table.last_cost))
        self.last_cost = (pending.answer["cost"],)

    # -- copies ------------------------------------------------------------------------------

    def before_copy(self, step: Step, key: str) -> Pending | None:
        f = step.fields
        obj = self.run.obj(f["object"], key)
        view = self.table.view(obj)
        cast = step.kind == "copy_card" and flag(f, "cast", key)
        splice = [self.run.obj(s, key + ".splice") for s in f.get("splice", []) or []]
        unsaid, hand = self.splice_said(obj, view, splice)
        if cast and enum(CastOption, f.get("half", "whole"), key + ".half") not in printed_options(view.card):
            unsaid = "a copy cast in a way its card does not print (copies asks only those)"
        if cast and self.table.prohibitions:
            unsaid = PROHIBITED
        if unsaid:
            self.not_asked(f"copy_card: {unsaid}")
            return None
        params = {**self.position(view), "explain": "why_not"}
        if cast:
            changes = cost_change(f.get("cost_change"), key + ".cost_change", self.file.format)
            params |= {
                "splice": [encode(self.table.view(s).card) for s in splice],
                "hand": [encode(self.table.view(h).card) for h in hand],
                "x": x_value(f["x"], key + ".x") if "x" in f else None,
                "cost_increase": encode(changes.increase),
                "cost_reduction": encode(changes.reduction),
                "cost_effects": encode(changes.effects),
            }
        envelope = self.ask("copies", params, key)
        return None if envelope is None else Pending(step.kind, envelope, obj)

    def after_copy(self, step: Step, key: str, pending: Pending) -> None:
        self.tally.compared[f"{step.kind} (copies)"] += 1
        copied = pending.answer["value"]
        made = self.run.aliases.get(str(step.fields.get("as")))
        cast = step.kind == "copy_card" and flag(step.fields, "cast", key)
        if not cast:
            if made is not None and step.expect_error is None:
                self.same(key, "the copy", copied["copy"], encode(self.table.view(made)))
            return
        option = step.fields.get("half", CastOption.WHOLE.value)
        ways = [way for way in copied["ways"] if way["option"] == option]
        if len(ways) != 1:
            self.differ(key, f"no way to cast the copy as {option} among {copied['ways']}")
            return
        (way,) = ways
        self.same(key, "refusal type", way["refusal"] and way["refusal"]["type"], step.expect_error)
        if step.expect_error is None:
            self.same(key, "total cost", way["total_cost"], encode(self.table.last_cost))
            if made is not None:
                spell = self.table.view(made).spell
                self.same(key, "the spell", _unspliced(way["spell"]), _unspliced(encode(spell)))
            self.last_cost = (way["total_cost"],)

    # -- checks ------------------------------------------------------------------------------

    def check(self, check: Check) -> None:
        key = f"checks[{check.index}] {check.query}"
        q, arg = check.query, check.argument
        if q in NOT_ASKED:
            self.not_asked(f"{q}: {NOT_ASKED[q]}")
            return
        if q == "last_cost":
            self.check_last_cost(key)
            return
        if q == "name_choices":
            if isinstance(arg, Mapping):
                self.not_asked("name_choices: a name with characteristics: the service's question takes no description")
                return
            self.check_name_choices(key, str(arg))
            return
        name = arg["object"] if isinstance(arg, Mapping) else arg
        obj = self.run.obj(name, key)
        view = self.table.view(obj)
        if view.face_down or (view.spell is not None and view.spell.face_down is not None):
            self.not_asked(f"{q}: {FACE_DOWN}")
            return
        if q in CHARACTERISTICS:
            self.check_characteristic(key, q, view)
        elif q == "has_name":
            self.check_has_name(key, obj, view, arg["name"])
        elif q == "compare":
            self.check_compare(key, obj, view, arg)
        elif q == "castable":
            self.check_castable(key, obj, view, arg)
        elif q == "can_unlock":
            self.check_can_unlock(key, obj, view, enum(Side, arg.get("door"), key + ".door"))
        else:
            raise AssertionError(f"{self.where}: {key}: a query this test does not know")

    def asked(self, key: str, query: str, envelope: dict[str, Any] | None) -> dict[str, Any] | None:
        if envelope is None:
            return None
        self.tally.compared[f"check {query}"] += 1
        if "refusal" in envelope:
            self.differ(key, f"the service refused the question ({query}): {envelope['refusal']}")
            return None
        self.same(key, "version", envelope["version"], self.version.name)
        return envelope

    def check_characteristic(self, key: str, query: str, view: ObjectView) -> None:
        envelope = self.asked(key, query, self.ask("characteristics", self.position(view), key))
        if envelope is None:
            return
        answers = [found(view, self.version) for found in SERVICE_QUERIES]
        own = ch.mana_costs(view, self.version) if query == "mana_cost" else ch.query(query)(view, self.version)
        value = envelope["value"][CHARACTERISTICS[query]]
        if query == "colors":
            self.same(key, "colors in WUBRG order", value, sorted(value, key=COLOR_ORDER.index))
            self.same(key, "colors", sorted(value), encode(own.value))
        else:
            self.same(key, query, value, encode(own.value))
        cited = list(dict.fromkeys(n for answer in answers for n in answer.rules))
        self.same(key, "rules", envelope["rules"], cited)
        if not set(own.rules) <= set(envelope["rules"]):
            self.differ(key, f"the rules of {query}, {own.rules}, are not among {envelope['rules']}")

    def check_has_name(self, key: str, obj: ObjectId, view: ObjectView, chosen: Any) -> None:
        if isinstance(chosen, list) and self.file.format not in ("1", "1.1"):
            found = ch.has_chosen_name(view, self.version, [str(n) for n in chosen])
        else:
            chosen = str(chosen)
            found = self.table.has_name(obj, chosen)
        params = {**self.position(view), "name": chosen}
        envelope = self.asked(key, "has_name", self.ask("has_name", params, key))
        if envelope is not None:
            self.same(key, "answer", (envelope["value"], envelope["rules"]), (found.value, list(found.rules)))

    def targets_on_board(self, obj: ObjectId, option: CastOption | None, splice: list[ObjectId]) -> bool:
        """Whether the Table judges targets chosen among the board for this cast (601.2c)."""
        if not self.table.judge_targets:
            return False
        options = [option] if option is not None else list(printed_options(self.table.view(obj).card))
        return any(
            c.target.kind not in ("player", "opponent")
            for each in options
            for c in self.table.target_choices(obj, each, splice).value
        )

    def check_compare(self, key: str, obj: ObjectId, view: ObjectView, arg: Mapping[str, Any]) -> None:
        if "other" in arg:
            self.not_asked(f"compare: two objects: {ONE_CARD}")
            return
        characteristic, op, value = str(arg.get("characteristic")), str(arg.get("op")), arg.get("value")
        assert isinstance(value, int | str)
        found = self.table.compare(obj, characteristic, op, value)
        params = {**self.position(view), "characteristic": characteristic, "op": op, "value": value}
        envelope = self.asked(key, "compare", self.ask("compare", params, key))
        if envelope is not None:
            self.same(key, "answer", (envelope["value"], envelope["rules"]), (found.value, list(found.rules)))

    def check_castable(self, key: str, obj: ObjectId, view: ObjectView, arg: Mapping[str, Any]) -> None:
        if self.table.prohibitions:
            self.not_asked(f"castable: {PROHIBITED}")
            return
        if "caster" in arg or self.targets_on_board(obj, None, []):
            self.not_asked(f"castable: another caster, or a spell with targets: {ONE_CARD}")
            return
        permission = enum(Zone, arg["from"], key + ".from") if "from" in arg else None
        found = self.table.castable(obj, permission)
        params = self.position(view)
        if permission is not None:
            params["permission"] = permission.value
        envelope = self.asked(key, "castable", self.ask("castable", params, key))
        if envelope is not None:
            wanted = ([o.value for o in found.value], list(found.rules))
            self.same(key, "answer", (envelope["value"], envelope["rules"]), wanted)

    def check_can_unlock(self, key: str, obj: ObjectId, view: ObjectView, side: Side) -> None:
        found = self.table.can_unlock(obj, side)
        envelope = self.asked(key, "can_unlock", self.ask("doors", self.position(view), key))
        if envelope is None:
            return
        (door,) = [d for d in envelope["value"] if d["door"] == side.value]
        self.same(key, "answer", (door["can_unlock"], door["rules"]), (found.value, list(found.rules)))

    def check_name_choices(self, key: str, name: str) -> None:
        card = self.file.cards[name]
        found = self.table.name_choices(card)
        params = {"card": encode(card), "rules": self.version.name}
        envelope = self.asked(key, "name_choices", self.ask("name_choices", params, key))
        if envelope is not None:
            wanted = ([list(c) for c in found.value], list(found.rules))
            self.same(key, "answer", (envelope["value"], envelope["rules"]), wanted)

    def check_last_cost(self, key: str) -> None:
        if self.last_cost is None:
            self.not_asked("last_cost: a cost paid by a step the service was not asked about")
            return
        self.tally.compared["check last_cost (the cost the service gave its step)"] += 1
        (said,) = self.last_cost
        self.same(key, "last cost", said, encode(self.table.last_cost))


def printed_options(card: Card) -> tuple[CastOption, ...]:
    """The ways to cast the printed card offers, as the service's ways to cast and copies ask them:
    each half of a split card, both with fuse; a one-faced card whole."""
    if not card.is_split:
        return (CastOption.WHOLE,)
    return (CastOption.LEFT, CastOption.RIGHT, *((CastOption.FUSED,) if card.fuse else ()))


def _pays(step: Step) -> bool:
    """Whether the step, done, sets the Table's last cost: a cast, an unlock, a copy cast."""
    return step.kind in ("cast", "unlock") or (step.kind == "copy_card" and step.fields.get("cast") is True)


def _unspliced(spell: Any) -> Any:
    """A spell's form without the ids of its spliced cards: the service's are its position's own."""
    if not isinstance(spell, dict):
        return spell
    return {**spell, "spliced": [s["half"] for s in spell.get("spliced", [])]}


def _named(event: Event, obj: ObjectId | None, name: str) -> Event:
    return replace(event, object=name) if event.object == obj else event


@functools.cache
def compared(path: Path) -> Tally:
    """Every run of the bundled file, compared with the service."""
    tally = Tally()
    file = load_file(path)
    for planned in plan(file, REGISTRY):
        assert planned.version is not None, planned.problem
        comparison = Comparison(file, planned.scenario, planned.version, tally)
        try:
            comparison.go(planned.scenario)
        except (Fail, ScenarioError, AssertionError) as error:
            tally.differ(comparison.where, f"the run failed: {error}")
    return tally


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_the_service_answers_as_the_table_does(path: Path) -> None:
    tally = compared(path)
    assert tally.differences == []
    assert sum(tally.compared.values()) > 0


def test_most_bundled_questions_are_asked_of_the_service(record_property: Callable[[str, object], None]) -> None:
    total = Tally()
    # Format 1.3 sets out whole boards and effects in force, which the service's one-card positions
    # can't carry: the share of questions asked is of the files before it.
    for path in BUNDLED:
        if not judges_targets(load_file(path).format):
            total.add(compared(path))
    counts = {
        **{f"asked: {name}": n for name, n in total.compared.items()},
        **{f"not asked: {reason}": n for reason, n in total.not_asked.items()},
    }
    for name, count in sorted(counts.items()):
        record_property(name, count)
        print(f"{count:5}  {name}")
    # Every question the service answers was asked of it somewhere in the suite.
    asked = {name.partition(" (")[0] for name in total.compared}
    assert {f"check {q}" for q in [*CHARACTERISTICS, "has_name", "compare", "castable", "can_unlock"]} <= asked
    assert {"check name_choices", "check last_cost", "cast", "resolve", "unlock", "copy_card", "copy_spell"} <= asked
    # Most of the questions of the rules: a create asks little, and reading an object's state or
    # changing the turn asks nothing.
    questions = sum(n for name, n in total.compared.items() if not name.startswith("create"))
    unasked = sum(n for reason, n in total.not_asked.items() if NO_QUESTION not in reason)
    print(f"{questions} questions asked of the service, {unasked} not")
    assert questions > 1500
    assert questions / (questions + unasked) > 0.7


def test_709_5e_doors_of_a_room_in_hand_each_cannot_be_unlocked() -> None:
    table = Table(ReferenceHost(), REGISTRY.get("duskmourn-2024"), PM, judge_targets=False)
    obj = table.create(ROOM, Zone.HAND)
    envelope = SERVICE.envelope("doors", {"card": encode(ROOM), "rules": "duskmourn-2024", "zone": "hand"})
    assert "refusal" not in envelope
    answers = [table.can_unlock(obj, side) for side in Side]
    assert [(d["can_unlock"], d["rules"]) for d in envelope["value"]] == [(a.value, list(a.rules)) for a in answers]
    assert [d["refusal"]["type"] for d in envelope["value"]] == ["not_a_room", "not_a_room"]


def test_709_5_doors_of_a_creature_are_refused_as_not_a_room() -> None:
    table = Table(ReferenceHost(), REGISTRY.get("duskmourn-2024"), PM, judge_targets=False)
    obj = table.create(BEARS, Zone.BATTLEFIELD)
    with pytest.raises(IllegalAction) as refused:
        table.unlock(obj, Side.LEFT)
    envelope = SERVICE.envelope("doors", {"card": encode(BEARS), "rules": "duskmourn-2024", "zone": "battlefield"})
    assert envelope["refusal"]["type"] == refused.value.kind == "not_a_room"
    assert envelope["rules"] == list(refused.value.rules)
