"""phase's names for seats, zones, steps, doors and actions, and the plugin's model for them.

Nothing here reads a game: these are the two vocabularies side by side, and the few readings of
one of phase's objects or prompts into the plugin's terms.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, overload

from splitcards.adapters.phase.carddata import mana_cost_text
from splitcards.errors import NotSupported
from splitcards.rules.card import Card, Side
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption, Phase, Player, Zone

PhaseAction = dict[str, Any]

SEATS = {Player.P1: 0, Player.P2: 1}
PLAYERS = {0: Player.P1, 1: Player.P2}
ZONE_NAMES = {
    Zone.LIBRARY: "Library",
    Zone.HAND: "Hand",
    Zone.GRAVEYARD: "Graveyard",
    Zone.EXILE: "Exile",
    Zone.BATTLEFIELD: "Battlefield",
    Zone.STACK: "Stack",
    Zone.COMMAND: "Command",
}
ZONES = {name: zone for zone, name in ZONE_NAMES.items()}
PHASE_NAMES = {
    Phase.UNTAP: "Untap",
    Phase.UPKEEP: "Upkeep",
    Phase.DRAW: "Draw",
    Phase.MAIN1: "PreCombatMain",
    Phase.COMBAT: "BeginCombat",
    Phase.MAIN2: "PostCombatMain",
    Phase.END: "End",
    Phase.CLEANUP: "Cleanup",
}
PHASES = {name: phase for phase, name in PHASE_NAMES.items()} | {
    "DeclareAttackers": Phase.COMBAT,
    "DeclareBlockers": Phase.COMBAT,
    "CombatDamage": Phase.COMBAT,
    "EndCombat": Phase.COMBAT,
}
SIDE_DOORS = {Side.LEFT: "Left", Side.RIGHT: "Right"}
DOORS = {name: side for side, name in SIDE_DOORS.items()}
PASS: PhaseAction = {"type": "PassPriority"}
KEEP: PhaseAction = {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}
CANCEL: PhaseAction = {"type": "CancelCast"}
# Prompts phase shows while a card is being cast, before its half is chosen.
HALF_PROMPTS = ("ModalFaceChoice", "CastingVariantChoice")
# The kinds of phase's answers at those prompts.
HALF_ANSWERS = ("ChooseModalFace", "ChooseCastingVariant")


class PhaseRefused(NotSupported):
    """phase refused an action (``Game.apply`` raised): ``reason`` is phase's own words.

    A refused action leaves phase's game as it was; the host then leaves the whole step undone.
    """

    def __init__(self, what: str, reason: str) -> None:
        super().__init__(f"phase refuses {what}: {reason}")
        self.what = what
        self.reason = reason


# How phase's refusals begin ("Action not allowed: No legal targets available").
_REFUSAL_PREFIXES = ("Action not allowed: ", "Invalid action: ")


def refusal_reason(error: Exception) -> str:
    """phase's reason for refusing an action, without its prefix."""
    text = str(error)
    for prefix in _REFUSAL_PREFIXES:
        if text.startswith(prefix):
            return text[len(prefix) :]
    return text


def seat_of(player: Player) -> int:
    return SEATS[player]


def actor(game: Any, waiting: Mapping[str, Any] | None = None) -> int:
    """The seat phase expects to act now (``waiting``: phase's prompt, if read already)."""
    if waiting is None:
        waiting = game.waiting_for()
    data = waiting.get("data") or {}
    if waiting["type"] == "MulliganDecision":
        return int(data["pending"][0]["player"])
    if "player" in data:
        return int(data["player"])
    return int(game.priority_player())


def cast_action(oid: int) -> PhaseAction:
    """phase's action that starts casting this card (paid automatically)."""
    return {
        "type": "CastSpell",
        "data": {"object_id": oid, "card_id": oid, "targets": [], "payment_mode": {"type": "Auto"}},
    }


def unlock_action(oid: int, side: Side) -> PhaseAction:
    """phase's unlock special action for a door."""
    return {"type": "UnlockRoomDoor", "data": {"object_id": oid, "door": SIDE_DOORS[side]}}


def face_action(option: CastOption) -> PhaseAction:
    """The answer to phase's ``ModalFaceChoice`` that casts this half."""
    return {"type": "ChooseModalFace", "data": {"back_face": option is CastOption.RIGHT}}


def action_dict(action: Any) -> PhaseAction:
    """A phase action as its dict, whether it is a ``GameAction`` or a dict already."""
    if isinstance(action, Mapping):
        return dict(action)
    # One action is asked about several times in a row (classified, applied, recorded), and
    # phase decodes it from JSON each time: the last one's dict is kept, with the action itself.
    last, found = _LAST_ACTION
    if action is not last:
        found = action.to_dict()
        _LAST_ACTION[:] = [action, found]
    return dict(found)


