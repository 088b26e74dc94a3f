"""phase's AI playing games under the split-card rules: the
:class:`~splitcards.game.contract.aihost.AIHost` of :mod:`splitcards.tools.play` on phase.

The AI (``Game.choose_action``) chooses every action and answers every prompt the rules leave
open; the game loop of :mod:`splitcards.tools.play` sends its casts, resolutions and unlocks through
the rules. Only what phase itself shows is read here; the rules' side is the
:class:`~splitcards.adapters.phase.host.PhaseHost`'s. What the AI is made to play where it would
pass is :mod:`~splitcards.adapters.phase.heuristics`'s choice; the mana a player could make is
read by :mod:`~splitcards.adapters.phase.manasources`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import partial
from typing import Any

from splitcards.adapters.phase import carddata
from splitcards.adapters.phase.carddata import engine_for
from splitcards.adapters.phase.corrections import spell_left
from splitcards.adapters.phase.deviations import BY_NAME, explain
from splitcards.adapters.phase.happenings import Happenings
from splitcards.adapters.phase.heuristics import Legal, land_to_play, may_cast_some, may_play_land, spell_to_cast
from splitcards.adapters.phase.host import PhaseHost
from splitcards.adapters.phase.manasources import mana_sources
from splitcards.adapters.phase.prompts import AIPrompts
from splitcards.adapters.phase.translate import (
    DOORS,
    PASS,
    PLAYERS,
    action_dict,
    action_kind,
    phase_mana_value,
    seat_of,
    unlocked_doors,
    zone_of,
)
from splitcards.adapters.phase.version import engine_version
from splitcards.errors import UnknownObject
from splitcards.game.contract.aihost import (
    ActionKind,
    Classified,
    Deviation,
    EngineAnswers,
    Happening,
    MoveOffer,
    PlayerState,
)
from splitcards.game.contract.moves import Move
from splitcards.rules.card import Card
from splitcards.rules.costs import payable
from splitcards.rules.model import CastOption, ObjectId, ObjectView, Player, Zone
from splitcards.rules.permissions import own_zones
from splitcards.rules.versions import RuleVersion

DIFFICULTY = "Easy"
# phase's AI ends its search once a decision has taken phase's clock (1.5 s of wall-clock time,
# phase.rs's AI search time budget), however far the search got; phase-python has no setting that
# bounds it by nodes or depth alone. An answer that came in less than UNCUT seconds can't have met
# that clock; a slower one may have been cut short by the machine's load, so it is asked again (the
# AI's answer is a function of the position: asking changes nothing), up to ASKS times in all.
UNCUT = 1.0
ASKS = 3


class PhaseAI:
    """A phase game between two copies of its AI (``difficulty``: phase's AI level).

    ``asked_again`` counts the decisions asked again because an answer came too late to be sure
    phase's clock did not cut its search; ``clock_cut`` the decisions whose every answer came too
    late (the game may then differ from another game of the same seed)."""

    def __init__(self, rules: RuleVersion, difficulty: str = DIFFICULTY) -> None:
        self.rules = rules
        self.difficulty = difficulty
        self._host = PhaseHost(AIPrompts(self._ask))
        self.session = self._host.session
        self.caster = self._host.caster
        self._happenings = Happenings(self.session)
        self.session.listener = self._happenings
        self.asked_again = 0
        self.clock_cut = 0
        self._graveyard_casts: dict[Card, bool] = {}

    @property
    def engine(self) -> str:
        return f"phase-python {engine_version()}"

    @property
    def host(self) -> PhaseHost:
        return self._host

    @property
    def deviations(self) -> Mapping[str, Deviation]:
        return BY_NAME

    def start(self, deck: Sequence[Card], opponent: Sequence[Card], seed: int, moves: MoveOffer | None = None) -> None:
        """Start the game; a card phase can't build raises
        :class:`~splitcards.errors.UnsupportedCard` naming it and phase's reason. phase's AI
        chooses among phase's own actions only, so the rules' offer (``moves``) is not asked: the
        moves it leaves out are the game loop's split-card plays."""
        self.session.use_engine(engine_for([*deck, *opponent]))
        self.session.start([carddata.front_name(c) for c in deck], [carddata.front_name(c) for c in opponent], seed)
        # The session learns the cards of the libraries; the opening hands were drawn before, and
        # the rules list a hand's objects (cards to splice, say) only once their cards are known.
        for seat in (0, 1):
            for oid in self.session.player(seat)["hand"]:
                self.session.card_of(int(oid))

    # -- the game ----------------------------------------------------------------------------

    def over(self) -> bool:
        return bool(self.session.waiting()["type"] == "GameOver")

    def winner(self) -> Player | None:
        waiting = self.session.waiting()
        winner = (waiting.get("data") or {}).get("winner") if waiting["type"] == "GameOver" else None
        return PLAYERS[int(winner)] if winner is not None else None

    def turn(self) -> int:
        return int(self.session.game.turn)

    def actor(self) -> Player:
        return PLAYERS[self.session.actor()]

    def next_action(self) -> object:
        # A player plays their land first in their main phase: phase's Easy AI sometimes passes
        # with a land play left, in some games all game long.
        land = (
            self._instead(partial(land_to_play, self.session))
            if self._own_main_phase() and may_play_land(self.session)
            else None
        )
        if land is not None:
            return land
        action = self._ask(self.session.game, self.session.actor())
        return PASS if action is None else action

    def instead_of_passing(self, kept: Collection[ObjectId] = ()) -> object | None:
        """The spell of the greatest mana value the player can cast now, a creature first, when the
        AI passes in its own main phase with the stack empty (phase's Easy AI sometimes casts
        nothing all game long); phase lists only the spells the player can pay for. ``kept``: the
        cards the player keeps this turn, never chosen."""
        if not self._own_main_phase():
            return None
        # Listing phase's legal actions costs more than most actions: only when some spell in hand
        # costs no more mana than the player could make (phase decides whether it can be paid).
        mana = len(self.mana_sources(self.actor()))
        skip = frozenset(int(obj) for obj in kept)
        if not may_cast_some(self.session, mana, skip):
            return None
        return self._instead(lambda legal, seat: spell_to_cast(self.session, legal, skip))

    def _own_main_phase(self) -> bool:
        """Whether the player with priority may act at sorcery speed: their own main phase, the
        stack empty (307.1)."""
        timing = self._host.timing()
        return timing.sorcery_speed(timing.priority)

    def _instead(self, choose: Callable[[Legal, int], Any | None]) -> Any | None:
        """What ``choose`` picks among phase's legal actions (asked in the priority player's own
        main phase with the stack empty); phase decides what is legal (a land play left: 305.2)."""
        chosen = choose([(action_dict(a), a) for a in self.session.legal_actions()], self.session.actor())
        if chosen is not None:
            self.session.note_legal(chosen)
        return chosen

    def _ask(self, game: Any, seat: int) -> Any:
        """The AI's action for the seat; it is one of phase's legal actions here."""
        action = self._choose(game, seat)
        if action is not None:
            self.session.note_legal(action)
        return action

    def _choose(self, game: Any, seat: int) -> Any:
        for ask in range(ASKS):
            if ask:
                self.asked_again += 1
            start = time.monotonic()
            action = game.choose_action(seat, difficulty=self.difficulty)
            if time.monotonic() - start < UNCUT:
                return action
        self.clock_cut += 1
        return action

    def classify(self, action: object) -> Classified:
        # Most actions are passes, told by their kind alone (their payload is decoded on demand).
        kind = action_kind(action)
        if kind == "PassPriority":
            return Classified(ActionKind.PASS)
        if kind == "CastSpell" and self.session.waiting()["type"] == "Priority":
            return Classified(ActionKind.CAST, str(action_dict(action)["data"]["object_id"]))
        if kind == "UnlockRoomDoor":
            payload = action_dict(action)["data"]
            return Classified(ActionKind.UNLOCK, str(payload["object_id"]), DOORS[payload["door"]])
        return Classified(ActionKind.OTHER)

    def pass_action(self) -> object:
        return PASS

    def apply(self, action: object) -> None:
        self.session.apply(self.session.actor(), action)

    def happenings(self) -> Sequence[Happening]:
        happened, self._happenings.heard = self._happenings.heard, []
        return happened

    def player_state(self, player: Player) -> PlayerState:
        data = self.session.player(seat_of(player))
        return PlayerState(
            life=int(data["life"]),
            poison=int(data.get("poison_counters") or 0),
            library=len(data["library"]),
            drew_from_empty_library=bool(data.get("drew_from_empty_library")),
        )

    def action_record(self, action: object) -> dict[str, Any]:
        return action_dict(action)

    def action_from_record(self, data: Mapping[str, Any]) -> object:
        if not isinstance(data.get("type"), str):
            raise ValueError(f"a phase action is a JSON object with a 'type', got {data!r}")
        return dict(data)

    def pass_resolves(self) -> bool:
        return self.session.pass_resolves()

    def not_offered(self, player: Player) -> Sequence[ObjectId]:
        # phase casts only from a hand: an aftermath half in a graveyard is never offered
        # (deviation aftermath-half-not-castable). Only the cards the rules give a way of their
        # own to be cast from a graveyard are handed on.
        graveyard = self.session.player(seat_of(player))["graveyard"]
        return [str(oid) for oid in graveyard if self._cast_from_graveyard(int(oid))]

    def _cast_from_graveyard(self, oid: int) -> bool:
        try:
            card = self.session.card_of(oid)
        except UnknownObject:
            return False
        found = self._graveyard_casts.get(card)
        if found is None:
            found = self._graveyard_casts[card] = Zone.GRAVEYARD in own_zones(card, self.rules).value
        return found

    def playable(self, player: Player, moves: Sequence[Move]) -> Sequence[Move]:
        # phase tells whether a cast can be paid for only once it has begun, and whether its
        # targets exist only as it is cast: it is asked about the mana the player could make.
        mana = self.mana_sources(player)
        return [move for move in moves if payable(move.cost, mana, self.rules).value]

    def played(self, player: Player, move: Move) -> None:
        """phase paid as its host carried out the cast or the unlock (phase's own action)."""

    def mana_sources(self, player: Player) -> Sequence[frozenset[str]]:
        return mana_sources(self.session, seat_of(player))

    # -- casting -----------------------------------------------------------------------------

    def begin_cast(self, action: object, obj: ObjectId) -> CastOption | None:
        oid = int(obj)
        card = self.session.card_of(oid)
        if not card.is_split:
            # phase asks nothing before the cast: the host applies CastSpell when the rules cast it.
            return CastOption.WHOLE
        # phase asks for the half after CastSpell and gives no way back from there (no cancel at
        # its half prompt; a half it takes by itself, when only one can be cast, is paid at once):
        # its AI's choice is asked in a copy of the game, and the game itself casts the card only
        # as the rules decide it.
        preview = self.caster.preview(self.session.actor(), oid, card, choose=self._choose)
        if preview.refused is not None:
            return None
        return preview.chosen if preview.prompt is not None else preview.taken

    def offered(self, obj: ObjectId) -> frozenset[CastOption]:
        oid = int(obj)
        card = self.session.card_of(oid)
        if not card.is_split:
            return frozenset()
        # What phase lists at its half prompt, seen in the copy begin_cast made at this position.
        preview = self.caster.preview(self.session.actor(), oid, card)
        return preview.offered if preview.prompt is not None else frozenset()

    def cancel_cast(self, obj: ObjectId) -> None:
        oid = int(obj)
        if self.caster.adopting is not None:
            self.caster.release(undo=True)
        elif self.caster.casting(oid) or self.session.waiting()["type"] != "Priority":
            self.caster.abort(oid)

    def last_corrections(self) -> Sequence[str]:
        return self._host.last_corrections

    def spell_left(self, obj: ObjectId, destination: Zone) -> Sequence[str]:
        return spell_left(self.session, self._host, int(obj), destination)

    # -- what phase itself shows -------------------------------------------------------------

    def engine_answers(self, obj: ObjectId) -> EngineAnswers:
        data = self.session.object(int(obj))
        name = str(data.get("name") or "")
        return EngineAnswers(
            zone=zone_of(data),
            names=(name,) if name else (),
            mana_value=phase_mana_value(data.get("mana_cost")),
            fused=bool(data.get("fused_split_spell")),
            unlocked=unlocked_doors(data),
        )

    def explain(
        self, kind: str, card: Card, zone: Zone, plugin: object, engine: object, view: ObjectView | None
    ) -> str | None:
        return explain(kind, card, zone, plugin, engine, view, self.rules)

    def engine_state(self) -> object:
        """phase's whole game state (``Game.state()``: every zone, object, player, the stack,
        the prompt, the turn's and game's records), a fresh copy at every call."""
        return self.session.game.state()
