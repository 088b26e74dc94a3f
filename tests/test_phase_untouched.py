"""A cast or unlock refused on phase leaves phase's whole state as it was (``Game.state()``),
checked on the positions where phase gives no way back once a cast has begun."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

pytest.importorskip("phase", reason="phase-python is not installed (pip install 'splitcards[phase]')")

from splitcards.adapters.phase import carddata
from splitcards.adapters.phase.ai import PhaseAI
from splitcards.adapters.phase.carddata import engine_for
from splitcards.adapters.phase.caster import Caster
from splitcards.adapters.phase.host import PhaseHost
from splitcards.adapters.phase.preview import CastPreview
from splitcards.adapters.phase.translate import PhaseRefused, cast_action
from splitcards.cards.loaders import card_from_mtgjson
from splitcards.errors import NotSupported
from splitcards.game.configuration.registry import load_registry
from splitcards.game.table import Table
from splitcards.game.table.moves import CastMove
from splitcards.rules.card import Card, Side
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption, Player, SpellFacts, Zone
from splitcards.tools.play import democards
from splitcards.tools.play.untouched import UntouchedGame

CARDS = democards.cards()
EIDOLON = card_from_mtgjson(
    {
        "name": "Eidolon of the Great Revel",
        "layout": "normal",
        "manaCost": "{R}{R}",
        "manaValue": 2,
        "colors": ["R"],
        "colorIdentity": ["R"],
        "type": "Enchantment Creature — Spirit",
        "types": ["Enchantment", "Creature"],
        "subtypes": ["Spirit"],
        "supertypes": [],
        "power": "2",
        "toughness": "2",
        "text": "Whenever a player casts a spell with mana value 3 or less, Eidolon of the Great Revel deals 2"
        " damage to that player.",
    }
)


def _position(host: PhaseHost, version: str, battlefield: Sequence[Card]) -> Table:
    """p1's first main phase with empty hands and ``battlefield`` (p1's) in play: no other mana."""
    cards = [*CARDS.values(), EIDOLON]
    host.session.use_engine(engine_for(cards))
    deck = [carddata.front_name(c) for c in cards for _ in range(3)]
    host.session.start(deck, list(deck), seed=1)
    for seat in (0, 1):
        for obj in host.session.game.hand(seat):
            host.session.debug("MoveToZone", object_id=obj["id"], to_zone="Library")
    host.session.index_libraries()
    table = Table(host, load_registry().get(version))
    for card in battlefield:
        table.create(card, Zone.BATTLEFIELD)
    return table


def test_601_2c_a_fused_cast_with_one_half_targetable_is_refused_before_phase_begins_it() -> None:
    host = PhaseHost()
    lands = [CARDS[n] for n in ("Mountain", "Mountain", "Plains")]
    table = _position(host, "current", [*lands, CARDS["Ornithopter"]])
    wt = table.create(CARDS["Wear // Tear"], Zone.HAND)
    # phase would list the fused way (deviation cast-variant-options), then cast Wear alone with
    # no way back: its half prompt offers no cancel.
    preview = host.caster.preview(0, int(wt), CARDS["Wear // Tear"])
    assert preview.prompt == "CastingVariantChoice"
    assert not preview.carries_out(CastOption.FUSED)
    before = host.session.game.state()
    with pytest.raises(NotSupported, match=r"phase would not cast 'Wear // Tear' fused now \(it offers left\)"):
        host.cast(wt, SpellFacts(CastOption.FUSED))
    assert host.session.game.state() == before


def test_603_2_no_cast_trigger_for_a_cast_the_rules_refuse_after_the_ai_chose_it() -> None:
    # One Plains: phase can cast only Tear, and would take it (paying, and Eidolon triggering) as
    # soon as the AI's CastSpell is applied.
    ai = PhaseAI(load_registry().get("current"))
    table = _position(ai.host, "current", [CARDS["Plains"], EIDOLON])
    wt = table.create(CARDS["Wear // Tear"], Zone.HAND)
    before = ai.session.game.state()
    assert ai.begin_cast(cast_action(int(wt)), wt) is CastOption.RIGHT
    assert ai.offered(wt) == frozenset()
    assert ai.session.game.state() == before
    # The rules refused every way: nothing to undo, no trigger on phase's stack.
    ai.cancel_cast(wt)
    assert ai.session.game.state() == before
    assert ai.session.game.stack() == []


def test_603_2_a_cast_phase_carries_out_as_the_rules_decided_triggers() -> None:
    ai = PhaseAI(load_registry().get("current"))
    table = _position(ai.host, "current", [CARDS["Plains"], EIDOLON])
    wt = table.create(CARDS["Wear // Tear"], Zone.HAND)
    assert ai.begin_cast(cast_action(int(wt)), wt) is CastOption.RIGHT
    table.cast(wt, CastOption.RIGHT)
    kinds = [entry["kind"]["type"] for entry in ai.session.game.stack()]
    assert kinds == ["Spell", "TriggeredAbility"]


def test_702_127a_a_graveyard_cast_phase_does_not_offer_leaves_the_card_where_it_was() -> None:
    # Ribbons needs {B}{B}: no land, so phase would refuse it, once moved to the hand to be cast.
    host = PhaseHost()
    table = _position(host, "amonkhet-2017", [])
    cr = table.create(CARDS["Cut // Ribbons"], Zone.GRAVEYARD)
    before = host.session.game.state()
    refusal = "phase refuses casting 'Cut // Ribbons': it does not offer it from the graveyard"
    with pytest.raises(PhaseRefused, match=refusal):
        table.cast(cr, CastOption.RIGHT)
    assert host.session.game.state() == before
    assert table.view(cr).zone is Zone.GRAVEYARD


def test_709_5e_an_unlock_with_no_mana_is_refused_with_phase_as_it_was() -> None:
    rules = load_registry().get("duskmourn-2024")
    game = UntouchedGame(PhaseAI(rules), rules, seed=1, log=lambda line: None)
    room = game.table.create(CARDS["Bottomless Pool // Locker Room"], Zone.BATTLEFIELD)
    assert isinstance(game.ai, PhaseAI)
    assert game.ai.mana_sources(Player.P1) == []
    game._unlock(Player.P1, room, Side.LEFT)
    assert game.table.view(room).unlocked == frozenset()
    assert game.result.refusals == 1
    assert (game.checked, game.breaches) == (1, [])


def test_a_cast_preview_leaves_the_game_alone() -> None:
    host = PhaseHost()
    table = _position(host, "current", [CARDS["Plains"], EIDOLON])
    wt = table.create(CARDS["Wear // Tear"], Zone.HAND)
    before = host.session.game.state()
    preview = Caster.preview(host.caster, 0, int(wt), CARDS["Wear // Tear"])
    assert preview == CastPreview(taken=CastOption.RIGHT)
    assert host.session.game.state() == before


def test_702_127a_a_graveyard_cast_with_no_mana_is_refused_before_phase_is_asked(
    untouched_game: Callable[..., UntouchedGame],
) -> None:
    game = untouched_game(PhaseAI, "amonkhet-2017", ["Swamp"] * 30 + ["Cut // Ribbons"] * 10)
    cr = game.table.create(CARDS["Cut // Ribbons"], Zone.GRAVEYARD)
    with pytest.raises(NotSupported, match=r"phase could not carry it out now, paying \{B\}\{B\}"):
        game._play(Player.P1, CastMove(cr, CastOption.RIGHT, ManaCost.parse("{B}{B}")))
    assert (game.checked, game.breaches) == (1, [])


def test_the_check_finds_a_cast_begun_without_asking_phase_first(
    monkeypatch: pytest.MonkeyPatch, untouched_game: Callable[..., UntouchedGame]
) -> None:
    # The deliberate break: a cast begun in phase without asking first, neither whether the
    # player's mana could pay nor what phase would do with it.
    monkeypatch.setattr(Caster, "_check_preview", lambda *args: None)
    monkeypatch.setattr(PhaseAI, "playable", lambda self, player, moves: moves)
    game = untouched_game(PhaseAI, "amonkhet-2017", ["Swamp"] * 30 + ["Cut // Ribbons"] * 10)
    cr = game.table.create(CARDS["Cut // Ribbons"], Zone.GRAVEYARD)
    with pytest.raises(NotSupported, match="phase had begun the cast"):
        game._play(Player.P1, CastMove(cr, CastOption.RIGHT, ManaCost.parse("{B}{B}")))
    assert game.checked == 1
    [breach] = game.breaches
    assert "p1 casting Ribbons (the right half of Cut // Ribbons)" in str(breach)
    assert breach.changed > 0