_LAST_ACTION: list[Any] = [None, {}]


def action_kind(action: Any) -> str:
    """A phase action's type (``"PassPriority"``), whether it is a ``GameAction`` or a dict:
    a ``GameAction`` tells its kind without decoding its payload."""
    if isinstance(action, Mapping):
        return str(action["type"])
    return str(action.kind)


def face_name(obj: Mapping[str, Any]) -> str:
    """The lower-case printed face name of a phase object (its deck-list name)."""
    printed = obj.get("printed_ref") or {}
    return str(printed.get("face_name") or obj.get("name") or "").lower()


def zone_of(obj: Mapping[str, Any]) -> Zone:
    return ZONES.get(str(obj["zone"]), Zone.COMMAND)


def unlocked_doors(obj: Mapping[str, Any]) -> frozenset[Side]:
    """The doors phase shows unlocked on a Room permanent."""
    doors = obj.get("room_unlocks")
    if not isinstance(doors, Mapping):
        return frozenset()
    return frozenset(
        side for side, key in ((Side.LEFT, "left_unlocked"), (Side.RIGHT, "right_unlocked")) if doors.get(key)
    )


def cast_option(obj: Mapping[str, Any], stack_entry: Mapping[str, Any], card: Card) -> CastOption:
    """The half (or fused) phase is casting or cast, read from phase itself: as soon as the
    half is chosen the object's face is the cast half and its back face the other one.

    The back face is what tells: a Room that left the battlefield may have a merged right
    face named "A // B" (deviation ``room-merged-face``), but its left face keeps its name.
    """
    if not card.is_split:
        return CastOption.WHOLE
    if stack_entry.get("casting_variant") == "Fuse":
        return CastOption.FUSED
    back = str((obj.get("back_face") or {}).get("name", ""))
    return CastOption.RIGHT if back.lower() == card.halves[0].name.lower() else CastOption.LEFT


def prompt_option(waiting: Mapping[str, Any], action: Mapping[str, Any]) -> CastOption | None:
    """The half (or fused) an answer to phase's half prompt chooses; ``None`` for other actions."""
    payload = action.get("data") or {}
    if action["type"] == "ChooseModalFace":
        return CastOption.RIGHT if payload.get("back_face") else CastOption.LEFT
    if action["type"] == "ChooseCastingVariant":
        options = (waiting.get("data") or {}).get("options") or []
        entry = options[int(payload["index"])]
        if entry.get("variant") == "Fuse":
            return CastOption.FUSED
        return CastOption.RIGHT if entry.get("face") == "Right" else CastOption.LEFT
    return None


def variant_index(waiting: Mapping[str, Any], option: CastOption) -> int | None:
    """The entry of phase's ``CastingVariantChoice`` options that casts this half (or fused)."""
    want = {
        CastOption.LEFT: ("Normal", "Left"),
        CastOption.RIGHT: ("Normal", "Right"),
        CastOption.FUSED: ("Fuse", "Left"),
    }.get(option)
    for index, entry in enumerate((waiting.get("data") or {}).get("options") or []):
        if (entry.get("variant"), entry.get("face")) == want:
            return index
    return None


def subtypes(obj: Mapping[str, Any]) -> frozenset[str]:
    """The subtypes phase gives an object, on either face of a split card."""
    faces = (obj, obj.get("back_face") or {})
    return frozenset(str(t) for face in faces for t in (face.get("card_types") or {}).get("subtypes") or [])


def splice_onto(obj: Mapping[str, Any]) -> tuple[str, ...]:
    """The subtypes phase reads from an object's splice keywords ("Splice onto Arcane" gives "Arcane")."""
    found = []
    for keyword in obj.get("keywords") or []:
        if isinstance(keyword, Mapping) and isinstance(keyword.get("Splice"), Mapping):
            found.append(str(keyword["Splice"].get("subtype", "")))
    return tuple(found)


def phase_mana_value(cost: Any) -> int:
    """The mana value of the mana cost phase shows on an object (the rules' is the card's)."""
    return ManaCost.parse(mana_cost_text(cost)).mana_value


class Events(Sequence[dict[str, Any]]):
    """The events of an action, converted from phase's only when read (phase decodes them anew
    on every read, and most actions' events are never looked at)."""

    def __init__(self, result: Any) -> None:
        self._result = result
        self._events: list[dict[str, Any]] | None = None

    def _load(self) -> list[dict[str, Any]]:
        if self._events is None:
            self._events = list(self._result.events)
        return self._events

    def __len__(self) -> int:
        return len(self._load())

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self._load())

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[dict[str, Any]]: ...
    def __getitem__(self, index: int | slice) -> dict[str, Any] | Sequence[dict[str, Any]]:
        return self._load()[index]
