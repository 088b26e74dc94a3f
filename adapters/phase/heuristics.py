"""What phase's AI is made to play where it would pass in its own main phase: phase's Easy AI
sometimes plays no land, or casts nothing, all game long. Each choice is among phase's legal
actions (phase decides what is legal and what can be paid); these only choose among them, and
spare listing them when nothing in hand could be chosen.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from splitcards.adapters.phase.manasources import land_mana, land_of
from splitcards.adapters.phase.session import PhaseSession
from splitcards.adapters.phase.translate import action_dict, phase_mana_value
from splitcards.rules.card import Card

Legal = Sequence[tuple[Mapping[str, Any], Any]]
"""phase's legal actions, each as a dict (its kind and payload) and as phase's own action."""


def may_play_land(session: PhaseSession) -> bool:
    """Whether the actor has a land in hand and has played none this turn (phase says which
    land plays are legal; this only spares listing its legal actions)."""
    player = session.player(session.actor())
    return not player.get("lands_played_this_turn") and in_hand(session, is_land_card)


def may_cast_some(session: PhaseSession, mana: int, skip: Collection[int] = ()) -> bool:
    """Whether some spell in the actor's hand (not in ``skip``) costs no more than ``mana``:
    listing phase's legal actions costs more than most actions, so only then are they listed."""
    return in_hand(session, lambda card: not is_land_card(card) and least_mana_value(card) <= mana, skip)


def in_hand(session: PhaseSession, test: Callable[[Card], bool], skip: Collection[int] = ()) -> bool:
    """Whether a card in the actor's hand (not in ``skip``) passes ``test``."""
    # Asked of the cards the adapter knows, not of phase's objects: reading each object
    # decodes it anew at every position.
    hand = session.player(session.actor())["hand"]
    return any(test(session.card_of(int(oid))) for oid in hand if int(oid) not in skip)


def land_to_play(session: PhaseSession, legal: Legal, seat: int) -> Any | None:
    """The land that makes the kind of mana the player has fewest lands for."""
    lands = [a for data, a in legal if data["type"] == "PlayLand"]
    if not lands:
        return None
    have = [land_mana(obj) for obj in session.battlefield() if land_of(obj, seat)]

    def fewest(action: Any) -> int:
        kinds = land_mana(session.object(int(action_dict(action)["data"]["object_id"])))
        return sum(1 for made in have if made & kinds)

    return min(lands, key=fewest)


def spell_to_cast(session: PhaseSession, legal: Legal, skip: Collection[int]) -> Any | None:
    """The spell of the greatest mana value among the casts phase allows, a creature first
    (the cards of ``skip`` never)."""
    objects = session.object
    casts = [
        (objects(int(data["data"]["object_id"])), a)
        for data, a in legal
        if data["type"] == "CastSpell" and int(data["data"]["object_id"]) not in skip
    ]
    if not casts:
        return None

    def worth(cast: tuple[Mapping[str, Any], Any]) -> tuple[bool, int]:
        obj = cast[0]
        creature = "Creature" in obj["card_types"]["core_types"]
        return creature, phase_mana_value(obj.get("mana_cost"))

    return max(casts, key=worth)[1]


def is_land_card(card: Card) -> bool:
    """Whether the card is a land (its front face is)."""
    return "Land" in card.halves[0].card_types


def least_mana_value(card: Card) -> int:
    """The least mana value of the card's halves: no spell of it costs less (phase decides
    which it can cast and pay for)."""
    return min(h.mana_cost.mana_value if h.mana_cost is not None else 0 for h in card.halves)
