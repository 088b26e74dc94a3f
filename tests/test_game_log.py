"""The demo's log on a real phase game says what phase's state shows happened: each spell's
targets, each block, each creature that dies and the life totals damage leaves."""

from __future__ import annotations

import re
from typing import Any

import pytest

from splitcards.adapters.phase.ai import PhaseAI
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.tools.play.loop import AIGame
from splitcards.tools.play.result import GameStep

pytest.importorskip("phase", reason="phase-python is not installed (pip install 'splitcards[phase]')")

# phase's steps in which blockers can have been declared.
BLOCKED_BY_NOW = frozenset({"DeclareBlockers", "FirstStrikeDamage", "CombatDamage", "EndCombat"})
LIFE = re.compile(r"\b(p[12])(?: takes \d+ from .+)?, life (-?\d+)$")


class Watched:
    """The demo's game, seed 2, with what phase's state shows after each step of the loop next
    to what the log said in it."""

    def __init__(self, registry: VersionRegistry) -> None:
        rules = registry.get("current")
        self.ai = PhaseAI(rules)
        self.game = AIGame(self.ai, rules, seed=2, pm=make_plugin_manager(load_entry_points=False), record=self.step)
        self.creatures = self._creatures()
        self.blocked = False
        self.targets: list[tuple[str, list[str]]] = []
        self.blocks: list[tuple[list[str], list[str]]] = []
        self.deaths: list[tuple[list[str], list[str]]] = []
        self.lives: list[tuple[str, int, int]] = []

    def _name(self, oid: int) -> str:
        return str(self.ai.session.game.object(oid)["name"])

    def _creatures(self) -> dict[int, str]:
        found = self.ai.session.game.battlefield()
        return {int(o["id"]): str(o["name"]) for o in found if "Creature" in o["card_types"]["core_types"]}

    def step(self, step: GameStep) -> None:
        game = self.ai.session.game
        said = list(step.said)
        # A spell cast in this step is on top of phase's stack, with the targets phase chose.
        for line in said:
            if " casts " in line:
                top = game.stack()[-1]["kind"]["data"].get("ability") or {}
                self.targets.append((line, [self._target(t) for t in _targets(top)]))
        # The blockers, as phase's combat holds them once they are declared.
        combat: dict[str, Any] = (game.state()["state"].get("combat") or {}) if game.phase in BLOCKED_BY_NOW else {}
        declared = bool(combat.get("blockers_declared_by"))
        if declared and not self.blocked:
            blocked = self._blocks(combat)
            self.blocks.append(([line for line in said if " blocks " in line or "no blockers" in line], blocked))
        self.blocked = declared
        # The creatures that were on the battlefield and are now in a graveyard died in this step.
        died = [name for oid, name in self.creatures.items() if self._died(oid)]
        self.deaths.append(([line for line in said if line.endswith(" dies")], [f"{name} dies" for name in died]))
        self.creatures = self._creatures()
        # A line that gives a player's life total gives it as phase has it after the step, for
        # the last such line of the player.
        last = {m[1]: int(m[2]) for m in (LIFE.search(line) for line in said) if m}
        for player, life in last.items():
            self.lives.append((player, life, int(game.player(0 if player == "p1" else 1)["life"])))

    def _died(self, oid: int) -> bool:
        try:
            zone = self.ai.session.game.object(oid)["zone"]
        except ValueError:
            # A token that left the battlefield has ceased to exist (704.5d); nothing in these
            # decks exiles a creature, so it died.
            return True
        return bool(zone == "Graveyard")

    def _target(self, target: dict[str, Any]) -> str:
        return f"p{int(target['Player']) + 1}" if "Player" in target else self._name(int(target["Object"]))

    def _blocks(self, combat: dict[str, Any]) -> list[str]:
        by_attacker: dict[int, list[str]] = {}
        for blocker, attackers in combat["blocker_to_attacker"].items():
            for attacker in attackers:
                by_attacker.setdefault(int(attacker), []).append(self._name(int(blocker)))
        defender = f"p{int(combat['blockers_declared_by'][0]) + 1}"
        if not by_attacker:
            return [f"{defender} declares no blockers"]
        each = "; ".join(f"{self._name(a)} with {' and '.join(names)}" for a, names in by_attacker.items())
        return [f"{defender} blocks {each}"]


def _targets(ability: dict[str, Any]) -> list[dict[str, Any]]:
    """The targets of a spell's ability and of those chained to it (a spliced card's effects)."""
    found: list[dict[str, Any]] = []
    while ability:
        found += ability.get("targets") or []
        ability = ability.get("sub_ability") or {}
    return found


@pytest.fixture(scope="module")
def seed_2(registry: VersionRegistry) -> Watched:
    watched = Watched(registry)
    watched.game.play()
    return watched


def test_115_1_each_cast_line_names_the_targets_phase_chose(seed_2: Watched) -> None:
    for line, targets in seed_2.targets:
        if targets:
            assert f" targeting {' and '.join(targets)}" in line, line
        else:
            assert " targeting " not in line, line
    chosen = [t for _, targets in seed_2.targets for t in targets]
    # Seed 2 has spells that target a player and spells that target a creature.
    assert {"p1", "p2"} & set(chosen) and set(chosen) - {"p1", "p2"}


def test_509_1_each_declaration_of_blockers_is_said_as_phase_holds_it(seed_2: Watched) -> None:
    for said, blocked in seed_2.blocks:
        assert said == blocked
    assert any(" blocks " in line for said, _ in seed_2.blocks for line in said)


def test_704_5g_each_creature_put_into_a_graveyard_is_said_to_die(seed_2: Watched) -> None:
    for said, died in seed_2.deaths:
        assert sorted(said) == sorted(died)
    assert sum(len(died) for _, died in seed_2.deaths) >= 2


def test_120_3a_a_line_that_gives_a_life_total_gives_phases(seed_2: Watched) -> None:
    assert seed_2.lives
    for player, said, life in seed_2.lives:
        assert said == life, player
