"""What a scenario needs of a host, read from its steps, checks and cards before it runs.

A host's declared gaps (:attr:`~splitcards.game.contract.AdapterInfo.lacks`) are matched
against these, so a scenario a host can't express is reported ``not_supported`` without a game
being started. Reading a scenario decides no rule: a capability is needed when a step or a
check asks for it, or when a card the scenario creates is of the kind that needs it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from splitcards.game.contract.capabilities import Capability
from splitcards.rules.card import Card
from splitcards.tools.conformance.scenario import Scenario

_ROOM_STEPS = {"unlock", "lock"}
_ROOM_QUERIES = {"unlocked", "can_unlock"}
_COPY_STEPS = {
    "copy_spell": Capability.COPY_SPELL,
    "copy_card": Capability.COPY_CARD,
    "copy_permanent": Capability.COPY_PERMANENT,
}
_FACE_STEPS = {"manifest", "turn_face_up"}
_FACE_QUERIES = {"face_down"}
_CARD_TYPES = {"artifact", "battle", "creature", "enchantment", "instant", "land", "planeswalker", "sorcery"}
# A plotted cast and a permission's replacement are permissions too (702.170d, 614.1a).
_PERMISSIONS = ("from", "flashback", "plotted", "instead", "resolves_to")


def needs(scenario: Scenario, cards: Mapping[str, Card]) -> dict[Capability, str]:
    """Each capability the scenario needs, with the first place that needs it
    (``setup[3] copy_card``, ``checks[0] unlocked``, ``card 'Bottomless Pool // Locker Room'``)."""
    found: dict[Capability, str] = {}

    def need(capability: Capability, where: str) -> None:
        found.setdefault(capability, where)

    card_of: dict[str, Card] = {}
    active = "p1"
    room_down = False
    for step in scenario.setup:
        where = f"setup[{step.index}] {step.kind}"
        fields: Mapping[str, Any] = step.fields
        if step.kind == "create":
            card = cards.get(str(fields.get("card")))
            if card is not None:
                card_of[str(fields.get("as", ""))] = card
                if card.is_room:
                    need(Capability.ROOMS, f"card {card.name!r}")
                    room_down = room_down or fields.get("zone") == "battlefield"
        if step.kind in _ROOM_STEPS:
            need(Capability.ROOMS, where)
            if fields.get("door") == "both":
                need(Capability.BOTH_DOORS, where)
        if step.kind in _FACE_STEPS:
            need(Capability.FACE_DOWN, where)
        if step.kind == "become_copy":
            need(Capability.BECOME_COPY, where)
        if step.kind == "storm":
            need(Capability.COPY_SPELL, where)
        if step.kind in ("cascade", "discover"):
            need(Capability.LIBRARY_ORDER, where)
            if "half" in fields:
                need(Capability.FREE_CASTS, where)
        if step.kind in _COPY_STEPS:
            need(_COPY_STEPS[step.kind], where)
            if step.kind == "copy_card" and fields.get("cast") is True:
                need(Capability.FREE_CASTS, where)
        if step.kind in ("cast", "copy_card", "move", "copy_permanent", "resolve", "manifest"):
            # A Room reaching the battlefield by any of them is on it from then on.
            room_down = room_down or any(c.is_room for c in card_of.values())
        if step.kind == "cast":
            _cast_needs(fields, card_of, where, need)
            if "face_down" in fields and step.expect_error is None:
                # A face-down spell resolves into a face-down permanent (708.4); a refused one
                # is refused before the host is asked anything.
                need(Capability.FACE_DOWN, where)
        if "x" in fields:
            need(Capability.X, where)
        if "cost_change" in fields:
            need(Capability.COST_CHANGES, where)
        if step.kind == "turn":
            if fields.get("number") is not None:
                need(Capability.TURN_NUMBERS, where)
            active = str(fields.get("active", active))
            priority = fields.get("priority")
            if priority is not None and priority != active:
                need(Capability.PRIORITY_TO_NON_ACTIVE, where)
                if room_down:
                    need(Capability.PRIORITY_WITH_ROOM, where)
    for check in scenario.checks:
        if check.query in _ROOM_QUERIES:
            need(Capability.ROOMS, f"checks[{check.index}] {check.query}")
        if check.query in _FACE_QUERIES:
            need(Capability.FACE_DOWN, f"checks[{check.index}] {check.query}")
    return found


def _cast_needs(
    fields: Mapping[str, Any], card_of: Mapping[str, Card], where: str, need: Callable[[Capability, str], None]
) -> None:
    if fields.get("without_paying") is True or fields.get("plotted") is True:
        need(Capability.FREE_CASTS, where)
    if any(fields.get(key) not in (None, False) for key in _PERMISSIONS):
        need(Capability.CAST_PERMISSIONS, where)
    if fields.get("flash") is True:
        need(Capability.FLASH, where)
    splice = fields.get("splice") or []
    if not isinstance(splice, list) or not splice:
        return
    need(Capability.SPLICE, where)
    for alias in splice:
        card = card_of.get(str(alias))
        if card is None or card.halves[0].splice is None:
            continue
        ability = card.halves[0].splice
        if any(q.lower() in _CARD_TYPES for q in ability.qualities):
            need(Capability.SPLICE_ONTO_CARD_TYPE, f"{where} ({card.name!r})")
        if ability.other_cost:
            need(Capability.SPLICE_OTHER_COST, f"{where} ({card.name!r})")
