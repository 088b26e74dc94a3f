"""python-mtg's AI playing games under the split-card rules: the
:class:`~splitcards.game.contract.aihost.AIHost` of :mod:`splitcards.tools.play` on python-mtg.

python-mtg's own AI (``mtg.heuristic.HeuristicPlayer``) chooses every move of both players, among
python-mtg's moves and the moves the rules offer (:mod:`~splitcards.adapters.mtg.offer`): at each
position its auto-advance goes past and each its lookahead looks at, the game's
:meth:`Table.moves <splitcards.game.table.Table.moves>` is asked, and python-mtg says which moves it
can pay for. The game loop plays every cast (python-mtg's spells too, so that cards can be
spliced onto them) and unlock through the rules, and the AI host then pays what the rules said
it costs. python-mtg resolves a spell of its own at once, after its response window; a spell
the rules cast waits instead, as python-mtg's priority loop would have it: the player who did not
cast it gets the window (python-mtg's greedy choice of an instant, cast through the rules like any
spell), and then the loop resolves the top of the stack through the rules. When the stack is
empty, python-mtg goes on to its next decision.

What python-mtg can't do here: it gives players priority only in their main phases (and in its
response window, where it casts its own instants, never a split card), and its AI weighs a move
by the board one move ahead, so it unlocks no door and casts a Room or a card with no effect on
the board rarely: the loop's split-card plays unlock doors, cast fuse cards fused and splice, as
they do on phase (:mod:`splitcards.tools.play.splitplays`).
"""

from __future__ import annotations

import contextlib
import copy
import random
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from typing import Any

from splitcards.adapters.mtg import actions, agents, corpus, driver, happenings, keys, patches, states, zones
from splitcards.adapters.mtg.happenings import Combat, Seen
from splitcards.adapters.mtg.host import MtgHost
from splitcards.adapters.mtg.lookahead import Lookahead
from splitcards.adapters.mtg.offer import CAST, PASS, UNLOCK
from splitcards.adapters.mtg.states import Action
from splitcards.adapters.mtg.version import SUPPORTED
from splitcards.errors import UnsupportedCard
from splitcards.game.contract.aihost import (
    ActionKind,
    Attack,
    Blocks,
    Classified,
    Deviation,
    EngineAnswers,
    Happening,
    LandPlayed,
    MoveOffer,
    PlayerState,
    Targeted,
)
from splitcards.game.contract.moves import CastMove, Move, UnlockMove
from splitcards.rules.card import Card, Side
from splitcards.rules.mana import COLORLESS
from splitcards.rules.model import CastOption, ObjectId, ObjectView, Player, TimingChange, Zone
from splitcards.rules.versions import RuleVersion

# python-mtg's words for the kinds of mana.
_MANA = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": COLORLESS}


