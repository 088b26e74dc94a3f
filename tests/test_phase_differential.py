"""Real phase AI games: the rules' answers against phase's own wherever both answer.

Every disagreement must be a documented phase deviation the adapter corrects
(:mod:`splitcards.adapters.phase.deviations`), and so must every correction the adapter made to
phase's state; any other is a failure. The games are :mod:`splitcards.tools.play` games on phase's
AI host. The games are deterministic (phase's AI plays from the
game's seed); together they run in about 40 s.
"""

from __future__ import annotations

import pytest

pytest.importorskip("phase", reason="phase-python is not installed (pip install 'splitcards[phase]')")

from typing import Any

from splitcards.adapters.phase.ai import PhaseAI
from splitcards.adapters.phase.deviations import BY_NAME, explain
from splitcards.game.configuration.registry import load_registry
from splitcards.rules.card import Card
from splitcards.rules.model import CastOption, ObjectView, SpellFacts, Zone
from splitcards.tools.play import DifferentialGame, democards

CARDS = democards.cards()
ROOM = CARDS["Bottomless Pool // Locker Room"]

# current 2 and 5: long games with aftermath halves cast from a graveyard and Rooms; classic-2009 1:
# a version without fuse or aftermath.
GAMES = [("current", 2), ("current", 5), ("classic-2009", 1)]


@pytest.mark.parametrize(("version", "seed"), GAMES)
def test_rules_agree_with_phase_or_correct_a_documented_deviation(version: str, seed: int) -> None:
    rules = load_registry().get(version)
    game = DifferentialGame(PhaseAI(rules, difficulty="Easy"), rules, seed=seed, max_actions=1500)
    result = game.play()
    assert result.casts > 10
    assert game.comparisons
    assert [c for c in game.comparisons if not c.agrees and c.deviation is None] == []
    assert sorted(set(result.corrections) - set(BY_NAME)) == []


def _explain(
    kind: str,
    card: Card,
    zone: Zone,
    plugin: Any,
    phase: Any,
    spell: SpellFacts | None = None,
    version: str = "current",
) -> str | None:
    view = ObjectView(card, zone, spell=spell)
    return explain(kind, card, zone, plugin, phase, view, load_registry().get(version))


FUSED = SpellFacts(CastOption.FUSED)
MEMORY_FROM_GRAVEYARD = SpellFacts(CastOption.RIGHT, cast_from=Zone.GRAVEYARD)


def test_each_deviation_excuses_the_exact_wrong_answer_phase_gives() -> None:
    wt, fi, cm = CARDS["Wear // Tear"], CARDS["Fire // Ice"], CARDS["Commit // Memory"]
    assert _explain("name", fi, Zone.GRAVEYARD, ["Fire", "Ice"], ["Fire"]) == "split-left-half-only"
    assert _explain("name", wt, Zone.STACK, ["Wear", "Tear"], ["Wear"], FUSED) == "fused-left-half-only"
    assert _explain("mana_value", wt, Zone.STACK, [3], [2], FUSED) == "fused-left-half-only"
    assert _explain("fused", wt, Zone.GRAVEYARD, False, True, FUSED) == "stale-fused-flag"
    assert _explain("zone", cm, Zone.EXILE, Zone.EXILE, Zone.GRAVEYARD, MEMORY_FROM_GRAVEYARD) == "aftermath-not-exiled"
    assert _explain("castable", wt, Zone.HAND, set(), {CastOption.FUSED}, version="classic-2009") == "version-filter"
    assert _explain("castable", cm, Zone.HAND, set(), {CastOption.RIGHT}) == "aftermath-half-not-castable"
    both = ["Bottomless Pool", "Locker Room"]
    assert _explain("name", ROOM, Zone.BATTLEFIELD, both, [ROOM.name]) == "room-characteristics"
    assert _explain("mana_value", ROOM, Zone.BATTLEFIELD, [6], [5]) == "room-characteristics"
    assert _explain("name", ROOM, Zone.STACK, ["Locker Room"], [ROOM.name]) == "room-merged-face"
    merged_twice = ["Bottomless Pool // Bottomless Pool // Locker Room"]
    assert _explain("name", ROOM, Zone.BATTLEFIELD, both, merged_twice) == "room-merged-face"


def test_a_made_up_disagreement_is_not_excused() -> None:
    wt, fi, cm = CARDS["Wear // Tear"], CARDS["Fire // Ice"], CARDS["Commit // Memory"]
    both = ["Bottomless Pool", "Locker Room"]
    made_up = [
        # A Room permanent's mana value that no door has, and one on the stack.
        _explain("mana_value", ROOM, Zone.BATTLEFIELD, [6], [7]),
        _explain("mana_value", ROOM, Zone.STACK, [5], [1]),
        # Names that contain the card's name without being phase's merged face.
        _explain("name", ROOM, Zone.BATTLEFIELD, both, [ROOM.name + " (copy)"]),
        _explain("name", ROOM, Zone.STACK, ["Locker Room"], ["Locker Room // Bottomless Pool"]),
        _explain("name", ROOM, Zone.STACK, ["Bottomless Pool"], [ROOM.name]),
        _explain("name", ROOM, Zone.GRAVEYARD, both, [ROOM.name]),
        # A split card showing its right half alone, or the left half's name on the stack unfused.
        _explain("name", fi, Zone.HAND, ["Fire", "Ice"], ["Ice"]),
        _explain("name", fi, Zone.STACK, ["Ice"], ["Fire"]),
        _explain("name", fi, Zone.BATTLEFIELD, ["Fire", "Ice"], ["Fire"]),
        # A fused spell's mana value that is not the left half's.
        _explain("mana_value", wt, Zone.STACK, [3], [1], FUSED),
        # An aftermath card in the wrong zone in another way, or Memory cast from the hand.
        _explain("zone", cm, Zone.EXILE, Zone.EXILE, Zone.HAND, MEMORY_FROM_GRAVEYARD),
        _explain("zone", cm, Zone.EXILE, Zone.EXILE, Zone.GRAVEYARD, SpellFacts(CastOption.LEFT)),
        _explain("zone", fi, Zone.EXILE, Zone.EXILE, Zone.GRAVEYARD, MEMORY_FROM_GRAVEYARD),
        # Fuse offered where the version has it, a half offered that is not the aftermath half.
        _explain("castable", wt, Zone.HAND, set(), {CastOption.FUSED}),
        _explain("castable", cm, Zone.HAND, set(), {CastOption.LEFT}),
        _explain("castable", cm, Zone.GRAVEYARD, set(), {CastOption.RIGHT}),
        # A fused flag on a spell that was not fused, and doors phase gets wrong.
        _explain("fused", wt, Zone.GRAVEYARD, False, True, SpellFacts(CastOption.LEFT)),
        _explain("doors", ROOM, Zone.BATTLEFIELD, set(), {"left"}),
    ]
    assert made_up == [None] * len(made_up)
