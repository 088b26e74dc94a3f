"""A game played by an engine's own AI, with every split-card action going through the rules.

:class:`AIGame` asks the engine's AI (:meth:`~splitcards.game.aihost.AIHost.next_action`) for
each action and applies it, except:

* a cast: the engine tells how its AI casts the card (which half, or fused), and
  :meth:`~splitcards.game.table.Table.cast` decides it under the rule version and has the host cast it;
  a choice the version forbids (fuse under classic-2009, an aftermath half from a hand) is
  refused with its rule and another way the engine offers is tried. Every card the rules let
  splice onto the spell (:meth:`~splitcards.game.table.Table.splice_candidates`) is spliced;
* the pass that resolves a spell goes through :meth:`~splitcards.game.table.Table.resolve`, which
  decides where the card goes and has the host correct its engine where it disagrees;
* unlocking a door goes through :meth:`~splitcards.game.table.Table.unlock`;
* before a player passes priority, each of their cards the engine never offers its AI (an
  aftermath half in a graveyard, 702.127a) is cast if the rules allow it now
  (:meth:`~splitcards.game.table.Table.castable`, at any step) and its total cost is within the mana
  the player has.

The loop decides nothing about the rules: it asks the :class:`~splitcards.game.table.Table`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import pluggy

from splitcards.errors import IllegalAction, NotSupported, UnknownObject
from splitcards.game.aihost import ActionKind, AIHost
from splitcards.game.table import Table
from splitcards.rules.card import Card, Side
from splitcards.rules.model import CastOption, Event, ObjectId, ObjectView, Player, Timing, Zone
from splitcards.rules.versions import RuleVersion
from splitcards.tools.play.decks import Decks, deck_for

Log = Callable[[str], None]


@dataclass(slots=True)
class Result:
    """How a game went: actions of the loop, turns, the winner, time, casts through the rules,
    casts the rules refused, and the corrections the host made to its engine."""

    actions: int = 0
    turns: int = 0
    winner: Player | None = None
    seconds: float = 0.0
    casts: int = 0
    refusals: int = 0
    corrections: list[str] = field(default_factory=list)


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
    ) -> None:
        self.ai = ai
        self.rules = rules
        self.max_actions = max_actions
        self.log = log or (lambda line: None)
        self.table = Table(ai.host, rules, pm)
        self.decks = decks(self.table)
        ai.start(self.decks.deck, self.decks.opponent, seed)
        self.result = Result()
        self._refused: set[tuple[int, Player, ObjectId]] = set()
        self._tried: set[tuple[int, Timing, ObjectId]] = set()
        self._spells: dict[ObjectId, ObjectView] = {}
        self._seen_events = 0

    # -- the loop ----------------------------------------------------------------------------

    def play(self) -> Result:
        start = time.perf_counter()
        while self.result.actions < self.max_actions and not self.ai.over():
            self.step()
        self.result.winner = self.ai.winner()
        self.result.turns = self.ai.turn()
        self.result.seconds = time.perf_counter() - start
        return self.result

    def step(self) -> None:
        """One action of the game (or one cast the loop adds)."""
        player = self.ai.actor()
        action = self.ai.next_action()
        what = self.ai.classify(action)
        if what.kind is ActionKind.PASS and self._cast_not_offered(player):
            return
        self.result.actions += 1
        if what.kind is ActionKind.CAST and what.object is not None:
            self._cast(player, action, what.object)
        elif what.kind is ActionKind.UNLOCK and what.object is not None and what.door is not None:
            self._unlock(player, what.object, what.door)
        elif what.kind is ActionKind.PASS:
            self._pass(action)
        else:
            self._apply(action)

    def _apply(self, action: object) -> None:
        self.ai.apply(action)
        self._reconcile()

    def _pass(self, action: object) -> None:
        if self.ai.pass_resolves():
            self._resolve()
        else:
            self._apply(action)

    def _say(self, text: str) -> None:
        self.log(f"T{self.ai.turn():<2} {text}")

    def _events(self) -> list[Event]:
        new = self.table.events[self._seen_events :]
        self._seen_events = len(self.table.events)
        return new

    def _say_events(self) -> None:
        for event in self._events():
            what = event.kind.replace("_", " ")
            detail = f" {event.door} door" if event.door else ""
            detail += f" ({event.by.value.replace('_', ' ')})" if event.by else ""
            detail += f" as {event.half.value}" if event.half else ""
            rules = f" [{', '.join(event.rules)}]" if event.rules else ""
            self._say(f"   event: {what}{detail} of {self._name(event.object)}{rules}")
            self._event(event)

    def _name(self, obj: ObjectId) -> str:
        try:
            return self.table.view(obj).card.name
        except UnknownObject:
            return obj

    # -- casting -----------------------------------------------------------------------------

    def _cast(self, player: Player, action: object, obj: ObjectId) -> None:
        key = (self.ai.turn(), player, obj)
        if key in self._refused:
            self._pass(self.ai.pass_action())
            return
        card = self.table.view(obj).card
        choice = self.ai.begin_cast(action, obj)
        self._cast_begun(player, obj, card)
        for option in self._options(obj, choice):
            splices = self.table.splice_candidates(obj, option, caster=player).value
            for splice in (splices, ()) if splices else ((),):
                try:
                    self.table.cast(obj, option, splice, caster=player)
                except IllegalAction as exc:
                    self._say(f"{player} may not cast {_what(card, option)}: {exc}")
                    self.result.refusals += 1
                    break
                except NotSupported:
                    continue
                self._cast_done(player, obj, card, option)
                return
        self.ai.cancel_cast(obj)
        self._refused.add(key)

    def _options(self, obj: ObjectId, choice: CastOption | None) -> Iterator[CastOption]:
        """The AI's choice first; the other ways the engine offers only if the rules refuse it
        (listing them may cost the engine more than most actions)."""
        if choice is not None:
            yield choice
        offered = self.ai.offered(obj)
        yield from (option for option in CastOption if option in offered and option is not choice)

    def _cast_done(self, player: Player, obj: ObjectId, card: Card, option: CastOption) -> None:
        view = self.table.view(obj)
        self._spells[obj] = view
        self.result.casts += 1
        spell = view.spell
        where = f" from the {spell.cast_from}" if spell and spell.cast_from not in (None, Zone.HAND) else ""
        spliced = f" spliced with {', '.join(s.half.name for s in spell.spliced)}" if spell and spell.spliced else ""
        answer = self.table.characteristic(obj, "mana_values")
        cited = f" [{', '.join(answer.rules)}]" if answer.rules else ""
        self._say(f"{player} casts {_what(card, option)}{where}{spliced}: mana value {list(answer.value)}{cited}")
        self._say_events()
        self._was_cast(obj, card, view)

    def _cast_not_offered(self, player: Player) -> bool:
        """Before a player passes priority, cast one of their cards the engine never offers
        (an aftermath half in a graveyard on phase) if the rules allow it now. A card is tried
        once per turn and timing, unless it was cast."""
        cards = self.ai.not_offered(player)
        if not cards:
            return False
        turn, timing = self.ai.turn(), self.table.host.timing()
        for obj in cards:
            key = (turn, timing, obj)
            if key in self._tried:
                continue
            self._tried.add(key)
            if self._try_cast(player, obj):
                self._tried.discard(key)
                self.result.actions += 1
                return True
        return False

    def _try_cast(self, player: Player, obj: ObjectId) -> bool:
        for option in self.table.castable(obj, caster=player).value:
            try:
                cost = self.table.check_cast(obj, option, caster=player).total_cost
            except IllegalAction:
                continue
            if cost is not None and cost.mana_value > self.ai.mana_available(player):
                continue  # the engine could not pay: spare it the attempt
            card = self.table.view(obj).card
            try:
                self.table.cast(obj, option, caster=player)
            except (IllegalAction, NotSupported):
                continue
            self._cast_done(player, obj, card, option)
            return True
        return False

    # -- resolving, doors, leaving the stack -------------------------------------------------

    def _resolve(self) -> None:
        top = self.table.host.stack()[-1]
        view = self.table.view(top)
        card = view.card
        outcome = self.table.resolve()
        self._spells.pop(top, None)
        fixed = list(self.ai.last_corrections())
        where = outcome.destination.value if outcome.destination else "ceases to exist"
        what = _what(card, view.spell.option) if view.spell else card.name
        note = f"; {self.ai.host.name} was corrected ({', '.join(fixed)})" if fixed else ""
        self._say(f"{what} resolves -> {where} [{', '.join(outcome.rules)}]{note}")
        self.result.corrections += fixed
        self._say_events()
        self._reconcile()
        self._resolved(top, card, view, outcome.destination)

    def _unlock(self, player: Player, obj: ObjectId, door: Side) -> None:
        card = self.table.view(obj).card
        try:
            self.table.unlock(obj, door)
        except (IllegalAction, NotSupported) as exc:
            # Refused by the rules, or by the engine after the rules allowed it: the player passes.
            self._say(f"{player} may not unlock {card.half(door).name}: {exc}")
            self.result.refusals += 1
            self._pass(self.ai.pass_action())
            return
        self._say(f"{player} unlocks {card.half(door).name} ({card.name}) by the special action")
        self._say_events()
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
            self.result.corrections += self.ai.spell_left(obj, answer.value)
            if answer.value is not zone:
                self._say(f"{view.card.name} left the stack -> {answer.value} [{', '.join(answer.rules)}]")

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


def _what(card: Card, option: CastOption) -> str:
    if not card.is_split or option is CastOption.WHOLE:
        return card.name
    if option is CastOption.FUSED:
        return f"{card.name} fused"
    side = option.side
    assert side is not None
    return f"{card.half(side).name} ({option.value} half of {card.name})"
