"""Face-down permanents (708.2a, 701.34), a permanent becoming a copy of a Room (707.2, 709.5c) and
the last known information of a Room (608.2h): the rules' answers, under each rule version."""

from __future__ import annotations

import dataclasses

import pytest

from splitcards.cards.loaders import card_from_mtgjson
from splitcards.errors import HostError, IllegalFaceUp, IllegalZone, NotInRules
from splitcards.game.configuration.registry import load_registry
from splitcards.game.contract.capabilities import Capability, Gap
from splitcards.game.contract.memory import MemoryHost
from splitcards.game.table import Table
from splitcards.rules import characteristics as ch
from splitcards.rules import faces
from splitcards.rules.card import Card, Side
from splitcards.rules.faces import FaceDownBy, FaceUpBy
from splitcards.rules.model import CastOption, ObjectView, Zone
from splitcards.rules.versions import RuleVersion
from splitcards.tools.conformance.needs import needs
from splitcards.tools.conformance.scenario import parse
from splitcards.wire import client
from splitcards.wire.methods import Initialized

REGISTRY = load_registry()


def rules(name: str) -> RuleVersion:
    return REGISTRY.get(name)


def _split(name: str, left: tuple[str, str], right: tuple[str, str], types: list[str], sub: list[str]) -> Card:
    faces_ = [
        {"name": name, "faceName": half, "side": side, "layout": "split", "manaCost": cost, "types": types,
         "subtypes": sub, "text": "Draw a card."}
        for side, (half, cost) in (("a", left), ("b", right))
    ]  # fmt: skip
    return card_from_mtgjson(faces_, name)


POOL = _split(
    "Bottomless Pool // Locker Room", ("Bottomless Pool", "{U}"), ("Locker Room", "{4}{U}"), ["Enchantment"], ["Room"]
)
GYM = _split(
    "Moldering Gym // Weight Room", ("Moldering Gym", "{2}{G}"), ("Weight Room", "{5}{G}"), ["Enchantment"], ["Room"]
)
FIRE_ICE = _split("Fire // Ice", ("Fire", "{1}{R}"), ("Ice", "{1}{U}"), ["Instant"], [])
BEARS = card_from_mtgjson([{"name": "Grizzly Bears", "manaCost": "{1}{G}", "types": ["Creature"]}], "Grizzly Bears")


def test_a_face_down_room_is_a_2_2_creature_with_nothing_of_its_card() -> None:
    current = rules("current")
    view = ObjectView(POOL, Zone.BATTLEFIELD, unlocked=frozenset({Side.LEFT}), face_down=True)
    assert ch.names(view, current).value == ()
    assert ch.mana_values(view, current).value == (0,)
    assert ch.mana_costs(view, current).value == ()
    assert ch.colors(view, current).value == frozenset()
    assert ch.card_types(view, current).value == ("Creature",)
    assert ch.subtypes(view, current).value == ()
    assert ch.abilities_of(view, current).value == ()
    assert ch.names(view, current).rules == ("708.2", "708.2a")


def test_a_face_down_split_card_gives_one_answer_under_the_old_rules_too() -> None:
    classic = rules("classic-2013")
    face_up = ObjectView(FIRE_ICE, Zone.BATTLEFIELD)
    face_down = ObjectView(FIRE_ICE, Zone.BATTLEFIELD, face_down=True)
    assert ch.mana_values(face_up, classic).value == (2, 2)
    assert ch.mana_values(face_down, classic).value == (0,)
    assert ch.multicolored(face_down, classic).value is False
    assert ch.names(face_down, classic).rules == ("707.2", "707.2a")


@pytest.mark.parametrize(
    ("version", "cited"), [("invasion-2000", ("504.2", "502.26e")), ("classic-2009", ("707.2", "707.2a"))]
)
def test_before_manifest_a_face_down_permanent_has_the_same_characteristics(
    version: str, cited: tuple[str, ...]
) -> None:
    # Turned face down by an effect (Ixidron) or cast with morph: no step makes one under these
    # editions, which have no manifest, but their rules answer alike.
    face_down = ObjectView(FIRE_ICE, Zone.BATTLEFIELD, face_down=True)
    answer = ch.mana_values(face_down, rules(version))
    assert (answer.value, answer.rules) == ((0,), cited)
    assert ch.names(face_down, rules(version)).value == ()


def test_an_old_view_without_face_down_is_face_up() -> None:
    # The field is added with a default: constructors written before it keep working.
    view = ObjectView(POOL, Zone.BATTLEFIELD, unlocked=frozenset({Side.RIGHT}))
    assert view.face_down is False
    assert ch.names(view, rules("current")).value == ("Locker Room",)


