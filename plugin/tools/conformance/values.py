"""What a scenario's steps and checks say, read and checked once, by the loader: a typed record
of each step kind and of each query's argument, which is all the runner reads.

A step's fields are read with their readers (:data:`~splitcards.tools.conformance.fields.READERS`),
then what one field says of another is checked (a copy that is not cast takes no ``x``; only the
unlock special action pays a cost). A query's argument is read the same way. Every value is read
against what the scenario has said before it (:class:`~splitcards.tools.conformance.fields.Reading`):
an alias must name an object of an earlier step, a query's card a card of the file. What can't be
read is a :class:`~splitcards.errors.ScenarioError` naming the file, the scenario and the key: the
scenario's problem, and no run of it starts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from splitcards.errors import ScenarioError, shown
from splitcards.rules.card import Side
from splitcards.rules.conditions import Condition
from splitcards.rules.faces import FaceDownBy
from splitcards.rules.mana import COLORS, ManaCost
from splitcards.rules.model import CastFaceDown, CastOption, Phase, Player, UnlockBy, Zone
from splitcards.tools.conformance.fields import (
    NO_COST_CHANGE,
    OLDER_THAN_1_2,
    OPERATORS,
    READERS,
    CostChanges,
    Reading,
    condition,
    door,
    half,
    is_note,
    key_name,
    known_object,
    objects,
    player,
    zone,
)

# -- steps ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CreateStep:
    """``create``: a new object of the file's ``card`` in ``zone``, owned by ``owner``."""

    card: str
    zone: Zone
    owner: Player = Player.P1
    alias: str | None = None


@dataclass(frozen=True, slots=True)
class CastStep:
    """``cast``: its owner casts ``object`` as ``half``, with what the effects of the step allow."""

    object: str
    half: CastOption | None = None
    alias: str | None = None
    splice: tuple[str, ...] = ()
    x: int | None = None
    cost_change: CostChanges = NO_COST_CHANGE
    without_paying: bool = False
    permission: Zone | None = None
    flash: bool = False
    flashback: bool = False
    hybrid: tuple[str, ...] | None = None
    targets: tuple[tuple[str, ...], ...] | None = None
    caster: Player | None = None
    mana: ManaCost | None = None
    any_type: bool = False
    instead: Zone | None = None
    resolves_to: Zone | None = None
    plotted: bool = False
    face_down: CastFaceDown | None = None


@dataclass(frozen=True, slots=True)
class ResolveStep:
    """``resolve``: the top of the stack resolves (``object``, when given, must be it)."""

    object: str | None = None


@dataclass(frozen=True, slots=True)
class MoveStep:
    """``move``: ``object`` goes to ``zone``."""

    object: str
    zone: Zone


@dataclass(frozen=True, slots=True)
class CopySpellStep:
    """``copy_spell``: a copy of the spell ``object`` on the stack."""

    object: str
    alias: str | None = None


@dataclass(frozen=True, slots=True)
class CopyCardStep:
    """``copy_card``: a copy of the card ``object``, cast at once when ``cast``."""

    object: str
    alias: str | None = None
    cast: bool = False
    half: CastOption | None = None
    splice: tuple[str, ...] = ()
    x: int | None = None
    cost_change: CostChanges = NO_COST_CHANGE


@dataclass(frozen=True, slots=True)
class CopyPermanentStep:
    """``copy_permanent``: a permanent enters as a copy of ``object``."""

    object: str
    alias: str | None = None


@dataclass(frozen=True, slots=True)
class UnlockStep:
    """``unlock``: a door of ``object`` (or both, by an effect) becomes unlocked ``by`` the action or an effect."""

    object: str
    door: Side | frozenset[Side]
    by: UnlockBy = UnlockBy.SPECIAL_ACTION
    cost_change: CostChanges = NO_COST_CHANGE


@dataclass(frozen=True, slots=True)
class LockStep:
    """``lock``: the unlocked ``door`` of ``object`` becomes locked."""

    object: str
    door: Side


@dataclass(frozen=True, slots=True)
class TurnStep:
    """``turn``: the timing changes; what is ``None`` stays as it was."""

    active: Player | None = None
    phase: Phase | None = None
    priority: Player | None = None
    stack_empty: bool | None = None
    number: int | None = None