class MtgAI:
    """A python-mtg game between two copies of its AI (``player`` makes each seat's python-mtg
    player: default ``HeuristicPlayer``). See the module's description."""

    def __init__(self, rules: RuleVersion, player: Callable[[], agents.Player] = agents.heuristic) -> None:
        self.rules = rules
        # The game is made at start; the host is the Table's from the first (a scenario position until then).
        self._host = MtgHost(rules)
        self._host.whole_evaluations = True
        self._new_player = player
        self._players: dict[str, agents.Player] = {}
        self._moves: MoveOffer | None = None
        self._lookahead: Lookahead | None = None
        # The rules played a move since python-mtg last went on to a decision of its own.
        self._moved = False
        self._seen: Seen | None = None
        self._heard: list[Happening] = []
        self._combat: Combat | None = None
        self._targets: dict[ObjectId, Targeted] = {}
        self._evaluated_turn = -1

    @property
    def engine(self) -> str:
        return f"python-mtg {SUPPORTED}"

    @property
    def host(self) -> MtgHost:
        return self._host

    @property
    def deviations(self) -> Mapping[str, Deviation]:
        return {}

    @property
    def game(self) -> Any:
        """The python-mtg game (``mtg.Game``)."""
        return self._host.game

    def start(self, deck: Sequence[Card], opponent: Sequence[Card], seed: int, moves: MoveOffer) -> None:
        """Start the game, seats ``p1`` and ``p2``: python-mtg builds the decks from its own card
        data, the adapter gives it the halves of the split cards (its data has only the first).
        A card python-mtg doesn't know raises :class:`~splitcards.errors.UnsupportedCard`."""
        for card in dict.fromkeys((*deck, *opponent)):
            if corpus.entry(card.name) is None:
                raise UnsupportedCard(card.name, "name", "python-mtg's card data has no card of that name")
        split = [card for card in dict.fromkeys((*deck, *opponent)) if card.is_split]
        decks = {Player.P1.value: [c.name for c in deck], Player.P2.value: [c.name for c in opponent]}
        self._players = {seat: self._new_player() for seat in decks}
        lands = any(agents.wants_explicit_lands(p) for p in self._players.values())
        with states.whole_evaluations():
            started = MtgHost.from_decks(
                self.rules, split, decks, seed=seed, variant="two-player", explicit_lands=lands
            )
        self._host.game = started.game
        with self._host.editing() as state:
            agents.break_ties(state)
        self._moves = moves
        self._lookahead = Lookahead(self.rules, self._host, moves)
        self._seen = happenings.seen(self._host)

    # -- the game ----------------------------------------------------------------------------

    def over(self) -> bool:
        self._settle()
        return states.is_over(self.game.state)

    def winner(self) -> Player | None:
        seat = states.winner(self.game.state)
        return self._host.player(seat) if seat is not None else None

    def turn(self) -> int:
        self._settle()
        return states.turn_number(self.game.state) + 1

    def actor(self) -> Player:
        self._settle()
        turn = states.turn_number(self.game.state)
        if turn != self._evaluated_turn:
            # python-mtg keeps every evaluation of its rules (its AI's lookahead makes many a turn
            # that are never met again): a game would hold gigabytes. A turn's are kept for the turn.
            states.forget_evaluations()
            self._evaluated_turn = turn
        return self._host.timing().priority

    def next_action(self) -> object:
        seat = self._host.seat(self.actor())
        if zones.stack(self.game.state):
            # python-mtg's response window: its greedy choice of an instant, else a pass that resolves.
            with states.whole_evaluations():
                response = driver.response(self.game.state, seat)
            return ("cast", seat, response, {}) if response is not None else PASS
        with self._engine():
            return agents.choose(self._players[seat], self.game, _offered)

    def instead_of_passing(self, kept: Collection[ObjectId] = ()) -> object | None:
        """python-mtg's AI's move again, without the cards the player keeps this turn (the loop
        took its cast of one for a pass, 702.102a, 702.47a), when there are any: python-mtg's pass
        would end the player's main phase with mana left to spend; ``None`` when it passes."""
        if not kept or zones.stack(self.game.state):
            return None
        seat = self._host.seat(self.actor())
        with self._engine():
            action = agents.choose(self._players[seat], self.game, _offered, kept)
        return None if action == PASS else action

    def classify(self, action: object) -> Classified:
        raw = _raw(action)
        kind = raw[0]
        if kind == "pass":
            return Classified(ActionKind.PASS)
        if kind in ("cast", CAST):
            option = CastOption(raw[3]) if kind == CAST else CastOption.WHOLE
            found = self._offered_move(raw[2], lambda m: isinstance(m, CastMove) and m.option is option)
            return Classified(ActionKind.CAST, raw[2], move=found)
        if kind == UNLOCK:
            door = Side(raw[3])
            found = self._offered_move(raw[2], lambda m: isinstance(m, UnlockMove) and m.door is door)
            return Classified(ActionKind.UNLOCK, raw[2], door, found)
        return Classified(ActionKind.OTHER)

    def _offered_move(self, obj: ObjectId, wanted: Callable[[Move], bool]) -> Move | None:
        """The move of the rules' for ``obj`` that an action makes (``None``: they offer none)."""
        assert self._moves is not None, "start comes first"
        player = self.actor()
        permitted = states.permissions(self.game.state, self._host.seat(player))
        return next((m for m in self._moves(player, (obj,), permitted) if wanted(m)), None)

    def pass_action(self) -> object:
        return PASS

    def apply(self, action: object) -> None:
        raw = _raw(action)
        self._heard += self._declared(raw)
        with self._engine():
            self.game.push(raw)

    def _declared(self, raw: Action) -> list[Happening]:
        """What an action of python-mtg's says it does: a land played, attackers or blockers declared."""
        player = self.actor()
        if raw[0] == "play":
            return [LandPlayed(player, self._name(raw[2]))]
        if raw[0] == "attack" and raw[1]:
            self._combat = Combat(_other(player), self._names(raw[1]))
            return [Attack(player, self._names(raw[1]), self._combat.defender)]
        if raw[0] == "block" and self._combat is not None:
            blocked = {attacker for _, attacker in raw[1]}
            attackers = [a for (a, _defender) in self.game.state.get("attacks", ()) if a not in blocked]
            self._combat = Combat(self._combat.defender, self._names(attackers))
            return [Blocks(player, tuple(sorted((self._name(b), self._name(a)) for b, a in raw[1])))]
        return []

    def _name(self, obj: ObjectId) -> str:
        return happenings.name_of(self._host, obj)

    def _names(self, objs: Iterable[ObjectId]) -> tuple[str, ...]:
        return tuple(self._name(obj) for obj in sorted(objs))

    def pass_resolves(self) -> bool:
        return bool(zones.stack(self.game.state))

    def not_offered(self, player: Player) -> Sequence[ObjectId]:
        # Every move the rules offer is offered to python-mtg's AI, from every zone.
        return ()

    def mana_sources(self, player: Player) -> Sequence[frozenset[str]]:
        units = driver.mana_units(self.game.state, self._host.seat(player))
        return [frozenset(_MANA[color] for color in unit if color in _MANA) for unit in units]

    def playable(self, player: Player, moves: Sequence[Move]) -> Sequence[Move]:
        assert self._lookahead is not None, "start comes first"
        with states.whole_evaluations():
            return self._lookahead.playable(self.game.state, self._host.seat(player), moves)

    def played(self, player: Player, move: Move) -> None:
        self._host.pay(player, move.cost)
        if isinstance(move, CastMove):
            # python-mtg's priority loop: the players who did not cast it may respond, then it resolves.
            self._host.set_timing(TimingChange(priority=_other(self._host.timing().active)))
        self._moved = True

    # -- casting -----------------------------------------------------------------------------

    def begin_cast(self, action: object, obj: ObjectId) -> CastOption | None:
        raw = _raw(action)
        choices: dict[str, Any] = dict(raw[-1]) if isinstance(raw[-1], dict) else {}
        self._host.keep_choices(obj, choices)
        target = choices.get("target")
        if target is not None:
            shown = target if target in (Player.P1.value, Player.P2.value) else self._name(target)
            self._targets[obj] = Targeted(obj, self._name(obj), (shown,))
        return CastOption(raw[3]) if raw[0] == CAST else CastOption.WHOLE

    def offered(self, obj: ObjectId) -> frozenset[CastOption]:
        assert self._moves is not None, "start comes first"
        player = self.actor()
        permitted = states.permissions(self.game.state, self._host.seat(player))
        found = self.playable(player, self._moves(player, (obj,), permitted))
        return frozenset(m.option for m in found if isinstance(m, CastMove))

    def cancel_cast(self, obj: ObjectId) -> None:
        self._host.forget_choices(obj)
        self._targets.pop(obj, None)

    def last_corrections(self) -> Sequence[str]:
        # The host carries out the rules' resolution itself: python-mtg has nothing to correct.
        return ()

    def spell_left(self, obj: ObjectId, destination: Zone) -> Sequence[str]:
        # A spell leaves python-mtg's stack only by resolving here: no spell the rules cast is
        # countered or bounced by python-mtg's own response window.
        return ()

    # -- what python-mtg shows ---------------------------------------------------------------

    def player_state(self, player: Player) -> PlayerState:
        state = self.game.state
        seat = self._host.seat(player)
        life = next((int(n) for (p, n) in state.get("life", ()) if p == seat), 0)
        poison = states.poison(state, seat)
        library = sum(1 for (p, _obj) in state.get("in_library", ()) if p == seat)
        # python-mtg says who lost, not why: one who lost with life left and no library drew from it.
        drew = states.loser(state) == seat and life > 0 and poison < 10 and library == 0
        return PlayerState(life=life, poison=poison, library=library, drew_from_empty_library=drew)

    def happenings(self) -> Sequence[Happening]:
        now = happenings.seen(self._host)
        heard = [*self._heard, *self._targets.values()]
        self._heard, self._targets = [], {}
        if self._seen is not None:
            heard += happenings.changes(self._host, self._seen, now, self._combat)
        self._seen = now
        if states.current_step(self.game.state) not in _COMBAT_STEPS:
            self._combat = None
        return heard

    def action_record(self, action: object) -> dict[str, Any]:
        return actions.as_record(_raw(action))

    def action_from_record(self, data: Mapping[str, Any]) -> object:
        return actions.from_record(data)

    def engine_answers(self, obj: ObjectId) -> EngineAnswers:
        view = self._host.view(obj)
        state = self.game.state
        return EngineAnswers(
            zone=view.zone,
            names=(self.game.name(obj),),
            mana_value=next((int(v) for (o, v) in state.get("mana_cost", ()) if o == obj), 0),
            fused=state.get(keys.FACE, {}).get(obj) == "both" and view.zone is Zone.STACK,
            unlocked=view.unlocked,
        )

    def explain(
        self, kind: str, card: Card, zone: Zone, plugin: object, engine: object, view: ObjectView | None
    ) -> str | None:
        return None

    def engine_state(self) -> object:
        """python-mtg's whole position (every relation, the adapter's ``_split_*`` records with it),
        deep-copied, as the engine's transitions edit positions in place; its random generator as
        the state it is in."""
        return {
            key: value.getstate() if isinstance(value, random.Random) else copy.deepcopy(value)
            for key, value in self.game.state.items()
        }

    # -- python-mtg going on by itself -------------------------------------------------------

    @contextlib.contextmanager
    def _engine(self) -> Iterator[None]:
        """While python-mtg moves or thinks: the rules' moves offered at every position it looks at,
        each position evaluated whole (so that the game replays the same without its AI's lookahead)."""
        assert self._lookahead is not None, "start comes first"
        with patches.patched(self._lookahead), states.whole_evaluations():
            yield

    def _settle(self) -> None:
        """Once the rules' moves have left the stack empty, python-mtg goes on to its next
        decision, as it does after a move of its own."""
        if self._moved and not zones.stack(self.game.state):
            self._moved = False
            with self._engine():
                self._host.advance()


_COMBAT_STEPS = frozenset({"beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage"})


def _offered(raw: Action) -> bool:
    """Whether a move is one of the rules' casts (shown to python-mtg's AI as a cast)."""
    return bool(raw[0] == CAST)


def _raw(action: object) -> Action:
    found = getattr(action, "raw", action)
    assert isinstance(found, tuple), f"a python-mtg action is a tuple, not {found!r:.80}"
    return found


def _other(player: Player) -> Player:
    return Player.P2 if player is Player.P1 else Player.P1
