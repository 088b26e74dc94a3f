"""Every event of the Table's record comes from a report hook, called after the host acted:
a permanent entering, a door unlocking (and the Room fully unlocked), a name chosen."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from splitcards.adapters.reference import ReferenceHost
from splitcards.errors import IllegalChoice, PluginFailure
from splitcards.game.plugins import builtin
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.hooks import hookimpl
from splitcards.rules.card import Card, Side
from splitcards.rules.model import CastOption, Event, EventKind, ObjectId, ObjectView, Player, UnlockBy, Zone
from splitcards.rules.versions import RuleVersion

CURRENT = "duskmourn-2024"
ROOM = "Bottomless Pool // Locker Room"


class Watches:
    """Records the report hooks' calls, and where the permanent is when it is reported."""

    def __init__(self) -> None:
        self.table: Table | None = None
        self.entered: list[tuple[ObjectId, frozenset[Side], Zone]] = []
        self.chosen: list[tuple[tuple[str, ...], Player, ObjectId | None]] = []

    @hookimpl
    def on_entered_battlefield(
        self, rules: RuleVersion, permanent: ObjectId, view: ObjectView, unlocked: frozenset[Side]
    ) -> Sequence[Event]:
        assert self.table is not None
        self.entered.append((permanent, unlocked, self.table.view(permanent).zone))
        return [Event(EventKind.ENTERED_BATTLEFIELD, permanent, rules=("house",))]

    @hookimpl
    def on_name_chosen(
        self, rules: RuleVersion, card: Card, choice: tuple[str, ...], player: Player, source: ObjectId | None
    ) -> None:
        self.chosen.append((choice, player, source))


def _table(rules: RuleVersion, *plugins: object) -> Table:
    return Table(
        ReferenceHost(), rules, make_plugin_manager(list(plugins), load_entry_points=False), judge_targets=False
    )


def test_608_3_a_resolving_room_is_reported_on_the_battlefield_with_its_cast_door(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    watches = Watches()
    table = watches.table = _table(v[CURRENT], watches)
    room = table.create(cards[ROOM], Zone.HAND)
    table.cast(room, CastOption.LEFT)
    table.resolve()
    assert watches.entered == [(room, frozenset({Side.LEFT}), Zone.BATTLEFIELD)]
    # The plugin's report comes before the built-in's (trylast), and both before the door's (709.5d).
    after_cast = [(e.kind, e.rules) for e in table.events[1:]]
    assert after_cast[:3] == [
        (EventKind.ENTERED_BATTLEFIELD, ("house",)),
        (EventKind.ENTERED_BATTLEFIELD, v[CURRENT].cite("enter_battlefield")),
        (EventKind.DOOR_UNLOCKED, ("709.5d",)),
    ]


def test_a_card_put_onto_the_battlefield_and_a_copy_are_reported_entering_with_no_door(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    watches = Watches()
    table = watches.table = _table(v[CURRENT], watches)
    room = table.create(cards[ROOM], Zone.HAND)
    table.move(room, Zone.BATTLEFIELD)
    copy = table.copy_permanent(room)
    assert watches.entered == [(room, frozenset(), Zone.BATTLEFIELD), (copy, frozenset(), Zone.BATTLEFIELD)]


class FailsEntering:
    @hookimpl
    def on_entered_battlefield(
        self, rules: RuleVersion, permanent: ObjectId, view: ObjectView, unlocked: frozenset[Side]
    ) -> Sequence[Event]:
        raise RuntimeError("boom")


def test_a_failing_entry_report_is_named_after_the_permanent_entered(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    table = _table(v[CURRENT], FailsEntering())
    bears = table.create(cards["Grizzly Bears"], Zone.HAND)
    with pytest.raises(PluginFailure) as raised:
        table.move(bears, Zone.BATTLEFIELD)
    assert (raised.value.plugin, raised.value.hook, raised.value.happened) == (
        "FailsEntering",
        "on_entered_battlefield",
        True,
    )
    assert table.view(bears).zone is Zone.BATTLEFIELD


def test_709_4a_a_name_chosen_is_reported_once_the_choice_is_legal(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    watches = Watches()
    table = _table(v[CURRENT], watches)
    with pytest.raises(IllegalChoice):
        table.choose_name(cards["Fire // Ice"], ["Fire", "Ice"])
    assert watches.chosen == [] and table.events == []
    mage = table.create(cards["Grizzly Bears"], Zone.BATTLEFIELD)
    assert table.choose_name(cards["Fire // Ice"], ["Ice"], Player.P2, source=mage) == ("Ice",)
    assert watches.chosen == [(("Ice",), Player.P2, mage)]
    assert [(e.kind, e.object) for e in table.events] == [(EventKind.NAME_CHOSEN, mage)]


def test_709_5i_the_door_that_leaves_none_locked_reports_the_room_fully_unlocked(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    rules = v[CURRENT]
    room = ObjectView(cards[ROOM], Zone.BATTLEFIELD)
    first = builtin.on_unlock(rules, "r", room, Side.LEFT, UnlockBy.EFFECT)
    assert EventKind.FULLY_UNLOCKED not in [e.kind for e in first]
    half_open = ObjectView(cards[ROOM], Zone.BATTLEFIELD, unlocked=frozenset({Side.LEFT}))
    second = builtin.on_unlock(rules, "r", half_open, Side.RIGHT, UnlockBy.EFFECT)
    assert second[-1] == Event(EventKind.FULLY_UNLOCKED, "r", rules=("709.5i",))