@dataclass(frozen=True, slots=True)
class PlotStep:
    """``plot``: ``player`` (the card's owner by default) plots ``object`` by the special action or an effect."""

    object: str
    by: UnlockBy = UnlockBy.SPECIAL_ACTION
    player: Player | None = None


@dataclass(frozen=True, slots=True)
class ChooseNameStep:
    """``choose_name``: ``player`` chooses ``name`` (a name, or the names of one choice) wanting ``card``."""

    card: str
    name: tuple[str, ...]
    player: Player = Player.P1
    source: str | None = None
    with_: Condition | None = None
    """The characteristics the name's card must have (format 1.3: "a noncreature, nonland card name")."""


@dataclass(frozen=True, slots=True)
class StormStep:
    """``storm`` (format 1.3): storm of the spell ``object``, a copy of it for each other spell cast
    before it this turn (702.40a); ``copies`` names the copies made, in order, and says how many."""

    object: str
    copies: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CascadeStep:
    """``cascade`` (format 1.3): cascade of the spell ``object`` (702.85a); the card it stops at is
    cast as ``half`` without paying its mana cost, or not cast when ``half`` is absent."""

    object: str
    half: CastOption | None = None


@dataclass(frozen=True, slots=True)
class DiscoverStep:
    """``discover`` (format 1.3): ``player`` discovers ``n`` (701.55a); the card it stops at is cast
    as ``half`` without paying its mana cost, or put into the player's hand when ``half`` is absent."""

    n: int
    player: Player = Player.P1
    half: CastOption | None = None


@dataclass(frozen=True, slots=True)
class ProhibitStep:
    """``prohibit`` (format 1.3): an effect forbids ``player`` to cast spells with the chosen
    ``name`` (one name, or the names of one choice), as Meddling Mage's does."""

    name: tuple[str, ...]
    player: Player


@dataclass(frozen=True, slots=True)
class ManifestStep:
    """``manifest``: the card ``object`` onto the battlefield face down by the keyword ``action``."""

    object: str
    action: FaceDownBy = FaceDownBy.MANIFEST


@dataclass(frozen=True, slots=True)
class TurnFaceUpStep:
    """``turn_face_up``: the face-down permanent ``object`` turned face up ``by`` the special action or an effect."""

    object: str
    by: UnlockBy = UnlockBy.SPECIAL_ACTION


@dataclass(frozen=True, slots=True)
class BecomeCopyStep:
    """``become_copy``: the permanent ``object`` becomes a copy of the permanent ``of``."""

    object: str
    of: str


StepValues = (
    ManifestStep
    | TurnFaceUpStep
    | BecomeCopyStep
    | CreateStep
    | CastStep
    | ResolveStep
    | MoveStep
    | CopySpellStep
    | CopyCardStep
    | CopyPermanentStep
    | UnlockStep
    | LockStep
    | TurnStep
    | PlotStep
    | ChooseNameStep
    | ProhibitStep
    | StormStep
    | CascadeStep
    | DiscoverStep
)
"""A step, read: the record of its kind."""

STEP_KINDS: dict[str, type[StepValues]] = {
    "create": CreateStep,
    "cast": CastStep,
    "resolve": ResolveStep,
    "move": MoveStep,
    "copy_spell": CopySpellStep,
    "copy_card": CopyCardStep,
    "copy_permanent": CopyPermanentStep,
    "unlock": UnlockStep,
    "lock": LockStep,
    "turn": TurnStep,
    "plot": PlotStep,
    "choose_name": ChooseNameStep,
    "manifest": ManifestStep,
    "turn_face_up": TurnFaceUpStep,
    "become_copy": BecomeCopyStep,
    "prohibit": ProhibitStep,
    "storm": StormStep,
    "cascade": CascadeStep,
    "discover": DiscoverStep,
}
"""The record of each step kind."""
ATTRIBUTES = {"as": "alias", "from": "permission", "with": "with_"}
"""The record's attribute for each field whose name is a Python keyword; the others keep theirs."""
CAST_COPY_ONLY = ("splice", "x", "cost_change")
"""The fields a ``copy_card`` takes only when the copy is cast."""


