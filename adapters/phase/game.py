"""A phase game played by phase's own AI, with every split-card action going through the rules.

The loop asks phase's AI (``Game.choose_action``) for each action and applies it, except:

* a cast of a split card: the AI's choice of half or fused is read at phase's prompt, the cast
  is cancelled there, and :meth:`splitcards.table.Table.cast` decides it under the rule version
  and makes phase cast it (a choice the version forbids, such as fuse under classic-2009 or an
  aftermath half from a hand, is refused with its rule and another legal half is tried);
* an Arcane spell is cast through the Table with every splice card the rules allow;
* the pass that resolves a spell goes through :meth:`~splitcards.table.Table.resolve`, which
  decides where the card goes and corrects phase where it disagrees;
* unlocking a door (phase's special action) goes through :meth:`~splitcards.table.Table.unlock`;
* the aftermath half in a graveyard, which phase never offers, is cast by the loop when the rules
  allow it and the player would otherwise pass priority (702.127a).

While it plays, the loop compares the rules' answers with phase's own where both answer
(:class:`Comparison`) for the differential test.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pluggy

from splitcards import characteristics as ch
from splitcards.adapters.phase import decks
from splitcards.adapters.phase.deviations import explain
from splitcards.adapters.phase.host import (
    PASS,
    PLAYERS,
    ZONES,
    PhaseHost,
    action_dict,
    actor,
    engine_for,
)
from splitcards.card import Card, Layout, Side
from splitcards.errors import IllegalAction, NotSupported
from splitcards.model import CastOption, Event, ObjectView, Zone
from splitcards.table import Table
from splitcards.versions import RuleVersion

Log = Callable[[str], None]
_DOORS = {"Left": Side.LEFT, "Right": Side.RIGHT}
_MAIN_PHASES = ("PreCombatMain", "PostCombatMain")


@dataclass(frozen=True, slots=True)
class Comparison:
    """One answer both phase and the rules gave: equal, or a documented deviation, or neither."""

    kind: str
    card: str
    zone: str
    plugin: Any
    phase: Any
    deviation: str | None

    @property
    def agrees(self) -> bool:
        return bool(self.plugin == self.phase)


@dataclass(slots=True)
class Result:
    """How a game went."""

    actions: int = 0
    turns: int = 0
    winner: int | None = None
    seconds: float = 0.0
    casts: int = 0
    refusals: int = 0
    corrections: list[str] = field(default_factory=list)
    comparisons: list[Comparison] = field(default_factory=list)


def phase_mana_value(cost: Any) -> int:
    """The mana value of a phase mana cost dict."""
    if not isinstance(cost, dict) or cost.get("type") != "Cost":
        return 0
    return int(cost.get("generic") or 0) + len(cost.get("shards") or [])


class AIGame:
    """One game between two copies of phase's AI, under one rule version."""

    def __init__(
        self,
        rules: RuleVersion,
        seed: int = 1,
        difficulty: str = "Medium",
        max_actions: int = 3000,
        log: Log | None = None,
        compare: bool = False,
        pm: pluggy.PluginManager | None = None,
    ) -> None:
        self.rules = rules
        self.difficulty = difficulty
        self.max_actions = max_actions
        self.log = log or (lambda line: None)
        self.compare = compare
        used, deck = decks.deck_for(rules)
        self.cards: list[Card] = used
        self.deck = deck
        self.host = PhaseHost(rules, scripted=False)
        self.host.use_engine(engine_for(used))
        self.host.start(deck, list(deck), seed=seed)
        self.host.chooser = self._ask
        self.table = Table(self.host, rules, pm)
        self.result = Result()
        self._passes = 0
        self._passed_on: tuple[int, ...] = ()
        self._refused: set[tuple[int, int]] = set()
        self._tried: set[tuple[int, int, str]] = set()
        self._spells: dict[int, ObjectView] = {}
        self._doors: dict[int, frozenset[Side]] = {}
        self._seen_events = 0

    # -- the loop ----------------------------------------------------------------------------

    def play(self) -> Result:
        start = time.perf_counter()
        game = self.host.game
        while self.result.actions < self.max_actions:
            if game.waiting_for()["type"] == "GameOver":
                break
            self.step()
            game = self.host.game
        waiting = game.waiting_for()
        if waiting["type"] == "GameOver":
            winner = (waiting.get("data") or {}).get("winner")
            self.result.winner = int(winner) if winner is not None else None
        self.result.turns = int(game.turn)
        self.result.seconds = time.perf_counter() - start
        return self.result

    def step(self) -> None:
        """One action of the game (or one split-card decision the loop adds)."""
        game = self.host.game
        seat = actor(game)
        action = self._ask(game, seat) or PASS
        data = action_dict(action)
        kind = data["type"]
        if kind == "PassPriority" and self._offer_aftermath(seat):
            return
        self.result.actions += 1
        if kind == "CastSpell" and game.waiting_for()["type"] == "Priority":
            self._cast(seat, action, int(data["data"]["object_id"]))
        elif kind == "UnlockRoomDoor":
            self._unlock(seat, action, int(data["data"]["object_id"]), _DOORS[data["data"]["door"]])
        elif kind == "PassPriority" and self._pass_resolves_spell():
            self._resolve()
        else:
            self._apply(seat, action)

    def _ask(self, game: Any, seat: int) -> Any:
        """The AI's action for the seat; it is one of phase's legal actions here."""
        action = self._choose(game, seat)
        if action is not None:
            self.host.note_legal(action)
        return action

    def _choose(self, game: Any, seat: int) -> Any:
        return game.choose_action(seat, difficulty=self.difficulty)

    def _apply(self, seat: int, action: Any) -> None:
        stack = self._stack_ids()
        self.host.apply(seat, action)
        if action_dict(action)["type"] != "PassPriority":
            self._passes = 0
        else:
            # Passes count in a row only while the stack stays the same (117.4): a resolved
            # triggered ability starts a new round of passes for the spell under it.
            self._passes = self._passes + 1 if stack == self._passed_on else 1
            self._passed_on = stack
        self._reconcile()

    def _stack_ids(self) -> tuple[int, ...]:
        return tuple(int(entry["id"]) for entry in self.host.game.stack())

    def _pass_resolves_spell(self) -> bool:
        # The other player passed on this same stack: this pass resolves the spell on top (117.4, 608.1).
        stack = self.host.game.stack()
        return (
            bool(stack)
            and stack[-1]["kind"]["type"] == "Spell"
            and self._passes >= 1
            and self._stack_ids() == self._passed_on
        )

    def _say(self, text: str) -> None:
        game = self.host.game
        self.log(f"T{game.turn:<2} {text}")

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
            if event.kind == "door_unlocked" and event.door is not None:
                self._doors[int(event.object)] = self._doors.get(int(event.object), frozenset()) | {event.door}
            elif event.kind == "entered_battlefield":
                self._doors[int(event.object)] = frozenset()

    def _name(self, obj: str) -> str:
        try:
            return self.host.card_of(int(obj)).name
        except (ValueError, KeyError):
            return obj

    # -- casting -----------------------------------------------------------------------------

    def _cast(self, seat: int, action: Any, oid: int) -> None:
        game = self.host.game
        key = (int(game.turn) * 1000 + int(game.priority_player()), oid)
        if key in self._refused:
            self._apply(seat, PASS)
            return
        card = self.host.card_of(oid)
        player = PLAYERS[seat]
        splices: list[str] = []
        options: Iterable[CastOption]
        if card.is_split:
            # phase asks for the half after CastSpell and can't cancel there: the rules decide
            # which of the halves phase offers is cast (Table.cast continues phase's cast).
            self.host.apply(seat, action)
            options = self._offered(seat, oid, card)
        else:
            options = [CastOption.WHOLE]
            splices = self._splices(oid, card)
        for option in options:
            for splice in [splices, []] if splices else [[]]:
                try:
                    self.table.cast(str(oid), option, splice, caster=player)
                except IllegalAction as exc:
                    self._say(f"{player} may not cast {_what(card, option)}: {exc}")
                    self.result.refusals += 1
                    break
                except NotSupported:
                    continue
                self._cast_done(seat, oid, card, option)
                return
        if self.host.adopting is not None:
            self.host.release(undo=True)
        elif self.host.casting(oid) or self.host.game.waiting_for()["type"] != "Priority":
            self.host.abort_cast(oid)
        self._refused.add(key)
        self._passes = 0

    def _offered(self, seat: int, oid: int, card: Card) -> Iterator[CastOption]:
        """The halves phase offers at its prompt, the AI's choice first. The others are listed
        only when the rules refuse it (listing costs more than most actions), and only while
        phase still waits at the prompt."""
        game = self.host.game
        if not self.host.casting(oid):
            on_stack = any(entry["id"] == oid for entry in game.stack())
            yield from [self.host.adopt(oid)] if on_stack else []
            return
        waiting = game.waiting_for()
        choice = self._ask(game, seat)
        wanted = _option_of(waiting, action_dict(choice)) if choice is not None else None
        if self.compare:
            offered = self._halves_listed(waiting)
            # A half phase leaves out for want of mana or a target is no disagreement: only a half
            # phase offers and the rules refuse is.
            plugin = set(self.table.castable(str(oid)).value) & offered
            self._record("castable", card, Zone.HAND, plugin, offered)
        if wanted is not None:
            yield wanted
        if self.host.casting(oid):
            listed = self._halves_listed(waiting)
            yield from (o for o in (CastOption.LEFT, CastOption.RIGHT, CastOption.FUSED) if o in listed and o != wanted)

    def _halves_listed(self, waiting: dict[str, Any]) -> set[CastOption]:
        found = (_option_of(waiting, action_dict(a)) for a in self.host.legal_actions())
        return {option for option in found if option is not None}

    def _splices(self, oid: int, card: Card) -> list[str]:
        """Every card in the caster's hand the rules let splice onto this spell (702.47a)."""
        half = card.halves[0]
        owner = int(self.host.game.object(oid)["owner"])
        out = []
        for other in self.host.game.player(owner)["hand"]:
            spliced = self.host.card_of(int(other)).halves[0].splice
            if (
                int(other) != oid
                and spliced is not None
                and set(spliced.qualities) & {*half.subtypes, *half.card_types}
            ):
                out.append(str(other))
        return out

    def _cast_done(self, seat: int, oid: int, card: Card, option: CastOption) -> None:
        view = self.host.view(str(oid))
        self._spells[oid] = view
        self.result.casts += 1
        spell = view.spell
        where = f" from the {spell.cast_from}" if spell and spell.cast_from not in (None, Zone.HAND) else ""
        spliced = f" spliced with {', '.join(s.half.name for s in spell.spliced)}" if spell and spell.spliced else ""
        answer = ch.mana_values(view, self.rules)
        cited = f" [{', '.join(answer.rules)}]" if answer.rules else ""
        self._say(
            f"{PLAYERS[seat]} casts {_what(card, option)}{where}{spliced}: mana value {list(answer.value)}{cited}"
        )
        self._say_events()
        self._passes = 0
        if self.compare and card.is_split:
            data = self.host.game.object(oid)
            names = list(ch.names(view, self.rules).value)
            self._record("name", card, Zone.STACK, names, [data["name"]], view)
            values = list(ch.mana_values(view, self.rules).value)
            self._record("mana_value", card, Zone.STACK, values, [phase_mana_value(data.get("mana_cost"))], view)

    def _offer_aftermath(self, seat: int) -> bool:
        """Before a player passes priority, cast an aftermath half from their graveyard when the
        rules allow it: phase never offers it (deviation aftermath-half-not-castable). A card the
        rules or phase refuse is not tried again that turn, nor another of the same name."""
        if not self.rules.aftermath:
            return False
        game = self.host.game
        if game.stack() or game.phase not in _MAIN_PHASES or int(game.priority_player()) != seat:
            return False
        for oid in game.player(seat)["graveyard"]:
            card = self.host.card_of(int(oid))
            key = (int(game.turn), seat, card.name)
            if card.layout is not Layout.AFTERMATH or key in self._tried:
                continue
            self._tried.add(key)
            if self._mana_within_reach(seat) < card.halves[1].mana_value:
                continue  # phase could not pay: spare the rules' check and phase's refusal
            if CastOption.RIGHT not in self.table.castable(str(oid)).value:
                continue
            try:
                self.table.cast(str(oid), CastOption.RIGHT, caster=PLAYERS[seat])
            except (IllegalAction, NotSupported):
                continue
            self._tried.discard(key)
            self.result.actions += 1
            self._cast_done(seat, int(oid), card, CastOption.RIGHT)
            return True
        return False

    def _mana_within_reach(self, seat: int) -> int:
        """At most the mana the seat could pay with now: its mana pool and one mana for each
        untapped land it controls (in the demo decks only basic lands make mana)."""
        game = self.host.game
        lands = sum(
            1
            for obj in game.battlefield()
            if obj["controller"] == seat and not obj.get("tapped") and "Land" in obj["card_types"]["core_types"]
        )
        return lands + len((game.player(seat).get("mana_pool") or {}).get("mana") or [])

    # -- resolving, doors, leaving the stack ---------------------------------------------------

    def _resolve(self) -> None:
        top = int(self.host.game.stack()[-1]["id"])
        card = self.host.card_of(top)
        view = self.host.view(str(top))
        outcome = self.table.resolve()
        self._spells.pop(top, None)
        fixed = self.host.last_corrections
        where = outcome.destination.value if outcome.destination else "ceases to exist"
        what = _what(card, view.spell.option) if view.spell else card.name
        note = f"; phase was corrected ({', '.join(fixed)})" if fixed else ""
        self._say(f"{what} resolves -> {where} [{', '.join(outcome.rules)}]{note}")
        self.result.corrections += fixed
        self._say_events()
        self._passes = 0
        self._reconcile()
        if self.compare:
            self._compare_after_resolution(top, card, view, outcome.destination)

    def _unlock(self, seat: int, action: Any, oid: int, door: Side) -> None:
        card = self.host.card_of(oid)
        try:
            self.table.unlock(str(oid), door)
        except IllegalAction as exc:
            self._say(f"{PLAYERS[seat]} may not unlock {card.halves[0 if door is Side.LEFT else 1].name}: {exc}")
            self.result.refusals += 1
            self._apply(seat, PASS)
            return
        self._say(f"{PLAYERS[seat]} unlocks {card.half(door).name} ({card.name}) by the special action")
        self._say_events()
        self._passes = 0
        if self.compare:
            self._compare_room(oid, card)

    def _reconcile(self) -> None:
        """A spell that left the stack other than by resolving (countered, bounced): an aftermath
        half cast from a graveyard is exiled instead (702.127a)."""
        if self.host.game.waiting_for()["type"] == "GameOver":
            return
        for oid, view in list(self._spells.items()):
            if self.host.game.object(oid)["zone"] == "Stack":
                continue
            del self._spells[oid]
            self.host.forget_spell(oid)
            zone = ZONES.get(str(self.host.game.object(oid)["zone"]), Zone.GRAVEYARD)
            answer = self.table.leave_stack(str(oid), view, zone)
            destination, cited = answer.value, answer.rules
            if destination is not zone:
                fixed = self.host.correct(oid, destination)
                self.result.corrections += fixed
                self._say(f"{self.host.card_of(oid).name} left the stack -> {destination.value} [{', '.join(cited)}]")

    # -- comparing with phase ----------------------------------------------------------------

    def _record(
        self, kind: str, card: Card, zone: Zone, plugin: Any, phase: Any, view: ObjectView | None = None
    ) -> None:
        deviation = None if plugin == phase else explain(kind, card, zone, plugin, phase, view, self.rules)
        self.result.comparisons.append(Comparison(kind, card.name, zone.value, plugin, phase, deviation))

    def _compare_after_resolution(self, oid: int, card: Card, view: ObjectView, destination: Zone | None) -> None:
        if not card.is_split or destination is None:
            return
        data = self.host.game.object(oid)
        after = self.host.view(str(oid))
        self._record("zone", card, after.zone, destination.value, str(data["zone"]).lower(), view)
        if view.spell is not None and view.spell.option is CastOption.FUSED:
            self._record("fused", card, after.zone, False, bool(data.get("fused_split_spell")), view)
        names = list(ch.names(after, self.rules).value)
        self._record("name", card, after.zone, names, [data["name"]] if data["name"] else [], after)
        if card.is_room and after.zone is Zone.BATTLEFIELD:
            self._compare_room(oid, card)

    def _compare_room(self, oid: int, card: Card) -> None:
        data = self.host.game.object(oid)
        view = self.host.view(str(oid))
        unlocks = data.get("room_unlocks") or {}
        phase_doors = {s for s, k in ((Side.LEFT, "left_unlocked"), (Side.RIGHT, "right_unlocked")) if unlocks.get(k)}
        self._record("doors", card, Zone.BATTLEFIELD, set(self._doors.get(oid, frozenset())), phase_doors, view)
        self._record(
            "name",
            card,
            Zone.BATTLEFIELD,
            list(ch.names(view, self.rules).value),
            [n for n in [data["name"]] if n],
            view,
        )
        values = list(ch.mana_values(view, self.rules).value)
        self._record("mana_value", card, Zone.BATTLEFIELD, values, [phase_mana_value(data.get("mana_cost"))], view)


def _option_of(waiting: dict[str, Any], data: dict[str, Any]) -> CastOption | None:
    payload = data.get("data") or {}
    if data["type"] == "ChooseModalFace":
        return CastOption.RIGHT if payload.get("back_face") else CastOption.LEFT
    if data["type"] == "ChooseCastingVariant":
        options = (waiting.get("data") or {}).get("options") or []
        entry = options[int(payload["index"])]
        if entry.get("variant") == "Fuse":
            return CastOption.FUSED
        return CastOption.RIGHT if entry.get("face") == "Right" else CastOption.LEFT
    return None


def _what(card: Card, option: CastOption) -> str:
    if not card.is_split or option is CastOption.WHOLE:
        return card.name
    if option is CastOption.FUSED:
        return f"{card.name} fused"
    side = option.side
    assert side is not None
    return f"{card.half(side).name} ({option.value} half of {card.name})"
