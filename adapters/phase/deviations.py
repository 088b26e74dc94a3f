"""Where phase 0.103.0 and the split-card rules disagree, in one place.

Each :class:`~splitcards.play.contract.Deviation` names the rule phase gets wrong (or the gap
it has), what phase does, what the adapter does about it, and the test that drives the real
engine to show it. docs/phase.md carries the same table. :func:`explain` classifies a
disagreement the differential test finds; one it can't classify is a failure.
"""

from __future__ import annotations

from typing import Any

from splitcards.card import Card, Layout
from splitcards.model import CastOption, ObjectView, Zone
from splitcards.play.contract import Deviation
from splitcards.versions import RuleVersion

DEVIATIONS: tuple[Deviation, ...] = (
    Deviation(
        "split-left-half-only",
        ("709.4", "709.4a", "709.4b"),
        "Off the stack a split card's object shows only the left half's name, mana cost and color.",
        "Characteristics come from the rules, from the card's two halves (combined, or two answers under classic"
        " versions).",
        "test_709_4_split_card_in_hand_has_both_halves",
    ),
    Deviation(
        "fused-left-half-only",
        ("709.4d", "702.102b", "702.102c"),
        "A fused split spell's name and mana cost are the left half's only.",
        "The adapter records the spell as fused; the rules answer both names and the total cost.",
        "test_709_4d_fused_spell_has_both_names_and_total_cost",
    ),
    Deviation(
        "stale-fused-flag",
        ("709.3", "400.7"),
        "fused_split_spell stays true on the card after the fused spell has resolved.",
        "The view ignores phase's flag: spell facts exist only while the adapter's record says the card is on the"
        " stack.",
        "test_400_7_fused_flag_gone_after_resolution",
    ),
    Deviation(
        "aftermath-half-not-castable",
        ("702.127a",),
        "With layout aftermath phase never lets the aftermath half be cast (it checks only the front face); with"
        " layout split it offers it from the hand.",
        "Cards are built with layout split; the rules refuse the aftermath half from a hand, and the adapter casts it"
        " from a graveyard (moved to the hand for phase's cast, recorded as cast from the graveyard).",
        "test_702_127a_memory_castable_only_from_graveyard",
    ),
    Deviation(
        "aftermath-not-exiled",
        ("702.127a",),
        "The aftermath half cast from a graveyard goes to the graveyard when it resolves or leaves the stack.",
        "After it leaves the stack the adapter moves it to exile (Debug MoveToZone).",
        "test_702_127a_memory_exiled_after_cast_from_graveyard",
    ),
    Deviation(
        "room-characteristics",
        ("709.5", "709.4a"),
        "A Room permanent keeps one half's mana cost, mana value and color whatever doors are unlocked, and with"
        " both doors unlocked its name is the string 'A // B'.",
        "Characteristics come from the rules, from the unlocked doors.",
        "test_709_5_room_characteristics_from_unlocked_doors",
    ),
    Deviation(
        "room-merged-face",
        ("709.3b", "400.7"),
        "A Room card that leaves the battlefield keeps faces phase built for the permanent: after its right door and"
        " then its left were unlocked, its right face is the merged one, named 'A // B'. Cast again as its right"
        " door, the spell and the permanent are named 'A // B' (and the other door's trigger is listed twice).",
        "The cast door is read from phase's back face, which keeps the left half's name, not from the object's name;"
        " names come from the rules (a Room spell has only its door's name).",
        "test_709_3b_room_spell_after_leaving_the_battlefield_has_its_door_name",
    ),
    Deviation(
        "reload-drops-room-triggers",
        ("709.5h",),
        "load_game rebuilds a Room permanent's triggers from its front face: the other door's trigger is lost and"
        " the front door's 'when you unlock this door' fires for the wrong door.",
        "The adapter reloads only to give priority to the non-active player; a locked, untouched Room is re-entered"
        " (phase rebuilds both doors), any other damaged Room makes the step not_supported.",
        "test_709_5h_reload_keeps_room_triggers",
    ),
    Deviation(
        "version-filter",
        ("702.102a", "708.2a"),
        "phase offers fuse under every rule version (it knows only today's rules).",
        "The rules refuse fuse where the version has none (invasion-2000, classic-2009); another half is cast.",
        "test_708_2a_no_fuse_under_classic_2009",
    ),
    Deviation(
        "cast-variant-options",
        ("601.2b",),
        "CastingVariantChoice.options lists halves that can't be cast, and apply accepts a CastSpell or a"
        " ModalFaceChoice that phase does not list (the cast then sticks at a prompt offering only CancelCast, or"
        " nothing at all).",
        "The adapter applies only actions phase lists (or its AI chose); a half phase does not list is not_supported.",
        "test_709_3_half_not_offered_is_not_cast",
    ),
    Deviation(
        "no-card-copies",
        ("707.12",),
        "No way to create a card or a copy of a card outside the battlefield (Debug CreateCard is refused).",
        "copy_card uses a spare card of the same name from its owner's library, put in the same zone and recorded"
        " as a copy; create takes cards from the libraries of decks built with enough copies.",
        "test_707_12_copy_of_card_in_exile",
    ),
)
BY_NAME = {d.name: d for d in DEVIATIONS}


def explain(
    kind: str, card: Card, zone: Zone, plugin: Any, phase: Any, view: ObjectView | None, rules: RuleVersion
) -> str | None:
    """The deviation behind a disagreement between the rules' answer and phase's, or ``None``."""
    fused = view is not None and view.spell is not None and view.spell.option is CastOption.FUSED
    if kind == "castable":
        extra = set(phase) - set(plugin)
        if extra == {CastOption.FUSED} and not rules.fuse:
            return "version-filter"
        if card.layout is Layout.AFTERMATH and extra == {CastOption.RIGHT} and zone is Zone.HAND:
            return "aftermath-half-not-castable"
        return None
    if kind == "zone" and card.layout is Layout.AFTERMATH and (plugin, phase) == (Zone.EXILE, Zone.GRAVEYARD):
        return "aftermath-not-exiled"
    if kind == "fused" and (plugin, phase) == (False, True):
        return "stale-fused-flag"
    if kind == "name" and card.is_room and zone in (Zone.STACK, Zone.BATTLEFIELD):
        if zone is Zone.BATTLEFIELD and len(plugin) == 2 and phase == [" // ".join(plugin)]:
            return "room-characteristics"
        if any(card.name in str(name) for name in phase):
            return "room-merged-face"
        return None
    if kind == "mana_value" and card.is_room and zone is Zone.BATTLEFIELD:
        return "room-characteristics"
    # phase shows the left half alone: its name, or (a fused spell) its mana value.
    left = card.halves[0]
    if phase != ([left.name] if kind == "name" else [left.mana_value]):
        return None
    if zone is Zone.STACK and fused:
        return "fused-left-half-only"
    if kind == "name" and card.is_split and zone is not Zone.STACK:
        return "split-left-half-only"
    return None