def read_step(kind: str, fields: Mapping[str, Any], where: str, at: Reading) -> StepValues:
    """The step ``kind`` with ``fields`` (known, required ones present; its ``expect_error`` and
    notes are skipped), every value read and checked.

    :raises ScenarioError: naming ``where`` and the key of the first value that can't be read.
    """
    read: dict[str, Any] = {}
    for field, value in fields.items():
        if field != "expect_error" and not is_note(field):
            read[ATTRIBUTES.get(field, field)] = READERS[field](value, f"{where}: {kind}.{field}", at)
    if kind == "copy_card" and not read.get("cast", False):
        for field in CAST_COPY_ONLY:
            if field in fields:
                raise ScenarioError(f"{where}: copy_card.{field}: only for a copy that is cast (cast: true)")
    if kind == "unlock":
        by = read.get("by", UnlockBy.SPECIAL_ACTION)
        if "cost_change" in fields and by is not UnlockBy.SPECIAL_ACTION:
            raise ScenarioError(f"{where}: unlock.cost_change: only an unlock by special_action pays a cost")
        if isinstance(read["door"], frozenset) and by is not UnlockBy.EFFECT:
            # The special action unlocks one door (709.5e); one effect may unlock both (709.5i).
            raise ScenarioError(f"{where}: unlock.door: both doors at once only by an effect (by: effect)")
    if kind == "cast" and read.get("any_type", False) and "mana" not in read:
        raise ScenarioError(f"{where}: cast.any_type: only with the mana the caster has (mana)")
    if kind == "cast" and "face_down" in read:
        # A face-down spell is the whole card, cast for {3} from its owner's hand (708.4).
        allowed = ("object", "as", "face_down", "caster", "expect_error")
        others = [f for f in fields if f not in allowed and not is_note(f)]
        if others:
            raise ScenarioError(f"{where}: cast.{others[0]}: not with face_down (a face-down spell is cast for {{3}})")
    if kind == "turn_face_up" and read.get("by") is UnlockBy.CAST:
        raise ScenarioError(f"{where}: turn_face_up.by: 'cast' (allowed: special_action, effect)")
    if kind == "lock" and isinstance(read["door"], frozenset):
        raise ScenarioError(f"{where}: lock.door: 'both' (allowed: left, right): a step locks one door")
    return STEP_KINDS[kind](**read)


def alias_given(values: StepValues) -> str | None:
    """The alias a step gives to the object it introduces (``as``), if any."""
    named = CreateStep | CastStep | CopySpellStep | CopyCardStep | CopyPermanentStep
    return values.alias if isinstance(values, named) else None


def aliases_given(values: StepValues) -> tuple[str, ...]:
    """Every alias a step gives: its ``as``, or the names of the copies a ``storm`` makes."""
    if isinstance(values, StormStep):
        return values.copies
    alias = alias_given(values)
    return (alias,) if alias is not None else ()


# -- checks --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ObjectCheck:
    """The argument of a query of one object (``names``, ``zone``...): its alias."""

    object: str


@dataclass(frozen=True, slots=True)
class HasNameCheck:
    """``has_name``: whether ``object`` has ``name``; a tuple (format 1.2) is the names of one choice."""

    object: str
    name: str | tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CanTargetCheck:
    """``can_target``: whether ``object`` is a legal ``target`` (spell, permanent, card) matching ``condition``."""

    object: str
    target: str
    condition: Condition


@dataclass(frozen=True, slots=True)
class TargetChoicesCheck:
    """``target_choices``: what may be chosen for each target of ``object`` cast as ``half`` with ``splice``."""

    object: str
    half: CastOption | None = None
    splice: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class NameChoicesCheck:
    """``name_choices``: the answers to a choice of a name wanting the file's ``card``, of a card
    with the ``described`` characteristics when given (format 1.3)."""

    card: str
    described: Condition | None = None


@dataclass(frozen=True, slots=True)
class ValueOfCheck:
    """``value_of`` (format 1.3): the one value of ``object``'s ``characteristic`` an effect uses
    without comparing it (Dark Confidant's life loss)."""

    object: str
    characteristic: str


