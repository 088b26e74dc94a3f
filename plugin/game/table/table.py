"""A game with the split-card rules in force: every action checked, decided, taken and reported.

:class:`Table` sits between whoever drives a game (a conformance scenario, an engine's game
loop, a test) and a :class:`~splitcards.game.contract.Host`, and orchestrates, in pytest's order
(:mod:`splitcards.hooks.spec` gives each action's calls): the ``check_*`` hooks may refuse (the
built-in rules are ``trylast`` implementations), the decision hooks say what happens, the host
acts, and the report hooks say what happened; their events are the Table's record.

A refused action raises a typed error citing its rule before the host is asked to do anything,
so the game is as it was. It calls nothing in :mod:`splitcards.rules` itself: every check and
decision is a hook's answer, called through pluggy (the characteristics, the views it shows
plugins, the citations of its answers and the scope of its questions included), so a plugin can
make each one the built-in rules make; the rules return refusals, which the Table raises. What
it is given is read by :mod:`splitcards.game.table.inputs`, what the host answers is checked by
:mod:`splitcards.game.table.hostcheck`. A Table takes one action at a time and belongs to one thread
(:mod:`splitcards.game.table.oneaction`). The questions it answers without acting (``castable``,
``cast_decision``, ``splice_candidates``, ``can_unlock``, ``unlock_cost``) are in
:mod:`splitcards.game.table.queries`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import pluggy

from splitcards.errors import IllegalCast, NotSupported, PluginFailure
from splitcards.game.contract import CastDecision, CastRequest, Host, Resolution
from splitcards.game.contract.versions import OLDEST_CONTRACT, contract_problem
from splitcards.game.plugins import hookcalls
from splitcards.game.plugins.manager import default_manager, plugins_implementing
from splitcards.game.table.castmemo import AnswerMemo, CastableMemo
from splitcards.game.table.hostcheck import CheckedHost
from splitcards.game.table.inputs import CastOrder, costs_given, enum_of, takes_order
from splitcards.game.table.moves import Move, MoveMemo, UnlockMove, allowed_moves
from splitcards.game.table.oneaction import Actions, one_at_a_time
from splitcards.game.table.play import check_move
from splitcards.game.table.queries import TableQueries
from splitcards.game.table.targetmemo import TargetMemo
from splitcards.rules.actions import NO_GRANTS, CastGrants, LibraryHit, Prohibition
from splitcards.rules.card import Card, Side
from splitcards.rules.citations import Question
from splitcards.rules.copies import CopyOf
from splitcards.rules.costs import CostEffect
from splitcards.rules.faces import FaceDownBy, FaceUpBy
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import (
    Answer,
    CastFaceDown,
    CastOption,
    Event,
    EventKind,
    ObjectId,
    ObjectView,
    Phase,
    Player,
    SpellFacts,
    TimingChange,
    UnlockBy,
    Zone,
)
from splitcards.rules.versions import RuleVersion

if TYPE_CHECKING:
    # Only a type here: the descriptions' rules load with the built-in ones, when a game is played.
    from splitcards.rules.conditions import Condition


class Table(TableQueries):
    """One game under one rule version, on one host: ``Table(host, rules)``, or
    ``Table(host, rules, pm)`` with a plugin manager of your own.

    ``host`` is the game's :class:`~splitcards.game.contract.Host`; the Table's own calls go
    through its check of every answer and outcome. ``rules`` is the
    :class:`~splitcards.rules.versions.RuleVersion` in force. ``pm`` is the plugin manager whose
    hooks are called; ``None``: the process-wide manager of
    :func:`~splitcards.game.plugins.manager.default_manager`, so making a table costs no plugin
    discovery. ``contract`` is the version of the host contract the host was written for
    (``AdapterInfo.contract``, :mod:`~splitcards.game.contract.versions`): where a later version
    asks more of a host, the Table keeps the old behaviour for an older one, with a
    ``DeprecationWarning``. ``judge_targets``: whether a cast needs a legal choice for each
    target it requires among the host's objects (601.2c), as in a game.
    """

    def __init__(
        self,
        host: Host,
        rules: RuleVersion,
        pm: pluggy.PluginManager | None = None,
        *,
        contract: str = OLDEST_CONTRACT,
        judge_targets: bool = True,
    ) -> None:
        problem = contract_problem(contract)
        if problem:
            raise ValueError(f"Table(contract=...): {problem}")
        self.host: Host = host
        """The host as given (the Table's own calls go through its check of every answer)."""
        self._checked = CheckedHost(host, contract)
        self.rules: RuleVersion = rules
        """The rule version in force."""
        self.pm: pluggy.PluginManager = pm if pm is not None else default_manager()
        """The plugin manager whose hooks are called."""
        self.events: list[Event] = []
        """What happened, in order: every event the report hooks gave, the built-in rules' and the plugins'."""
        self.judge_targets: bool = judge_targets
        """Whether a cast needs a legal choice for each target it requires (601.2c), among the
        host's objects; ``False`` where the host's objects are not the whole game (a conformance
        scenario before format 1.3), whose spells take their targets as chosen."""
        self.last_cost: ManaCost | None = None
        """What the last cast or unlock cost in all (601.2f, 709.5e); ``None`` before any, or when no
        mana was paid (an unlock by an effect, a cast without paying its mana cost)."""
        self.prohibitions: tuple[Prohibition, ...] = ()
        """The effects in force that forbid a player to cast spells with a chosen name (:meth:`prohibit`)."""
        self._last_known: dict[ObjectId, ObjectView] = {}
        self.plotted: dict[ObjectId, int | None] = {}
        """The plotted cards in exile, each with the turn it became plotted on (``None``: a host
        that keeps no turn number): a plotted cast of one is allowed on a later turn only (702.170d).
        A card leaves it as it leaves exile, a new object (400.7)."""
        self._castable = CastableMemo(self.pm)
        self._moves = MoveMemo(self.pm)
        self._targets = TargetMemo(self.pm)
        self._answers = AnswerMemo(self.pm)
        self._actions = Actions()
        # Where this turn's events begin: storm counts the spells cast this turn (702.40a).
        self._turn_began = 0

    def moves(self, player: Player, objs: Iterable[ObjectId], permitted: Collection[ObjectId] = ()) -> tuple[Move, ...]:
        """The casts and unlocks the rules allow ``player`` now among ``objs``, each with its total
        cost (:mod:`splitcards.game.table.moves`); an object in ``permitted`` is asked about with an
        effect's permission to be cast from the zone it is in."""
        player = enum_of(Player, player, "player", self.rules)
        return allowed_moves(self, self._moves, player, objs, permitted)

    def play(self, move: Move, player: Player) -> ObjectId:
        """``player`` plays ``move``, one of :meth:`moves` (a cast may carry cards to splice onto it,
        with the total cost that gives): the cast, with the move's permission, or the unlock special
        action. Return the spell's id (the card's own) or the Room's. A move that is no longer legal
        is refused before the host is asked anything (:mod:`splitcards.game.table.play`): with the
        rules' error, or ``IllegalMove`` when they give it another cost now."""
        player = enum_of(Player, player, "player", self.rules)
        check_move(self, move, player)
        if isinstance(move, UnlockMove):
            self.unlock(move.obj, move.door, player=player)
            return move.obj
        return self.cast(move.obj, move.option, move.splice, caster=player, permission=move.permission)

    # -- actions -------------------------------------------------------------------------

    @one_at_a_time
    def create(self, card: Card, zone: Zone, owner: Player = Player.P1) -> ObjectId:
        """Put a new ``card`` into ``zone``, owned by ``owner`` (setting up a position); return its id.
        A permanent created on the battlefield was not cast, so a Room has no unlocked designation
        (709.5d). A card that does not exist under the rule version is refused (``UnknownCard``)."""
        zone = enum_of(Zone, zone, "zone", self.rules)
        owner = enum_of(Player, owner, "player", self.rules)
        self._refuse(self._ask(hookcalls.check_card, card=card))
        self._refuse(self._ask(hookcalls.check_destination, card=card, zone=zone))
        # Creating sets up a position: nothing happens in the game, so nothing is reported.
        return self._checked.create(card, zone, owner)

    @one_at_a_time
    @takes_order(CastOrder)
    def cast(self, order: CastOrder) -> ObjectId:
        """Cast a card: ``table.cast(obj, CastOption.LEFT)``; one half, fused, or whole; splicing
        cards revealed from the caster's hand; ``x`` announced for {X} (107.3a); effects that
        increase or reduce its total cost (601.2f). Return the spell's id (the card's own). The
        parameters are the fields of :class:`~splitcards.game.table.CastOrder`. A cast the rules
        refuse raises the typed error (``IllegalCast``, ``IllegalZone``, ``IllegalTiming``...)
        before the host is asked anything; the cost paid is left in :attr:`last_cost`."""
        request = self._request(order)
        spell = self._cast(request, self._cast_decision(request), copy=False)
        self.plotted.pop(order.obj, None)
        return spell

    @one_at_a_time
    def cast_face_down(
        self, obj: ObjectId, by: CastFaceDown | str = CastFaceDown.MORPH, caster: Player | None = None
    ) -> ObjectId:
        """``caster`` (default: its owner) casts the card ``obj`` face down ``by`` its morph or
        disguise (708.4): a 2/2 face-down creature spell costing {3} (left in :attr:`last_cost`),
        which becomes a face-down permanent as it resolves. Return the spell's id (the card's own).
        A card without that keyword, or an edition without it, is refused before the host is asked
        anything."""
        by = enum_of(CastFaceDown, by, "cast face down with", self.rules)
        view = self._checked.view(obj)
        who = view.owner if caster is None else enum_of(Player, caster, "player", self.rules)
        timing = self._checked.timing()
        self._refuse(self._ask(hookcalls.check_cast_face_down, view=view, by=by, timing=timing, player=who))
        decided = self._decided(hookcalls.decide_face_down_spell, view=view, by=by, caster=who)
        self._checked.can_put_face_down()
        spell = self._checked.cast(obj, decided.spell)
        self.last_cost = decided.cost
        on_stack = replace(view, zone=Zone.STACK, controller=who, spell=decided.spell)
        self._report(hookcalls.on_cast, spell=spell, view=on_stack, facts=decided.spell)
        return spell

    def _cast(self, request: CastRequest, decision: CastDecision, copy: bool) -> ObjectId:
        facts = replace(decision.spell, copy=copy)
        spell = self._checked.cast(request.object, facts)
        self.last_cost = decision.total_cost
        on_stack = self._decided(hookcalls.decide_spell_view, view=request.view, spell=facts, caster=request.caster)
        for spliced in facts.spliced:
            self._report(hookcalls.on_splice, spell=spell, spliced=spliced)
        self._report(hookcalls.on_cast, spell=spell, view=on_stack, facts=facts)
        return spell

    @one_at_a_time
    def resolve(self, obj: ObjectId | None = None) -> Resolution:
        """The top object of the stack (or ``obj``, which must be on top) resolves: the rules decide
        the :class:`~splitcards.rules.actions.Resolution` (returned) and the host carries it out."""
        stack = tuple(self._checked.stack())
        self._refuse(self._ask(hookcalls.check_resolve, stack=stack, asked=obj))
        top = stack[-1]
        view = self._checked.view(top)
        if view.spell is not None and view.spell.face_down is not None:
            return self._resolve_face_down(top, view)
        outcome = self._decided(hookcalls.on_resolve, spell=top, view=view)
        self._plugins_destination(hookcalls.on_resolve, view.card, outcome.destination)
        entering: ObjectView | None = None
        if outcome.destination is Zone.BATTLEFIELD:
            entering = self._decided(hookcalls.decide_permanent_view, view=view, token=outcome.token)
            doors = self._doors(top, entering, _half_cast(view.spell))
            outcome = replace(outcome, unlocked=doors)
            if doors:
                # The doors a Room enters with unlocked are the half cast (709.5d).
                outcome = _citing(outcome, self._cited(Question.ROOM_ENTERS))
        elif outcome.destination is not None:
            where = self.leave_stack(top, view, outcome.destination)
            outcome = _citing(replace(outcome, destination=where.value), where.rules)
        if outcome.destination is not None:
            controller = self._decided(
                hookcalls.decide_controller, spell=top, view=view, destination=outcome.destination
            )
            outcome = _citing(replace(outcome, controller=controller.value), controller.rules)
        self._checked.resolve(top, outcome)
        if entering is not None:
            self._entered(top, entering, outcome.unlocked)
        return outcome

    def _resolve_face_down(self, top: ObjectId, view: ObjectView) -> Resolution:
        """A face-down spell resolves: the host puts it onto the battlefield face down, as it puts a
        manifested card (708.4); no half was cast, so a Room enters with no door unlocked (709.5d)."""
        assert view.spell is not None and view.spell.face_down is not None
        by = view.spell.face_down
        cited = self._cited(Question.FACE_DOWN_SPELL)
        self._checked.put_face_down(top)
        # The permanent as the host shows it now: the spell's face-down characteristics (708.4).
        entered = self._checked.view(top)
        self._report(hookcalls.on_entered_battlefield, permanent=top, view=entered, unlocked=frozenset())
        return Resolution(
            (f"put it onto the battlefield face down ({by.value})",),
            Zone.BATTLEFIELD,
            False,
            frozenset(),
            cited,
            controller=view.controller,
        )

    def _doors(self, obj: ObjectId, entering: ObjectView, cast: Side | None) -> frozenset[Side]:
        return self._decided(hookcalls.on_enter_battlefield, permanent=obj, view=entering, cast=cast)

    def _entered(self, obj: ObjectId, entering: ObjectView, unlocked: frozenset[Side]) -> None:
        self._report(
            hookcalls.on_entered_battlefield,
            permanent=obj,
            view=entering,
            unlocked=unlocked,
        )
        self._unlocked(obj, entering, unlocked, UnlockBy.CAST)

    def _unlocked(self, obj: ObjectId, view: ObjectView, doors: Iterable[Side], by: UnlockBy) -> None:
        current = view
        for door in sorted(doors):
            self._report(hookcalls.on_unlock, permanent=obj, view=current, door=door, by=by)
            current = replace(current, unlocked=current.unlocked | {door})

    @one_at_a_time
    def move(self, obj: ObjectId, zone: Zone) -> Zone:
        """Move ``obj`` to ``zone`` other than by casting; return where it really went.

        A spell leaving the stack loses its splices (702.47e) and an aftermath half cast from a
        graveyard is exiled instead (702.127a); a permanent put onto the battlefield was not cast.
        """
        zone = enum_of(Zone, zone, "zone", self.rules)
        view = self._checked.view(obj)
        if view.zone is not zone:
            self._refuse(self._ask(hookcalls.check_destination, card=view.card, zone=zone))
        destination = self.leave_stack(obj, view, zone).value if view.zone is Zone.STACK else zone
        # Whatever it was, it is a new object where it goes (400.7): no longer a plotted card.
        self.plotted.pop(obj, None)
        if destination is not Zone.BATTLEFIELD or view.zone is Zone.BATTLEFIELD:
            self._checked.move(obj, destination)
            if view.zone is Zone.BATTLEFIELD and destination is not Zone.BATTLEFIELD:
                # Kept for what asks of it as it last existed there (608.2h): the host shows the
                # card in its new zone, a new object (400.7).
                self._last_known[obj] = view
            return destination
        entering = self._decided(hookcalls.decide_moved_view, view=view, zone=Zone.BATTLEFIELD)
        unlocked = self._doors(obj, entering, None)
        self._checked.move(obj, destination)
        if unlocked:
            self._checked.set_unlocked(obj, unlocked)
        self._entered(obj, entering, unlocked)
        return destination

    def leave_stack(self, obj: ObjectId, view: ObjectView, destination: Zone) -> Answer[Zone]:
        """Where the spell ``obj``'s card goes when it leaves the stack for ``destination``: the
        plugins' ``on_leave_stack`` decide (built in: aftermath's exile, 702.127a).

        ``view`` is the spell as it was on the stack, so an engine that already took the card off
        the stack itself can ask where it should have gone.
        """
        found = self._ask(hookcalls.on_leave_stack, spell=obj, view=view, destination=destination)
        if not isinstance(found, Answer):
            # A plugin's bare zone: the plugin's own decision, with no rule of this version to cite.
            found = Answer(found if found is not None else destination, (), self.rules.name)
        self._plugins_destination(hookcalls.on_leave_stack, view.card, found.value)
        return found

    def _copy(self, obj: ObjectId, of: CopyOf) -> ObjectView:
        return self._decided(hookcalls.decide_copy, view=self._checked.view(obj), of=of)

    @one_at_a_time
    def copy_spell(self, obj: ObjectId) -> ObjectId:
        """Copy the spell ``obj`` on the stack (707.10): the same half or fused choice, not cast, and
        without text that splices added (text-changing effects are not copied, 702.47c, 707.2);
        return the copy's id."""
        facts = self._copy(obj, CopyOf.SPELL).spell
        if facts is None:
            problem = ValueError("decided a copy of a spell that is no spell (its view has no spell facts)")
            raise PluginFailure(", ".join(plugins_implementing(self.pm, hookcalls.decide_copy)), "decide_copy", problem)
        return self._checked.copy_spell(obj, facts)

    @one_at_a_time
    def copy_card(
        self,
        obj: ObjectId,
        cast: bool = False,
        option: CastOption | None = None,
        splice: Sequence[ObjectId] = (),
        grants: CastGrants = NO_GRANTS,
    ) -> ObjectId:
        """Copy the card ``obj`` in the zone it is in (707.12), keeping both halves (709.3c); return
        the copy's id. With ``cast``, the copy is cast as ``option``, which happens while another
        spell resolves, so timing does not apply, splicing ``splice`` onto it with what ``grants``
        adds. A cast the rules refuse is refused before the copy is made."""
        copy_view = self._copy(obj, CopyOf.CARD_TO_CAST if cast else CopyOf.CARD)
        if not cast:
            return self._checked.copy_card(obj)
        order = CastOrder(
            obj,
            option,
            splice,
            caster=copy_view.controller,
            permission=copy_view.zone,
            without_paying=True,
            grants=grants,
        )
        request = self._request(order, copy_view, during_resolution=True)
        # Decided once, before the copy exists: a refusal leaves the game as it was.
        decision = self._cast_decision(request)
        copy = self._checked.copy_card(obj)
        self._cast(replace(request, object=copy, view=self._checked.view(copy)), decision, copy=True)
        return copy

    @one_at_a_time
    def copy_permanent(self, obj: ObjectId) -> ObjectId:
        """A permanent enters as a copy of ``obj``: its halves, not its designations (709.5b); return
        the new permanent's id."""
        entering = self._copy(obj, CopyOf.PERMANENT)
        unlocked = self._doors(obj, entering, None)
        copy = self._checked.copy_permanent(obj)
        if unlocked:
            self._checked.set_unlocked(copy, unlocked)
        self._entered(copy, entering, unlocked)
        return copy

    @one_at_a_time
    def unlock(
        self,
        obj: ObjectId,
        door: Side | str | frozenset[Side],
        by: UnlockBy = UnlockBy.SPECIAL_ACTION,
        cost_increase: ManaCost | None = None,
        cost_reduction: ManaCost | None = None,
        cost_effects: Sequence[CostEffect] = (),
        player: Player | None = None,
    ) -> None:
        """Unlock the ``door`` of the Room ``obj`` (a side, or a door's name): ``by`` the special
        action, paying its unlock cost as effects change it (709.5e, 116.2m, 118.7; the cost is
        left in :attr:`last_cost`), or by an effect (709.5f); both doors at once (a set of both) by
        an effect, fully unlocking it once (709.5i). ``cost_increase`` and ``cost_reduction`` change
        the unlock cost; spell-cost effects in ``cost_effects`` never do (116.2m). What an unlock
        costs is ``decide_unlock_cost``'s answer, for the special action and an effect alike.
        ``player`` takes the special action (default: the Room's controller, the only player who
        may, 709.5e)."""
        by = enum_of(UnlockBy, by, "unlocked by", self.rules)
        view = self._checked.view(obj)
        who = view.controller if player is None else enum_of(Player, player, "player", self.rules)
        sides = self._decided(hookcalls.decide_doors, card=view.card, named=door, by=by)
        timing = self._checked.timing()
        for side in sides:
            self._refuse(self._ask(hookcalls.check_unlock, view=view, door=side, by=by, timing=timing, player=who))
        effects = costs_given(cost_increase, cost_reduction, cost_effects)
        cost = self._decided(hookcalls.decide_unlock_cost, view=view, door=sides[0], effects=effects, by=by).value
        self._checked.set_unlocked(obj, view.unlocked | set(sides))
        self.last_cost = cost
        self._unlocked(obj, view, sides, by)

    @one_at_a_time
    def lock(self, obj: ObjectId, door: Side | str) -> None:
        """Lock the unlocked ``door`` of the Room ``obj``, by side or by name (709.5g)."""
        view = self._checked.view(obj)
        sides = self._decided(hookcalls.decide_doors, card=view.card, named=door, by=UnlockBy.EFFECT)
        for side in sides:
            self._refuse(self._ask(hookcalls.check_lock, view=view, door=side))
        self._checked.set_unlocked(obj, view.unlocked - set(sides))
        for side in sides:
            self._report(hookcalls.on_lock, permanent=obj, view=view, door=side)

    @one_at_a_time
    def manifest(self, obj: ObjectId, by: FaceDownBy | str = FaceDownBy.MANIFEST) -> None:
        """Put the card ``obj`` onto the battlefield face down under its owner's control, ``by``
        manifest (701.34a), manifest dread (701.60a: the card chosen of the two) or cloak
        (701.56a): a 2/2 face-down creature (708.2a) that was not cast, so a Room has no door
        unlocked (709.5d). Refused under an edition without that keyword action (``NotInRules``)."""
        by = enum_of(FaceDownBy, by, "face-down action", self.rules)
        view = self._checked.view(obj)
        self._refuse(self._ask(hookcalls.check_face_down, view=view, by=by))
        entering = self._decided(hookcalls.decide_face_down_view, view=view, by=by, controller=view.owner)
        self._checked.put_face_down(obj)
        self._report(hookcalls.on_entered_battlefield, permanent=obj, view=entering, unlocked=frozenset())

    @one_at_a_time
    def turn_face_up(self, obj: ObjectId, by: FaceUpBy | str = FaceUpBy.SPECIAL_ACTION) -> None:
        """Turn the face-down permanent ``obj`` face up, ``by`` the special action of the rule that
        made it face down (701.34b: a creature card, paying its mana cost; 702.37e: its morph
        cost) or an effect (708.7). The special action's cost, ``decide_face_up_cost``'s answer,
        is left in :attr:`last_cost`. It does not enter the battlefield (708.8): a Room has the
        doors ``decide_face_up_view`` gives, those it had (one cast or manifested face down
        none, 709.5d)."""
        by = enum_of(FaceUpBy, by, "turned face up by", self.rules)
        view = self._checked.view(obj)
        self._refuse(self._ask(hookcalls.check_face_up, view=view, by=by))
        face_up = self._decided(hookcalls.decide_face_up_view, view=view)
        cost = self._ask(hookcalls.decide_face_up_cost, view=view) if by is FaceUpBy.SPECIAL_ACTION else None
        self._checked.turn_face_up(obj)
        self.last_cost = cost
        if self._checked.view(obj).unlocked != face_up.unlocked:
            self._checked.set_unlocked(obj, face_up.unlocked)

    @one_at_a_time
    def become_copy(self, obj: ObjectId, original: ObjectId) -> ObjectView:
        """The permanent ``obj`` becomes a copy of the permanent ``original``: its copiable values,
        a Room's halves included (707.2, 709.5b), while its unlocked designations and status stay
        its own (709.5c); return the permanent as ``decide_become_copy`` decided it."""
        copy = self._decided(
            hookcalls.decide_become_copy, view=self._checked.view(obj), original=self._checked.view(original)
        )
        self._checked.become_copy(obj, original)
        return copy

    def last_known(self, obj: ObjectId) -> ObjectView | None:
        """The object ``obj`` as it last existed on the battlefield (608.2h): as it is now while it
        is there, as it was when it left once it has, ``None`` when it was never there while this
        Table watched. What asks of it then reads this view's characteristics, not those of the
        card in its new zone."""
        view = self._checked.view(obj)
        if view.zone is Zone.BATTLEFIELD:
            return view
        return self._last_known.get(obj)

    @one_at_a_time
    def plot(self, obj: ObjectId, by_effect: bool = False, player: Player | None = None) -> None:
        """``player`` (default: its owner) plots the card ``obj``: the special action (702.170a-b,
        116.2k), or with ``by_effect`` an effect that plots it (702.170c). ``check_plot`` may
        refuse; the card is exiled, and the turn it became plotted on is kept in :attr:`plotted`,
        so that a plotted cast of it (``CastGrants(plotted=True)``) is allowed on a later turn only
        (702.170d). Its plot cost is the engine's to pay."""
        view = self._checked.view(obj)
        who = view.owner if player is None else enum_of(Player, player, "player", self.rules)
        timing = self._checked.timing()
        self._refuse(self._ask(hookcalls.check_plot, view=view, player=who, by_effect=by_effect, timing=timing))
        self._refuse(self._ask(hookcalls.check_destination, card=view.card, zone=Zone.EXILE))
        self._checked.move(obj, Zone.EXILE)
        self.plotted[obj] = timing.turn

    @one_at_a_time
    def set_turn(
        self,
        active: Player | None = None,
        phase: Phase | None = None,
        priority: Player | None = None,
        stack_empty: bool | None = None,
        turn: int | None = None,
    ) -> None:
        """Move the game to a timing context: ``active`` player, ``phase``, the player with
        ``priority``, whether the host is to assume ``stack_empty``, and the ``turn`` number (asked
        only of a host that keeps one); those left ``None`` stay as they are. A change
        ``check_turn`` refuses raises its error, and the game is as it was."""
        change = TimingChange(
            enum_of(Player, active, "player", self.rules) if active is not None else None,
            enum_of(Phase, phase, "phase", self.rules) if phase is not None else None,
            enum_of(Player, priority, "player", self.rules) if priority is not None else None,
            stack_empty,
            turn,
        )
        timing = self._checked.timing()
        self._refuse(self._ask(hookcalls.check_turn, change=change, timing=timing))
        self._checked.set_timing(change)
        if change.active is not None and change.active is not timing.active:
            self._turn_began = len(self.events)

    @one_at_a_time
    def storm(self, spell: ObjectId) -> tuple[ObjectId, ...]:
        """Storm of the spell ``spell`` (702.40a): a copy of it, as ``copy_spell`` makes one, for each
        other spell cast before it this turn (since a ``set_turn`` gave the turn to a player);
        return the copies, in the order they were made. A spell not cast this turn is refused."""
        view = self._checked.view(spell)
        casts = [e.object for e in self.events[self._turn_began :] if e.kind is EventKind.CAST]
        before = len(casts) - 1 - casts[::-1].index(spell) if spell in casts else None
        count = self._decided(hookcalls.decide_storm, spell=view, cast_before=before).value
        if not count:
            return ()
        # Every copy is of the same spell: decided once, before the host makes any, so a refusal
        # leaves the stack as it was.
        facts = self._copy(spell, CopyOf.SPELL).spell
        if facts is None:
            problem = ValueError("decided a copy of a spell that is no spell (its view has no spell facts)")
            plugins = ", ".join(plugins_implementing(self.pm, hookcalls.decide_copy))
            raise PluginFailure(plugins, "decide_copy", problem)
        return tuple(self._checked.copy_spell(spell, facts) for _ in range(count))

    @one_at_a_time
    def cascade(self, spell: ObjectId, cast: CastOption | str | None = None) -> LibraryHit:
        """Cascade of the spell ``spell`` (702.85a): its controller exiles cards from the top of their
        library until the card the rules stop at, casts it as ``cast`` without paying its mana cost
        (``None``: does not cast it), and puts the rest on the bottom in a random order. A ``cast``
        the rules do not allow of that card is refused before anything moves."""
        view = self._checked.view(spell)
        return self._through_library(
            view.controller, cast, lambda library: self._decided(hookcalls.decide_cascade, library=library, spell=view)
        )

    @one_at_a_time
    def discover(self, n: int, player: Player | str = Player.P1, cast: CastOption | str | None = None) -> LibraryHit:
        """Discover ``n`` (701.55a): ``player`` exiles cards from the top of their library until the
        card the rules stop at, casts it as ``cast`` without paying its mana cost or, with ``cast``
        ``None``, puts it into their hand, and puts the rest on the bottom in a random order."""
        who = enum_of(Player, player, "player", self.rules)
        return self._through_library(
            who, cast, lambda library: self._decided(hookcalls.decide_discover, library=library, n=n)
        )

    def _through_library(
        self,
        player: Player,
        cast: CastOption | str | None,
        decide: Callable[[Sequence[ObjectView]], Answer[LibraryHit]],
    ) -> LibraryHit:
        option = enum_of(CastOption, cast, "half", self.rules) if cast is not None else None
        if not self._checked.orders_libraries():
            raise NotSupported(
                f"host {self._checked.name!r} lists no library in order (Host.library, Host.put_on_bottom;"
                " capability library_order)"
            )
        order = list(self._checked.library(player))
        views = [self._checked.view(obj) for obj in order]
        answer = decide(views)
        found = answer.value
        hit = order[found.hit] if found.hit is not None else None
        request, decision = None, None
        if option is not None:
            if hit is None or option not in found.castable:
                what = "no card" if hit is None else f"{views[order.index(hit)].card.name!r} as {option.value}"
                raise IllegalCast(f"can't cast {what} this way", answer.rules, self.rules.name)
            # Decided as the card will be once exiled, before anything moves: a refusal changes nothing.
            cast_order = CastOrder(hit, option, caster=player, permission=Zone.EXILE, without_paying=True)
            exiled_view = self._decided(hookcalls.decide_moved_view, view=views[order.index(hit)], zone=Zone.EXILE)
            request = self._request(cast_order, exiled_view, during_resolution=True)
            decision = self._cast_decision(request)
        exiled = order[: found.exiled]
        for obj in exiled:
            self._checked.move(obj, Zone.EXILE)
        if request is not None and decision is not None and hit is not None:
            self._cast(replace(request, view=self._checked.view(hit)), decision, copy=False)
        elif hit is not None and found.to_hand:
            self._checked.move(hit, Zone.HAND)
        rest = [obj for obj in exiled if obj != hit or (option is None and not found.to_hand)]
        random.shuffle(rest)
        for obj in rest:
            self._checked.put_on_bottom(obj)
        return found

    @one_at_a_time
    def choose_name(
        self,
        card: Card,
        choice: Sequence[str],
        player: Player = Player.P1,
        source: ObjectId | None = None,
        described: Condition | None = None,
    ) -> tuple[str, ...]:
        """``player`` chooses a card name, wanting ``card`` (for ``source``'s ability, such as Meddling
        Mage's), answering ``choice`` (one name, or both halves' where the rule version's choice names
        both); ``decide_name`` finds it among the legal answers of ``on_name_choice``, which
        is returned. ``described``: the characteristics the name's card must have (a
        "noncreature, nonland card name"): only the answers ``decide_described_names`` keeps
        are legal (201.4b)."""
        player = enum_of(Player, player, "player", self.rules)
        legal = self.name_choices(card, described).value
        chosen = self._decided(hookcalls.decide_name, card=card, choice=tuple(choice), legal=legal)
        self._report(hookcalls.on_name_chosen, card=card, choice=chosen, player=player, source=source)
        return chosen

    @one_at_a_time
    def prohibit(self, names: Sequence[str], player: Player) -> Prohibition:
        """Put in force an effect that forbids ``player`` to cast spells with the chosen name
        (Meddling Mage, Council of the Absolute): ``names`` is the choice, one name, or both
        halves' where the rule version's choice names both. From then on the rules judge each
        cast, ``castable`` included, by the names the spell would have (``check_cast``); the
        effect is returned."""
        player = enum_of(Player, player, "player", self.rules)
        prohibition = Prohibition(tuple(names), player)
        self.prohibitions = (*self.prohibitions, prohibition)
        # What could be cast before may not be now: the kept answers are dropped.
        self._castable = CastableMemo(self.pm)
        self._moves = MoveMemo(self.pm)
        return prohibition


def _half_cast(spell: SpellFacts | None) -> Side | None:
    """The half a spell was cast as (what ``on_enter_battlefield`` is told): read from its facts,
    as a host reads them; ``None`` for a fused spell or a card cast whole."""
    if spell is None or spell.option not in (CastOption.LEFT, CastOption.RIGHT):
        return None
    return Side(spell.option.value)


def _citing(outcome: Resolution, rules: tuple[str, ...]) -> Resolution:
    """The resolution citing ``rules`` too, each rule once: the rules of another decision about it."""
    return replace(outcome, rules=outcome.rules + tuple(n for n in rules if n not in outcome.rules))
