"""The moves the rules offer python-mtg's AI in an AI game, and its guess at what one would do.

In an AI game (:class:`~splitcards.adapters.mtg.ai.MtgAI`) the game loop plays every move the AI
chooses, through the rules; python-mtg itself never plays one. But its AI looks a move ahead
(python-mtg's ``HeuristicPlayer`` steps on each spell to weigh the board after it), and its
auto-advance asks the legal moves at every position it goes past, to stop where a player has a
choice: a :class:`Lookahead` offers the moves there (:class:`~splitcards.adapters.mtg.offer.Offering`)
and lets the AI step on one in its lookahead as python-mtg would on a spell of its own: the object
shows the half it would be cast as, with that half's cost and abilities, and the engine casts and
resolves it by its own rules. That is the AI's guess and nothing more: no rule is asked, no plugin
is told, and the game never sees it.
"""

from __future__ import annotations

from typing import Any

from splitcards.adapters.mtg import facts, keys, objects, states
from splitcards.adapters.mtg.offer import CAST, UNLOCK, Offering
from splitcards.adapters.mtg.patches import EngineStep
from splitcards.adapters.mtg.states import State
from splitcards.rules.card import Side
from splitcards.rules.model import CastOption, ObjectView, Player, SpellFacts, Zone


class Lookahead(Offering):
    """The moves the rules offer, for the positions python-mtg's AI and auto-advance look at in
    an AI game; a move of the rules' is only guessed at (see the module's description)."""

    def step(self, state: State, action: Any, engine_step: EngineStep) -> State:
        raw = getattr(action, "raw", action)
        probe = {k: v for k, v in state.items() if k != keys.TIMING}
        if raw[0] not in (CAST, UNLOCK):
            return engine_step(probe, raw)
        seat, obj = raw[1], raw[2]
        probe = states.clone(probe)
        card = facts.card_named(probe, probe[keys.CARD_OF][obj])
        owner = Player(probe[keys.OWNER][obj])
        if raw[0] == CAST:
            caster = self._host.player(seat)
            shown = ObjectView(card, Zone.STACK, owner, caster, SpellFacts(CastOption(raw[3]), caster=caster))
            facts.set_face(probe, obj, shown, self.rules)
            return engine_step(probe, ("cast", seat, obj, raw[4]))
        doors = {Side(door) for (o, door) in probe.get(keys.DOORS, ()) if o == obj} | {Side(raw[3])}
        objects.set_doors(probe, obj, frozenset(doors))
        facts.set_face(
            probe, obj, ObjectView(card, Zone.BATTLEFIELD, owner, owner, unlocked=frozenset(doors)), self.rules
        )
        return probe
