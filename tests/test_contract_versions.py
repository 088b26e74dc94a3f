"""The host contract has versions: a host written for 0.1 keeps 0.1's behaviour, with a warning.

Contract 0.2 asks that a copy of a spell or card be marked a copy in its view (707.10, 707.12);
0.1's documents did not say so for ``copy_spell``. A host that leaves the mark off gets the old
behaviour when it was written for 0.1 (the default), and a ``HostError`` when written for 0.2.
"""

from __future__ import annotations

import warnings
from dataclasses import replace
from pathlib import Path

import pytest

from splitcards.adapters.reference.host import ReferenceHost
from splitcards.errors import HostError
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.contract import AdapterInfo
from splitcards.game.contract.versions import CHANGES, CURRENT_CONTRACT, OLDEST_CONTRACT
from splitcards.game.plugins.hosts import registration_problem
from splitcards.game.table import Table
from splitcards.rules.card import Card
from splitcards.rules.model import CastOption, ObjectId, Player, SpellFacts, Zone
from splitcards.tools.conformance.results import Status
from splitcards.tools.conformance.runner import iter_file
from splitcards.tools.conformance.scenario import load_file

BUNDLED = Path(__file__).parents[1] / "plugin" / "tools" / "conformance" / "bundled"


class UnmarkedCopies(ReferenceHost):
    """A host as 0.1's documents allowed: a spell's copy carries copy facts, but its view's mark is off."""

    def copy_spell(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        new = super().copy_spell(obj, spell)
        self._objects[new] = replace(self._objects[new], copy=False)
        return new


def test_a_registration_that_names_no_contract_was_written_for_the_oldest() -> None:
    info = AdapterInfo("old", "", lambda rules: UnmarkedCopies())
    assert (info.contract, OLDEST_CONTRACT, CURRENT_CONTRACT) == ("0.1", "0.1", "0.2")


@pytest.mark.parametrize("contract", ["0.3", "", "1.0", 0.1, None])
def test_a_registration_naming_an_unknown_contract_is_refused_by_field(contract: object) -> None:
    info = AdapterInfo("odd", "", lambda rules: UnmarkedCopies(), contract=contract)  # type: ignore[arg-type]
    assert registration_problem(info).startswith("contract: a contract version, one of 0.1, 0.2, not ")


def test_a_table_for_an_unknown_contract_is_refused(registry: VersionRegistry) -> None:
    with pytest.raises(ValueError, match=r"Table\(contract=\.\.\.\): a contract version, one of 0\.1, 0\.2"):
        Table(ReferenceHost(), registry.get("current"), contract="0.9")


def _copied(table: Table, card: Card) -> tuple[ObjectId, ObjectId]:
    spell = table.cast(table.create(card, Zone.HAND), CastOption.RIGHT)
    return spell, table.copy_spell(spell)


def test_0_1_an_unmarked_spell_copy_is_taken_as_the_copy_with_a_warning_naming_rule_and_version(
    registry: VersionRegistry, cards: dict[str, Card]
) -> None:
    table = Table(UnmarkedCopies(), registry.get("current"), judge_targets=False)
    with pytest.warns(DeprecationWarning) as caught:
        spell, copy = _copied(table, cards["Fire // Ice"])
    message = str(caught[0].message)
    assert "contract 0.2" in message and "707.10, 707.12" in message and "written for contract 0.1" in message
    assert "AdapterInfo(contract='0.2')" in message
    # What the Table shows is the copy it asked for (707.10): marked, and gone as it resolves (707.10a).
    assert table.view(copy).copy is True
    assert table.characteristic(copy, "names").value == ("Ice",)
    table.resolve()
    assert copy not in table.host.objects()
    assert table.view(spell).copy is False


def test_0_2_an_unmarked_spell_copy_breaks_the_contract(registry: VersionRegistry, cards: dict[str, Card]) -> None:
    table = Table(UnmarkedCopies(), registry.get("current"), contract=CURRENT_CONTRACT, judge_targets=False)
    spell = table.cast(table.create(cards["Fire // Ice"], Zone.HAND), CastOption.RIGHT)
    with pytest.raises(HostError, match=r"ObjectView\.copy is False; expected True"):
        table.copy_spell(spell)


def test_a_marked_copy_gives_no_warning_under_the_oldest_contract(
    registry: VersionRegistry, cards: dict[str, Card]
) -> None:
    table = Table(ReferenceHost(), registry.get("current"), judge_targets=False)

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _, copy = _copied(table, cards["Fire // Ice"])
    assert table.view(copy).copy is True


def _statuses(info: AdapterInfo, registry: VersionRegistry) -> set[Status]:
    return {r.status for r in iter_file(load_file(BUNDLED / "copies.yaml"), {info.name: info}, registry)}


def test_the_bundled_copy_scenarios_pass_for_a_0_1_host_and_fail_for_a_0_2_one(registry: VersionRegistry) -> None:
    old = AdapterInfo("old", "", lambda rules: UnmarkedCopies())
    with pytest.warns(DeprecationWarning):
        assert _statuses(old, registry) == {Status.PASS}
    new = replace(old, contract=CURRENT_CONTRACT)
    assert Status.FAIL in _statuses(new, registry)


class CopiesOwnedByTheCard(ReferenceHost):
    """A host as 0.1's documents allowed: a spell's copy keeps the card's owner, whoever copied it."""

    def copy_spell(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        new = super().copy_spell(obj, spell)
        self._objects[new] = replace(self._objects[new], owner=self._objects[obj].owner)
        return new


def test_0_1_a_copy_owned_by_the_cards_owner_is_shown_owned_by_its_controller(
    registry: VersionRegistry, cards: dict[str, Card]
) -> None:
    table = Table(CopiesOwnedByTheCard(), registry.get("current"), judge_targets=False)
    obj = table.create(cards["Fire // Ice"], Zone.GRAVEYARD, Player.P1)
    table.set_turn(priority=Player.P2)
    spell = table.cast(obj, CastOption.RIGHT, caster=Player.P2, permission=Zone.GRAVEYARD)
    with pytest.warns(DeprecationWarning, match=r"707\.10"):
        copy = table.copy_spell(spell)
    assert (table.view(copy).owner, table.view(copy).controller) == (Player.P2, Player.P2)


def test_0_2_a_copy_owned_by_the_cards_owner_breaks_the_contract(
    registry: VersionRegistry, cards: dict[str, Card]
) -> None:
    table = Table(CopiesOwnedByTheCard(), registry.get("current"), contract=CURRENT_CONTRACT, judge_targets=False)
    obj = table.create(cards["Fire // Ice"], Zone.GRAVEYARD, Player.P1)
    table.set_turn(priority=Player.P2)
    spell = table.cast(obj, CastOption.RIGHT, caster=Player.P2, permission=Zone.GRAVEYARD)
    with pytest.raises(HostError, match=r"ObjectView\.owner is p1; expected p2"):
        table.copy_spell(spell)


def test_the_adapters_guide_lists_every_contract_change_with_its_version_and_rules() -> None:
    guide = (Path(__file__).parents[1] / "docs" / "adapters.md").read_text(encoding="utf-8")
    section = guide.split("### Contract versions", 1)[1].split("\n#", 1)[0]
    rows = [line.split("|")[1:-1] for line in section.splitlines() if line.startswith("| 0.")]
    documented = sorted((cells[0].strip(), cells[2].strip()) for cells in rows)
    assert documented == sorted((change.since, change.rules) for change in CHANGES)
