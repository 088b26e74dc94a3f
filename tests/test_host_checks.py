"""The Table trusts nothing its host answers: each answer is checked against the contract and
each action's outcome against what the host was told; a breach names the host and the method."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from splitcards.adapters.reference import ReferenceHost
from splitcards.errors import HostError, PluginFailure
from splitcards.game.contract import Resolution
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.hooks import hookimpl
from splitcards.rules.card import Card
from splitcards.rules.model import CastOption, ObjectId, ObjectView, Player, SpellFacts, Zone
from splitcards.rules.versions import RuleVersion


class Faulty(ReferenceHost):
    """The reference host with one fault, chosen by name."""

    def __init__(self, fault: str) -> None:
        super().__init__()
        self.name = "faulty"
        self.fault = fault

    def view(self, obj: ObjectId) -> ObjectView:
        found = super().view(obj)
        if self.fault == "zone as a string":
            return replace(found, zone="hand")  # type: ignore[arg-type]
        if self.fault == "view is None":
            return None  # type: ignore[return-value]
        return found

    def objects(self) -> Sequence[ObjectId]:
        return None if self.fault == "objects is None" else super().objects()  # type: ignore[return-value]

    def create(self, card: Card, zone: Zone, owner: Player) -> ObjectId:
        made = super().create(card, zone, owner)
        return None if self.fault == "create is None" else made  # type: ignore[return-value]

    def cast(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        if self.fault == "casts nothing":
            return obj
        return super().cast(obj, spell)

    def resolve(self, obj: ObjectId, outcome: Resolution) -> None:
        if self.fault == "ignores the destination":
            outcome = replace(outcome, destination=Zone.EXILE)
        super().resolve(obj, outcome)


def _table(rules: RuleVersion, fault: str) -> Table:
    return Table(Faulty(fault), rules, make_plugin_manager(load_entry_points=False))


def _raises(call: Any, *args: Any, **kwargs: Any) -> str:
    with pytest.raises(HostError) as raised:
        call(*args, **kwargs)
    return str(raised.value)


def test_a_zone_given_as_a_string_is_the_hosts_breach(cards: dict[str, Card], v: dict[str, RuleVersion]) -> None:
    table = _table(v["duskmourn-2024"], "none")
    obj = table.create(cards["Fire // Ice"], Zone.HAND)
    table.host.fault = "zone as a string"  # type: ignore[attr-defined]
    message = _raises(table.cast, obj, CastOption.FUSED)
    assert message.startswith("host 'faulty' broke the contract in Host.view when told 'o1': it answered ObjectView(")
    assert message.endswith("whose zone is 'hand', not a Zone")


@pytest.mark.parametrize(
    ("fault", "call", "method"),
    [
        ("view is None", "castable", "Host.view when told 'o1': it answered None, not a splitcards.ObjectView"),
        ("objects is None", "splice", "Host.objects: it answered None, not a sequence of object ids"),
    ],
)
def test_an_answer_of_the_wrong_type_is_the_hosts_breach(
    fault: str, call: str, method: str, cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    table = _table(v["duskmourn-2024"], "none")
    obj = table.create(cards["Fire // Ice"], Zone.HAND)
    table.host.fault = fault  # type: ignore[attr-defined]
    action = table.castable if call == "castable" else table.splice_candidates
    args = (obj,) if call == "castable" else (obj, CastOption.LEFT)
    assert _raises(action, *args) == f"host 'faulty' broke the contract in {method}"


def test_create_must_answer_an_object_id(cards: dict[str, Card], v: dict[str, RuleVersion]) -> None:
    table = _table(v["duskmourn-2024"], "create is None")
    assert _raises(table.create, cards["Fire // Ice"], Zone.HAND) == (
        "host 'faulty' broke the contract in Host.create when told to create 'Fire // Ice' in the hand of p1:"
        " it answered None, not an object id (a string)"
    )


def test_a_cast_the_host_did_not_make_is_its_breach(cards: dict[str, Card], v: dict[str, RuleVersion]) -> None:
    table = _table(v["duskmourn-2024"], "casts nothing")
    obj = table.create(cards["Fire // Ice"], Zone.HAND)
    assert _raises(table.cast, obj, CastOption.LEFT) == (
        "host 'faulty' broke the contract in Host.cast when told to cast 'o1' as left: it answered 'o1',"
        " a spell that is in the hand"
    )
    assert table.events == []


def test_a_resolution_sent_elsewhere_is_the_hosts_breach(cards: dict[str, Card], v: dict[str, RuleVersion]) -> None:
    table = _table(v["duskmourn-2024"], "ignores the destination")
    table.cast(table.create(cards["Fire // Ice"], Zone.HAND), CastOption.LEFT)
    assert _raises(table.resolve) == (
        "host 'faulty' broke the contract in Host.resolve when told to resolve 'o1' to graveyard:"
        " the card is in the exile"
    )


def test_a_sound_host_passes_every_check(cards: dict[str, Card], v: dict[str, RuleVersion]) -> None:
    table = _table(v["duskmourn-2024"], "none")
    spell = table.cast(table.create(cards["Fire // Ice"], Zone.HAND), CastOption.LEFT)
    copy = table.copy_spell(spell)
    assert table.view(copy).copy
    table.resolve()
    table.resolve()
    assert table.view(spell).zone is Zone.GRAVEYARD


class OntoTheBattlefield:
    @hookimpl
    def on_leave_stack(self, rules: RuleVersion, spell: ObjectId, view: ObjectView, destination: Zone) -> Zone:
        return Zone.BATTLEFIELD


def test_400_4a_a_plugin_may_not_put_an_instant_onto_the_battlefield(
    cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    rules = v["duskmourn-2024"]
    table = Table(ReferenceHost(), rules, make_plugin_manager([OntoTheBattlefield()], load_entry_points=False))
    table.cast(table.create(cards["Fire // Ice"], Zone.HAND), CastOption.LEFT)
    before = table.snapshot()
    with pytest.raises(PluginFailure) as raised:
        table.resolve()
    assert raised.value.hook == "on_leave_stack"
    assert "OntoTheBattlefield" in raised.value.plugin or raised.value.plugin.startswith("test_")
    assert "'Fire // Ice' is not a permanent card: it can't be put onto the battlefield" in str(raised.value)
    assert table.snapshot() == before
