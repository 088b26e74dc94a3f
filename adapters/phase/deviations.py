"""Where phase 0.103.0 and the split-card rules disagree, in one place: the one vocabulary of
the phase host's deviations and gaps.

Each :class:`~splitcards.game.contract.aihost.Deviation` names the rule phase gets wrong (or the gap
it has), what phase does, what the adapter does about it, and the test that drives the real
engine to show it. docs/phase.md carries the same table. :data:`DECLARED` and :data:`LACKS` are
what the host declares on its :class:`~splitcards.game.contract.AdapterInfo`, made from these
entries, so a deviation is described once. :func:`explain` classifies a disagreement the
differential test finds; one it can't classify is a failure.
"""

from __future__ import annotations

from typing import Any

from splitcards.game.contract import Capability, Gap, KnownDeviation
from splitcards.game.contract.aihost import Deviation
from splitcards.rules.card import Card, Layout
from splitcards.rules.casting import options_of
from splitcards.rules.model import CastOption, ObjectView, Zone
from splitcards.rules.versions import RuleVersion

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
        " door, the spell and the permanent are named 'A // B' (and the other door's trigger is listed twice), and"
        " unlocking its left door again merges once more: 'A // A // B'.",
        "The cast door is read from phase's back face, which keeps the left half's name, not from the object's name;"
        " names come from the rules (a Room spell has only its door's name).",
        "test_709_3b_room_spell_after_leaving_the_battlefield_has_its_door_name",
    ),
    Deviation(
        "reload-drops-room-triggers",
        ("709.5h",),
        "load_game rebuilds a Room permanent's triggers from its front face: the other door's trigger is lost and"
        " the front door's 'when you unlock this door' fires for the wrong door.",
        "The adapter reloads only to give priority where a pass can't (on an empty stack, or after the other"
        " player's pass on the stack, which a second pass would resolve) and to write X at a splice offer"
        " (splice-offer-before-x); a locked, untouched Room is re-entered (phase rebuilds both doors), any other"
        " damaged Room makes the step not_supported.",
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
        "The adapter answers phase's half prompts only with a half phase lists (or its AI chose); a half phase does"
        " not list is not_supported, and a cast stuck at its half prompt is left by an unlisted half and"
        " CancelCast.",
        "test_709_3_half_not_offered_is_not_cast",
    ),
    Deviation(
        "splice-onto-misread",
        ("702.47a",),
        "A splice keyword is read as 'Splice onto <subtype>' up to the cost: 'Splice onto instant or sorcery {2}{U}'"
        " becomes the subtype 'Instant or sorcery', and a cost that is not mana ('Splice onto Arcane—Exile four cards"
        " from your graveyard.') becomes part of the subtype with a cost of {0}. No spell has such a subtype, so phase"
        " never offers those splices.",
        "A cast with such a splice is not_supported before anything is cast; a cast phase finishes without offering"
        " a splice the rules decided is taken back.",
        "test_702_47a_splice_phase_misreads_is_not_supported",
    ),
    Deviation(
        "no-card-copies",
        ("707.12",),
        "No way to create a card or a copy of a card outside the battlefield (Debug CreateCard is refused).",
        "copy_card uses a spare card of the same name from its owner's library, put in the same zone and recorded"
        " as a copy; a cast copy is removed when it leaves the stack (phase puts the card into a graveyard); create"
        " takes cards from the libraries of decks built with enough copies.",
        "test_707_12_copy_of_card_in_exile",
    ),
    Deviation(
        "splice-offer-before-x",
        ("601.2b", "601.2c"),
        "phase offers splices before it asks for X, and answering the offer either way goes to the targets, which"
        " it can't count when their number is X (\"Target count requires a resolved quantity before target"
        " selection\"): a spell with X targets can't be cast while a card that could be spliced onto it is in hand.",
        "At the splice offer the adapter writes the X the rules were told into phase's pending cast (chosen_x, by a"
        " state reload), as phase's own ChooseX would; phase then takes the targets and asks no X.",
        "test_601_2b_x_given_before_targets_at_splice_offer",
    ),
    Deviation(
        "caster-is-owner",
        ("601.2", "108.4a"),
        "A spell is cast by its card's owner only: phase has no way to let another player cast a card (from"
        " another player's graveyard, by an effect's permission).",
        "A cast by a player who does not own the card is not_supported before anything is cast.",
        "test_601_2_a_cast_by_another_player_than_the_owner_is_not_supported",
    ),
)
BY_NAME = {d.name: d for d in DEVIATIONS}


def _declared(name: str) -> KnownDeviation:
    """A deviation met at run time, declared as the table above describes it: the host raises
    ``NotSupported`` naming it (``(deviation NAME)``) where it meets it."""
    deviation = BY_NAME[name]
    return KnownDeviation(name, f"{deviation.engine} {deviation.adapter}", ())


DECLARED: tuple[KnownDeviation, ...] = tuple(
    _declared(name) for name in ("reload-drops-room-triggers", "splice-onto-misread", "caster-is-owner")
)
"""The deviations the phase host declares: those it meets at run time and names as it refuses."""