@pytest.mark.parametrize(
    ("version", "by", "refused"),
    [
        ("invasion-2000", FaceDownBy.MANIFEST, True),
        ("classic-2009", FaceDownBy.MANIFEST, True),
        ("classic-2013", FaceDownBy.MANIFEST, False),
        ("amonkhet-2017", FaceDownBy.CLOAK, True),
        ("amonkhet-2017", FaceDownBy.MANIFEST_DREAD, True),
        ("current", FaceDownBy.CLOAK, False),
        ("current", FaceDownBy.MANIFEST_DREAD, False),
    ],
)
def test_each_keyword_action_exists_only_from_its_edition(version: str, by: FaceDownBy, refused: bool) -> None:
    found = faces.face_down_refusal(ObjectView(FIRE_ICE, Zone.LIBRARY), by, rules(version))
    assert isinstance(found, NotInRules) is refused
    if refused:
        assert found is not None and found.rules == () and "has no" in found.reason


def test_a_permanent_is_not_manifested() -> None:
    found = faces.face_down_refusal(ObjectView(BEARS, Zone.BATTLEFIELD), FaceDownBy.MANIFEST, rules("current"))
    assert isinstance(found, IllegalZone) and found.rules == ("701.34a",)


def test_the_special_action_turns_up_only_a_creature_card_and_an_effect_any() -> None:
    current = rules("current")
    room = ObjectView(POOL, Zone.BATTLEFIELD, face_down=True)
    bears = ObjectView(BEARS, Zone.BATTLEFIELD, face_down=True)
    refused = faces.face_up_refusal(room, FaceUpBy.SPECIAL_ACTION, current)
    assert isinstance(refused, IllegalFaceUp) and "701.34b" in refused.rules
    assert faces.face_up_refusal(room, FaceUpBy.EFFECT, current) is None
    assert faces.face_up_refusal(bears, FaceUpBy.SPECIAL_ACTION, current) is None
    assert isinstance(faces.face_up_refusal(replace_face(bears), FaceUpBy.EFFECT, current), IllegalFaceUp)


def replace_face(view: ObjectView) -> ObjectView:
    return ObjectView(view.card, view.zone, view.owner, view.controller)


def test_a_manifested_room_turned_face_up_has_no_door_unlocked() -> None:
    current = rules("current")
    table = Table(MemoryHost(), current)
    pool = table.create(POOL, Zone.LIBRARY)
    table.manifest(pool)
    table.turn_face_up(pool, FaceUpBy.EFFECT)
    up = table.view(pool)
    assert (up.face_down, up.unlocked) == (False, frozenset())
    assert ch.names(up, current).value == ()
    assert ch.card_types(up, current).value == ("Enchantment",)


def test_turning_face_up_unlocks_nothing_and_locks_nothing() -> None:
    # It does not enter the battlefield (708.8, 709.5d): the designations it has stay (709.5c).
    down = ObjectView(POOL, Zone.BATTLEFIELD, unlocked=frozenset({Side.LEFT}), face_down=True)
    up = faces.face_up_view(down, rules("current"))
    assert (up.face_down, up.unlocked) == (False, frozenset({Side.LEFT}))


def test_a_room_becoming_a_copy_keeps_its_designations_for_the_copied_halves() -> None:
    current = rules("current")
    pool = ObjectView(POOL, Zone.BATTLEFIELD, unlocked=frozenset({Side.RIGHT}))
    copy = faces.become_copy(pool, ObjectView(GYM, Zone.BATTLEFIELD, unlocked=frozenset({Side.LEFT})), current)
    assert isinstance(copy, ObjectView)
    assert copy.card is GYM and copy.unlocked == frozenset({Side.RIGHT})
    assert ch.names(copy, current).value == ("Weight Room",)
    assert ch.mana_values(copy, current).value == (6,)


def test_only_a_permanent_becomes_a_copy_of_a_permanent() -> None:
    found = faces.become_copy(ObjectView(BEARS, Zone.BATTLEFIELD), ObjectView(GYM, Zone.GRAVEYARD), rules("current"))
    assert isinstance(found, IllegalZone) and found.rules == ("707.2", "709.5", "709.5b", "709.5c")
    old = faces.become_copy(ObjectView(BEARS, Zone.BATTLEFIELD), ObjectView(BEARS, Zone.HAND), rules("classic-2009"))
    assert isinstance(old, IllegalZone) and old.rules == ("706.2",)


def test_a_sacrificed_room_is_known_by_the_door_unlocked_as_it_left() -> None:
    current = rules("current")
    table = Table(MemoryHost(), current)
    pool = table.create(POOL, Zone.HAND)
    table.cast(pool, CastOption.RIGHT)
    table.resolve()
    table.move(pool, Zone.GRAVEYARD)
    last = table.last_known(pool)
    assert last is not None and last.zone is Zone.BATTLEFIELD
    assert ch.mana_values(last, current).value == (5,)
    assert ch.mana_values(table.view(pool), current).value == (6,)


