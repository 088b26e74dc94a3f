"""Each hook is called through a function typed with its spec; what a plugin returns is checked
against the spec's return annotation, and a failure names the plugin that caused it."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Generator, Sequence
from pathlib import Path

import pluggy
import pytest

from splitcards.adapters.reference import ReferenceHost
from splitcards.errors import PluginFailure
from splitcards.game.plugins import builtin, hookcalls
from splitcards.game.plugins.hookcalls import FirstResult, Joined
from splitcards.game.plugins.hookresults import result_check
from splitcards.game.plugins.manager import BUILTIN_NAME, builtins_alone, make_plugin_manager, plugins_implementing
from splitcards.game.table import Table
from splitcards.game.table.inputs import CastOrder
from splitcards.hooks import PROJECT_NAME, hookimpl, spec
from splitcards.rules.card import Card, Side
from splitcards.rules.characteristics import NAMES
from splitcards.rules.citations import Question
from splitcards.rules.copies import CopyOf
from splitcards.rules.model import CastOption, ObjectId, ObjectView, Player, SpellFacts, UnlockBy, Zone
from splitcards.rules.versions import RuleVersion

SPECS = [f for _, f in inspect.getmembers(spec, inspect.isfunction) if hasattr(f, "splitcards_spec")]
CURRENT = "duskmourn-2024"


@pytest.mark.parametrize("hook", SPECS, ids=lambda f: f.__name__)
def test_every_spec_has_a_typed_call_of_its_kind(hook: Callable[..., object]) -> None:
    call = getattr(hookcalls, hook.__name__)
    first = hook.splitcards_spec.get("firstresult", False)  # type: ignore[attr-defined]
    assert isinstance(call, FirstResult if first else Joined)
    assert call.name == hook.__name__


@pytest.mark.parametrize("hook", SPECS, ids=lambda f: f.__name__)
def test_every_spec_annotation_gives_a_result_check(hook: Callable[..., object]) -> None:
    assert result_check(hook).described.endswith(" or None")


def test_a_typed_call_refuses_a_spec_of_the_other_kind() -> None:
    with pytest.raises(TypeError, match="not a firstresult hook spec"):
        FirstResult(spec.on_cast)
    with pytest.raises(TypeError, match="not a joined hook spec"):
        Joined(spec.check_cast)


def test_the_words_of_a_result_check_come_from_the_annotation() -> None:
    assert result_check(spec.on_cast).described == "a list of Event or None"
    assert result_check(spec.check_cast).described == "an IllegalAction or None"
    assert result_check(spec.on_leave_stack).described == "a Zone or an Answer of Zone or None"
    assert result_check(spec.on_enter_battlefield).described == "a frozenset of Side or None"
    assert result_check(spec.on_name_choice).described == "a list of tuples of str or None"


def test_a_string_is_a_path_but_not_a_list_of_paths() -> None:
    check = result_check(spec.splitcards_rule_files)
    assert check.accepts(["house.yaml", Path("other.yaml")])
    assert not check.accepts("house.yaml")


def test_an_annotation_of_an_unknown_form_is_refused() -> None:
    def odd() -> dict[str, int]:
        return {}

    with pytest.raises(TypeError, match="form the result check does not know"):
        result_check(odd)


def test_the_builtin_answers_are_what_their_specs_allow(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    rules = v[CURRENT]
    fire_ice = cards["Fire // Ice"]
    spell = ObjectView(fire_ice, Zone.STACK, spell=SpellFacts(CastOption.LEFT))
    room = ObjectView(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    answers: list[tuple[Callable[..., object], object]] = [
        (spec.on_leave_stack, builtin.on_leave_stack(rules, "a", spell, Zone.GRAVEYARD)),
        (spec.on_resolve, builtin.on_resolve(rules, "a", spell)),
        (spec.on_enter_battlefield, builtin.on_enter_battlefield(rules, "b", room, Side.LEFT)),
        (spec.on_entered_battlefield, builtin.on_entered_battlefield(rules, "b", room, frozenset())),
        (spec.on_name_choice, builtin.on_name_choice(rules, fire_ice)),
        (spec.on_name_chosen, builtin.on_name_chosen(rules, fire_ice, ("Fire",), Player.P1, None)),
        (spec.on_cast, builtin.on_cast(rules, "a", spell, SpellFacts(CastOption.LEFT))),
        (spec.on_unlock, builtin.on_unlock(rules, "b", room, Side.LEFT, UnlockBy.EFFECT)),
        (spec.on_lock, builtin.on_lock(rules, "b", room, Side.LEFT)),
        (spec.check_card, builtin.check_card(v["classic-2009"], room.card)),
        (spec.check_resolve, builtin.check_resolve(rules, [], None)),
        (spec.check_destination, builtin.check_destination(rules, fire_ice, Zone.BATTLEFIELD)),
        (spec.decide_controller, builtin.decide_controller(rules, "a", spell, Zone.GRAVEYARD)),
        (spec.decide_copy, builtin.decide_copy(rules, spell, CopyOf.SPELL)),
        (spec.decide_copy, builtin.decide_copy(rules, room, CopyOf.CARD)),
        (spec.decide_doors, builtin.decide_doors(rules, room.card, "Locker Room", UnlockBy.EFFECT)),
        (spec.decide_unlock_cost, builtin.decide_unlock_cost(rules, room, Side.RIGHT, (), UnlockBy.SPECIAL_ACTION)),
        (spec.decide_unlock_cost, builtin.decide_unlock_cost(rules, room, Side.RIGHT, (), UnlockBy.EFFECT)),
        (spec.decide_characteristic, builtin.decide_characteristic(rules, spell, "mana_values")),
        (spec.decide_characteristic, builtin.decide_characteristic(rules, spell, NAMES)),
        (spec.decide_characteristic, builtin.decide_characteristic(rules, spell, "power")),
        (spec.decide_has_name, builtin.decide_has_name(rules, spell, "Fire")),
        (spec.decide_comparison, builtin.decide_comparison(rules, spell, "mana_value", "<=", 2)),
        (spec.decide_comparison, builtin.decide_comparison(rules, spell, "power", "==", 2)),
        (spec.decide_spell_view, builtin.decide_spell_view(rules, room, SpellFacts(CastOption.LEFT), Player.P2)),
        (spec.decide_permanent_view, builtin.decide_permanent_view(rules, spell, False)),
        (spec.decide_moved_view, builtin.decide_moved_view(rules, room, Zone.GRAVEYARD)),
        (spec.decide_move_kinds, builtin.decide_move_kinds(rules, room, Player.P1)),
        (spec.decide_splice_zones, builtin.decide_splice_zones(rules, spell, Player.P1)),
        (spec.decide_citations, builtin.decide_citations(rules, Question.CASTABLE)),
        (spec.decide_name, builtin.decide_name(rules, fire_ice, ("Ice",), [("Fire",), ("Ice",)])),
        (
            spec.decide_spliceable,
            builtin.decide_spliceable(rules, [("c", ObjectView(cards["Desperate Ritual"], Zone.HAND))]),
        ),
    ]
    for hook, answer in answers:
        assert result_check(hook).accepts(answer), hook.__name__


def test_a_typed_call_takes_its_arguments_by_position_or_by_name(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    pm = make_plugin_manager(load_entry_points=False)
    by_position = hookcalls.on_name_choice(pm, v[CURRENT], cards["Fire // Ice"])
    by_name = hookcalls.on_name_choice(pm, rules=v[CURRENT], card=cards["Fire // Ice"])
    assert by_position == by_name == (("Fire",), ("Ice",))


class Passes:
    @hookimpl(wrapper=True)
    def on_name_choice(self, rules: RuleVersion, card: Card) -> Generator[None, object, object]:
        return (yield)


class BreaksAfter:
    @hookimpl(wrapper=True)
    def on_name_choice(self, rules: RuleVersion, card: Card) -> Generator[None, object, object]:
        yield
        raise RuntimeError("the wrapper broke")


class Swaps:
    @hookimpl(wrapper=True)
    def on_name_choice(self, rules: RuleVersion, card: Card) -> Generator[None, object, object]:
        yield
        return "not names"


class FailsInside:
    @hookimpl
    def on_name_choice(self, rules: RuleVersion, card: Card) -> Sequence[tuple[str, ...]] | None:
        raise RuntimeError("the plugin broke")


def _choices(rules: RuleVersion, card: Card, *plugins: object) -> object:
    table = Table(
        ReferenceHost(), rules, make_plugin_manager(list(plugins), load_entry_points=False), judge_targets=False
    )
    return table.name_choices(card).value


def test_a_wrapper_passes_the_answer_it_wraps(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    assert _choices(v[CURRENT], cards["Fire // Ice"], Passes()) == (("Fire",), ("Ice",))


def test_a_failure_under_a_wrapper_names_the_plugin_that_failed(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    with pytest.raises(PluginFailure) as raised:
        _choices(v[CURRENT], cards["Fire // Ice"], FailsInside(), Passes())
    assert (raised.value.plugin, raised.value.hook) == ("FailsInside", "on_name_choice")
    assert str(raised.value.error) == "the plugin broke"


@pytest.mark.parametrize("wrapper", [BreaksAfter(), Swaps()], ids=lambda w: type(w).__name__)
def test_a_wrapper_that_raises_or_replaces_the_answer_is_named(
    wrapper: object, v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    with pytest.raises(PluginFailure) as raised:
        _choices(v[CURRENT], cards["Fire // Ice"], wrapper)
    assert (raised.value.plugin, raised.value.hook) == (type(wrapper).__name__, "on_name_choice")


class Garbage:
    @hookimpl
    def on_cast(self, rules: RuleVersion, spell: ObjectId, view: ObjectView, facts: SpellFacts) -> object:
        return "no events"


def test_a_manager_built_by_hand_checks_its_plugins_too(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    pm = pluggy.PluginManager(PROJECT_NAME)
    pm.add_hookspecs(spec)
    pm.register(builtin, name=BUILTIN_NAME)
    pm.register(Garbage(), name="garbage")
    table = Table(ReferenceHost(), v[CURRENT], pm, judge_targets=False)
    fire_ice = table.create(cards["Fire // Ice"], Zone.HAND)
    with pytest.raises(PluginFailure, match="returned str 'no events'; on_cast returns a list of Event or None"):
        table.cast(fire_ice, CastOption.LEFT)


def test_the_manager_says_who_implements_a_hook() -> None:
    pm = make_plugin_manager(load_entry_points=False)
    assert builtins_alone(pm, hookcalls.on_cast) and plugins_implementing(pm, hookcalls.on_cast) == ()
    pm.register(Garbage(), name="garbage")
    assert not builtins_alone(pm, hookcalls.on_cast)
    assert plugins_implementing(pm, hookcalls.on_cast) == ("garbage",)
    assert builtins_alone(pm, hookcalls.check_cast)


def test_cast_and_check_cast_take_the_fields_of_one_cast_order() -> None:
    fields = list(inspect.signature(CastOrder).parameters)
    assert fields[:3] == ["obj", "option", "splice"]
    for method in (Table.cast, Table.check_cast):
        assert list(inspect.signature(method).parameters) == ["self", *fields]


def test_check_cast_reads_its_keywords_as_cast_does(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    table = Table(ReferenceHost(), v[CURRENT], make_plugin_manager(load_entry_points=False), judge_targets=False)
    wear_tear = table.create(cards["Wear // Tear"], Zone.HAND)
    decision = table.cast_decision(wear_tear, option=CastOption.FUSED, caster=Player.P1)
    # 702.102c: one total, {1}{R} and {W}.
    assert decision.total_cost is not None
    assert sorted(str(decision.total_cost)[1:-1].split("}{")) == ["1", "R", "W"]
    assert decision.spell == SpellFacts(CastOption.FUSED, cast_from=Zone.HAND, caster=Player.P1)
    assert table.events == [] and table.host.stack() == []


class Abstains:
    @hookimpl(tryfirst=True)
    def on_name_choice(self, rules: RuleVersion, card: Card) -> Sequence[tuple[str, ...]] | None:
        return None


class AnswersWrongly:
    @hookimpl(tryfirst=True)
    def on_name_choice(self, rules: RuleVersion, card: Card) -> object:
        return [("Fire", 3)]


class FailsInAHelper:
    @hookimpl
    def on_name_choice(self, rules: RuleVersion, card: Card) -> Sequence[tuple[str, ...]] | None:
        return self._helper()

    def _helper(self) -> Sequence[tuple[str, ...]] | None:
        raise LookupError("deep in the plugin")


def test_a_wrong_answer_is_named_after_the_plugin_that_gave_it_not_one_that_abstained(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    with pytest.raises(PluginFailure) as raised:
        _choices(v[CURRENT], cards["Fire // Ice"], AnswersWrongly(), Abstains())
    assert (raised.value.plugin, raised.value.hook) == ("AnswersWrongly", "on_name_choice")
    assert "returned list [('Fire', 3)]" in str(raised.value.error)


def test_the_first_plugin_in_pluggys_order_answers_a_firstresult_hook(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    class Renames:
        @hookimpl(tryfirst=True)
        def on_name_choice(self, rules: RuleVersion, card: Card) -> Sequence[tuple[str, ...]] | None:
            return [("Fire", "Ice")]

    # Both run before the built-in rules (tryfirst); the one that abstains is passed over, and the
    # chain stops at the first answer, so the built-in one choice per half is never reached.
    assert _choices(v[CURRENT], cards["Fire // Ice"], Abstains(), Renames()) == (("Fire", "Ice"),)


def test_a_failure_deep_in_a_plugin_under_a_wrapper_names_that_plugin(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    with pytest.raises(PluginFailure) as raised:
        _choices(v[CURRENT], cards["Fire // Ice"], FailsInAHelper(), Passes())
    assert (raised.value.plugin, raised.value.hook) == ("FailsInAHelper", "on_name_choice")
    assert isinstance(raised.value.error, LookupError)


def test_calling_a_hook_changes_nothing_of_pluggys(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    pm = make_plugin_manager([Abstains()], load_entry_points=False)
    before = [(impl.plugin_name, impl.function) for impl in pm.hook.on_name_choice.get_hookimpls()]
    hookcalls.on_name_choice(pm, v[CURRENT], cards["Fire // Ice"])
    after = [(impl.plugin_name, impl.function) for impl in pm.hook.on_name_choice.get_hookimpls()]
    assert after == before
    assert all(a is b for (_, a), (_, b) in zip(before, after, strict=True))


class MarkedByPluggy:
    """A plugin marked with pluggy's own marker, not splitcards': its answers are not recorded."""

    @pluggy.HookimplMarker(PROJECT_NAME)(tryfirst=True)
    def on_name_choice(self, rules: RuleVersion, card: Card) -> object:
        return "no names"


def test_a_wrong_answer_of_an_implementation_marked_otherwise_is_named_after_it(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    with pytest.raises(PluginFailure) as raised:
        _choices(v[CURRENT], cards["Fire // Ice"], Abstains(), MarkedByPluggy())
    assert (raised.value.plugin, raised.value.hook) == ("MarkedByPluggy", "on_name_choice")


def test_tracing_names_the_plugin_whose_answer_was_taken(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    class Renames:
        @hookimpl(tryfirst=True)
        def on_name_choice(self, rules: RuleVersion, card: Card) -> Sequence[tuple[str, ...]] | None:
            return [("Fire", "Ice")] if card.name == "Fire // Ice" else None

    table = Table(
        ReferenceHost(),
        v[CURRENT],
        make_plugin_manager([Abstains(), Renames()], load_entry_points=False),
        judge_targets=False,
    )
    with hookcalls.tracing() as calls:
        table.name_choices(cards["Fire // Ice"])
        table.name_choices(cards["Wear // Tear"])
    answered = [(call.hook, call.answered_by, call.implementations) for call in calls if call.hook == "on_name_choice"]
    assert answered == [("on_name_choice", ("Renames",), 3), ("on_name_choice", (BUILTIN_NAME,), 3)]


def test_a_marked_function_called_by_hand_answers_as_it_was_written(v: dict[str, RuleVersion]) -> None:
    assert builtin.check_resolve(v[CURRENT], [], None) is not None
    assert inspect.signature(builtin.check_resolve) == inspect.signature(inspect.unwrap(builtin.check_resolve))
