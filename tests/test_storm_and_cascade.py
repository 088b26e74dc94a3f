"""Storm (702.40a), cascade (702.85a) and discover (701.55a) as split cards meet them: the rules
asked directly, then a Table on the reference host carrying them out."""

from __future__ import annotations

import pytest

from splitcards import Table
from splitcards.adapters.reference import ReferenceHost
from splitcards.errors import IllegalCast, NotInRules, NotSupported
from splitcards.game.contract.memory import MemoryHost
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.hooks import hookimpl
from splitcards.rules import library
from splitcards.rules.actions import LibraryHit
from splitcards.rules.card import Card, Half
from splitcards.rules.copies import CopyOf
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import Answer, CastOption, ObjectView, SpellFacts, Zone
from splitcards.rules.versions import RuleVersion

CURRENT = "duskmourn-2024"
# A spell of mana value 3 with cascade, as Violent Outburst is.
OUTBURST = Card(
    "Violent Outburst",
    (Half("Violent Outburst", ManaCost.parse("{1}{R}{G}"), "Instant", ("Instant",), text="Cascade"),),
)


def _outburst_spell() -> ObjectView:
    return ObjectView(OUTBURST, Zone.STACK, spell=SpellFacts(CastOption.WHOLE))


def _library(*cards: Card) -> list[ObjectView]:
    return [ObjectView(card, Zone.LIBRARY) for card in cards]


def _hit(answer: Answer[LibraryHit] | Exception) -> LibraryHit:
    assert isinstance(answer, Answer), answer
    return answer.value


@pytest.mark.parametrize("version", ["amonkhet-2017", CURRENT])
def test_709_4b_boom_bust_is_no_hit_for_a_cascade_of_3(
    v: dict[str, RuleVersion], cards: dict[str, Card], version: str
) -> None:
    # Boom // Bust has mana value 8 in a library; Grizzly Bears (2) is the hit.
    found = _hit(
        library.cascade(_library(cards["Boom // Bust"], cards["Grizzly Bears"]), _outburst_spell(), v[version])
    )
    assert found == LibraryHit(exiled=2, hit=1, castable=(CastOption.WHOLE,), to_hand=False)


@pytest.mark.parametrize("version", ["classic-2009", "classic-2013"])
def test_708_6a_boom_is_a_hit_and_either_half_may_be_cast(
    v: dict[str, RuleVersion], cards: dict[str, Card], version: str
) -> None:
    answer = library.cascade(_library(cards["Boom // Bust"], cards["Grizzly Bears"]), _outburst_spell(), v[version])
    assert _hit(answer) == LibraryHit(exiled=1, hit=0, castable=(CastOption.LEFT, CastOption.RIGHT), to_hand=False)
    assert isinstance(answer, Answer)
    # The comparison's rule, and no check of the resulting spell: its words date from 2021.
    assert "708.6a" in answer.rules
    assert answer.rules[0] in ("702.82a", "702.84a")


