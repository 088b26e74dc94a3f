"""Targets: whether an object can be chosen for a target's description (115.1, 601.2c).

Descriptions of split cards, split spells and Rooms are judged by the split-card rules: the
characteristics the object has where it is (a fused spell both halves', one half only its own, a
Room only its unlocked doors'), and under the old rules a yes from either half (708.6a-b).
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Sequence
from dataclasses import replace
from typing import Protocol, cast, runtime_checkable

from splitcards.errors import IllegalSplice, IllegalTarget
from splitcards.rules import characteristics as ch
from splitcards.rules.actions import TargetChoices as TargetChoices
from splitcards.rules.card import Card, Target
from splitcards.rules.conditions import Condition, satisfies
from splitcards.rules.mana import COLORS
from splitcards.rules.model import Answer, CastOption, ObjectId, ObjectView, Player, Zone
from splitcards.rules.oracle import required_targets as required_targets
from splitcards.rules.oracle import spell_ability_targets
from splitcards.rules.versions import RuleVersion


def can_target(view: ObjectView, kind: str, condition: Condition, rules: RuleVersion) -> Answer[bool]:
    """Whether the object is a legal target described as a ``kind`` ("spell", "permanent" or
    "card") with ``condition`` ("target spell with mana value 8": ``Condition(mana_value=("==", 8))``)."""
    where = {"spell": view.zone is Zone.STACK, "permanent": view.zone is Zone.BATTLEFIELD}
    matched = where.get(kind, view.zone not in (Zone.STACK, Zone.BATTLEFIELD))
    if not matched:
        return Answer(False, rules.cite("target_legality", "target_description"), rules.name)
    found = satisfies(view, condition, rules)
    cited = rules.cite("target_legality") + tuple(n for n in found.rules if n not in rules.cite("target_legality"))
    return Answer(found.value, cited, rules.name)


def target_exists(
    target: Target,
    board: Sequence[ObjectView],
    rules: RuleVersion,
    caster: Player,
    exclude: ObjectView | None = None,
) -> bool:
    """Whether ``caster`` could choose this target now (601.2c, 115.1): enough objects on the board
    match its whole description (109.2a: a "card" in the named zone; 109.2b: a "spell" on the
    stack). ``exclude`` is the spell being cast, which is on the stack by then and can't target
    itself (115.5). Players can always be chosen; words of the description the rules here don't
    track (``Target.unjudged``) and abilities on the stack are taken as satisfiable."""
    if target.optional or target.kind in ("any", "player", "opponent", "ability") or target.or_player:
        return True
    found = 0
    skipped = exclude is None
    for view in board:
        if not skipped and view == exclude:
            skipped = True
            continue
        if _matches(target, view, rules, caster):
            found += 1
            if found >= target.count:
                return True
    return False


def _matches(target: Target, view: ObjectView, rules: RuleVersion, caster: Player) -> bool:
    if target.kind == "permanent":
        if view.zone is not Zone.BATTLEFIELD:
            return False
    elif target.kind == "spell":
        if view.zone is not Zone.STACK or view.spell is None:
            return False
    elif target.zone is not None:
        if view.zone.value != target.zone:
            return False
    elif view.zone in (Zone.BATTLEFIELD, Zone.STACK):
        return False
    if target.kind == "card":
        if target.owner is not None and (view.owner is caster) != (target.owner == "you"):
            return False
    elif target.controller is not None and (view.controller is caster) != (target.controller == "you"):
        return False
    types, supertypes = _type_words(view, rules)
    if target.types and not any(t.lower() in types for t in target.types):
        return False
    if any(t.lower() not in supertypes for t in target.supertypes):
        return False
    # Colors are comparisons: yes if any answer of a classic split card says yes (708.6a/b).
    if target.colors and not any(ch.holds(view, rules, "color", "==", c).value for c in target.colors):
        return False
    for word in target.excluded:
        if word in COLORS:
            if not ch.holds(view, rules, "color", "!=", word).value:
                return False
        elif word.lower() in types | supertypes:
            return False
    return all(_quality(word, view, rules) for word in target.qualities)


@functools.lru_cache(maxsize=4096)
def _type_words(view: ObjectView, rules: RuleVersion) -> tuple[frozenset[str], frozenset[str]]:
    """The object's card types and subtypes, and its supertypes, in lower case: what a target's
    description names (kept per view, as the characteristics are: each is matched against many
    descriptions at a position)."""
    types = frozenset(t.lower() for t in (*ch.card_types(view, rules).value, *ch.subtypes(view, rules).value))
    return types, frozenset(t.lower() for t in ch.supertypes(view, rules).value)


def _quality(word: str, view: ObjectView, rules: RuleVersion) -> bool:
    if word == "token":
        return view.token
    if word == "nontoken":
        return not view.token
    if word == "colorless":
        return not ch.colors(view, rules).value
    if word == "multicolored":
        return ch.multicolored(view, rules).value
    return any(len(ch.facet_colors(facet)) == 1 for facet in ch.facets(view, rules)[0])  # monocolored


# -- the targets a spell requires as it is cast (601.2c) ------------------------------------


def target_choices(
    card: Card,
    option: CastOption,
    spell: ObjectId,
    splice: Sequence[tuple[ObjectId, ObjectView]],
    board: Sequence[tuple[ObjectId, ObjectView]],
    rules: RuleVersion,
    caster: Player,
) -> Answer[tuple[TargetChoices, ...]]:
    """The legal choices for each target the spell requires (601.2c): its own text's, then each
    spliced card's (702.47d), in that order. The spell can't target itself (115.5); a target
    any player may be chosen for lists both, "target opponent" the caster's opponent."""
    wanted: list[tuple[CastOption, Target, ObjectId | None]] = [
        (half, target, None) for half, target in required_targets(card, option)
    ]
    for obj, view in splice:
        wanted += [(CastOption.WHOLE, target, obj) for target in spell_ability_targets(view.card.halves[0])]
    found = []
    for half, target, spliced in wanted:
        players = _players(target, caster)
        if target.kind == "ability":
            found.append(TargetChoices(target, half, spliced, (), players, unseen=True))
            continue
        if target.kind in ("player", "opponent"):
            found.append(TargetChoices(target, half, spliced, (), players))
            continue
        described = replace(target, kind="permanent", types=_ANY_TARGET) if target.kind == "any" else target
        matching = _matching(described, board, rules, caster)
        objects = tuple(obj for obj in matching if obj != spell)
        found.append(TargetChoices(target, half, spliced, objects, players))
    return Answer(tuple(found), rules.cite("target_legality"), rules.name)


