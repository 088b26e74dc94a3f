"""AI games (splitcards.tools.play): the loop asks the rules for everything, on any host that can play them."""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from typing import Any, cast

import pytest

from splitcards.adapters.reference import ReferenceHost
from splitcards.adapters.reference.plugin import new_game
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.contract import AdapterInfo
from splitcards.game.contract.aihost import AIHost, Happening, MoveOffer, PlayerState
from splitcards.game.contract.moves import CastMove, Move
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.hooks import hookimpl
from splitcards.rules.card import Card
from splitcards.rules.costs import payable
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption, ObjectId, ObjectView, Phase, Player, SpellFacts, Zone
from splitcards.rules.versions import RuleVersion
from splitcards.tools.cli import main
from splitcards.tools.play import ActionKind, AIGame, Classified, Deviation, EngineAnswers, decks, democards
from splitcards.tools.play.demo import run

PASS = "pass"


class PassingAI:
    """An engine on the reference host whose AI always passes priority: whatever the loop casts,
    it casts because the rules allow it."""

    def __init__(self, rules: RuleVersion, mana: int = 20, kinds: frozenset[str] = frozenset("WUBRG")) -> None:
        self.rules = rules
        self._host = ReferenceHost()
        self.mana = mana
        self.kinds = kinds

    @property
    def host(self) -> ReferenceHost:
        return self._host

    @property
    def deviations(self) -> Mapping[str, Deviation]:
        return {}

    def start(self, deck: Sequence[Card], opponent: Sequence[Card], seed: int, moves: MoveOffer) -> None:
        """The tests set up their positions through the Table."""

    def over(self) -> bool:
        return False

    def winner(self) -> Player | None:
        return None

    def turn(self) -> int:
        return 1

    def actor(self) -> Player:
        return self._host.timing().priority

    def next_action(self) -> object:
        return PASS

    def classify(self, action: object) -> Classified:
        return Classified(ActionKind.PASS)

    def pass_action(self) -> object:
        return PASS

    def apply(self, action: object) -> None:
        """Passing changes nothing here."""

    def pass_resolves(self) -> bool:
        return False

    def not_offered(self, player: Player) -> Sequence[ObjectId]:
        views = ((obj, self._host.view(obj)) for obj in self._host.objects())
        return [obj for obj, view in views if view.zone is Zone.GRAVEYARD and view.owner is player]

    def mana_sources(self, player: Player) -> Sequence[frozenset[str]]:
        return [self.kinds] * self.mana

    def playable(self, player: Player, moves: Sequence[Move]) -> Sequence[Move]:
        return [move for move in moves if payable(move.cost, self.mana_sources(player), self.rules).value]

    def played(self, player: Player, move: Move) -> None:
        """The host's cast paid."""

    def begin_cast(self, action: object, obj: ObjectId) -> CastOption | None:
        return None

    def offered(self, obj: ObjectId) -> frozenset[CastOption]:
        return frozenset()

    def cancel_cast(self, obj: ObjectId) -> None:
        """Nothing was begun."""

    def last_corrections(self) -> Sequence[str]:
        return ()

    def spell_left(self, obj: ObjectId, destination: Zone) -> Sequence[str]:
        return ()

    @property
    def engine(self) -> str:
        return "reference"

    def player_state(self, player: Player) -> PlayerState:
        return PlayerState(life=20, poison=0, library=0, drew_from_empty_library=False)

    def happenings(self) -> Sequence[Happening]:
        return ()

    def action_record(self, action: object) -> dict[str, Any]:
        return {"type": str(action)}

    def action_from_record(self, data: Mapping[str, Any]) -> object:
        return data["type"]

    def engine_answers(self, obj: ObjectId) -> EngineAnswers:
        view = self._host.view(obj)
        return EngineAnswers(view.zone, (view.card.name,), 0, False, view.unlocked)

    def explain(
        self, kind: str, card: Card, zone: Zone, plugin: object, engine: object, view: ObjectView | None
    ) -> str | None:
        return None


def _game(rules: RuleVersion, mana: int = 20, kinds: frozenset[str] = frozenset("WUBRG")) -> AIGame:
    return AIGame(PassingAI(rules, mana, kinds), rules, pm=make_plugin_manager(load_entry_points=False))