def test_702_85a_cites_the_resulting_spell_check_today(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    answer = library.cascade(_library(cards["Grizzly Bears"]), _outburst_spell(), v[CURRENT])
    assert isinstance(answer, Answer)
    assert answer.rules[0] == "702.85a"


def test_cascade_has_no_text_in_the_2008_edition(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    refusal = library.cascade(_library(cards["Grizzly Bears"]), _outburst_spell(), v["invasion-2000"])
    assert isinstance(refusal, NotInRules)
    assert "Alara Reborn" in str(refusal)


def test_cascade_with_no_hit_exiles_everything(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    found = _hit(library.cascade(_library(cards["Boom // Bust"], cards["Forest"]), _outburst_spell(), v[CURRENT]))
    assert found == LibraryHit(exiled=2, hit=None, castable=(), to_hand=False)


def test_701_55a_discover_5_hits_assault_battery_at_5(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    found = _hit(library.discover(_library(cards["Boom // Bust"], cards["Assault // Battery"]), 5, v[CURRENT]))
    assert found == LibraryHit(exiled=2, hit=1, castable=(CastOption.LEFT, CastOption.RIGHT), to_hand=True)


def test_701_55a_discover_4_passes_assault_battery(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    found = _hit(library.discover(_library(cards["Assault // Battery"], cards["Grizzly Bears"]), 4, v[CURRENT]))
    assert (found.hit, found.castable) == (1, (CastOption.WHOLE,))


@pytest.mark.parametrize("version", ["amonkhet-2017", "classic-2013", "invasion-2000"])
def test_discover_has_no_text_before_2023(v: dict[str, RuleVersion], cards: dict[str, Card], version: str) -> None:
    refusal = library.discover(_library(cards["Grizzly Bears"]), 4, v[version])
    assert isinstance(refusal, NotInRules)
    assert "Lost Caverns of Ixalan" in str(refusal)


@pytest.mark.parametrize(
    ("version", "number"),
    [("invasion-2000", "502.30a"), ("classic-2009", "702.37a"), ("classic-2013", "702.39a"), (CURRENT, "702.40a")],
)
def test_702_40a_storm_copies_once_per_spell_cast_before(
    v: dict[str, RuleVersion], cards: dict[str, Card], version: str, number: str
) -> None:
    spell = ObjectView(cards["Assault // Battery"], Zone.STACK, spell=SpellFacts(CastOption.RIGHT))
    answer = library.storm_copies(spell, 2, v[version])
    assert isinstance(answer, Answer)
    assert (answer.value, answer.rules[0]) == (2, number)


def test_702_40a_storm_of_a_spell_not_cast_this_turn_is_refused(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    spell = ObjectView(cards["Assault // Battery"], Zone.STACK, spell=SpellFacts(CastOption.RIGHT), copy=True)
    assert isinstance(library.storm_copies(spell, None, v[CURRENT]), IllegalCast)


# -- a Table on the reference host ---------------------------------------------------------------


def test_a_library_is_listed_from_the_top(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    host = ReferenceHost()
    table = Table(host, v[CURRENT])
    bottom = table.create(cards["Grizzly Bears"], Zone.LIBRARY)
    top = table.create(cards["Boom // Bust"], Zone.LIBRARY)
    assert list(host.library(table.view(top).owner)) == [top, bottom]
    host.put_on_bottom(top)
    assert list(host.library(table.view(top).owner)) == [bottom, top]


def test_707_10_storm_copies_of_a_fused_spell_are_fused(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    table = Table(ReferenceHost(), v[CURRENT], judge_targets=False)
    bears = table.create(cards["Grizzly Bears"], Zone.HAND)
    fused = table.create(cards["Breaking // Entering"], Zone.HAND)
    table.cast(bears)
    table.resolve()
    table.cast(fused, CastOption.FUSED)
    (copy,) = table.storm(fused)
    assert table.view(copy).spell is not None
    assert table.view(copy).spell.option is CastOption.FUSED  # type: ignore[union-attr]
    assert table.characteristic(copy, "mana_values").value == (8,)


def test_a_refused_cascade_cast_moves_nothing(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    table = Table(ReferenceHost(), v[CURRENT], judge_targets=False)
    table.create(cards["Grizzly Bears"], Zone.LIBRARY)
    top = table.create(cards["Boom // Bust"], Zone.LIBRARY)
    spell = table.create(OUTBURST, Zone.HAND)
    table.cast(spell)
    before = table.snapshot()
    with pytest.raises(IllegalCast):
        table.cascade(spell, CastOption.RIGHT)  # the hit is Grizzly Bears, cast whole only
    assert table.snapshot() == before
    table.cascade(spell, CastOption.WHOLE)
    assert table.view(top).zone is Zone.LIBRARY


def test_a_host_without_an_ordered_library_is_not_supported(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    table = Table(MemoryHost(), v[CURRENT], judge_targets=False)
    bears = table.create(cards["Grizzly Bears"], Zone.LIBRARY)
    with pytest.raises(NotSupported, match="library_order"):
        table.discover(4)
    assert table.view(bears).zone is Zone.LIBRARY


class _RefusesSecondCopy:
    """Lets the first copy decision through and refuses every one after it."""

    def __init__(self) -> None:
        self.asked = 0

    @hookimpl(tryfirst=True)
    def decide_copy(self, rules: RuleVersion, view: ObjectView, of: CopyOf) -> IllegalCast | None:
        self.asked += 1
        return None if self.asked == 1 else IllegalCast("no second copy", (), rules.name)


def test_702_40a_storm_decides_its_copy_once_before_the_host_makes_any(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    plugin = _RefusesSecondCopy()
    table = Table(ReferenceHost(), v[CURRENT], make_plugin_manager([plugin], load_entry_points=False))
    for name in ("Grizzly Bears", "Grizzly Bears"):
        table.cast(table.create(cards[name], Zone.HAND))
        table.resolve()
    fire = table.create(cards["Fire // Ice"], Zone.HAND)
    table.cast(fire, CastOption.LEFT)
    copies = table.storm(fire)
    # One decision for both copies: a decision asked per copy could refuse after the host made one.
    assert (len(copies), plugin.asked) == (2, 1)
