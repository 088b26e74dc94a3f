"""A Table takes one action at a time, in one thread; what a plugin raises stops the action, not
the process, unless it asks the process to stop."""

from __future__ import annotations

import threading
from collections.abc import Sequence

import pytest

from splitcards.adapters.reference import ReferenceHost
from splitcards.errors import IllegalAction, PluginFailure, TableInUse
from splitcards.game.contract import CastRequest, Resolution
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.hooks import hookimpl
from splitcards.rules.card import Card
from splitcards.rules.model import CastOption, Event, ObjectId, ObjectView, SpellFacts, Timing, Zone
from splitcards.rules.versions import RuleVersion


def _table(rules: RuleVersion, *plugins: object) -> Table:
    return Table(
        ReferenceHost(), rules, make_plugin_manager(list(plugins), load_entry_points=False), judge_targets=False
    )


class ResolvesAgain:
    table: Table | None = None

    @hookimpl
    def on_resolve(self, rules: RuleVersion, spell: ObjectId, view: ObjectView) -> Resolution | None:
        assert self.table is not None
        self.table.resolve()
        return None


def test_an_action_from_inside_a_hook_is_refused_naming_the_hook(
    cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    plugin = ResolvesAgain()
    table = plugin.table = _table(v["duskmourn-2024"], plugin)
    fire_ice = table.create(cards["Fire // Ice"], Zone.HAND)
    table.cast(fire_ice, CastOption.LEFT)
    before = table.snapshot()
    with pytest.raises(PluginFailure) as raised:
        table.resolve()
    assert isinstance(raised.value.error, TableInUse)
    assert str(raised.value.error) == (
        "Table.resolve was called from inside the hook on_resolve while Table.resolve runs:"
        " a Table takes one action at a time"
    )
    assert table.snapshot() == before
    # The refusal ends with the action: the Table takes the next one.
    plugin.table = None
    table.pm.unregister(plugin)
    assert table.resolve().destination is Zone.GRAVEYARD


class Waits:
    def __init__(self) -> None:
        self.inside = threading.Event()
        self.go_on = threading.Event()

    @hookimpl
    def check_cast(
        self, rules: RuleVersion, request: CastRequest, timing: Timing, board: Sequence[ObjectView]
    ) -> IllegalAction | None:
        self.inside.set()
        self.go_on.wait(10)
        return None


def test_a_second_thread_is_refused_while_an_action_runs(cards: dict[str, Card], v: dict[str, RuleVersion]) -> None:
    waits = Waits()
    table = _table(v["duskmourn-2024"], waits)
    fire_ice = table.create(cards["Fire // Ice"], Zone.HAND)
    other = table.create(cards["Fire // Ice"], Zone.HAND)
    first = threading.Thread(target=table.cast, args=(fire_ice, CastOption.LEFT))
    first.start()
    assert waits.inside.wait(10)
    try:
        with pytest.raises(TableInUse, match=r"^Table\.cast was called from another thread while Table\.cast runs"):
            table.cast(other, CastOption.RIGHT)
    finally:
        waits.go_on.set()
        first.join(10)
    assert table.host.stack() == [fire_ice]


class Raises:
    def __init__(self, error: BaseException) -> None:
        self.error = error

    @hookimpl
    def check_cast(
        self, rules: RuleVersion, request: CastRequest, timing: Timing, board: Sequence[ObjectView]
    ) -> IllegalAction | None:
        raise self.error


class Custom(BaseException):
    pass


@pytest.mark.parametrize("error", [GeneratorExit(), Custom("mine")], ids=["GeneratorExit", "custom"])
def test_another_base_exception_in_a_hook_is_the_plugins_failure(
    error: BaseException, cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    table = _table(v["duskmourn-2024"], Raises(error))
    fire_ice = table.create(cards["Fire // Ice"], Zone.HAND)
    before = table.snapshot()
    with pytest.raises(PluginFailure, match=rf"failed in hook 'check_cast': RuntimeError: {type(error).__name__}"):
        table.cast(fire_ice, CastOption.LEFT)
    assert table.snapshot() == before


@pytest.mark.parametrize("error", [KeyboardInterrupt(), SystemExit(3)], ids=["KeyboardInterrupt", "SystemExit"])
def test_keyboard_interrupt_and_system_exit_propagate(
    error: BaseException, cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    table = _table(v["duskmourn-2024"], Raises(error))
    fire_ice = table.create(cards["Fire // Ice"], Zone.HAND)
    with pytest.raises(type(error)):
        table.cast(fire_ice, CastOption.LEFT)
    # The Table is free again.
    table.pm.unregister(next(p for p in table.pm.get_plugins() if isinstance(p, Raises)))
    table.cast(fire_ice, CastOption.LEFT)


def test_a_rule_version_is_immutable_all_the_way_down(v: dict[str, RuleVersion]) -> None:
    rules = v["duskmourn-2024"]
    with pytest.raises(TypeError):
        rules.citations["resolve"] = ("999.9",)  # type: ignore[index]
    with pytest.raises(AttributeError):
        rules.fuse = False  # type: ignore[misc]
    assert isinstance(rules.citations["resolve"], tuple)


class InterruptsAfterTheCast:
    @hookimpl
    def on_cast(self, rules: RuleVersion, spell: ObjectId, view: ObjectView, facts: SpellFacts) -> Sequence[Event]:
        raise KeyboardInterrupt


def test_an_interrupted_report_leaves_the_cast_in_the_record(cards: dict[str, Card], v: dict[str, RuleVersion]) -> None:
    table = _table(v["duskmourn-2024"], InterruptsAfterTheCast())
    fire_ice = table.create(cards["Fire // Ice"], Zone.HAND)
    with pytest.raises(KeyboardInterrupt):
        table.cast(fire_ice, CastOption.LEFT)
    assert table.host.stack() == [fire_ice]
    assert [e.as_dict() for e in table.events] == [{"event": "cast", "object": fire_ice, "half": "left"}]


class CastsWhileAsked:
    """A check_cast that acts on the Table it is asked by."""

    table: Table | None = None
    obj: ObjectId = ""

    @hookimpl
    def check_cast(
        self, rules: RuleVersion, request: CastRequest, timing: Timing, board: Sequence[ObjectView]
    ) -> IllegalAction | None:
        if self.table is not None and request.object != self.obj:
            self.table.cast(self.obj, CastOption.LEFT)
        return None


@pytest.mark.parametrize("query", ["castable", "splice_candidates"])
def test_a_hook_a_query_asks_may_not_act_on_the_table(
    query: str, cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    plugin = CastsWhileAsked()
    table = _table(v["duskmourn-2024"], plugin)
    plugin.obj = table.create(cards["Fire // Ice"], Zone.HAND)
    other = table.create(cards["Fire // Ice"], Zone.HAND)
    # A card that could be spliced, so that splice_candidates has a cast to check.
    table.create(cards["Glacial Ray"], Zone.HAND)
    plugin.table = table
    before = table.snapshot()
    with pytest.raises(PluginFailure) as raised:
        getattr(table, query)(other)
    assert isinstance(raised.value.error, TableInUse)
    assert str(raised.value.error) == (
        "Table.cast was called from inside the hook check_cast, which a query asks:"
        " a query changes nothing, so a hook it asks may not act on the Table"
    )
    assert table.snapshot() == before
    # Outside the query, the same Table acts.
    plugin.table = None
    assert table.cast(plugin.obj, CastOption.LEFT) == plugin.obj