def _matching(
    described: Target, board: Sequence[tuple[ObjectId, ObjectView]], rules: RuleVersion, caster: Player
) -> tuple[ObjectId, ...]:
    """The objects of ``board`` that match the description for ``caster``, looked for only where
    it looks (a permanent on the battlefield) on a zoned board, and once per board that keeps
    what was found (every card in a hand is asked about at each step of a game loop)."""
    if not _is(type(board), ZonedBoard):
        return tuple(obj for obj, view in board if _matches(described, view, rules, caster))
    zones = _zones(described)
    keeping = _is(type(board), KeepingBoard)
    key = (described, caster, rules.name)
    if not keeping:
        looked = cast(ZonedBoard, board).in_zones(zones)
        return tuple(obj for obj, view in looked if _matches(described, view, rules, caster))
    kept = cast(KeepingBoard, board)
    found = kept.found(zones, key)
    if found is None:
        found = tuple(obj for obj, view in kept.searching(zones) if _matches(described, view, rules, caster))
        kept.keep(zones, key, found)
    return found


@functools.cache
def _is(kind: type, protocol: type) -> bool:
    # Asked of the class once: a runtime protocol's isinstance costs more than a match.
    return issubclass(kind, protocol)


@runtime_checkable
class ZonedBoard(Protocol):
    """A board that lists the objects of some zones alone (the Table's does)."""

    def in_zones(self, zones: frozenset[Zone]) -> Sequence[tuple[ObjectId, ObjectView]]: ...