_MISREAD = f"{BY_NAME['splice-onto-misread'].engine} (deviation splice-onto-misread)"

LACKS: tuple[Gap, ...] = (
    Gap(
        Capability.TURN_NUMBERS,
        "the adapter sets phase's step and priority as it is told, but not its turn number: a scenario's turn"
        " numbers (a card plotted on one turn, cast on a later one) can't be set",
    ),
    Gap(Capability.SPLICE_ONTO_CARD_TYPE, _MISREAD),
    Gap(Capability.SPLICE_OTHER_COST, _MISREAD),
    Gap(
        Capability.FACE_DOWN,
        "phase manifests, cloaks and turns face up only as the effect of a card's ability it resolves itself; the"
        " adapter has no action that puts a given card onto the battlefield face down (a face-down spell resolving"
        " included) or turns it face up",
    ),
    Gap(
        Capability.BECOME_COPY,
        "phase makes a permanent a copy of another only as the effect of a card's ability it resolves itself; the"
        " adapter has no action that makes a given permanent a copy of another",
    ),
    Gap(
        Capability.LIBRARY_ORDER,
        "the phase adapter does not list phase's libraries in order or put a card on the bottom of one"
        " (Host.library, Host.put_on_bottom), so cascade and discover are not carried out on it",
    ),
    Gap(
        Capability.FLASH,
        "phase has no way to grant flash to a card: it refuses a sorcery-speed spell outside a main phase or with"
        " a non-empty stack whatever the rules allow",
    ),
)
"""The capabilities phase 0.103.0 lacks, each with its reason."""


def explain(
    kind: str, card: Card, zone: Zone, plugin: Any, phase: Any, view: ObjectView | None, rules: RuleVersion
) -> str | None:
    """The deviation behind a disagreement between the rules' answer and phase's, or ``None``.

    Each deviation excuses only the exact wrong answer phase gives, for the kind of card, the
    zone and the characteristic it is about: any other disagreement is a finding.
    """
    spell = view.spell if view is not None else None
    if kind == "castable":
        return _offered(card, zone, set(phase) - set(plugin), rules)
    if kind == "zone":
        exiled = spell is not None and spell.option is CastOption.RIGHT and spell.cast_from is Zone.GRAVEYARD
        if card.layout is Layout.AFTERMATH and exiled and (plugin, phase) == (Zone.EXILE, Zone.GRAVEYARD):
            return "aftermath-not-exiled"
        return None
    fused = spell is not None and spell.option is CastOption.FUSED
    if kind == "fused":
        return "stale-fused-flag" if fused and zone is not Zone.STACK and (plugin, phase) == (False, True) else None
    if kind == "name":
        return _name(card, zone, list(plugin), list(phase), fused)
    if kind == "mana_value":
        return _mana_value(card, zone, list(phase), fused)
    return None


def _offered(card: Card, zone: Zone, extra: set[Any], rules: RuleVersion) -> str | None:
    """A half phase offers for a cast from the hand and the rules refuse."""
    if zone is not Zone.HAND:
        return None
    # Whether the version has fuse is the rules' answer, asked of them (702.102a).
    if extra == {CastOption.FUSED} and card.fuse and CastOption.FUSED not in options_of(card, rules):
        return "version-filter"
    if extra == {CastOption.RIGHT} and card.layout is Layout.AFTERMATH:
        return "aftermath-half-not-castable"
    return None


def _name(card: Card, zone: Zone, plugin: list[str], phase: list[str], fused: bool) -> str | None:
    halves = [half.name for half in card.halves]
    if not card.is_split or plugin == phase:
        return None
    if card.is_room and zone in (Zone.STACK, Zone.BATTLEFIELD):
        # phase's merged face: "A // B", or "A // A // B" once merged again (room-merged-face).
        parts = phase[0].split(" // ") if len(phase) == 1 else []
        merged = len(parts) - 1 if len(parts) >= 2 and parts == halves[:1] * (len(parts) - 1) + halves[1:] else 0
        if merged == 1 and zone is Zone.BATTLEFIELD and plugin == halves:
            return "room-characteristics"
        # The merged face is phase's right face: the right door alone, or both doors once merged again.
        if merged and (plugin == halves[1:] or (merged > 1 and plugin == halves)):
            return "room-merged-face"
        return None
    if phase != halves[:1] or plugin != halves:
        return None
    if zone is Zone.STACK:
        return "fused-left-half-only" if fused else None
    if zone in (Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.LIBRARY):
        return "split-left-half-only"
    return None


def _mana_value(card: Card, zone: Zone, phase: list[int], fused: bool) -> str | None:
    if not card.is_split:
        return None
    if zone is Zone.STACK and fused and phase == [card.halves[0].mana_value]:
        return "fused-left-half-only"
    # A Room permanent shows the mana value of one door: the one it was cast as, or its left door.
    if zone is Zone.BATTLEFIELD and card.is_room and phase in ([half.mana_value] for half in card.halves):
        return "room-characteristics"
    return None
