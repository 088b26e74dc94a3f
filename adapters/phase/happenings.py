"""phase's events, as the happenings a reader of an AI game wants to see: attacks, blocks, the
targets of spells and abilities, damage, life changes and permanents leaving the battlefield.

Each action's events are translated as the action is applied, while phase still shows the
objects they name; nothing here decides anything: a happening says what phase's events say.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from splitcards.adapters.phase.session import PhaseSession
from splitcards.adapters.phase.translate import PLAYERS, ZONES
from splitcards.errors import UnknownObject
from splitcards.game.contract.aihost import (
    Attack,
    Blocks,
    CombatDamage,
    Damage,
    Happening,
    LeftBattlefield,
    LifeChange,
    Targeted,
)
from splitcards.rules.model import Player, Zone

# Events after which phase takes a player out of the game: the cards it then moves are no play.
_GAME_LEFT = frozenset({"PlayerLost", "PlayerEliminated", "GameOver"})
# The events of most actions, none of which is a happening.
_QUIET = frozenset({"PriorityPassed", "PhaseChanged", "StackPushed", "StackResolved"})


class Happenings:
    """Translates the events of each action of a phase game into happenings, in order."""

    def __init__(self, session: PhaseSession) -> None:
        self.session = session
        self.heard: list[Happening] = []
        self._defender = Player.P2
        # Each player's life total as the action's last LifeChanged event gave it.
        self._life_now: dict[int, int] = {}

    def __call__(self, events: Sequence[Mapping[str, Any]]) -> None:
        targets: dict[int, list[str]] = {}
        self._life_now = {}
        for index, event in enumerate(events):
            kind = event["type"]
            if kind in _QUIET:
                continue
            data = event.get("data") or {}
            if kind in _GAME_LEFT:
                break
            if kind == "BecomesTarget":
                targets.setdefault(int(data["source_id"]), []).append(self._target(data.get("target")))
                continue
            happening = self._one(kind, data, events, index)
            if happening is not None:
                self.heard.append(happening)
        self._targeted(targets)

    def _targeted(self, targets: dict[int, list[str]]) -> None:
        for source, names in targets.items():
            self.heard.append(Targeted(str(source), self._name(source), tuple(names)))
        targets.clear()

    def _one(
        self, kind: str, data: Mapping[str, Any], events: Sequence[Mapping[str, Any]], index: int
    ) -> Happening | None:
        if kind == "AttackersDeclared" and data.get("attacker_ids"):
            names = tuple(self._name(int(oid)) for oid in data["attacker_ids"])
            self._defender = PLAYERS[int(data["defending_player"])]
            return Attack(_other(self._defender), names, self._defender)
        if kind == "BlockersDeclared":
            pairs = tuple((self._name(int(b)), self._name(int(a))) for b, a in data.get("assignments") or ())
            return Blocks(self._defender, pairs)
        if kind == "CombatDamageDealtToPlayer":
            sources = tuple(self._name(int(source)) for source, _ in data.get("source_amounts") or ())
            return CombatDamage(PLAYERS[int(data["player_id"])], int(data["total_damage"]), sources)
        if kind == "DamageDealt":
            return self._damage(data)
        if kind == "LifeChanged":
            return self._life(data, events[index + 1 :])
        if kind == "ZoneChanged" and data.get("from") == "Battlefield":
            record = data.get("record") or {}
            name = str(record.get("name") or self._name(int(data["object_id"])))
            creature = "Creature" in (record.get("core_types") or ())
            return LeftBattlefield(name, ZONES.get(str(data.get("to")), Zone.COMMAND), creature)
        return None

    def _damage(self, data: Mapping[str, Any]) -> Damage | None:
        target = data.get("target") or {}
        combat = bool(data.get("is_combat"))
        if "Player" in target and combat:
            return None  # combat damage to a player: its CombatDamageDealtToPlayer says it all at once
        life = self._life_now.get(int(target["Player"])) if "Player" in target else None
        return Damage(self._name(int(data["source_id"])), self._target(target), int(data["amount"]), combat, life)

    def _life(self, data: Mapping[str, Any], after: Sequence[Mapping[str, Any]]) -> LifeChange | None:
        player = int(data["player_id"])
        self._life_now[player] = int(data["new_total"])
        following = after[0] if after else {}
        if following.get("type") == "DamageDealt" and (following.get("data") or {}).get("target") == {"Player": player}:
            return None  # the damage that follows is the cause, and its happening gives the life total
        cause = next(
            (self._name(int(e["data"]["source_id"])) for e in after if e["type"] == "EffectResolved"),
            None,
        )
        return LifeChange(PLAYERS[player], int(data["amount"]), int(data["new_total"]), cause)

    def _target(self, target: Any) -> str:
        if isinstance(target, Mapping) and "Player" in target:
            return PLAYERS[int(target["Player"])].value
        if isinstance(target, Mapping) and "Object" in target:
            return self._name(int(target["Object"]))
        return str(target)

    def _name(self, oid: int) -> str:
        try:
            obj = self.session.object(oid)
        except UnknownObject:
            return str(oid)
        try:
            card = self.session.card_of(oid)
        except UnknownObject:
            card = None
        # phase names a split card by its first half whichever half it was cast as: the card's
        # own name doesn't say a half it can't tell.
        if card is not None and card.is_split and not card.is_room:
            return card.name
        return str(obj.get("name") or oid)


def _other(player: Player) -> Player:
    return Player.P2 if player is Player.P1 else Player.P1
