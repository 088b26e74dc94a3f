"""An AI game that compares the rules' answers with the engine's own wherever both answer.

:class:`DifferentialGame` plays like :class:`~splitcards.tools.play.loop.AIGame` and records a
:class:`Comparison` at each point where the engine shows an answer of its own: the halves it
offers for a cast, a split spell's names and mana value, where a resolved split card went,
whether it still shows a fused spell, and a Room's doors, names and mana value. A disagreement
is explained by one of the engine's documented deviations
(:meth:`~splitcards.game.contract.aihost.AIHost.explain`), or it is a finding.
"""

from __future__ import annotations

from dataclasses import dataclass

import pluggy

from splitcards.game.contract.aihost import AIHost
from splitcards.rules.card import Card, Side
from splitcards.rules.model import CastOption, Event, EventKind, ObjectId, ObjectView, Player, Zone
from splitcards.rules.versions import RuleVersion
from splitcards.tools.play.loop import AIGame, Log


@dataclass(frozen=True, slots=True)
class Comparison:
    """One answer both the engine and the rules gave: equal, or a documented deviation, or neither."""

    kind: str
    card: str
    zone: Zone
    plugin: object
    engine: object
    deviation: str | None

    @property
    def agrees(self) -> bool:
        return bool(self.plugin == self.engine)


class DifferentialGame(AIGame):
    """An :class:`~splitcards.tools.play.loop.AIGame` that keeps a :class:`Comparison` of every answer
    the rules and the engine both gave."""

    def __init__(
        self,
        ai: AIHost,
        rules: RuleVersion,
        seed: int = 1,
        max_actions: int = 3000,
        log: Log | None = None,
        pm: pluggy.PluginManager | None = None,
    ) -> None:
        super().__init__(ai, rules, seed, max_actions, log, pm)
        self.comparisons: list[Comparison] = []
        # The doors the rules unlocked, from their events: the engine's own are what is compared.
        self._doors: dict[ObjectId, frozenset[Side]] = {}

    def _record(
        self, kind: str, card: Card, zone: Zone, plugin: object, engine: object, view: ObjectView | None = None
    ) -> None:
        deviation = None if plugin == engine else self.ai.explain(kind, card, zone, plugin, engine, view)
        self.comparisons.append(Comparison(kind, card.name, zone, plugin, engine, deviation))

    def _event(self, event: Event) -> None:
        if event.kind is EventKind.DOOR_UNLOCKED and event.door is not None:
            self._doors[event.object] = self._doors.get(event.object, frozenset()) | {event.door}
        elif event.kind is EventKind.ENTERED_BATTLEFIELD:
            self._doors[event.object] = frozenset()

    def _cast_begun(self, player: Player, obj: ObjectId, card: Card) -> None:
        offered = self.ai.offered(obj)
        if offered:
            # A half the engine leaves out for want of mana or a target is no disagreement: only
            # a half the engine offers and the rules refuse is.
            plugin = set(self.table.castable(obj, caster=player).value) & offered
            self._record("castable", card, Zone.HAND, plugin, set(offered))

    def _was_cast(self, obj: ObjectId, card: Card, view: ObjectView) -> None:
        if not card.is_split:
            return
        engine = self.ai.engine_answers(obj)
        names = list(self.table.characteristic(obj, "names").value)
        self._record("name", card, Zone.STACK, names, list(engine.names), view)
        values = list(self.table.characteristic(obj, "mana_values").value)
        self._record("mana_value", card, Zone.STACK, values, [engine.mana_value], view)

    def _resolved(self, obj: ObjectId, card: Card, view: ObjectView, destination: Zone | None) -> None:
        if not card.is_split or destination is None:
            return
        engine = self.ai.engine_answers(obj)
        after = self.table.view(obj)
        self._record("zone", card, after.zone, destination, engine.zone, view)
        if view.spell is not None and view.spell.option is CastOption.FUSED:
            self._record("fused", card, after.zone, False, engine.fused, view)
        names = list(self.table.characteristic(obj, "names").value)
        self._record("name", card, after.zone, names, list(engine.names), after)
        if card.is_room and after.zone is Zone.BATTLEFIELD:
            self._compare_room(obj, card)

    def _unlocked(self, obj: ObjectId, card: Card) -> None:
        self._compare_room(obj, card)

    def _compare_room(self, obj: ObjectId, card: Card) -> None:
        engine = self.ai.engine_answers(obj)
        view = self.table.view(obj)
        self._record(
            "doors", card, Zone.BATTLEFIELD, set(self._doors.get(obj, frozenset())), set(engine.unlocked), view
        )
        names = list(self.table.characteristic(obj, "names").value)
        self._record("name", card, Zone.BATTLEFIELD, names, list(engine.names), view)
        values = list(self.table.characteristic(obj, "mana_values").value)
        self._record("mana_value", card, Zone.BATTLEFIELD, values, [engine.mana_value], view)