def test_702_127a_instant_aftermath_half_cast_from_graveyard_at_instant_speed(
    cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    game = _game(v["duskmourn-2024"])
    table = game.table
    mind = table.create(cards["Spring // Mind"], Zone.GRAVEYARD, Player.P1)
    memory = table.create(democards.cards()["Commit // Memory"], Zone.GRAVEYARD, Player.P1)
    # The opponent's end step: only an instant can be cast, and Mind is an instant half.
    table.set_turn(active=Player.P2, phase=Phase.END, priority=Player.P1)
    game.step()
    spell = table.view(mind).spell
    assert spell == SpellFacts(CastOption.RIGHT, cast_from=Zone.GRAVEYARD, caster=Player.P1)
    assert table.view(memory).zone is Zone.GRAVEYARD
    assert game.result.casts == 1


def test_601_2f_not_tried_when_its_total_cost_is_beyond_the_mana_at_hand(
    cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    game = _game(v["duskmourn-2024"], mana=5)
    mind = game.table.create(cards["Spring // Mind"], Zone.GRAVEYARD, Player.P1)
    game.step()
    assert game.table.view(mind).zone is Zone.GRAVEYARD
    assert game.result.casts == 0


def test_601_2h_not_tried_when_the_mana_at_hand_has_not_its_colors(
    cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    # Mind costs {4}{U}{U}: twenty red and white mana can't pay it.
    game = _game(v["duskmourn-2024"], mana=20, kinds=frozenset("RW"))
    mind = game.table.create(cards["Spring // Mind"], Zone.GRAVEYARD, Player.P1)
    game.step()
    assert game.table.view(mind).zone is Zone.GRAVEYARD
    assert game.result.casts == 0
    # The same with two blue sources among them: it is cast.
    game = _game(v["duskmourn-2024"], mana=6, kinds=frozenset("URW"))
    mind = game.table.create(cards["Spring // Mind"], Zone.GRAVEYARD, Player.P1)
    game.step()
    assert game.table.view(mind).zone is Zone.STACK


class CountingAI(PassingAI):
    """An AI host written before mana_sources: it says only how much mana there is."""

    mana_sources = None  # type: ignore[assignment]
    playable = None  # type: ignore[assignment]
    played = None  # type: ignore[assignment]

    def mana_available(self, player: Player) -> int:
        return self.mana


def test_an_ai_host_with_mana_available_only_still_plays_with_a_warning(
    cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    rules = v["duskmourn-2024"]
    old_style = cast(AIHost, CountingAI(rules, 6))
    game = AIGame(old_style, rules, pm=make_plugin_manager(load_entry_points=False))
    mind = game.table.create(cards["Spring // Mind"], Zone.GRAVEYARD, Player.P1)
    with pytest.warns(DeprecationWarning, match="mana_sources"):
        game.step()
    assert game.table.view(mind).zone is Zone.STACK


def test_demo_on_a_host_without_ai_play_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--host", "reference"]) == 2
    assert "can't play AI games" in capsys.readouterr().err
    assert main(["demo", "--host", "nowhere"]) == 2
    assert "unknown host 'nowhere'" in capsys.readouterr().err


def test_demo_needs_the_engine_installed(registry: VersionRegistry) -> None:
    info = AdapterInfo("absent", "", new_game, "pip install absent", ai_game=PassingAI)
    lines: list[str] = []
    assert run(info, registry.get("current"), out=lines.append) == 2
    assert lines == ["splitcards demo needs the absent engine: pip install absent"]


class CastCounter:
    """A third-party plugin that counts the casts it is told about."""

    def __init__(self) -> None:
        self.spells: list[ObjectId] = []

    @hookimpl
    def on_cast(self, spell: ObjectId, facts: SpellFacts) -> None:
        self.spells.append(spell)


@pytest.mark.host
def test_on_cast_reports_exactly_the_casts_that_happened_in_a_phase_ai_game(registry: VersionRegistry) -> None:
    pytest.importorskip("phase", reason="phase-python is not installed (pip install 'splitcards[phase]')")
    from splitcards.adapters.phase.ai import PhaseAI
    from splitcards.adapters.phase.translate import action_dict

    rules = registry.get("current")
    counter = CastCounter()
    ai = PhaseAI(rules)
    # Split cards and aftermath the AI casts in ways the rules refuse (an aftermath half from a
    # hand, a fuse without the mana), and creatures to target.
    pool = democards.cards()
    counts = {
        "Turn // Burn": 6,
        "Fire // Ice": 6,
        "Grizzly Bears": 6,
        "Commit // Memory": 3,
        "Mountain": 10,
        "Island": 9,
    }
    library = tuple(pool[name] for name, n in counts.items() for _ in range(n))

    def deck(table: Table) -> decks.Decks:
        return decks.Decks(tuple(dict.fromkeys(library)), library, library)

    game = AIGame(ai, rules, seed=1, max_actions=200, pm=make_plugin_manager([counter]), decks=deck)
    # phase's own record: each SpellCast event; a spell the adapter takes back from phase's stack
    # to the hand would be a cast phase began before the rules decided it, and there is none
    # (the AI's choice is asked in a copy of the game).
    apply = ai.session.apply
    cast: list[ObjectId] = []
    undone: list[ObjectId] = []

    def recording(seat: int, action: Any, what: str = "") -> Sequence[dict[str, Any]]:
        data = action_dict(action)
        moved = (data.get("data") or {}).get("data") or {}
        to_hand = data["type"] == "Debug" and moved.get("to_zone") == "Hand"
        if to_hand and ai.session.game.object(moved["object_id"])["zone"] == "Stack":
            undone.append(str(moved["object_id"]))
        events = apply(seat, action, what)
        cast.extend(str(e["data"]["object_id"]) for e in events if e["type"] == "SpellCast")
        return events

    ai.session.apply = recording  # type: ignore[method-assign]
    result = game.play()
    assert result.refusals >= 1
    assert undone == []
    assert len(counter.spells) == result.casts
    assert sorted(counter.spells) == sorted(cast)


class CastingAI(PassingAI):
    """An engine on the reference host whose AI casts ``cast`` once, as ``option``, and otherwise
    passes; a pass resolves the spell on top of the stack."""

    def __init__(self, rules: RuleVersion, mana: int = 20) -> None:
        super().__init__(rules, mana)
        self.cast: ObjectId | None = None
        self.option: CastOption | None = None

    def next_action(self) -> object:
        return "cast" if self.cast is not None else PASS

    def classify(self, action: object) -> Classified:
        if action == "cast":
            return Classified(ActionKind.CAST, self.cast)
        return Classified(ActionKind.PASS)

    def begin_cast(self, action: object, obj: ObjectId) -> CastOption | None:
        self.cast = None
        return self.option

    def pass_resolves(self) -> bool:
        return bool(self._host.stack())

    def not_offered(self, player: Player) -> Sequence[ObjectId]:
        return ()


def _casting(rules: RuleVersion, card: Card, option: CastOption, zone: Zone = Zone.HAND) -> tuple[AIGame, ObjectId]:
    ai = CastingAI(rules)
    lines: list[str] = []
    game = AIGame(ai, rules, pm=make_plugin_manager(load_entry_points=False), log=lines.append)
    game.table.set_turn(active=Player.P1, phase=Phase.MAIN1, priority=Player.P1)
    obj = game.table.create(card, zone, Player.P1)
    ai.cast, ai.option = obj, option
    return game, obj


def _said(game: AIGame) -> list[str]:
    lines: list[str] = []
    game.log = lines.append
    game.step()
    # Each line of the step, without its turn ("T1 ") and without the turn's heading.
    return [line.split(" ", 1)[1].strip() for line in lines if not line.startswith("-- turn")]


def test_702_102_a_fused_spell_is_said_to_be_fused(v: dict[str, RuleVersion]) -> None:
    pool = democards.cards()
    card = pool["Turn // Burn"]
    game, obj = _casting(v["duskmourn-2024"], card, CastOption.FUSED)
    # Turn needs a creature to target (601.2c, 702.102c).
    game.table.create(pool["Grizzly Bears"], Zone.BATTLEFIELD, Player.P2)
    (line,) = _said(game)
    spell = game.table.view(obj).spell
    assert spell is not None and spell.option is CastOption.FUSED
    assert line.startswith(f"p1 casts {card.name} fused (both halves as one spell): mana value ")


def test_702_47a_the_cards_spliced_are_said_with_the_spell_they_are_spliced_onto(
    v: dict[str, RuleVersion],
) -> None:
    pool = democards.cards()
    game, obj = _casting(v["duskmourn-2024"], pool["Lava Spike"], CastOption.WHOLE)
    game.table.create(pool["Glacial Ray"], Zone.HAND, Player.P1)
    (line,) = _said(game)
    spell = game.table.view(obj).spell
    assert spell is not None and spell.spliced
    spliced = ", ".join(s.half.name for s in spell.spliced)
    assert line.startswith(f"p1 casts Lava Spike, splicing {spliced} onto Lava Spike: mana value ")


def test_702_127a_a_refusal_cites_its_rule_as_every_line_does(v: dict[str, RuleVersion]) -> None:
    card = democards.cards()["Commit // Memory"]
    game, obj = _casting(v["duskmourn-2024"], card, CastOption.RIGHT)
    (line,) = _said(game)
    assert game.table.view(obj).zone is Zone.HAND
    assert line.startswith("p1 may not cast Memory (the right half of Commit // Memory): ")
    assert line.endswith(" [702.127a]") and "(rule " not in line


def test_702_127a_an_aftermath_half_from_a_graveyard_is_said_to_be_exiled(
    cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    card = cards["Spring // Mind"]
    game, obj = _casting(v["duskmourn-2024"], card, CastOption.RIGHT, Zone.GRAVEYARD)
    assert _said(game)[0].startswith("p1 casts Mind (the right half of Spring // Mind) from the graveyard")
    (line,) = _said(game)
    assert game.table.view(obj).zone is Zone.EXILE
    assert line.startswith("Mind (the right half of Spring // Mind) resolves and is exiled [")


def test_a_permanent_spell_enters_the_battlefield_in_one_statement(v: dict[str, RuleVersion]) -> None:
    card = democards.cards()["Bottomless Pool // Locker Room"]
    game, obj = _casting(v["duskmourn-2024"], card, CastOption.LEFT)
    _said(game)
    (line,) = _said(game)
    assert game.table.view(obj).zone is Zone.BATTLEFIELD
    assert line.startswith("Bottomless Pool (the left half of Bottomless Pool // Locker Room) resolves and enters")
    assert line.count("battlefield") == 1


class ShapedAI(PassingAI):
    """An AI host that keeps the rules' offer it is handed, whose engine can carry out every move
    or none (for want of targets, say), and which notes each move the rules played."""

    def __init__(self, rules: RuleVersion, can: bool) -> None:
        super().__init__(rules)
        self.can = can
        self.offer: MoveOffer | None = None
        self.played_moves: list[tuple[Player, Move]] = []

    def start(self, deck: Sequence[Card], opponent: Sequence[Card], seed: int, moves: MoveOffer) -> None:
        self.offer = moves

    def playable(self, player: Player, moves: Sequence[Move]) -> Sequence[Move]:
        return list(moves) if self.can else []

    def played(self, player: Player, move: Move) -> None:
        self.played_moves.append((player, move))


def test_601_2_the_engine_says_which_moves_it_can_carry_out_and_is_told_of_each_played(
    cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    rules = v["duskmourn-2024"]
    pm = make_plugin_manager(load_entry_points=False)
    for can in (False, True):
        ai = ShapedAI(rules, can)
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)  # an AI host of the current shape: no warning
            game = AIGame(ai, rules, pm=pm)
        mind = game.table.create(cards["Spring // Mind"], Zone.GRAVEYARD, Player.P1)
        assert ai.offer is not None and ai.offer(Player.P1, [mind]) == game.table.moves(Player.P1, [mind])
        game.step()
        # Twenty mana of every color, but the engine's word is what counts (its targets, say).
        assert game.table.view(mind).zone is (Zone.STACK if can else Zone.GRAVEYARD)
        assert ai.played_moves == (
            [(Player.P1, CastMove(mind, CastOption.RIGHT, ManaCost.parse("{4}{U}{U}")))] if can else []
        )


class OldAI(PassingAI):
    """An AI host written before the moves: no playable, no played, a start without the offer."""

    playable = None  # type: ignore[assignment]
    played = None  # type: ignore[assignment]

    def start(self, deck: Sequence[Card], opponent: Sequence[Card], seed: int) -> None:  # type: ignore[override]
        """The tests set up their positions through the Table."""


def test_an_ai_host_written_before_the_moves_keeps_playing_with_a_warning(
    cards: dict[str, Card], v: dict[str, RuleVersion]
) -> None:
    rules = v["duskmourn-2024"]
    old_style = cast(AIHost, OldAI(rules))
    with pytest.warns(DeprecationWarning, match=r"OldAI has no playable, played, start\(\.\.\., moves\)"):
        game = AIGame(old_style, rules, pm=make_plugin_manager(load_entry_points=False))
    mind = game.table.create(cards["Spring // Mind"], Zone.GRAVEYARD, Player.P1)
    game.step()
    assert game.table.view(mind).zone is Zone.STACK
