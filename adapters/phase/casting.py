"""Casting in phase: its prompts (half, variant, splice, targets), adopting a cast phase began by
itself, cancelling one the rules refused, and the adapter's scaffold instants.

phase casts a card through ``CastSpell`` and then asks, one prompt at a time, for the half (or
fused), the splices and the targets. :class:`Caster` answers the half and splice prompts as the
rules decided; every other prompt goes to the game's :class:`Prompts`: a scenario's answers
(:class:`ScenarioPrompts`, which also resolve triggered abilities at once so the position is the
one the scenario describes) or an AI's (:class:`AIPrompts`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from splitcards.adapters.phase.session import PROMPT_LIMIT, Session
from splitcards.adapters.phase.translate import (
    CANCEL,
    HALF_PROMPTS,
    PASS,
    action_dict,
    actor,
    cast_action,
    cast_option,
    face_action,
    variant_index,
)
from splitcards.card import Card
from splitcards.errors import NotSupported
from splitcards.model import CastOption, SpellFacts

Intent = Mapping[str, Any]
Chooser = Callable[[Any, int], Any]


class Prompts(Protocol):
    """Who answers phase's prompts that the rules leave open (targets, triggers, choices)."""

    def answer(self, caster: Caster, intent: Intent) -> None:
        """Answer the prompt phase waits on; ``intent`` names the object or door wanted."""

    def settle(self, caster: Caster) -> None:
        """After a step: leave the game where the next step of whoever drives it can start."""


class ScenarioPrompts:
    """A scenario's answers: the object or door it wants, scaffold targets before its own
    objects, no target for a trigger; and triggered abilities resolved at once (scenarios
    describe positions without them)."""

    def answer(self, caster: Caster, intent: Intent) -> None:
        session = caster.session
        session.apply(actor(session.game), caster.scripted_choice(intent))

    def settle(self, caster: Caster) -> None:
        for _ in range(PROMPT_LIMIT):
            game = caster.session.game
            waiting = game.waiting_for()["type"]
            if waiting == "GameOver":
                return
            if waiting != "Priority":
                self.answer(caster, {})
                continue
            stack = game.stack()
            if stack and stack[-1]["kind"]["type"] != "Spell":
                caster.session.apply(actor(game), PASS)
                continue
            return


class AIPrompts:
    """phase's AI answers (through ``choose``, which returns one of phase's legal actions); the
    game loop itself handles triggered abilities as they come."""

    def __init__(self, choose: Chooser) -> None:
        self.choose = choose

    def answer(self, caster: Caster, intent: Intent) -> None:
        session = caster.session
        game = session.game
        seat = actor(game)
        action = self.choose(game, seat)
        if action is not None and action_dict(action)["type"] != CANCEL["type"]:
            session.apply(seat, action)
            return
        session.apply(seat, caster.scripted_choice(intent))

    def settle(self, caster: Caster) -> None:
        """Nothing to settle: the loop plays on from wherever phase is."""