@dataclass(frozen=True, slots=True)
class CompareCheck:
    """``compare``: ``object``'s ``characteristic`` compared by ``op`` with ``value``, or in format
    1.3 with the same characteristic of the object ``other`` (``value`` is then ``None``)."""

    object: str
    characteristic: str
    op: str
    value: int | str | None
    other: str | None = None


@dataclass(frozen=True, slots=True)
class CastableCheck:
    """``castable``: what ``object``'s owner may cast now, ``permission`` allowing it from that zone."""

    object: str
    permission: Zone | None = None
    caster: Player | None = None


@dataclass(frozen=True, slots=True)
class MovesCheck:
    """``moves``: what the Table offers ``player`` over ``objects``, those in ``permitted`` with
    an effect's permission to be cast from where they are."""

    player: Player
    objects: tuple[str, ...]
    permitted: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CanUnlockCheck:
    """``can_unlock``: whether the special action may unlock ``door`` of ``object`` now."""

    object: str
    door: Side


@dataclass(frozen=True, slots=True)
class EventsCheck:
    """``events``: the events since the start, a step (its index) or an alias (the step that gave it)."""

    since: int | str | None = None


@dataclass(frozen=True, slots=True)
class LastCostCheck:
    """``last_cost``: the total cost the last action paid; it takes no argument."""


@dataclass(frozen=True, slots=True)
class LastKnownCheck:
    """``last_known``: the query ``characteristic`` asked of ``object`` as it last existed on the battlefield."""

    object: str
    characteristic: str


CheckValues = (
    LastKnownCheck
    | ObjectCheck
    | HasNameCheck
    | CanTargetCheck
    | TargetChoicesCheck
    | NameChoicesCheck
    | ValueOfCheck
    | CompareCheck
    | CastableCheck
    | MovesCheck
    | CanUnlockCheck
    | EventsCheck
    | LastCostCheck
)
"""A check's query argument, read: the record of its query."""

TARGET_KINDS = ("spell", "permanent", "card")
CHARACTERISTICS = ("mana_value", "color")
OTHER_CHARACTERISTICS = ("mana_value", "name")
"""What format 1.3 compares two objects by (``compare.other``)."""
VALUES = ("mana_value",)
"""The characteristics ``value_of`` answers."""
_BEFORE_1_3 = ("1", "1.1", "1.2")
"""The formats that know nothing of what 1.3 gives to older queries (``compare.other``,
``name_choices: {card, with}``)."""


def read_argument(query: str, arg: Any, where: str, at: Reading, steps: int) -> CheckValues:
    """The argument ``arg`` of a ``query`` asked after ``steps`` setup steps, read and checked.

    :raises ScenarioError: naming ``where`` and the key of the first value that can't be read.
    """
    key = f"{where}: {query}"
    if query == "name_choices":
        return _name_choices(arg, key, at)
    if query == "last_cost":
        if arg not in (None, {}):
            raise ScenarioError(f"{key}: takes no argument (write last_cost: {{}})")
        return LastCostCheck()
    if query == "events":
        return _events(arg, key, at, steps)
    if query == "moves":
        return _moves(arg, key, at)
    if query == "last_known":
        return _last_known(arg, key, at)
    if query not in _MAPPED:
        return ObjectCheck(known_object(arg, key, at))
    required, optional = _MAPPED[query]
    if not isinstance(arg, Mapping) or any(k not in arg for k in required):
        raise ScenarioError(f"{key}: must be a mapping with {', '.join(required)}")
    allowed = required + optional
    unknown = [k for k in arg if k not in allowed and not is_note(k)]
    if unknown:
        raise ScenarioError(f"{key}.{key_name(unknown[0])}: unknown key (allowed: {', '.join(allowed)})")
    obj = known_object(arg["object"], key + ".object", at)
    if query == "has_name":
        return HasNameCheck(obj, _has_name(arg["name"], key + ".name", at))
    if query == "can_target":
        target = arg["target"]
        if target not in TARGET_KINDS:
            raise ScenarioError(f"{key}.target: {shown(target)} (allowed: {', '.join(TARGET_KINDS)})")
        wanted = {k: v for k, v in arg.items() if k not in ("object", "target")}
        return CanTargetCheck(obj, str(target), condition(wanted, key))
    if query == "compare":
        return _compare(obj, arg, key, at)
    if query == "value_of":
        if arg["characteristic"] not in VALUES:
            listed = ", ".join(VALUES)
            raise ScenarioError(f"{key}.characteristic: {shown(arg['characteristic'])} (allowed: {listed})")
        return ValueOfCheck(obj, str(arg["characteristic"]))
    if query == "castable":
        if "caster" in arg and at.format in _BEFORE_CASTER:
            raise ScenarioError(f"{key}.caster: unknown key in a file of format {at.format} (allowed: object, from)")
        permission = zone(arg["from"], key + ".from", at) if "from" in arg else None
        caster = player(arg["caster"], key + ".caster", at) if "caster" in arg else None
        return CastableCheck(obj, permission, caster)
    if query == "target_choices":
        chosen = half(arg["half"], key + ".half", at) if "half" in arg else None
        return TargetChoicesCheck(obj, chosen, objects(arg.get("splice"), key + ".splice", at))
    side = door(arg["door"], key + ".door", at)
    if isinstance(side, frozenset):
        raise ScenarioError(f"{key}.door: 'both' (allowed: left, right): the special action unlocks one door")
    return CanUnlockCheck(obj, side)