@runtime_checkable
class KeepingBoard(ZonedBoard, Protocol):
    """A zoned board that keeps what a search of some of its zones found, for one position (the
    Table's does): every card in a hand is asked about at each step of a game loop. What a search
    reads is given by ``searching``, and what it found by ``keep``: an answer of it is of what
    it found, not of every object it looked at."""

    def found(self, zones: frozenset[Zone], key: Hashable) -> tuple[ObjectId, ...] | None: ...

    def searching(self, zones: frozenset[Zone]) -> Sequence[tuple[ObjectId, ObjectView]]: ...

    def keep(self, zones: frozenset[Zone], key: Hashable, objects: tuple[ObjectId, ...]) -> None: ...


def _zones(target: Target) -> frozenset[Zone]:
    """Where an object for ``target`` can be (109.2a-b): a permanent on the battlefield, a spell
    on the stack, a card in the zone its text names or in any zone but those two."""
    if target.kind == "permanent":
        return frozenset({Zone.BATTLEFIELD})
    if target.kind == "spell":
        return frozenset({Zone.STACK})
    if target.zone is not None:
        return frozenset(z for z in Zone if z.value == target.zone)
    return frozenset(Zone) - {Zone.BATTLEFIELD, Zone.STACK}


# What "any target" may be besides a player (115.4).
_ANY_TARGET = ("Creature", "Planeswalker", "Battle")


def _players(target: Target, caster: Player) -> tuple[Player, ...]:
    whom = target.kind if target.kind in ("player", "opponent", "any") else target.or_player
    if whom in ("player", "any"):
        return (Player.P1, Player.P2)
    if whom == "opponent":
        return (caster.opponent,)
    return ()


def target_refusal(
    choices: Sequence[TargetChoices],
    chosen: Sequence[Sequence[ObjectId | Player]] | None,
    what: str,
    option: CastOption,
    rules: RuleVersion,
) -> IllegalTarget | IllegalSplice | None:
    """Why the spell can't be cast for its targets (601.2c), or ``None``: a target it requires
    with no legal choice (a fused spell needs one for each half's, 702.102c; a spliced card's
    that can't be chosen is a splice that can't be made, 702.47b), or, when the caster has
    chosen (``chosen``: one list per target, in the order of ``choices``), a choice that is not
    legal for its target, one chosen twice, or fewer than it requires (115.1, 115.3)."""
    for found in choices:
        if found.choosable:
            continue
        described = found.target.describe()
        if found.spliced is not None:
            return IllegalSplice(
                f"a card spliced onto {what!r} needs a target {described} and there is none",
                rules.cite("splice_choices"),
                rules.name,
            )
        keys = ("target_legality", "fuse") if option is CastOption.FUSED else ("target_legality",)
        return IllegalTarget(f"{what!r} needs a target {described} and there is none", rules.cite(*keys), rules.name)
    if chosen is None:
        return None
    if len(chosen) != len(choices):
        return IllegalTarget(
            f"{what!r} requires {len(choices)} target(s) and {len(chosen)} were chosen",
            rules.cite("target_legality"),
            rules.name,
        )
    for number, (found, picked) in enumerate(zip(choices, chosen, strict=True), 1):
        legal = {*found.objects, *found.players}
        wrong = [p for p in picked if p not in legal] if not found.unseen else []
        # The fewest choices its words allow: none for "up to", else its count ("two target lands").
        least = 0 if found.target.optional else found.target.count
        if wrong or len(set(picked)) != len(picked) or len(picked) < least:
            shown = ", ".join(str(p) for p in picked) or "nothing"
            return IllegalTarget(
                f"{what!r}: {shown} is no legal choice for its target {number}, {found.target.describe()}",
                rules.cite("target_legality"),
                rules.name,
            )
    return None