class _KeepsTheCopiedCard(MemoryHost):
    """A host that forgets a permanent's own card when it becomes a copy."""

    def become_copy(self, obj: str, original: str) -> None:
        self.set_view(obj, dataclasses.replace(self.view(obj), card=self.view(original).card))


def test_a_permanent_that_became_a_copy_is_its_own_card_once_it_leaves() -> None:
    for host, fails in ((MemoryHost(), False), (_KeepsTheCopiedCard(), True)):
        table = Table(host, rules("classic-2009"))
        bears = table.create(BEARS, Zone.BATTLEFIELD)
        other = table.create(card_from_mtgjson([{"name": "Runeclaw Bear", "types": ["Creature"]}], "Runeclaw Bear"),
                             Zone.BATTLEFIELD)  # fmt: skip
        table.become_copy(bears, other)
        assert table.view(bears).card.name == "Runeclaw Bear"
        if fails:
            with pytest.raises(HostError, match="still 'Runeclaw Bear', not 'Grizzly Bears'"):
                table.move(bears, Zone.GRAVEYARD)
            continue
        table.move(bears, Zone.GRAVEYARD)
        assert table.view(bears).card is BEARS
        last = table.last_known(bears)
        assert last is not None and last.card.name == "Runeclaw Bear"


def test_a_card_never_on_the_battlefield_has_no_last_known_information() -> None:
    table = Table(MemoryHost(), rules("current"))
    assert table.last_known(table.create(FIRE_ICE, Zone.GRAVEYARD)) is None


def test_a_refused_manifest_changes_nothing() -> None:
    table = Table(MemoryHost(), rules("classic-2009"))
    card = table.create(FIRE_ICE, Zone.LIBRARY)
    before = table.snapshot()
    with pytest.raises(NotInRules, match="Fate Reforged"):
        table.manifest(card)
    assert table.snapshot() == before


def test_a_manifested_card_leaving_the_battlefield_is_face_up_and_known_face_down() -> None:
    current = rules("current")
    table = Table(MemoryHost(), current)
    card = table.create(FIRE_ICE, Zone.LIBRARY)
    table.manifest(card)
    assert table.view(card).face_down
    table.move(card, Zone.GRAVEYARD)
    assert not table.view(card).face_down
    last = table.last_known(card)
    assert last is not None and last.face_down and ch.names(last, current).value == ()


def test_the_face_down_steps_need_their_capabilities() -> None:
    text = {
        "format": "1.3",
        "cards": {"Grizzly Bears": [{"name": "Grizzly Bears", "manaCost": "{1}{G}", "types": ["Creature"]}]},
        "scenarios": [
            {
                "id": "s",
                "rules": ["current"],
                "setup": [
                    {"create": {"card": "Grizzly Bears", "zone": "library", "as": "b"}},
                    {"create": {"card": "Grizzly Bears", "zone": "battlefield", "as": "c"}},
                    {"manifest": {"object": "b"}},
                    {"become_copy": {"object": "b", "of": "c"}},
                ],
                "checks": [{"last_known": {"object": "b", "characteristic": "names"}, "expect": []}],
            }
        ],
    }
    read = parse(text, "s.yaml")
    assert read.scenarios[0].problem == ""
    found = needs(read.scenarios[0], read.cards)
    assert found[Capability.FACE_DOWN] == "setup[2] manifest"
    assert found[Capability.BECOME_COPY] == "setup[3] become_copy"


def test_the_face_down_steps_are_unknown_before_format_1_3() -> None:
    text = {
        "format": "1.2",
        "cards": {},
        "scenarios": [{"id": "s", "rules": ["current"], "setup": [{"manifest": {"object": "b"}}]}],
    }
    assert "manifest: unknown step" in parse(text, "s.yaml").scenarios[0].problem


def test_an_engine_of_protocol_1_0_lacks_what_1_1_adds() -> None:
    hello = Initialized("1.0", "e", "e", "1", lacks=(Gap(Capability.ROOMS, "no Rooms"),))
    lacking = {gap.capability: gap.reason for gap in client._older_minor(hello, (1, 0)).lacks}
    assert {Capability.ROOMS, Capability.FACE_DOWN, Capability.BECOME_COPY} <= set(lacking)
    assert lacking[Capability.ROOMS] == "no Rooms"
    assert "protocol 1.0" in lacking[Capability.FACE_DOWN]
    assert client._older_minor(Initialized("1.1", "e", "e", "1"), (1, 1)).lacks == ()
