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
from splitcards.game.contract.versions import CURRENT_CONTRACT
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.hooks import hookimpl
from splitcards.rules.card import Card, Half
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import (
    CastOption,
    ObjectId,
    ObjectView,
    Phase,
    Player,
    SpellFacts,
    Timing,
    TimingChange,
    Zone,
)
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

    def timing(self) -> Timing:
        return None if self.fault == "timing is None" else super().timing()  # type: ignore[return-value]

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
    return Table(
        Faulty(fault),
        rules,
        make_plugin_manager(load_entry_points=False),
        contract=CURRENT_CONTRACT,
        judge_targets=False,
    )


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


@pytest.mark.parametrize(
    ("fault", "method"),
    [
        ("view is None", "Host.view when told 'o1': it answered None, not a splitcards.ObjectView"),
        ("timing is None", "Host.timing: it answered None, not a splitcards.Timing"),
    ],
)
def test_an_answer_that_is_none_from_the_start_is_the_hosts_breach(
    fault: str, method: str, cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    # No answer was checked before: a None is not mistaken for a view seen already.
    table = _table(v["duskmourn-2024"], fault)
    action = table.create if fault == "view is None" else table.set_turn
    args = (cards["Fire // Ice"], Zone.HAND) if fault == "view is None" else ()
    assert _raises(action, *args) == f"host 'faulty' broke the contract in {method}"


def test_the_objects_read_after_a_copy_resolves_are_checked(cards: dict[str, Card], v: dict[str, RuleVersion]) -> None:
    table = _table(v["duskmourn-2024"], "none")
    spell = table.cast(table.create(cards["Fire // Ice"], Zone.HAND), CastOption.LEFT)
    table.copy_spell(spell)
    table.host.fault = "objects is None"  # type: ignore[attr-defined]
    assert _raises(table.resolve) == (
        "host 'faulty' broke the contract in Host.objects: it answered None, not a sequence of object ids"
    )


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
    table = Table(
        ReferenceHost(),
        rules,
        make_plugin_manager([OntoTheBattlefield()], load_entry_points=False),
        judge_targets=False,
    )
    table.cast(table.create(cards["Fire // Ice"], Zone.HAND), CastOption.LEFT)
    before = table.snapshot()
    with pytest.raises(PluginFailure) as raised:
        table.resolve()
    assert raised.value.hook == "on_leave_stack"
    assert "OntoTheBattlefield" in raised.value.plugin or raised.value.plugin.startswith("test_")
    assert "'Fire // Ice' is not a permanent card: it can't be put onto the battlefield" in str(raised.value)
    assert table.snapshot() == before


class Lying(ReferenceHost):
    """The reference host telling one lie the Table relies on, chosen by name."""

    def __init__(self, lie: str) -> None:
        super().__init__()
        self.name = "lying"
        self.lie = lie
        self._first: ObjectId | None = None

    def create(self, card: Card, zone: Zone, owner: Player) -> ObjectId:
        made = super().create(card, zone, owner)
        self._first = self._first or made
        return self._first if self.lie == "create reuses an id" else made

    def objects(self) -> Sequence[ObjectId]:
        found = list(super().objects())
        return found + found[:1] if self.lie == "objects twice" else found

    def stack(self) -> Sequence[ObjectId]:
        found = list(super().stack())
        return found + found[:1] if self.lie == "stack twice" else found

    def cast(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        return super().cast(obj, replace(spell, x=0) if self.lie == "cast drops X" else spell)

    def set_timing(self, change: TimingChange) -> None:
        if self.lie == "set_timing does nothing":
            return
        if self.lie == "set_timing raises KeyError":
            raise KeyError("priority")
        super().set_timing(change)

    def copy_spell(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        made = super().copy_spell(obj, spell)
        if self.lie == "copy_spell makes no copy":
            self._objects[made] = replace(self._objects[made], copy=False)
        return made

    def copy_permanent(self, obj: ObjectId) -> ObjectId:
        made = super().copy_permanent(obj)
        if self.lie == "copy_permanent makes no token":
            self._objects[made] = replace(self._objects[made], token=False)
        return made

    def copy_card(self, obj: ObjectId) -> ObjectId:
        made = super().copy_card(obj)
        if self.lie == "copy_card in the wrong zone":
            self._objects[made] = replace(self._objects[made], zone=Zone.EXILE)
        if self.lie == "copy_card reuses an id":
            self._copies = getattr(self, "_copies", made)
            return self._copies
        return made

    def view(self, obj: ObjectId) -> ObjectView:
        if self.lie == "view raises RuntimeError":
            raise RuntimeError("engine state corrupt")
        return super().view(obj)


def _lying(rules: RuleVersion, lie: str) -> Table:
    return Table(
        Lying(lie), rules, make_plugin_manager(load_entry_points=False), contract=CURRENT_CONTRACT, judge_targets=False
    )


def test_a_host_handing_out_an_id_twice_is_its_breach(cards: dict[str, Card], v: dict[str, RuleVersion]) -> None:
    table = _lying(v["duskmourn-2024"], "create reuses an id")
    table.create(cards["Fire // Ice"], Zone.HAND)
    problem = _raises(table.create, cards["Fire // Ice"], Zone.GRAVEYARD)
    assert "in Host.create when told to create 'Fire // Ice' in the graveyard of p1" in problem
    assert "the id of an object it made before, not a new one" in problem
    copies = _lying(v["duskmourn-2024"], "copy_card reuses an id")
    obj = copies.create(cards["Fire // Ice"], Zone.EXILE)
    copies.copy_card(obj)
    assert "the id of an object it made before" in _raises(copies.copy_card, obj)


@pytest.mark.parametrize("lie", ["objects twice", "stack twice"])
def test_an_id_listed_twice_is_the_hosts_breach(lie: str, cards: dict[str, Card], v: dict[str, RuleVersion]) -> None:
    table = _lying(v["duskmourn-2024"], lie)
    obj = table.create(cards["Fire // Ice"], Zone.HAND)
    method = lie.split()[0]
    if method == "stack":
        with pytest.raises(HostError, match=rf"in Host.stack.*which lists {obj!r} twice"):
            table.cast(obj, CastOption.LEFT)
    else:
        with pytest.raises(HostError, match=rf"in Host.objects.*which lists {obj!r} twice"):
            table.snapshot()


def test_a_cast_that_drops_the_announced_x_is_the_hosts_breach(
    cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    table = _lying(v["duskmourn-2024"], "cast drops X")
    blaze = Card("Blaze", (Half("Blaze", ManaCost.parse("{X}{R}"), "Sorcery", ("Sorcery",)),))
    obj = table.create(blaze, Zone.HAND)
    problem = _raises(table.cast, obj, CastOption.WHOLE, x=3)
    assert "in Host.cast" in problem and "a spell whose X is 0, not the 3 announced" in problem


def test_a_timing_change_the_host_did_not_make_is_its_breach(v: dict[str, RuleVersion]) -> None:
    table = _lying(v["duskmourn-2024"], "set_timing does nothing")
    problem = _raises(table.set_turn, phase=Phase.END, priority=Player.P2)
    assert "in Host.set_timing when told phase end, priority p2: then phase is main1, priority is p1" in problem


@pytest.mark.parametrize(
    ("lie", "expected"),
    [
        ("set_timing raises KeyError", "host 'lying' raised KeyError in Host.set_timing: 'priority'"),
        ("view raises RuntimeError", "host 'lying' raised RuntimeError in Host.view: engine state corrupt"),
    ],
)
def test_any_exception_from_a_host_is_a_host_error_naming_the_method(
    lie: str, expected: str, cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    table = _lying(v["duskmourn-2024"], lie)
    if lie.startswith("view"):
        assert _raises(table.create, cards["Fire // Ice"], Zone.HAND) == expected
    else:
        assert _raises(table.set_turn, priority=Player.P2) == expected


class ListsTheHand(ReferenceHost):
    """A host whose stack lists what it should not: a card in a hand, or an id it doesn't know."""

    def __init__(self, extra: str) -> None:
        super().__init__()
        self.name = "lists-the-hand"
        self.extra = extra

    def stack(self) -> Sequence[ObjectId]:
        return [*super().stack(), self.extra]


@pytest.mark.parametrize(
    ("extra", "problem"),
    [("o2", "which lists 'o2', an object its view puts in the hand"), ("o99", "which lists 'o99', an object its view")],
)
def test_a_stack_listing_what_is_not_on_it_is_the_hosts_breach(
    extra: str, problem: str, cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    table = Table(
        ListsTheHand(extra), v["duskmourn-2024"], make_plugin_manager(load_entry_points=False), judge_targets=False
    )
    obj = table.create(cards["Fire // Ice"], Zone.HAND)
    assert (obj, table.create(cards["Fire // Ice"], Zone.HAND)) == ("o1", "o2")
    message = _raises(table.cast, obj, CastOption.LEFT)
    assert "host 'lists-the-hand' broke the contract in Host.stack" in message and problem in message


def test_a_copy_that_is_no_copy_names_the_field_checked_and_the_value_expected(
    cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    table = _lying(v["duskmourn-2024"], "copy_spell makes no copy")
    spell = table.cast(table.create(cards["Fire // Ice"], Zone.HAND), CastOption.LEFT)
    problem = _raises(table.copy_spell, spell)
    assert "in Host.copy_spell when told to copy the spell 'o1'" in problem
    assert problem.endswith("an object whose ObjectView.copy is False; expected True")
    table = _lying(v["duskmourn-2024"], "copy_card in the wrong zone")
    obj = table.create(cards["Fire // Ice"], Zone.GRAVEYARD)
    assert _raises(table.copy_card, obj).endswith("an object whose ObjectView.zone is exile; expected graveyard")
    table = _lying(v["duskmourn-2024"], "copy_permanent makes no token")
    obj = table.create(cards["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    assert _raises(table.copy_permanent, obj).endswith("an object whose ObjectView.token is False; expected True")


class Positioned(ReferenceHost):
    """The reference host saying when its game changes (``position``), counting the views it gives."""

    def __init__(self) -> None:
        super().__init__()
        self.at = 0
        self.views = 0
        self.fails = False

    def position(self) -> int:
        if self.fails:
            raise RuntimeError("engine state corrupt")
        return self.at

    def view(self, obj: ObjectId) -> ObjectView:
        self.views += 1
        return super().view(obj)


def test_a_host_with_positions_is_read_once_per_position_and_again_after_each_action(
    cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    host = Positioned()
    table = Table(host, v["duskmourn-2024"], make_plugin_manager(load_entry_points=False), judge_targets=False)
    fire = table.create(cards["Fire // Ice"], Zone.HAND)
    host.at += 1
    host.views = 0
    assert table.castable(fire).value == (CastOption.LEFT, CastOption.RIGHT)
    assert table.view(fire).zone is Zone.HAND
    assert host.views == 1
    # The Table's own action: its outcome is read anew, and so is the next question.
    table.cast(fire, CastOption.LEFT)
    assert table.view(fire).zone is Zone.STACK
    # A change the Table did not make, which the host's position tells.
    host.move(fire, Zone.GRAVEYARD)
    assert table.view(fire).zone is Zone.STACK  # the same position: the answer kept
    host.at += 1
    assert table.view(fire).zone is Zone.GRAVEYARD


def test_an_exception_from_a_hosts_position_names_the_method(cards: dict[str, Card], v: dict[str, RuleVersion]) -> None:
    host = Positioned()
    table = Table(host, v["duskmourn-2024"], make_plugin_manager(load_entry_points=False), judge_targets=False)
    fire = table.create(cards["Fire // Ice"], Zone.HAND)
    host.fails = True
    assert _raises(table.view, fire) == "host 'reference' raised RuntimeError in Host.position: engine state corrupt"


def test_a_host_without_positions_is_read_at_every_question(cards: dict[str, Card], v: dict[str, RuleVersion]) -> None:
    host = Faulty("none")
    table = Table(host, v["duskmourn-2024"], make_plugin_manager(load_entry_points=False), judge_targets=False)
    fire = table.create(cards["Fire // Ice"], Zone.HAND)
    host.move(fire, Zone.GRAVEYARD)
    assert table.view(fire).zone is Zone.GRAVEYARD


class Listing(ReferenceHost):
    """The reference host listing the objects of a zone (``objects_in``), with one fault if asked."""

    name = "listing"

    def __init__(self, wrong: bool = False) -> None:
        super().__init__()
        self.wrong = wrong

    def objects_in(self, zone: Zone) -> Sequence[ObjectId]:
        return [o for o in self.objects() if (self.view(o).zone is zone) is not self.wrong]


def test_702_47a_splice_candidates_from_the_hosts_listing_of_hands(
    cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    table = Table(Listing(), v["duskmourn-2024"], make_plugin_manager(load_entry_points=False), judge_targets=False)
    arcane = table.create(cards["Reach Through Mists"], Zone.HAND)
    ray = table.create(cards["Glacial Ray"], Zone.HAND)
    table.create(cards["Glacial Ray"], Zone.GRAVEYARD)
    assert table.splice_candidates(arcane).value == (ray,)


def test_a_listing_of_a_zone_with_an_object_elsewhere_is_the_hosts_breach(
    cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    table = Table(
        Listing(wrong=True), v["duskmourn-2024"], make_plugin_manager(load_entry_points=False), judge_targets=False
    )
    arcane = table.create(cards["Reach Through Mists"], Zone.HAND)
    table.create(cards["Glacial Ray"], Zone.GRAVEYARD)
    with pytest.raises(HostError, match=r"Host.objects_in when told hand: .* an object its view puts in the graveyard"):
        table.splice_candidates(arcane)
