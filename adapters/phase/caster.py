"""Carrying out casts in phase as the rules decided them: the half, variant and splice prompts,
adopting a cast phase began by itself, cancelling one the rules refused, and the adapter's
scaffold instants.

phase casts a card through ``CastSpell`` and then asks, one prompt at a time, for the half (or
fused), the splices and the targets. :class:`Caster` answers the half and splice prompts as the
rules decided; every other prompt goes to the game's
:class:`~splitcards.adapters.phase.prompts.Prompts`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from splitcards.adapters.phase import carddata
from splitcards.adapters.phase.preview import CastPreview, Chooser, preview_cast
from splitcards.adapters.phase.prompts import Intent, Prompts, ScenarioPrompts, scripted_choice
from splitcards.adapters.phase.session import PROMPT_LIMIT, PhaseSession
from splitcards.adapters.phase.translate import (
    CANCEL,
    HALF_PROMPTS,
    PASS,
    PLAYERS,
    PhaseRefused,
    action_dict,
    cast_action,
    cast_option,
    face_action,
    prompt_option,
    seat_of,
    splice_onto,
    subtypes,
    variant_index,
)
from splitcards.errors import NotSupported
from splitcards.rules.card import Card
from splitcards.rules.model import CastOption, SpellFacts


class Caster:
    """Carries out casts in phase for one game, as the rules decided them."""

    def __init__(self, session: PhaseSession, prompts: Prompts) -> None:
        self.session = session
        self.prompts = prompts
        self._scenario = ScenarioPrompts()
        self.adopting: int | None = None
        self._previews: dict[tuple[int, int, int, str], CastPreview] = {}

    # -- a cast the rules decided ------------------------------------------------------------

    def cast(self, oid: int, card: Card, spell: SpellFacts) -> None:
        """Cast the card in phase as ``spell`` says, to the end (targets, splices), or raise
        :class:`NotSupported` naming phase's reason, with the game as it was."""
        session = self.session
        data = session.object(oid)
        seat = int(data["owner"])
        if spell.caster is not None and seat_of(spell.caster) != seat:
            raise NotSupported(
                f"phase casts {card.name!r} only as its owner, not as {spell.caster} (deviation caster-is-owner)"
            )
        origin = str(data["zone"])
        begun = self.casting(oid)
        if not begun and not (spell.copy and spell.cast) and (card.is_split or origin != "Hand"):
            # Past CastSpell phase gives no way back from a split card's cast (its half prompt
            # has no cancel; a half it takes by itself is paid at once), and a card cast from
            # elsewhere is moved first: what phase would do is seen in a copy of the game first.
            self._check_preview(self.preview(seat, oid, card, origin), card, spell, origin)
        if origin != "Hand" and not begun:
            # phase casts only from its owner's hand; the rules gave the permission (aftermath,
            # a cast copy, an effect's permission), so the card is cast from there in phase.
            session.debug("MoveToZone", object_id=oid, to_zone="Hand")
        try:
            if spell.copy and spell.cast:
                self._cast_by_effect(seat, oid, card, spell)
            else:
                self._cast_in_phase(seat, oid, card, spell)
        except NotSupported as exc:
            acted = []
            if self.casting(oid) or session.waiting()["type"] != "Priority":
                acted.append(self.abort(oid))
            elif session.on_stack(oid):
                # phase finished a cast the rules' decision does not match (a splice it never offered).
                session.debug("MoveToZone", object_id=oid, to_zone="Hand")
                acted.append(_FINISHED)
            if origin != "Hand" and session.object(oid)["zone"] == "Hand":
                session.debug("MoveToZone", object_id=oid, to_zone=origin)
                acted.append(f"the card was moved back to the {origin.lower()}")
            if any(acted):
                # phase had begun the cast and could not take all of it back: what it did is said.
                done = "; ".join(a for a in acted if a)
                raise NotSupported(f"{exc}; phase had begun the cast: {done}") from exc
            raise

    def preview(
        self, seat: int, oid: int, card: Card, origin: str = "Hand", choose: Chooser | None = None
    ) -> CastPreview:
        """What phase would do if ``seat`` cast ``oid`` now, seen in a copy of the game (with
        ``choose``, its AI's answer at the half prompt too); made once per position."""
        key = (self.session.position, seat, oid, origin)
        found = self._previews.get(key)
        if found is None or (choose is not None and found.prompt is not None and found.chosen is None):
            found = preview_cast(self.session, seat, oid, card, origin, choose)
            # Only this position's previews are kept: any action makes them stale.
            self._previews = {key: found}
        return found

    def _check_preview(self, preview: CastPreview, card: Card, spell: SpellFacts, origin: str) -> None:
        """Refuse, before phase is asked anything, a cast phase would not carry out as the rules
        decided it."""
        if preview.refused is not None:
            raise PhaseRefused(f"casting {card.name!r}", preview.refused)
        if not preview.carries_out(spell.option):
            where = f" from the {origin.lower()}" if origin != "Hand" else ""
            raise NotSupported(
                f"phase would not cast {card.name!r} {spell.option}{where} now ({preview.ways()}): it"
                " lists a way of casting only when it can pay for it and choose its targets"
            )

    def _cast_in_phase(self, seat: int, oid: int, card: Card, spell: SpellFacts) -> None:
        session = self.session
        if oid == self.adopting:
            if self.phase_option(oid, card) is not spell.option:
                raise NotSupported(f"phase already cast {card.name!r} as its {self.phase_option(oid, card)} half")
            # phase chose the half by itself, but its cast may still wait for targets or
            # splices: the loop below finishes it, so the card is a spell when cast returns.
            self.adopting = None
        elif not self.casting(oid):
            self._check_splices(oid, card, spell)
            # Applied whether phase lists it or not: a cast phase refuses comes back with its
            # reason (timing, cost, targets) and changes nothing, and listing every legal action
            # costs more than most actions.
            session.apply(seat, cast_action(oid), f"casting {card.name!r}")
            if spell.option is CastOption.FUSED and session.waiting()["type"] not in HALF_PROMPTS:
                # phase asks for the half only when it could cast more than one way: it goes on
                # with the one half it can (deviation cast-variant-options), which is not fused.
                raise NotSupported(f"phase can cast {card.name!r} only as one half now, not fused")
        self._finish(seat, oid, card, spell)

    def _check_splices(self, oid: int, card: Card, spell: SpellFacts) -> None:
        """Refuse, before anything is cast, a splice phase never offers: it offers a card only
        if the subtype it reads from the card's splice keyword is one of the spell's (deviation
        ``splice-onto-misread``)."""
        session = self.session
        spell_subtypes = subtypes(session.object(oid))
        for spliced in spell.spliced:
            onto = splice_onto(session.object(int(spliced.object)))
            if not spell_subtypes & set(onto):
                name = session.card_of(int(spliced.object)).name
                read = " or ".join(repr(o) for o in onto) or "nothing"
                raise NotSupported(
                    f"phase never offers splicing {name!r} onto {card.name!r}: it reads {name!r} as spliced onto"
                    f" {read} (deviation splice-onto-misread)"
                )

    def _cast_by_effect(self, seat: int, oid: int, card: Card, spell: SpellFacts) -> None:
        """A cast copy of a card is cast while an effect resolves, without paying its mana cost
        (707.12, 608.2g, 118.6a): phase does that for the adapter's Scaffold Caster, whose
        resolution casts the card from the hand, whatever the step and the stack."""
        session = self.session
        scaffold = self.cast_scaffold(seat, carddata.CASTER)
        try:
            for _ in range(PROMPT_LIMIT):
                waiting = session.waiting()
                data = waiting.get("data") or {}
                if waiting["type"] == "Priority" and session.on_stack(scaffold):
                    session.apply(session.actor(), PASS)
                elif data.get("source_id") != scaffold:
                    break
                elif waiting["type"] == "OptionalEffectChoice":
                    accept = {"type": "DecideOptionalEffect", "data": {"accept": True}}
                    session.apply(session.actor(), accept, f"casting {card.name!r} by an effect")
                elif waiting["type"] == "EffectZoneChoice" and oid in (data.get("cards") or []):
                    select = {"type": "SelectCards", "data": {"cards": [oid]}}
                    session.apply(session.actor(), select, f"casting {card.name!r} by an effect")
                else:
                    raise NotSupported(f"phase's effect that casts a card does not offer {card.name!r}")
        except NotSupported:
            if session.on_stack(scaffold):
                session.debug("MoveToZone", object_id=scaffold, to_zone="Graveyard")
            raise
        self._finish(seat, oid, card, spell)
        if not session.on_stack(oid):
            raise NotSupported(f"phase's effect that casts a card did not cast {card.name!r}")

    def _finish(self, seat: int, oid: int, card: Card, spell: SpellFacts) -> None:
        """Answer the prompts of the cast phase has begun as the rules decided (half, splices),
        and the others as the game's prompts do, until the card is a spell."""
        session = self.session
        splices = [int(s.object) for s in spell.spliced]
        for _ in range(PROMPT_LIMIT):
            waiting = session.waiting()
            kind = waiting["type"]
            if kind in ("Priority", "GameOver"):
                if splices:
                    raise NotSupported(
                        f"phase cast {card.name!r} without offering to splice {self._names(splices)} onto it"
                    )
                if spell.option is CastOption.FUSED and not session.object(oid).get("fused_split_spell"):
                    # phase takes the fused variant and casts the one half that has a target.
                    raise NotSupported(f"phase cast one half of {card.name!r}, not both fused")
                return
            if kind in ("ModalFaceChoice", "CastingVariantChoice"):
                self._choose(seat, self._face(waiting, spell.option), card, spell.option)
            elif kind == "ChooseXValue":
                # The X the rules were told (601.2b, 107.3a); phase's AI, playing, picks its own.
                self.prompts.answer(self.session, {"x": spell.x})
            elif kind == "SpliceOffer":
                if _waits_for_x(waiting):
                    self.session.announce_x(spell.x)
                eligible = list(waiting["data"].get("eligible") or [])
                wanted = next((s for s in splices if s in eligible), None)
                if splices and wanted is None:
                    offered = f"only {self._names(eligible)}" if eligible else "nothing"
                    raise NotSupported(
                        f"phase does not offer splicing {self._names(splices)} onto {card.name!r} (it offers {offered})"
                    )
                if wanted is not None:
                    splices.remove(wanted)
                what = f"splicing {self._names([wanted])} onto {card.name!r}" if wanted else "splicing nothing"
                session.apply(seat, {"type": "RespondToSpliceOffer", "data": {"card": wanted}}, what)
            elif splices:
                # phase offers splices right after the half: past that point it offers none.
                raise NotSupported(f"phase does not offer splicing {self._names(splices)} onto {card.name!r}")
            else:
                self.prompts.answer(self.session, {})
        raise NotSupported(f"casting {card.name!r} in phase did not finish: it kept asking ({kind})")

    def _names(self, oids: list[int]) -> str:
        return ", ".join(repr(self.session.card_of(oid).name) for oid in oids)

    def _face(self, waiting: Mapping[str, Any], option: CastOption) -> Any | None:
        """phase's answer at its half prompt for ``option``, if it lists it. phase lists the fused
        way when either half could be cast, and then casts only the half that has a target: fused
        is taken only when it lists each half on its own too."""

        def listed(way: CastOption) -> Any | None:
            if waiting["type"] == "ModalFaceChoice":
                return self.session.listed(face_action(way))
            return self._variant(waiting, way)

        if option is CastOption.FUSED and (listed(CastOption.LEFT) is None or listed(CastOption.RIGHT) is None):
            return None
        return listed(option)

    def _variant(self, waiting: Mapping[str, Any], option: CastOption) -> Any | None:
        index = variant_index(waiting, option)
        if index is None:
            return None
        # The options can hold illegal entries (deviation cast-variant-options): only a listed index counts.
        return self.session.listed({"type": "ChooseCastingVariant", "data": {"index": index}})

    def _choose(self, seat: int, choice: Any | None, card: Card, option: CastOption) -> None:
        if choice is None:
            listed = sorted(self.offered_now(), key=list(CastOption).index)
            offered = ", ".join(o.value for o in listed) if listed else "nothing"
            raise NotSupported(
                f"phase does not offer {card.name!r} {option} (it offers {offered}): it lists a way of casting"
                " only when it can pay for it and choose its targets"
            )
        self.session.apply(seat, choice, f"casting {card.name!r} {option}")

    def offered_now(self) -> frozenset[CastOption]:
        """The halves (or fused) phase lists at its half prompt now."""
        return self.session.half_options()

    # -- a cast phase began ------------------------------------------------------------------

    def phase_option(self, oid: int, card: Card) -> CastOption:
        """The half (or fused) phase is casting or cast this card as."""
        return cast_option(self.session.object(oid), self.session.stack_entry(oid), card)

    def casting(self, oid: int) -> bool:
        """Whether phase is in the middle of casting this card, at its choice of half (a game
        loop applied the AI's ``CastSpell``; the rules then decide the half)."""
        if oid == self.adopting:
            return True
        waiting = self.session.waiting()
        data = waiting.get("data") or {}
        return waiting["type"] in HALF_PROMPTS and data.get("object_id") == oid

    def in_progress(self) -> int | None:
        """The card phase is casting now: it waits at one of the cast's prompts (half, targets,
        splices), or it was adopted and the rules have not decided it yet."""
        if self.adopting is not None:
            return self.adopting
        waiting = self.session.waiting()
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

    def abort(self, oid: int) -> str | None:
        """Undo a cast phase has begun and the rules refused: cancel it at the first prompt
        that allows it, or take the finished spell back into its owner's hand. Returns what phase
        did that could not be undone (a half cast and paid for), in words; ``None`` when phase
        cancelled the cast."""
        session = self.session
        chosen: list[str] = []
        for _ in range(PROMPT_LIMIT):
            waiting = session.waiting()
            if waiting["type"] in ("Priority", "GameOver"):
                break
            if waiting["type"] not in HALF_PROMPTS and self._cancelled():
                return None
            cancel = session.listed(CANCEL)
            if cancel is not None:
                session.apply(session.actor(), cancel)
                return None
            if waiting["type"] in HALF_PROMPTS and self._choose_unlisted_half(session.actor(), waiting["type"]):
                continue
            answer = scripted_choice(session, {})
            option = prompt_option(waiting, action_dict(answer)) if waiting["type"] in HALF_PROMPTS else None
            if option is not None:
                chosen.append(f"at its half prompt, which offers no cancel, it cast the card {option}")
            session.apply(session.actor(), answer)
        acted = None
        if session.exists(oid) and session.object(oid)["zone"] == "Stack":
            session.debug("MoveToZone", object_id=oid, to_zone="Hand")
            acted = "; ".join([*chosen, _FINISHED])
        session.facts.pop(oid, None)
        return acted

    def _cancelled(self) -> bool:
        """Whether phase took a cancel of its cast, applied without listing its legal actions
        first (which costs more than most actions): past its half prompt, phase offers the
        cancel at most prompts, and refuses it, changing nothing, where it doesn't."""
        try:
            self.session.apply(self.session.actor(), CANCEL)
        except PhaseRefused:
            return False
        return True

    def _choose_unlisted_half(self, seat: int, prompt: str) -> bool:
        # phase accepts a half it does not list and then stops at a prompt offering only
        # CancelCast (deviation cast-variant-options): the way out of its half prompt without
        # casting (and paying for) a half.
        if prompt == "ModalFaceChoice":
            answers = [face_action(option) for option in (CastOption.LEFT, CastOption.RIGHT)]
        else:
            answers = [{"type": "ChooseCastingVariant", "data": {"index": i}} for i in range(3)]
        for answer in answers:
            if self.session.listed(answer) is None:
                try:
                    self.session.apply(seat, answer)
                except PhaseRefused:
                    continue
                return True
        return False

    # -- other prompts -----------------------------------------------------------------------

    def settle(self) -> None:
        self.prompts.settle(self.session)

    def pass_until_gone(self, oid: int, intent: Intent | None = None) -> list[dict[str, Any]]:
        """Pass priority (answering prompts) until the object has left phase's stack."""
        session = self.session
        events: list[dict[str, Any]] = []
        for _ in range(PROMPT_LIMIT):
            waiting = session.waiting()["type"]
            if waiting == "GameOver" or (waiting == "Priority" and not session.on_stack(oid)):
                return events
            if waiting != "Priority":
                self.prompts.answer(self.session, intent or {})
                continue
            events += session.apply(session.actor(), PASS)
        raise NotSupported(f"phase did not resolve {session.card_of(oid).name!r}: it kept asking for more")

    # -- the scaffold ------------------------------------------------------------------------

    def scaffold_onto_battlefield(self, seat: int, name: str) -> int:
        oid = self.session.take(seat, name)
        self.session.scaffold.add(oid)
        self.session.debug("MoveToZone", object_id=oid, to_zone="Battlefield")
        return oid

    def cast_scaffold(self, seat: int, name: str, intent: Intent | None = None) -> int:
        """Cast one of the adapter's scaffold instants, answering its prompts as ``intent`` says;
        a cast phase refuses leaves the game as it was."""
        session = self.session
        holder = int(session.game.priority_player())
        if seat != holder:
            raise NotSupported(
                f"the adapter does this in phase with its {name!r}, an instant only the player with priority can"
                f" cast, and {PLAYERS[seat]} does not have priority ({PLAYERS[holder]} has)"
            )
        oid = session.take(seat, name)
        session.scaffold.add(oid)
        try:
            session.debug("MoveToZone", object_id=oid, to_zone="Hand")
            session.apply(seat, cast_action(oid), f"casting the adapter's {name!r}")
            for _ in range(PROMPT_LIMIT):
                if session.waiting()["type"] == "Priority":
                    return oid
                self._scenario.answer(session, intent or {})
            raise NotSupported(f"casting the adapter's {name!r} did not finish: phase kept asking")
        except NotSupported:
            if self.in_progress() == oid:
                self.abort(oid)
            session.put_back(oid)
            raise

    def scaffold_effect(self, name: str, intent: Intent, seat: int | None = None) -> list[dict[str, Any]]:
        """Cast a scaffold instant at ``intent`` (by ``seat``, default the player with priority)
        and let it resolve; returns phase's events."""
        if seat is None:
            seat = int(self.session.game.priority_player())
        spell = self.cast_scaffold(seat, name, intent)
        return self.pass_until_gone(spell, intent)


def _waits_for_x(waiting: Mapping[str, Any]) -> bool:
    """Whether the cast at phase's prompt has {X} in its cost and no X announced yet."""
    pending = (waiting.get("data") or {}).get("pending_cast") or {}
    shards = (pending.get("cost") or {}).get("shards") or []
    return "X" in shards and (pending.get("ability") or {}).get("chosen_x") is None


# What phase did when a cast it finished (its cost paid, its cast triggers put on the stack) had
# to be undone, and what the adapter did about it.
_FINISHED = "it finished the cast, paying its cost (its cast triggers stay), and the spell was put back into the hand"
