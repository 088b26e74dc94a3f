"""The built-in rules, registered as an ordinary plugin: each hook forwards to one rules function.

Every implementation here is ``trylast``: a third-party plugin's ``check_*`` refusal or decision
comes first, and the built-in rules answer only when no plugin has. The legality checks are
hooks like any other, so :class:`~splitcards.game.table.Table` asks one chain whether an action is
legal, whether it is about to be taken or only offered (``castable``, ``can_unlock``). These are
the only calls of the game into :mod:`splitcards.rules` (tests/test_one_door.py traces it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from splitcards.errors import IllegalAction, UnknownQuery
from splitcards.hooks import hookimpl
from splitcards.rules import (
    casting,
    characteristics,
    citations,
    conditions,
    copies,
    events,
    faces,
    offers,
    permissions,
    rooms,
    targets,
)
from splitcards.rules import library as library_rules
from splitcards.rules import stack as stacking
from splitcards.rules.actions import CastDecision, CastRequest, LibraryHit, Resolution
from splitcards.rules.card import Card, Side
from splitcards.rules.characteristics import Query
from splitcards.rules.citations import Question
from splitcards.rules.conditions import Condition
from splitcards.rules.copies import CopyOf
from splitcards.rules.costs import CostEffect
from splitcards.rules.faces import FaceDownBy, FaceDownSpell, FaceUpBy
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import (
    Answer,
    CastFaceDown,
    Event,
    ObjectId,
    ObjectView,
    Player,
    SpellFacts,
    Spliced,
    Timing,
    UnlockBy,
    Zone,
)
from splitcards.rules.offers import MoveKind
from splitcards.rules.versions import RuleVersion

# -- checks ---------------------------------------------------------------------------------


@hookimpl(trylast=True)
def check_card(rules: RuleVersion, card: Card) -> IllegalAction | None:
    return casting.card_refusal(card, rules)


@hookimpl(trylast=True)
def check_cast(
    rules: RuleVersion, request: CastRequest, timing: Timing, board: Sequence[ObjectView]
) -> IllegalAction | None:
    return casting.cast_refusal(request, rules, timing, board)


@hookimpl(trylast=True)
def check_resolve(rules: RuleVersion, stack: Sequence[ObjectId], asked: ObjectId | None) -> IllegalAction | None:
    return stacking.resolve_refusal(stack, asked, rules)


@hookimpl(trylast=True)
def check_destination(rules: RuleVersion, card: Card, zone: Zone) -> IllegalAction | None:
    return casting.destination_refusal(card, zone, rules)


@hookimpl(trylast=True)
def check_unlock(
    rules: RuleVersion, view: ObjectView, door: Side, by: UnlockBy, timing: Timing, player: Player
) -> IllegalAction | None:
    return rooms.unlock_refusal(view, door, by, rules, timing, player)


@hookimpl(trylast=True)
def check_plot(
    rules: RuleVersion, view: ObjectView, player: Player, by_effect: bool, timing: Timing
) -> IllegalAction | None:
    return permissions.plot_refusal(view, player, by_effect, timing, rules)


@hookimpl(trylast=True)
def check_lock(rules: RuleVersion, view: ObjectView, door: Side) -> IllegalAction | None:
    return rooms.lock_refusal(view, door, rules)


@hookimpl(trylast=True)
def check_face_down(rules: RuleVersion, view: ObjectView, by: FaceDownBy) -> IllegalAction | None:
    return faces.face_down_refusal(view, by, rules)


@hookimpl(trylast=True)
def check_cast_face_down(
    rules: RuleVersion, view: ObjectView, by: CastFaceDown, timing: Timing, player: Player
) -> IllegalAction | None:
    return faces.face_down_cast_refusal(view, by, timing, player, rules)


@hookimpl(trylast=True)
def check_face_up(rules: RuleVersion, view: ObjectView, by: FaceUpBy) -> IllegalAction | None:
    return faces.face_up_refusal(view, by, rules)


# -- decisions ------------------------------------------------------------------------------


@hookimpl(trylast=True)
def decide_face_down_view(rules: RuleVersion, view: ObjectView, by: FaceDownBy, controller: Player) -> ObjectView:
    return faces.face_down_view(view, by, controller, rules)


@hookimpl(trylast=True)
def decide_face_down_spell(rules: RuleVersion, view: ObjectView, by: CastFaceDown, caster: Player) -> FaceDownSpell:
    return faces.face_down_spell(view, by, caster, rules)


@hookimpl(trylast=True)
def decide_face_up_cost(rules: RuleVersion, view: ObjectView) -> ManaCost | None:
    return faces.face_up_cost(view, rules)


@hookimpl(trylast=True)
def decide_face_up_view(rules: RuleVersion, view: ObjectView) -> ObjectView:
    return faces.face_up_view(view, rules)


@hookimpl(trylast=True)
def decide_cascade(
    rules: RuleVersion, library: Sequence[ObjectView], spell: ObjectView
) -> Answer[LibraryHit] | IllegalAction:
    return library_rules.cascade(library, spell, rules)


@hookimpl(trylast=True)
def decide_discover(rules: RuleVersion, library: Sequence[ObjectView], n: int) -> Answer[LibraryHit] | IllegalAction:
    return library_rules.discover(library, n, rules)


@hookimpl(trylast=True)
def decide_storm(rules: RuleVersion, spell: ObjectView, cast_before: int | None) -> Answer[int] | IllegalAction:
    return library_rules.storm_copies(spell, cast_before, rules)


@hookimpl(trylast=True)
def decide_become_copy(rules: RuleVersion, view: ObjectView, original: ObjectView) -> ObjectView | IllegalAction:
    return faces.become_copy(view, original, rules)


@hookimpl(trylast=True)
def decide_cast(rules: RuleVersion, request: CastRequest) -> CastDecision | IllegalAction:
    return casting.decide_cast(request, rules)


@hookimpl(trylast=True)
def decide_targets(
    rules: RuleVersion, request: CastRequest, board: Sequence[tuple[ObjectId, ObjectView]]
) -> Answer[tuple[targets.TargetChoices, ...]]:
    return targets.target_choices(
        request.view.card, request.option, request.object, request.splice, board, rules, request.caster
    )


@hookimpl(trylast=True)
def decide_spliceable(rules: RuleVersion, cards: Sequence[tuple[ObjectId, ObjectView]]) -> Answer[tuple[ObjectId, ...]]:
    return casting.spliceable(cards, rules)


@hookimpl(trylast=True)
def decide_doors(
    rules: RuleVersion, card: Card, named: Side | str | frozenset[Side], by: UnlockBy
) -> tuple[Side, ...] | IllegalAction:
    return rooms.doors_named(card, named, by, rules)


@hookimpl(trylast=True)
def decide_unlock_cost(
    rules: RuleVersion, view: ObjectView, door: Side, effects: Sequence[CostEffect], by: UnlockBy
) -> Answer[ManaCost | None] | IllegalAction:
    return rooms.unlock_total_cost(view, door, effects, rules, by)


@hookimpl(trylast=True)
def decide_controller(rules: RuleVersion, spell: ObjectId, view: ObjectView, destination: Zone) -> Answer[Player]:
    return casting.controller_after(view, destination, rules)


@hookimpl(trylast=True)
def decide_copy(rules: RuleVersion, view: ObjectView, of: CopyOf) -> ObjectView | IllegalAction:
    return copies.copy_of(view, of, rules)


@hookimpl(trylast=True)
def on_resolve(rules: RuleVersion, spell: ObjectId, view: ObjectView) -> Resolution | IllegalAction:
    return casting.resolution(view, rules)


@hookimpl(trylast=True)
def on_leave_stack(rules: RuleVersion, spell: ObjectId, view: ObjectView, destination: Zone) -> Answer[Zone]:
    return casting.leave_stack_destination(view, rules, destination)


@hookimpl(trylast=True)
def on_enter_battlefield(
    rules: RuleVersion, permanent: ObjectId, view: ObjectView, cast: Side | None
) -> frozenset[Side]:
    return rooms.entering_doors(view, cast, rules).value


@hookimpl(trylast=True)
def on_name_choice(rules: RuleVersion, card: Card) -> Sequence[tuple[str, ...]]:
    return characteristics.name_choices(card, rules).value


@hookimpl(trylast=True)
def decide_described_names(
    rules: RuleVersion, card: Card, legal: Sequence[tuple[str, ...]], described: Condition
) -> Answer[tuple[tuple[str, ...], ...]] | IllegalAction:
    return conditions.described_name_choices(card, legal, described, rules)


@hookimpl(trylast=True)
def decide_name(
    rules: RuleVersion, card: Card, choice: tuple[str, ...], legal: Sequence[tuple[str, ...]]
) -> tuple[str, ...] | IllegalAction:
    return characteristics.chosen_name(card, choice, legal, rules)


# -- characteristics ------------------------------------------------------------------------


@hookimpl(trylast=True)
def decide_characteristic(rules: RuleVersion, view: ObjectView, query: Query[Any] | str) -> Answer[Any] | UnknownQuery:
    return characteristics.answer(view, rules, query)


@hookimpl(trylast=True)
def decide_has_name(rules: RuleVersion, view: ObjectView, name: str) -> Answer[bool]:
    return characteristics.has_name(view, rules, name)


@hookimpl(trylast=True)
def decide_comparison(
    rules: RuleVersion, view: ObjectView, characteristic: str, op: str, value: int | str
) -> Answer[bool] | UnknownQuery:
    return characteristics.compare(view, rules, characteristic, op, value)


# -- views ----------------------------------------------------------------------------------


@hookimpl(trylast=True)
def decide_spell_view(rules: RuleVersion, view: ObjectView, spell: SpellFacts, caster: Player) -> ObjectView:
    return view.on_stack(spell, caster)


@hookimpl(trylast=True)
def decide_permanent_view(rules: RuleVersion, view: ObjectView, token: bool) -> ObjectView:
    return view.entering(token)


@hookimpl(trylast=True)
def decide_moved_view(rules: RuleVersion, view: ObjectView, zone: Zone) -> ObjectView:
    return view.moved(zone)


# -- what the questions rest on ----------------------------------------------------------------


@hookimpl(trylast=True)
def decide_move_kinds(rules: RuleVersion, view: ObjectView, player: Player) -> Answer[frozenset[MoveKind]]:
    return offers.move_kinds(view, player, rules)


@hookimpl(trylast=True)
def decide_splice_zones(rules: RuleVersion, spell: ObjectView, caster: Player) -> Answer[frozenset[Zone]]:
    return casting.splice_zones(spell, caster, rules)


@hookimpl(trylast=True)
def decide_citations(rules: RuleVersion, question: Question) -> tuple[str, ...]:
    return citations.cited(question, rules)


# -- reports --------------------------------------------------------------------------------


@hookimpl(trylast=True)
def on_splice(rules: RuleVersion, spell: ObjectId, spliced: Spliced) -> Sequence[Event]:
    return events.spliced(spliced, rules)


@hookimpl(trylast=True)
def on_cast(rules: RuleVersion, spell: ObjectId, view: ObjectView, facts: SpellFacts) -> Sequence[Event]:
    return events.cast(spell, view, facts, rules)


@hookimpl(trylast=True)
def on_entered_battlefield(
    rules: RuleVersion, permanent: ObjectId, view: ObjectView, unlocked: frozenset[Side]
) -> Sequence[Event]:
    return events.entered(permanent, rules)


@hookimpl(trylast=True)
def on_unlock(rules: RuleVersion, permanent: ObjectId, view: ObjectView, door: Side, by: UnlockBy) -> Sequence[Event]:
    return events.unlocked(permanent, view, door, by, rules)


@hookimpl(trylast=True)
def on_lock(rules: RuleVersion, permanent: ObjectId, view: ObjectView, door: Side) -> Sequence[Event]:
    return events.locked(permanent, door, rules)


@hookimpl(trylast=True)
def on_name_chosen(
    rules: RuleVersion, card: Card, choice: tuple[str, ...], player: Player, source: ObjectId | None
) -> Sequence[Event]:
    return events.name_chosen(player, source, rules)
