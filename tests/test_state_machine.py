"""Random games on the reference host under every rule version: legal and illegal actions alike.

After every step the game must be consistent (each object in one zone, the stack matching the
stack zone, doors only on Room permanents, spell facts only on the stack); a refused action must
raise one of the package's own errors and leave the whole observable game as it was; events are
reported only by actions that took place.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from splitcards.adapters.reference import ReferenceHost
from splitcards.cards.loaders import card_from_mtgjson
from splitcards.errors import SplitcardsError
from splitcards.game.configuration.registry import load_registry
from splitcards.game.plugins.hosts import adapters
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.rules.card import Card, Side
from splitcards.rules.characteristics import QUERIES
from splitcards.rules.model import CastOption, Phase, Player, UnlockBy, Zone
from splitcards.tools.play.invariants import violations

DATA = Path(__file__).parent / "data" / "cards.yaml"
CARDS: list[Card] = [
    card_from_mtgjson(faces, name) for name, faces in yaml.safe_load(DATA.read_text(encoding="utf-8")).items()
]
REGISTRY = load_registry()
VERSIONS = ["invasion-2000", "classic-2009", "classic-2013", "amonkhet-2017", "duskmourn-2024"]
PM = make_plugin_manager(load_entry_points=False)

maybe_option = st.none() | st.sampled_from(CastOption)
doors = st.sampled_from([Side.LEFT, Side.RIGHT, "left", "Locker Room", "Fire", "nowhere"])


class Game(RuleBasedStateMachine):
    table: Table

    @initialize(version=st.sampled_from(VERSIONS))
    def start(self, version: str) -> None:
        self.table = Table(ReferenceHost(), REGISTRY.get(version), PM)

    # -- acting ---------------------------------------------------------------------------

    def _try(self, action: Any, *args: Any, **kwargs: Any) -> Any:
        before = self.table.snapshot()
        try:
            return action(*args, **kwargs)
        except SplitcardsError:
            assert self.table.snapshot() == before, f"{action.__name__} was refused but changed the game"
            return None

    def _pick(self, data: st.DataObject) -> str | None:
        objects = list(self.table.host.objects())
        return data.draw(st.sampled_from(objects)) if objects else None

    @rule(
        card=st.sampled_from(CARDS),
        zone=st.sampled_from([*Zone, "stack", "hand", "moon"]),
        owner=st.sampled_from(Player),
    )
    def create(self, card: Card, zone: Any, owner: Player) -> None:
        self._try(self.table.create, card, zone, owner)

    @rule(data=st.data(), option=maybe_option, caster=st.none() | st.sampled_from(Player), splices=st.integers(0, 2))
    def cast(self, data: st.DataObject, option: CastOption | None, caster: Player | None, splices: int) -> None:
        obj = self._pick(data)
        if obj is None:
            return
        splice = [s for s in (self._pick(data) for _ in range(splices)) if s is not None]
        events = len(self.table.events)
        spell = self._try(self.table.cast, obj, option, splice, caster)
        if spell is None:
            assert len(self.table.events) == events
        else:
            assert self.table.host.stack()[-1] == spell

    @rule()
    def resolve(self) -> None:
        self._try(self.table.resolve)

    @rule(data=st.data(), zone=st.sampled_from([*Zone, "exile"]))
    def move(self, data: st.DataObject, zone: Any) -> None:
        obj = self._pick(data)
        if obj is not None:
            self._try(self.table.move, obj, zone)

    @rule(data=st.data())
    def copy_spell(self, data: st.DataObject) -> None:
        obj = self._pick(data)
        if obj is not None:
            self._try(self.table.copy_spell, obj)

    @rule(data=st.data(), cast=st.booleans(), option=maybe_option)
    def copy_card(self, data: st.DataObject, cast: bool, option: CastOption | None) -> None:
        obj = self._pick(data)
        if obj is not None:
            self._try(self.table.copy_card, obj, cast, option)

    @rule(data=st.data())
    def copy_permanent(self, data: st.DataObject) -> None:
        obj = self._pick(data)
        if obj is not None:
            self._try(self.table.copy_permanent, obj)

    @rule(data=st.data(), door=doors, by=st.sampled_from([*UnlockBy, "special_action", "magic"]))
    def unlock(self, data: st.DataObject, door: Any, by: Any) -> None:
        obj = self._pick(data)
        if obj is not None:
            self._try(self.table.unlock, obj, door, by)

    @rule(data=st.data(), door=doors)
    def lock(self, data: st.DataObject, door: Any) -> None:
        obj = self._pick(data)
        if obj is not None:
            self._try(self.table.lock, obj, door)

    @rule(
        active=st.none() | st.sampled_from(Player),
        phase=st.none() | st.sampled_from(Phase),
        priority=st.none() | st.sampled_from(Player),
        stack_empty=st.none() | st.booleans(),
    )
    def turn(self, active: Any, phase: Any, priority: Any, stack_empty: Any) -> None:
        self._try(self.table.set_turn, active, phase, priority, stack_empty)

    @rule(data=st.data(), query=st.sampled_from([*QUERIES, "facets", "__init__"]), door=doors)
    def ask(self, data: st.DataObject, query: str, door: Any) -> None:
        obj = self._pick(data)
        if obj is None:
            return
        for question, args in (
            (self.table.characteristic, (obj, query)),
            (self.table.castable, (obj,)),
            (self.table.can_unlock, (obj, door)),
            (self.table.splice_candidates, (obj,)),
        ):
            self._try(question, *args)

    # -- invariants -----------------------------------------------------------------------

    @invariant()
    def consistent(self) -> None:
        if hasattr(self, "table"):
            assert violations(self.table) == []


Game.TestCase.settings = settings(
    max_examples=60, stateful_step_count=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestGame = Game.TestCase


# The same random games on the real engines, fewer of them: an engine's game costs more.
ENGINE_SETTINGS = settings(
    max_examples=int(os.environ.get("SPLITCARDS_RANDOM_GAMES", "6")),
    stateful_step_count=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _engine_game(name: str) -> type[Game]:
    info = adapters(PM_WITH_HOSTS)[name]

    class EngineGame(Game):
        @initialize(version=st.sampled_from(VERSIONS))
        def start(self, version: str) -> None:
            host = info.factory(REGISTRY.get(version))
            host.prepare(CARDS)
            self.table = Table(host, REGISTRY.get(version), PM)

    EngineGame.TestCase.settings = ENGINE_SETTINGS
    return EngineGame


PM_WITH_HOSTS = make_plugin_manager()
_engines = adapters(PM_WITH_HOSTS)
_wanted = os.environ.get("SPLITCARDS_HOSTS", "")
if "phase" in _wanted and _engines["phase"].available is None:
    TestPhaseGame = pytest.mark.host(_engine_game("phase").TestCase)
if "mtg" in _wanted and _engines["mtg"].available is None:
    TestMtgGame = pytest.mark.host(_engine_game("mtg").TestCase)