class Caster:
    """Carries out casts in phase for one game, as the rules decided them."""

    def __init__(self, session: Session, prompts: Prompts) -> None:
        self.session = session
        self.prompts = prompts
        self._scenario = ScenarioPrompts()
        self.adopting: int | None = None

    # -- a cast the rules decided ------------------------------------------------------------

    def cast(self, oid: int, card: Card, spell: SpellFacts) -> None:
        """Cast the card in phase as ``spell`` says, to the end (targets, splices), or raise
        :class:`NotSupported` with the game as it was."""
        session = self.session
        data = session.object(oid)
        seat = int(data["owner"])
        origin = str(data["zone"])
        if origin != "Hand" and not self.casting(oid):
            # phase casts only from its owner's hand; the rules gave the permission (aftermath,
            # a cast copy, an effect's permission), so the card is cast from there in phase.
            session.debug("MoveToZone", object_id=oid, to_zone="Hand")
        try:
            self._cast_in_phase(seat, oid, card, spell)
        except NotSupported:
            if self.casting(oid) or session.game.waiting_for()["type"] != "Priority":
                self.abort(oid)
            if origin != "Hand" and session.object(oid)["zone"] == "Hand":
                session.debug("MoveToZone", object_id=oid, to_zone=origin)
            raise

    def _cast_in_phase(self, seat: int, oid: int, card: Card, spell: SpellFacts) -> None:
        session = self.session
        if oid == self.adopting:
            if self.phase_option(oid, card) is not spell.option:
                raise NotSupported(f"phase already cast {card.name!r} another way")
            # phase chose the half by itself, but its cast may still wait for targets or
            # splices: the loop below finishes it, so the card is a spell when cast returns.
            self.adopting = None
        elif not self.casting(oid):
            cast = cast_action(oid)
            if session.listed(cast) is None:
                raise NotSupported(
                    f"phase does not offer casting {card.name!r} now: it casts only through its CastSpell action,"
                    " with its own timing, target and cost checks (it has no way to cast a card while another spell"
                    " resolves, 707.12 and 608.2g)"
                )
            session.apply(seat, cast)
        splices = [int(s.object) for s in spell.spliced]
        for _ in range(PROMPT_LIMIT):
            waiting = session.game.waiting_for()
            kind = waiting["type"]
            if kind in ("Priority", "GameOver"):
                return
            if kind == "ModalFaceChoice":
                choice = session.listed(face_action(spell.option))
                self._choose(seat, choice, f"phase does not offer the {spell.option} half of {card.name!r}")
            elif kind == "CastingVariantChoice":
                self._choose(
                    seat, self._variant(waiting, spell.option), f"phase does not offer {card.name!r} {spell.option}"
                )
            elif kind == "SpliceOffer":
                eligible = list(waiting["data"].get("eligible") or [])
                wanted = next((s for s in splices if s in eligible), None)
                if splices and wanted is None:
                    self._cancel()
                    raise NotSupported(f"phase does not offer splicing object {splices[0]} onto {card.name!r}")
                if wanted is not None:
                    splices.remove(wanted)
                session.apply(seat, {"type": "RespondToSpliceOffer", "data": {"card": wanted}})
            else:
                self.prompts.answer(self, {})
        raise NotSupported(f"casting {card.name!r} in phase did not finish")

    def _variant(self, waiting: Mapping[str, Any], option: CastOption) -> Any | None:
        index = variant_index(waiting, option)
        if index is None:
            return None
        # The options can hold illegal entries (deviation cast-variant-options): only a listed index counts.
        return self.session.listed({"type": "ChooseCastingVariant", "data": {"index": index}})

    def _choose(self, seat: int, choice: Any | None, reason: str) -> None:
        if choice is None:
            raise NotSupported(reason)
        self.session.apply(seat, choice)

    def _cancel(self) -> None:
        cancel = self.session.listed(CANCEL)
        if cancel is not None:
            self.session.apply(actor(self.session.game), cancel)

    # -- a cast phase began ------------------------------------------------------------------

    def phase_option(self, oid: int, card: Card) -> CastOption:
        """The half (or fused) phase is casting or cast this card as."""
        return cast_option(self.session.object(oid), self.session.stack_entry(oid), card)

    def casting(self, oid: int) -> bool:
        """Whether phase is in the middle of casting this card, at its choice of half (a game
        loop applied the AI's ``CastSpell``; the rules then decide the half)."""
        if oid == self.adopting:
            return True
        waiting = self.session.game.waiting_for()
        data = waiting.get("data") or {}
        return waiting["type"] in HALF_PROMPTS and data.get("object_id") == oid

    def in_progress(self) -> int | None:
        """The card phase is casting now: it waits at one of the cast's prompts (half, targets,
        splices), or it was adopted and the rules have not decided it yet."""
        if self.adopting is not None:
            return self.adopting
        waiting = self.session.game.waiting_for()
        data = waiting.get("data") or {}
        if waiting["type"] in HALF_PROMPTS:
            return int(data["object_id"])
        pending = data.get("pending_cast")
        return int(pending["object_id"]) if isinstance(pending, Mapping) else None

    def adopt(self, oid: int) -> CastOption:
        """phase chose the half by itself (it asks only when more than one can be cast) and has
        pushed the spell, though its cast may still wait for targets: until :meth:`cast` or
        :meth:`release` the card counts as not yet cast, so the rules can decide it; returns the
        half phase chose."""
        self.adopting = oid
        self.session.facts.pop(oid, None)
        return self.phase_option(oid, self.session.card_of(oid))

    def release(self, undo: bool) -> None:
        """End :meth:`adopt`; with ``undo`` the cast the rules refused is cancelled, or the spell
        goes back to its owner's hand."""
        oid, self.adopting = self.adopting, None
        if not undo or oid is None:
            return
        if self.in_progress() == oid:
            self.abort(oid)
        elif self.session.on_stack(oid):
            self.session.debug("MoveToZone", object_id=oid, to_zone="Hand")
        self.session.facts.pop(oid, None)

    def abort(self, oid: int) -> None:
        """Undo a cast phase has begun and the rules refused: cancel it at the first prompt
        that allows it, or take the finished spell back into its owner's hand."""
        session = self.session
        for _ in range(PROMPT_LIMIT):
            game = session.game
            cancel = session.listed(CANCEL)
            if cancel is not None:
                session.apply(actor(game), cancel)
                return
            waiting = game.waiting_for()
            if waiting["type"] in ("Priority", "GameOver"):
                break
            if waiting["type"] == "ModalFaceChoice" and self._choose_unlisted_face(actor(game)):
                continue
            session.apply(actor(game), self.scripted_choice({}))
        if session.exists(oid) and session.object(oid)["zone"] == "Stack":
            session.debug("MoveToZone", object_id=oid, to_zone="Hand")
        session.facts.pop(oid, None)

    def _choose_unlisted_face(self, seat: int) -> bool:
        # phase accepts a half it does not list and then stops at a prompt offering only
        # CancelCast (deviation cast-variant-options): the way out of its half prompt without
        # casting (and paying for) a half.
        for option in (CastOption.LEFT, CastOption.RIGHT):
            face = face_action(option)
            if self.session.listed(face) is None:
                try:
                    self.session.apply(seat, face)
                except ValueError:
                    continue
                return True
        return False

    # -- other prompts -----------------------------------------------------------------------

    def scripted_choice(self, intent: Intent) -> Any:
        """A scenario's answer to phase's prompt: the intended object or door, else a scaffold
        target, a player, or no target for a trigger; never cancelling."""
        session = self.session
        waiting = session.game.waiting_for()
        options = [a for a in session.legal_actions() if action_dict(a)["type"] != CANCEL["type"]]
        if not options:
            raise NotSupported(f"phase offers nothing but cancelling at its {waiting['type']} prompt")

        def score(action: Any) -> int:
            data = action_dict(action).get("data") or {}
            if "door" in data:
                return 0 if data["door"] == intent.get("door") else 5
            target = data.get("target", "absent")
            if target == "absent":
                return 3
            if isinstance(target, Mapping) and target.get("Object") == intent.get("object"):
                return 0
            if target is None:
                return 1 if waiting["type"] in ("TriggerTargetSelection", "CopyRetarget") else 4
            if isinstance(target, Mapping) and target.get("Object") in session.scaffold:
                return 2
            if isinstance(target, Mapping) and "Player" in target:
                return 3
            return 6

        return min(options, key=score)

    def settle(self) -> None:
        self.prompts.settle(self)

    def pass_until_gone(self, oid: int, intent: Intent | None = None) -> list[dict[str, Any]]:
        """Pass priority (answering prompts) until the object has left phase's stack."""
        session = self.session
        events: list[dict[str, Any]] = []
        for _ in range(PROMPT_LIMIT):
            game = session.game
            waiting = game.waiting_for()["type"]
            if waiting == "GameOver" or (waiting == "Priority" and not session.on_stack(oid)):
                return events
            if waiting != "Priority":
                self.prompts.answer(self, intent or {})
                continue
            events += session.apply(actor(game), PASS)
        raise NotSupported(f"phase did not resolve object {oid}")

    # -- the scaffold ------------------------------------------------------------------------

    def scaffold_onto_battlefield(self, seat: int, name: str) -> int:
        oid = self.session.take(seat, name)
        self.session.scaffold.add(oid)
        self.session.debug("MoveToZone", object_id=oid, to_zone="Battlefield")
        return oid

    def cast_scaffold(self, seat: int, name: str, intent: Intent | None = None) -> int:
        """Cast one of the adapter's scaffold instants, answering its prompts as ``intent`` says."""
        session = self.session
        oid = session.take(seat, name)
        session.scaffold.add(oid)
        session.debug("MoveToZone", object_id=oid, to_zone="Hand")
        cast = cast_action(oid)
        if session.listed(cast) is None:
            raise NotSupported(f"phase does not let the adapter cast its {name!r} now")
        session.apply(seat, cast)
        for _ in range(PROMPT_LIMIT):
            if session.game.waiting_for()["type"] == "Priority":
                return oid
            self._scenario.answer(self, intent or {})
        raise NotSupported(f"casting the adapter's {name!r} did not finish")

    def scaffold_effect(self, name: str, intent: Intent, seat: int | None = None) -> list[dict[str, Any]]:
        """Cast a scaffold instant at ``intent`` (by ``seat``, default the player with priority)
        and let it resolve; returns phase's events."""
        if seat is None:
            seat = int(self.session.game.priority_player())
        spell = self.cast_scaffold(seat, name, intent)
        return self.pass_until_gone(spell, intent)
