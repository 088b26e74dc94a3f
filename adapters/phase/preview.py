"""What phase would do with a cast, seen in a copy of the game before the game itself begins it.

Once phase has taken a split card's ``CastSpell`` there is no way back: its half prompt offers no
cancel, and when it can cast only one half it casts that one at once, choosing targets and paying
by itself (deviation ``cast-variant-options``). So the adapter asks first, in a copy of the
position (``Engine.load_game(Game.state())``), which ways phase would list or which half it would
take, and begins the cast in the game only when phase will carry it out as the rules decided.
The copy is thrown away: what phase's state reload loses (a Room's door trigger, deviation
``reload-drops-room-triggers``) is nothing a cast's first prompt depends on, and the copy leaves out
the libraries, which nothing before that prompt reads (but for a card cast from one).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from splitcards.adapters.phase.reads import PhaseReads
from splitcards.adapters.phase.session import PhaseSession
from splitcards.adapters.phase.translate import (
    HALF_PROMPTS,
    action_dict,
    actor,
    cast_action,
    cast_option,
    prompt_option,
    refusal_reason,
)
from splitcards.errors import NotSupported
from splitcards.rules.card import Card
from splitcards.rules.model import CastOption

Chooser = Callable[[Any, int], Any]
"""An AI's answer (one of phase's legal actions, or ``None``) for a seat of a phase ``Game``."""


@dataclass(frozen=True, slots=True)
class CastPreview:
    """What phase does right after ``CastSpell`` for a card at one position."""

    refused: str | None = None
    """phase's reason for refusing the cast, in its words; ``None`` when it takes it."""
    prompt: str | None = None
    """The half prompt phase then waits at; ``None`` when it asks none (it took a half itself,
    or the card has no halves)."""
    offered: frozenset[CastOption] = frozenset()
    """The ways phase lists at its half prompt (the illegal entries of its options left out)."""
    taken: CastOption | None = None
    """The half (or whole card) phase casts by itself when it asks for none."""
    chosen: CastOption | None = None
    """Its AI's answer at the half prompt, when the preview asked for one."""

    def carries_out(self, option: CastOption) -> bool:
        """Whether phase would cast the card as ``option``: it lists that way at its half prompt
        (fused only when it lists each half too: it lists fused when either half could be cast,
        then casts the one half that has a target), or it takes that half itself."""
        if self.refused is not None:
            return False
        if self.prompt is None:
            return self.taken is option
        if option is CastOption.FUSED:
            return {CastOption.LEFT, CastOption.RIGHT, CastOption.FUSED} <= self.offered
        return option in self.offered

    def ways(self) -> str:
        """What phase would do, in words (``it offers left``)."""
        if self.refused is not None:
            return f"it refuses the cast: {self.refused}"
        if self.prompt is None:
            return f"it casts it {self.taken} by itself" if self.taken is not None else "it casts nothing"
        listed = sorted(self.offered, key=list(CastOption).index)
        return f"it offers {', '.join(o.value for o in listed) if listed else 'nothing'}"


class _Copy(PhaseReads):
    """The reads of a copy of the game, which nothing else sees."""

    def __init__(self, game: Any) -> None:
        super().__init__()
        self._game = game


def preview_cast(
    session: PhaseSession, seat: int, oid: int, card: Card, origin: str = "Hand", choose: Chooser | None = None
) -> CastPreview:
    """What phase does if ``seat`` casts ``oid`` now (from ``origin``, whence the adapter moves it
    to the hand first, as it does for a cast permission phase lacks); with ``choose`` its AI's
    answer at the half prompt too."""
    engine = session.engine
    if engine is None:
        raise NotSupported("the phase engine has no card data (call use_engine first)")
    state = session.game.state()
    # A card cast from a library (an effect's permission) needs its library as it is.
    copy = _Copy(engine.engine.load_game(state if origin == "Library" else _without_libraries(state)))
    return _cast_in(copy, seat, oid, card, origin, choose)


def _without_libraries(state: dict[str, Any]) -> dict[str, Any]:
    """phase's state without the cards of the libraries and the deck lists, which nothing up to the
    first prompt of a cast from elsewhere reads (no card is drawn or searched for): phase rebuilds every object as
    it loads a game, and most of a game's objects are in its libraries, so the copy loads in about
    a quarter of the time."""
    inner = state["state"]
    libraries = {oid for player in inner["players"] for oid in player.get("library") or ()}
    inner["objects"] = {key: obj for key, obj in inner["objects"].items() if int(key) not in libraries}
    for player in inner["players"]:
        player["library"] = []
    inner["deck_pools"] = []
    return state


def _cast_in(copy: _Copy, seat: int, oid: int, card: Card, origin: str, choose: Chooser | None) -> CastPreview:
    game = copy.game
    try:
        if origin != "Hand":
            move = {"type": "MoveToZone", "data": {"object_id": oid, "to_zone": "Hand"}}
            game.apply(game.priority_player(), {"type": "Debug", "data": move})
            copy.new_position()
            if copy.listed(cast_action(oid)) is None:
                # phase takes a cast from there it does not list, then waits at its half prompt
                # offering nothing, not even a cancel.
                return CastPreview(refused=f"it does not offer it from the {origin.lower()}")
        game.apply(seat, cast_action(oid))
    except ValueError as exc:
        return CastPreview(refused=refusal_reason(exc))
    copy.new_position()
    waiting = game.waiting_for()
    data = waiting.get("data") or {}
    if waiting["type"] in HALF_PROMPTS and data.get("object_id") == oid:
        found = (prompt_option(waiting, action_dict(a)) for a in copy.legal_actions())
        offered = frozenset(option for option in found if option is not None)
        chosen = None
        if choose is not None:
            answer = choose(game, actor(game, waiting))
            chosen = prompt_option(waiting, action_dict(answer)) if answer is not None else None
        return CastPreview(prompt=str(waiting["type"]), offered=offered, chosen=chosen)
    if waiting["type"] == "ManaPayment":
        return CastPreview(refused="it could not pay for it")
    return CastPreview(taken=cast_option(copy.object(oid), copy.stack_entry(oid), card))