# The queries whose argument is a mapping: its required keys, then its optional ones (a
# description's keys, for can_target).
_MAPPED: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "has_name": (("object", "name"), ()),
    "can_target": (("object", "target"), ("types", "not_types", "colors", "not_colors", "name", "mana_value")),
    "compare": (("object", "characteristic", "op"), ("value", "other")),
    "value_of": (("object", "characteristic"), ()),
    "castable": (("object",), ("from", "caster")),
    "target_choices": (("object",), ("half", "splice")),
    "can_unlock": (("object", "door"), ()),
}


LAST_KNOWN = (
    "names",
    "mana_cost",
    "mana_values",
    "colors",
    "card_types",
    "subtypes",
    "abilities_of",
    "unlocked",
    "face_down",
)
"""The queries ``last_known`` asks of an object as it last existed on the battlefield."""


def _last_known(arg: Any, key: str, at: Reading) -> LastKnownCheck:
    if not isinstance(arg, Mapping) or "object" not in arg or "characteristic" not in arg:
        raise ScenarioError(f"{key}: must be a mapping with object, characteristic")
    unknown = [k for k in arg if k not in ("object", "characteristic") and not is_note(k)]
    if unknown:
        raise ScenarioError(f"{key}.{key_name(unknown[0])}: unknown key (allowed: object, characteristic)")
    wanted = arg["characteristic"]
    if wanted not in LAST_KNOWN:
        raise ScenarioError(f"{key}.characteristic: {shown(wanted)} (allowed: {', '.join(LAST_KNOWN)})")
    return LastKnownCheck(known_object(arg["object"], key + ".object", at), str(wanted))


_BEFORE_CASTER = ("1", "1.1", "1.2")
"""The formats whose ``castable`` knows no ``caster`` (format 1.3 adds it)."""


def _moves(arg: Any, key: str, at: Reading) -> MovesCheck:
    if not isinstance(arg, Mapping) or "player" not in arg or "objects" not in arg:
        raise ScenarioError(f"{key}: must be a mapping with player, objects (and permitted)")
    unknown = [k for k in arg if k not in ("player", "objects", "permitted") and not is_note(k)]
    if unknown:
        raise ScenarioError(f"{key}.{key_name(unknown[0])}: unknown key (allowed: player, objects, permitted)")
    if arg["objects"] is None:
        raise ScenarioError(f"{key}.objects: None (allowed: a list of objects)")
    listed = objects(arg["objects"], key + ".objects", at)
    permitted = objects(arg.get("permitted"), key + ".permitted", at)
    stray = [p for p in permitted if p not in listed]
    if stray:
        raise ScenarioError(f"{key}.permitted: {shown(stray[0])} is not one of the objects asked about")
    return MovesCheck(player(arg["player"], key + ".player", at), listed, permitted)


