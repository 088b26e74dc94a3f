"""A game played by an engine's own AI, with every split-card action going through the rules.

:class:`AIGame` asks the engine's AI (:meth:`~splitcards.game.contract.aihost.AIHost.next_action`) for
each action and applies it, except:

* a cast: the engine tells how its AI casts the card (which half, or fused), and
  :meth:`~splitcards.game.table.Table.play` plays it as a move under the rule version and has the host
  cast it (the AI host then does its engine's part, :meth:`~splitcards.game.contract.aihost.AIHost.played`);
  a choice the version forbids (fuse under classic-2009, an aftermath half from a hand) is
  refused with its rule and another way the engine offers is tried. Every card the rules let
  splice onto the spell (:meth:`~splitcards.game.table.Table.splice_candidates`) is spliced;
* the pass that resolves a spell goes through :meth:`~splitcards.game.table.Table.resolve`, which
  decides where the card goes and has the host correct its engine where it disagrees;
* unlocking a door is a move too, played through :meth:`~splitcards.game.table.Table.play`;
* in their own main phase with the stack empty, before the AI's cast or pass, a player makes the
  split-card plays an AI that doesn't know the mechanics leaves out, when the rules allow them and
  the engine could pay (:mod:`~splitcards.tools.play.splitplays`: an unlock, a fused cast, a splice);
  when the AI still passes, the player may cast a Room or an aftermath card's first half
  (:meth:`~splitcards.tools.play.splitplays.SplitPlays.make_instead_of_passing`), and then the AI
  host may take another action instead (``instead_of_passing``, never casting a card kept);
  the AI's cast of a card the player keeps this turn (its cast refused, or kept by the split plays
  for a fused cast or a splice) counts as its pass;
* every move is asked of the engine (:meth:`~splitcards.game.contract.aihost.AIHost.playable`)
  before it begins, so that a refused one leaves the engine as it was; a refusal the engine makes
  once it has begun is said, with what the engine did (:mod:`splitcards.tools.play.untouched`
  checks that a refused action changed nothing);
* before a player passes priority, each of their cards the engine never offers its AI (an
  aftermath half in a graveyard, 702.127a) is cast if the rules allow it now
  (:meth:`~splitcards.game.table.Table.moves`, at any step) and the engine could pay its total
  cost (:meth:`~splitcards.game.contract.aihost.AIHost.playable`).

The loop makes the game's :class:`~splitcards.game.table.Table` and hands the AI host the rules'
offer (:meth:`~splitcards.game.table.Table.moves`) as the game starts, so an engine whose AI chooses
among moves (python-mtg's) is offered them at every position it looks at. The loop decides nothing
about the rules: it asks the :class:`~splitcards.game.table.Table`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pluggy

from splitcards.errors import IllegalAction, NotSupported
from splitcards.game import renamed
from splitcards.game.contract.aihost import ActionKind, AIHost, Classified, CombatDamage, Happening, Targeted
from splitcards.game.contract.versions import OLDEST_CONTRACT
from splitcards.game.table import Table
from splitcards.game.table.moves import CastMove, Move, UnlockMove
from splitcards.rules.card import Card, Side
from splitcards.rules.characteristics import MANA_VALUES
from splitcards.rules.endings import EndReason, ending, why_lost
from splitcards.rules.model import CastOption, Event, EventKind, ObjectId, ObjectView, Player, Zone
from splitcards.rules.versions import RuleVersion
from splitcards.tools.play.aicalls import ai_calls, mana_sources, start
from splitcards.tools.play.decks import Decks, deck_for
from splitcards.tools.play.lines import (
    arrives,
    correction,
    happened,
    happening,
    refusal,
    rules_cited,
    targeting,
    what_is_cast,
)
from splitcards.tools.play.result import Actions, GameResult, GameStep
from splitcards.tools.play.splitplays import SplitPlays

Log = Callable[[str], None]


class AIGame:
    """One game between two copies of an engine's AI under one rule version, with the decks
    ``decks`` chooses for its table (default: the demo decks). The decks are chosen, and may be
    refused, before the engine starts the game."""

    def __init__(
        self,
        ai: AIHost,
        rules: RuleVersion,
        seed: int = 1,
        max_actions: int = 3000,
        log: Log | None = None,
        pm: pluggy.PluginManager | None = None,
        decks: Callable[[Table], Decks] = deck_for,
        record: Callable[[GameStep], None] | None = None,
        actions: Actions | None = None,
        contract: str = OLDEST_CONTRACT,
    ) -> None:
        self.ai = ai
        self.rules = rules
        self.seed = seed
        self.max_actions = max_actions
        self.log = log or (lambda line: None)
        self.table = Table(ai.host, rules, pm, contract=contract)
        self.decks = decks(self.table)
        self._calls = ai_calls(ai, rules)
        start(ai, self.decks.deck, self.decks.opponent, seed, self.table.moves)
        self.result = GameResult()
        self.steps = 0
        self._on_step = record
        self._actions = actions
        self._said: list[str] = []
        self._refused: set[tuple[int, Player, ObjectId]] = set()
        self._spells: dict[ObjectId, ObjectView] = {}
        self._seen_events = 0
        self._turn_shown = 0
        self._turn_now = 0
        # What the engine did that is still to be shown, in order.
        self._heard: list[Happening] = []
        self._instead = self._calls.instead_of_passing
        self._split_plays = SplitPlays(
            self.table,
            rules,
            lambda player: mana_sources(ai, player),
            lambda player, obj, option: self._cast_done(player, obj, self.table.view(obj).card, option),
            lambda player, obj, move: self._unlock_done(player, obj, move.door),
            play=self._play,
            playable=self._calls.playable,
        )

    # -- the loop ----------------------------------------------------------------------------

    def play(self) -> GameResult:
        start = time.perf_counter()
        while self.result.actions < self.max_actions and not self.ai.over():
            self.step()
        self.finish()
        self.result.seconds = time.perf_counter() - start
        return self.result

    def finish(self) -> GameResult:
        """Read how the game ended: the winner and the reason (104.3, 704.5), or the action cap."""
        self.result.winner = winner = self.ai.winner()
        self.result.turns = self.ai.turn()
        if not self.ai.over():
            self.result.ending = ending(EndReason.ACTION_CAP)
        elif winner is None:
            self.result.ending = ending(EndReason.DRAW)
        else:
            loser = self.ai.player_state(Player.P2 if winner is Player.P1 else Player.P1)
            self.result.ending = why_lost(loser.life, loser.poison, loser.drew_from_empty_library)
        return self.result

    def step(self) -> None:
        """One action of the game (or one cast the loop adds)."""
        self._show_turn()
        # The step's lines are of the turn it began in: an action may end the turn (a block whose
        # damage is the turn's last event, when the engine then goes on by itself).
        self._turn_now = self.ai.turn()
        self.steps += 1
        player = self.ai.actor()
        action = self.ai.next_action() if self._actions is None else self._replayed(self.steps)
        # The record keeps the AI's own answer, a cast of a card kept included: a replay keeps it
        # again, and what the AI host takes instead of a pass depends on the cards kept.
        answered = action
        self._events()  # what earlier actions reported is no news to this step's lines
        seen = len(self.table.events)
        self._said = []
        what = self.ai.classify(action)
        plays, turn = self._split_plays, self.ai.turn()
        # A card the player keeps this turn (refused, or kept for a fused cast or a splice) is
        # not cast: the AI's cast of it counts as its pass, and the player may do something else.
        if what.kind is ActionKind.CAST and what.object is not None and self._keeps(player, what.object, turn):
            what = Classified(ActionKind.PASS)
            action = self.ai.pass_action()
        # The loop's split-card plays come before the AI's own cast or pass (it is asked again after).
        played = what.kind in (ActionKind.PASS, ActionKind.CAST) and plays.make_one(player, turn)
        if not played and what.kind is ActionKind.PASS:
            played = plays.cast_not_offered(player, self.ai.not_offered(player), turn)
        if not played and what.kind is ActionKind.PASS:
            played = plays.make_instead_of_passing(player, turn)
        self.result.actions += played
        if what.kind is ActionKind.PASS and not played:
            action, what = self._instead_of_passing(action, what)
        if not played:
            self.result.actions += 1
            if what.kind is ActionKind.CAST and what.object is not None and self._split_rules_read(what.object):
                self._cast(player, action, what.object, what.move)
            elif what.kind is ActionKind.CAST and what.object is not None:
                card = self.table.view(what.object).card
                self._say(
                    f"{player} casts {card.name}, a {card.source_layout} card, by {self.ai.host.name}'s own rules"
                )
                self._apply(action)
            elif what.kind is ActionKind.UNLOCK and what.object is not None and what.door is not None:
                self._unlock(player, what.object, what.door, what.move)
            elif what.kind is ActionKind.PASS:
                self._pass(action)
            else:
                self._apply(action)
        self._show_happenings()
        if self._on_step is not None:
            events = tuple({**e.as_dict(), "rules": list(e.rules)} for e in self.table.events[seen:])
            self._on_step(
                GameStep(self.steps, self.ai.turn(), player, self.ai.action_record(answered), tuple(self._said), events)
            )

    def _instead_of_passing(self, action: object, what: Classified) -> tuple[object, Classified]:
        """The action the AI host takes instead of its AI's pass, if any (an AI host may have none).
        A record keeps the AI's own answer: the loop comes to the same action again from it."""
        instead = self._instead
        if instead is None:
            return action, what
        player, turn = self.ai.actor(), self.ai.turn()
        kept = frozenset(obj for (when, whose, obj) in self._refused if when == turn and whose is player)
        # Asked before anything is cast: a card the player keeps this turn is never cast instead
        # (the AI host is told of the cards kept so far; one it chooses that the split plays keep
        # is added to them and it is asked again).
        while (other := instead(kept)) is not None:
            found = self.ai.classify(other)
            obj = found.object
            if found.kind is not ActionKind.CAST or obj is None:
                return other, found
            if obj in kept:
                break  # a host that casts a kept card all the same (one asked without ``kept``): a pass
            if not self._keeps(player, obj, turn):
                return other, found
            kept |= {obj}
        return action, what

    def _keeps(self, player: Player, obj: ObjectId, turn: int) -> bool:
        """Whether ``player`` keeps ``obj`` this turn: the rules or the engine refused its cast, or
        the split plays keep it for a turn it can be cast fused or with a splice."""
        key = (turn, player, obj)
        if key not in self._refused and self._split_rules_read(obj) and self._split_plays.holds(obj, player):
            self._refused.add(key)
        return key in self._refused

    def _replayed(self, number: int) -> object:
        assert self._actions is not None
        recorded = self._actions(number)
        # Past the end of a record cut short, the AI plays on as it did: a game that crashed
        # there crashes again.
        return self.ai.next_action() if recorded is None else self.ai.action_from_record(recorded)

    def _show_turn(self) -> None:
        turn = self.ai.turn()
        if turn == self._turn_shown or self.ai.over():
            return
        self._turn_shown = turn
        active = self.table.host.timing().active
        life = ", ".join(f"{p} {self.ai.player_state(p).life}" for p in (Player.P1, Player.P2))
        self.log(f"-- turn {turn}, {active}'s turn; life {life}")

    def _show_happenings(self) -> None:
        heard, self._heard = [*self._heard, *self.ai.happenings()], []
        for event in heard:
            life = None
            if isinstance(event, CombatDamage):
                self.result.combat_damage += 1
                life = self.ai.player_state(event.player).life
            self._say(happening(event, life))

    def _targets(self, obj: ObjectId) -> tuple[str, ...]:
        """What the spell just cast targets; the engine's other happenings are shown after its line."""
        self._heard += self.ai.happenings()
        mine = [h for h in self._heard if isinstance(h, Targeted) and h.source == obj]
        self._heard = [h for h in self._heard if h not in mine]
        return tuple(target for h in mine for target in h.targets)

    def _apply(self, action: object) -> None:
        self.ai.apply(action)
        self._reconcile()

    def _pass(self, action: object) -> None:
        if self.ai.pass_resolves() and self._split_rules_read(self.table.host.stack()[-1]):
            self._resolve()
        else:
            self._apply(action)

    def _split_rules_read(self, obj: ObjectId) -> bool:
        """Whether the split-card rules decide this card's casts and resolutions: not for a card
        of a layout they don't concern (an adventure, a transform or modal double-faced card),
        which the engine casts and resolves as its own rules say."""
        return not self.table.view(obj).card.other_faces

    def _say(self, text: str) -> None:
        self._said.append(text)
        self.log(f"T{self._turn_now:<2} {text}")

    def _events(self) -> list[Event]:
        new = self.table.events[self._seen_events :]
        self._seen_events = len(self.table.events)
        for event in new:
            self._event(event)
        return new

    # -- casting -----------------------------------------------------------------------------

    def _play(self, player: Player, move: Move) -> None:
        """The rules play ``move`` for ``player`` (the only way a move becomes a cast or an unlock),
        then the engine does its part."""
        before = self._engine_before()
        try:
            if not self._calls.playable(player, (move,)):
                # Asked before the move begins: what a host begins it may not be able to take
                # back, and it may carry out an unlock its engine refuses by other means (phase's
                # scaffold, for a scenario's position), unpaid.
                raise NotSupported(f"{self.ai.host.name} could not carry it out now, paying {move.cost}")
            try:
                self.table.play(move, player)
                self._calls.played(player, move)
            except NotSupported as exc:
                # The engine refused what the rules allowed; the record says why, and what the
                # engine did before it stopped, if it could not take that back.
                self._say(f"{self.ai.host.name} refuses {player} {_attempted(self.table, move)}: {exc}")
                raise
        except (IllegalAction, NotSupported) as exc:
            self._untouched(before, f"{player} {_attempted(self.table, move)}", str(exc))
            raise

    def _cast(self, player: Player, action: object, obj: ObjectId, offered: Move | None = None) -> None:
        key = (self.ai.turn(), player, obj)
        card = self.table.view(obj).card
        permission = offered.permission if isinstance(offered, CastMove) else None
        before = self._engine_before()
        choice = self.ai.begin_cast(action, obj)
        self._cast_begun(player, obj, card)
        plays = self._split_plays
        for option in self._options(obj, choice, player):
            splices = plays.splices(obj, option, player)
            for splice in (splices, ()) if splices else ((),):
                try:
                    self._play(player, plays.cast_move(player, obj, option, splice, permission))
                except IllegalAction as exc:
                    self._say(f"{player} may not cast {what_is_cast(card, option)}: {refusal(exc)}")
                    self.result.refusals += 1
                    break
                except NotSupported:
                    continue
                self._cast_done(player, obj, card, option)
                return
        self.ai.cancel_cast(obj)
        self._untouched(before, f"{player}'s AI casting {card.name}", "no way of casting it was carried out")
        self._refused.add(key)

    def _options(self, obj: ObjectId, choice: CastOption | None, player: Player) -> Iterator[CastOption]:
        """The AI's choice first (fused before it, when the split plays say so); the other ways
        the engine offers only if the rules refuse those (listing them may cost the engine more
        than most actions)."""
        first = [choice] if choice is not None else []
        if self._split_plays.fuse_instead(obj, choice, player):
            first.insert(0, CastOption.FUSED)
        yield from first
        offered = self.ai.offered(obj)
        yield from (option for option in CastOption if option in offered and option not in first)

    def _cast_done(self, player: Player, obj: ObjectId, card: Card, option: CastOption) -> None:
        view = self.table.view(obj)
        self._spells[obj] = view
        self.result.casts += 1
        spell = view.spell
        where = f" from the {spell.cast_from}" if spell and spell.cast_from not in (None, Zone.HAND) else ""
        spliced = (
            f", splicing {', '.join(s.half.name for s in spell.spliced)} onto {card.name}"
            if spell and spell.spliced
            else ""
        )
        events = self._events()
        where += targeting(self._targets(obj))
        if not card.is_split and not spliced:
            self._say(f"{player} casts {card.name}{where}")
            return self._was_cast(obj, card, view)
        answer = self.table.characteristic(obj, MANA_VALUES)
        values = " and ".join(str(v) for v in answer.value)
        cited = rules_cited(*(e.rules for e in events), answer.rules)
        self._say(
            f"{player} casts {what_is_cast(card, option)}{where}{spliced}: mana value {values} on the stack{cited}"
        )
        self._was_cast(obj, card, view)

    # -- resolving, doors, leaving the stack -------------------------------------------------

    def _resolve(self) -> None:
        top = self.table.host.stack()[-1]
        view = self.table.view(top)
        card = view.card
        outcome = self.table.resolve()
        self._spells.pop(top, None)
        fixed = list(self.ai.last_corrections())
        self.result.corrections += fixed
        events = self._events()
        if card.is_split or fixed or (view.spell is not None and view.spell.spliced):
            where = arrives(outcome.destination)
            what = what_is_cast(card, view.spell.option) if view.spell else card.name
            # The card's arrival on the battlefield is said once, by where it goes.
            said = (e for e in events if e.kind is not EventKind.ENTERED_BATTLEFIELD or outcome.destination is None)
            also = "".join(f", {happened(e)}" for e in said)
            note = "".join(f"; {self._mistake(name)}" for name in fixed)
            self._say(
                f"{what} resolves and {where}{also}{rules_cited(outcome.rules, *(e.rules for e in events))}{note}"
            )
        self._reconcile()
        self._resolved(top, card, view, outcome.destination)

    def _mistake(self, name: str) -> str:
        """A correction of the engine, in words that say whose mistake it was."""
        return correction(self.ai.host.name, name, self.ai.deviations.get(name))

    def _unlock(self, player: Player, obj: ObjectId, door: Side, offered: Move | None = None) -> None:
        card = self.table.view(obj).card
        try:
            move = offered if isinstance(offered, UnlockMove) else None
            self._play(player, move or UnlockMove(obj, door, self.table.unlock_cost(obj, door).value))
        except (IllegalAction, NotSupported) as exc:
            # Refused by the rules, or by the engine after the rules allowed it: the player passes.
            why = refusal(exc) if isinstance(exc, IllegalAction) else str(exc)
            self._say(f"{player} may not unlock {card.half(door).name}: {why}")
            self.result.refusals += 1
            self._pass(self.ai.pass_action())
            return
        self._unlock_done(player, obj, door)

    def _unlock_done(self, player: Player, obj: ObjectId, door: Side) -> None:
        card = self.table.view(obj).card
        events = self._events()
        also = "".join(f", {happened(e)}" for e in events if e.kind is not EventKind.DOOR_UNLOCKED)
        cited = rules_cited(*(e.rules for e in events))
        self._say(f"{player} unlocks {card.half(door).name} of {card.name} by the special action{also}{cited}")
        self._unlocked(obj, card)

    def _reconcile(self) -> None:
        """A spell that left the stack other than by resolving (countered, bounced) goes where the
        rules say: an aftermath half cast from a graveyard is exiled instead (702.127a)."""
        if not self._spells or self.ai.over():
            return
        stack = set(self.table.host.stack())
        for obj, view in list(self._spells.items()):
            if obj in stack:
                continue
            del self._spells[obj]
            zone = self.table.view(obj).zone
            answer = self.table.leave_stack(obj, view, zone)
            fixed = list(self.ai.spell_left(obj, answer.value))
            self.result.corrections += fixed
            if answer.value is not zone or fixed:
                note = "".join(f"; {self._mistake(name)}" for name in fixed)
                self._say(
                    f"{view.card.name} leaves the stack and {arrives(answer.value)}{rules_cited(answer.rules)}{note}"
                )

    # -- what a comparison with the engine looks at (see splitcards.tools.play.differential) -----------

    def _event(self, event: Event) -> None:
        """An event the rules reported."""

    def _cast_begun(self, player: Player, obj: ObjectId, card: Card) -> None:
        """The engine began its AI's cast of the card; the rules have not decided it yet."""

    def _was_cast(self, obj: ObjectId, card: Card, view: ObjectView) -> None:
        """The card was cast through the rules."""

    def _resolved(self, obj: ObjectId, card: Card, view: ObjectView, destination: Zone | None) -> None:
        """The spell (``view``: as it was on the stack) resolved; its card went to ``destination``."""

    def _unlocked(self, obj: ObjectId, card: Card) -> None:
        """A door of the Room was unlocked by the special action."""

    # -- what a check of refused actions looks at (see splitcards.tools.play.untouched) --------

    def _engine_before(self) -> object | None:
        """The engine's state before an action that may be refused, for :meth:`_untouched`
        (``None``: not kept)."""
        return None

    def _untouched(self, before: object | None, action: str, refusal: str) -> None:
        """``action`` was refused or aborted (``refusal`` says why); ``before``: what
        :meth:`_engine_before` kept before it began."""


def _attempted(table: Table, move: Move) -> str:
    """What playing ``move`` tries, in a log line's words."""
    card = table.view(move.obj).card
    if isinstance(move, UnlockMove):
        return f"unlocking {card.half(move.door).name} of {card.name}"
    spliced = "".join(f", splicing {table.view(other).card.name}" for other in move.splice)
    return f"casting {what_is_cast(card, move.option)}{spliced}"


# The names of 0.1 that were renamed, kept working (deprecated).
__getattr__ = renamed(
    __name__, {"Result": "splitcards.tools.play.result.GameResult", "Step": "splitcards.tools.play.result.GameStep"}
)
