"""The setup steps of one scenario run: aliases, the steps carried out on the Table, and refusals.

A step with ``expect_error`` must raise that kind of error and leave the whole observable game as
it was (docs/format.md); any other refusal fails the run. A step's values are those the loader
read and checked (:mod:`.values`): an alias it names was given by an earlier step.
"""

from __future__ import annotations

from typing import Any

from splitcards.errors import IllegalAction, ScenarioError, UnknownCard, UnknownObject
from splitcards.game.table import Table
from splitcards.rules.actions import CastGrants
from splitcards.rules.faces import FaceUpBy
from splitcards.rules.model import ObjectId, Player, UnlockBy
from splitcards.tools.conformance.fields import PLAYERS
from splitcards.tools.conformance.results import Answer
from splitcards.tools.conformance.scenario import Scenario, ScenarioFile, Step
from splitcards.tools.conformance.values import (
    BecomeCopyStep,
    CascadeStep,
    CastStep,
    ChooseNameStep,
    CopyCardStep,
    CopyPermanentStep,
    CopySpellStep,
    CreateStep,
    DiscoverStep,
    LockStep,
    ManifestStep,
    MoveStep,
    PlotStep,
    ProhibitStep,
    ResolveStep,
    StormStep,
    TurnFaceUpStep,
    TurnStep,
    UnlockStep,
)


class Fail(Exception):
    """The run fails: what was expected and what happened, with the rules the answer cites, and
    the check's answer when a check failed."""

    def __init__(self, detail: str, rules: tuple[str, ...] = (), answer: Answer | None = None) -> None:
        super().__init__(detail)
        self.rules = rules
        self.answer = answer


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
        table, key = self.table, f"setup[{step.index}] {step.kind}"
        match step.values:
            case CreateStep(card=card, zone=zone, owner=owner, alias=alias):
                if card not in self.file.cards:
                    raise UnknownCard(f"{card!r} is not defined in the cards section")
                self._name(alias, table.create(self.file.cards[card], zone, owner), card=True)
            case CastStep() as cast:
                self._name(cast.alias, self._cast(cast, key), card=False)
            case ResolveStep(object=obj):
                table.resolve(self.obj(obj, key) if obj is not None else None)
            case MoveStep(object=obj, zone=zone):
                table.move(self.obj(obj, key), zone)
            case CopySpellStep(object=obj, alias=alias):
                self._name(alias, table.copy_spell(self.obj(obj, key)), card=True)
            case CopyCardStep() as copy:
                grants = CastGrants(
                    cost_effects=copy.cost_change.effects,
                    x=copy.x,
                    cost_increase=copy.cost_change.increase,
                    cost_reduction=copy.cost_change.reduction,
                )
                splice = [self.obj(s, key + ".splice") for s in copy.splice]
                made = table.copy_card(self.obj(copy.object, key), copy.cast, copy.half, splice, grants)
                self._name(copy.alias, made, card=True)
            case CopyPermanentStep(object=obj, alias=alias):
                self._name(alias, table.copy_permanent(self.obj(obj, key)), card=True)
            case UnlockStep(object=obj, door=door, by=by, cost_change=changes):
                table.unlock(
                    self.obj(obj, key),
                    door,
                    by,
                    cost_increase=changes.increase,
                    cost_reduction=changes.reduction,
                    cost_effects=changes.effects,
                )
            case ManifestStep(object=obj, action=action):
                table.manifest(self.obj(obj, key), action)
            case TurnFaceUpStep(object=obj, by=by):
                table.turn_face_up(self.obj(obj, key), FaceUpBy(by.value))
            case BecomeCopyStep(object=obj, of=original):
                table.become_copy(self.obj(obj, key), self.obj(original, key + ".of"))
            case LockStep(object=obj, door=door):
                table.lock(self.obj(obj, key), door)
            case ChooseNameStep(card=card, name=chosen, player=player, source=source, with_=described):
                if card not in self.file.cards:
                    raise UnknownCard(f"{card!r} is not defined in the cards section")
                for_ability = self.obj(source, key + ".source") if source is not None else None
                table.choose_name(self.file.cards[card], chosen, player, for_ability, described)
            case ProhibitStep(name=names, player=player):
                table.prohibit(names, player)
            case StormStep(object=obj, copies=copy_names):
                stormed = table.storm(self.obj(obj, key))
                if copy_names and len(copy_names) != len(stormed):
                    shown = f"storm made {len(stormed)} copies, and copies names {len(copy_names)}"
                    raise Fail(f"{key}: {shown}", table.rules.cite("storm"))
                for copy_name, made_copy in zip(copy_names, stormed, strict=False):
                    self._name(copy_name, made_copy, card=True)
            case CascadeStep(object=obj, half=half):
                table.cascade(self.obj(obj, key), half)
            case DiscoverStep(n=n, player=player, half=half):
                table.discover(n, player, half)
            case TurnStep(active=active, phase=phase, priority=priority, stack_empty=stack_empty, number=number):
                table.set_turn(active, phase, priority, stack_empty, number)
            case PlotStep(object=obj, by=by, player=player):
                table.plot(self.obj(obj, key), by is UnlockBy.EFFECT, player)

    def _cast(self, cast: CastStep, key: str) -> ObjectId:
        if cast.face_down is not None:
            return self.table.cast_face_down(self.obj(cast.object, key), cast.face_down, caster=cast.caster)
        changes = cast.cost_change
        return self.table.cast(
            self.obj(cast.object, key),
            cast.half,
            [self.obj(s, key + ".splice") for s in cast.splice],
            caster=cast.caster,
            permission=cast.permission,
            without_paying=cast.without_paying,
            x=cast.x,
            cost_increase=changes.increase,
            cost_reduction=changes.reduction,
            grants=CastGrants(
                cost_effects=changes.effects,
                hybrid=cast.hybrid,
                flash=cast.flash,
                flashback=cast.flashback,
                any_type=cast.any_type,
                plotted=cast.plotted,
                instead=cast.instead,
                resolves_to=cast.resolves_to,
            ),
            targets=None if cast.targets is None else [self._targets(each, key) for each in cast.targets],
            mana=cast.mana,
        )

    def _targets(self, chosen: tuple[str, ...], key: str) -> list[ObjectId | Player]:
        # p1 and p2 name the players; every other name is an alias.
        return [Player(name) if name in PLAYERS else self.obj(name, key + ".targets") for name in chosen]

    def _name(self, name: str | None, obj: ObjectId, card: bool) -> None:
        if name is None:
            return
        self.aliases[name] = obj
        # An alias counts like the index of the step that introduced it: its events are included.
        self.alias_events[name] = self.step_start
        if card:
            self.card_alias.setdefault(obj, name)

    def obj(self, name: Any, key: str) -> ObjectId:
        """The object an alias names (the loader has checked that an earlier step gave it)."""
        if not isinstance(name, str) or name not in self.aliases:
            known = ", ".join(self.aliases) or "none yet"
            raise ScenarioError(f"{key}: unknown object {name!r} (known: {known})")
        return self.aliases[name]

    # -- checks --------------------------------------------------------------------------