def _has_name(name: Any, key: str, at: Reading) -> str | tuple[str, ...]:
    if isinstance(name, str) and name:
        return name
    choice = at.format not in OLDER_THAN_1_2 and isinstance(name, list) and name
    if not choice or not all(isinstance(n, str) and n for n in name):
        wanted = "a name" if at.format in OLDER_THAN_1_2 else "a name, or a list of names of one choice"
        raise ScenarioError(f"{key}: must be {wanted}, not {shown(name)}")
    return tuple(name)


def _name_choices(arg: Any, key: str, at: Reading) -> NameChoicesCheck:
    card, described = arg, None
    if isinstance(arg, Mapping) and at.format not in _BEFORE_1_3:
        unknown = [k for k in arg if k not in ("card", "with") and not is_note(k)]
        if unknown or "card" not in arg:
            raise ScenarioError(f"{key}: must be a card, or a mapping with card (and with)")
        card = arg["card"]
        described = condition(arg["with"], key + ".with") if "with" in arg else None
    if not isinstance(card, str) or card not in at.cards:
        raise ScenarioError(f"{key}: unknown card {shown(card)} (allowed: a card of the cards section)")
    return NameChoicesCheck(card, described)


def _compare(obj: str, arg: Mapping[str, Any], key: str, at: Reading) -> CompareCheck:
    characteristic, op = arg["characteristic"], arg["op"]
    if "other" in arg:
        if at.format in _BEFORE_1_3:
            raise ScenarioError(
                f"{key}.other: unknown key in a file of format {at.format} (allowed: object, characteristic, op, value)"
            )
        other = known_object(arg["other"], key + ".other", at)
        if "value" in arg:
            raise ScenarioError(f"{key}.other: with value (allowed: value or other, not both)")
        if characteristic not in OTHER_CHARACTERISTICS:
            allowed = ", ".join(OTHER_CHARACTERISTICS)
            raise ScenarioError(f"{key}.characteristic: {shown(characteristic)} (allowed with other: {allowed})")
        ops = ("==", "!=") if characteristic == "name" else OPERATORS
        if op not in ops:
            raise ScenarioError(f"{key}.op: {shown(op)} (allowed for {characteristic}: {' '.join(ops)})")
        return CompareCheck(obj, str(characteristic), str(op), None, other)
    if "value" not in arg:
        raise ScenarioError(f"{key}: must be a mapping with object, characteristic, op, value")
    value = arg["value"]
    if characteristic not in CHARACTERISTICS:
        raise ScenarioError(f"{key}.characteristic: {shown(characteristic)} (allowed: {', '.join(CHARACTERISTICS)})")
    if characteristic == "color":
        if op not in ("==", "!="):
            raise ScenarioError(f"{key}.op: {shown(op)} (allowed for color: == !=)")
        if value not in COLORS:
            raise ScenarioError(f"{key}.value: {shown(value)} (allowed for color: {', '.join(COLORS)})")
        return CompareCheck(obj, characteristic, op, str(value))
    if op not in OPERATORS:
        raise ScenarioError(f"{key}.op: {shown(op)} (allowed: {' '.join(OPERATORS)})")
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(f"{key}.value: {shown(value)} (allowed for mana_value: a whole number)")
    return CompareCheck(obj, characteristic, str(op), value)


def _events(arg: Any, key: str, at: Reading, steps: int) -> EventsCheck:
    if arg is None:
        return EventsCheck()
    if not isinstance(arg, Mapping) or any(k != "since" and not is_note(k) for k in arg):
        raise ScenarioError(f"{key}: must be {{}} or {{since: a step index or an alias}}")
    if "since" not in arg:
        return EventsCheck()
    since = arg["since"]
    if isinstance(since, int) and not isinstance(since, bool) and 0 <= since < steps:
        return EventsCheck(since)
    if isinstance(since, str) and since in at.aliases:
        return EventsCheck(since)
    raise ScenarioError(f"{key}.since: {shown(since)} is neither a step index nor an alias")
