"""The host contract tests: a real game of the host, driven through a Table, must show what the
rules told the host to do.

:class:`HostContract` holds the tests; pytest collects them from a subclass named ``Test...``
whose fixture ``splitcards_host`` gives the :class:`~splitcards.game.contract.AdapterInfo` under test.
``splitcards.tools.testing.test_contract`` is that subclass for ``--splitcards-host NAME``; a project
can write its own::

    class TestMyEngine(HostContract):
        @pytest.fixture
        def splitcards_host(self) -> AdapterInfo:
            return AdapterInfo("myengine", "My engine", new_game)

A test that needs a :class:`~splitcards.game.contract.Capability` is marked
``splitcards_needs(capability)``: it is skipped when the host declares that it lacks it, the skip
naming the declaration and its reason. A :class:`~splitcards.errors.NotSupported` raised by the
host is a skip naming the deviation it names, when the host declares it. A test marked
``strict=True`` (the copy tests) fails on any other, since a skip nothing declared would hide a
missing feature; the others skip it with a ``DeprecationWarning`` (they will fail too in a later
minor release). The games use a plugin manager with the
built-in rules only, so the installed plugins (house rules that refuse casts, say) do not change
what the host is asked to do.
"""

from __future__ import annotations

import pytest

from splitcards.errors import UnknownObject
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.contract import AdapterInfo, Capability, Host
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.rules.card import Card, Side
from splitcards.rules.model import CastOption, Phase, Player, Timing, UnlockBy, Zone

needs = pytest.mark.splitcards_needs

POOL = ("Fire // Ice", "Assault // Battery", "Wear // Tear", "Destined // Lead", "Bottomless Pool // Locker Room")
"""The cards every game of these tests is prepared with."""


@pytest.mark.splitcards_contract
class HostContract:
    """The adapter contract (docs/adapters.md), one test per promise a host makes."""

    @pytest.fixture
    def game(
        self, splitcards_host: AdapterInfo, splitcards_registry: VersionRegistry, splitcards_cards: dict[str, Card]
    ) -> Table:
        """A new game of the host under the current rules, prepared with :data:`POOL`."""
        return self.new_game(splitcards_host, splitcards_registry, splitcards_cards, "duskmourn-2024")

    @staticmethod
    def new_game(host: AdapterInfo, registry: VersionRegistry, cards: dict[str, Card], version: str) -> Table:
        """A new game of ``host`` under the rule version ``version`` of ``registry``, prepared with the ``cards``
        of :data:`POOL`, on a plugin manager without installed plugins."""
        rules = registry.get(version)
        game = host.factory(rules)
        game.prepare([cards[name] for name in POOL])
        # The tests set out only the cards a promise concerns: their spells' targets are taken as
        # chosen (601.2c is the rules' answer, tested apart from what a host carries out).
        return Table(
            game, rules, make_plugin_manager(load_entry_points=False), contract=host.contract, judge_targets=False
        )

    def test_host_satisfies_the_protocol(self, splitcards_host: AdapterInfo, game: Table) -> None:
        assert isinstance(game.host, Host)
        assert game.host.name == splitcards_host.name

    def test_create_and_view(self, game: Table, splitcards_cards: dict[str, Card]) -> None:
        obj = game.create(splitcards_cards["Fire // Ice"], Zone.HAND, Player.P2)
        view = game.view(obj)
        assert (view.card, view.zone, view.owner, view.controller) == (
            splitcards_cards["Fire // Ice"],
            Zone.HAND,
            Player.P2,
            Player.P2,
        )
        assert obj in game.host.objects()

    def test_view_of_an_unknown_object_raises_unknown_object(self, game: Table) -> None:
        with pytest.raises(UnknownObject):
            game.host.view("no-such-object")

    def test_cast_puts_the_half_on_the_stack(self, game: Table, splitcards_cards: dict[str, Card]) -> None:
        obj = game.create(splitcards_cards["Fire // Ice"], Zone.HAND)
        spell = game.cast(obj, CastOption.RIGHT)
        view = game.view(spell)
        assert view.zone is Zone.STACK
        assert view.spell is not None and view.spell.option is CastOption.RIGHT
        assert list(game.host.stack())[-1] == spell
        assert game.characteristic(spell, "names").value == ("Ice",)

    def test_stack_is_listed_bottom_to_top(self, game: Table, splitcards_cards: dict[str, Card]) -> None:
        first = game.cast(game.create(splitcards_cards["Fire // Ice"], Zone.HAND), CastOption.LEFT)
        second = game.cast(game.create(splitcards_cards["Fire // Ice"], Zone.HAND), CastOption.RIGHT)
        assert list(game.host.stack()) == [first, second]
        game.resolve()
        assert list(game.host.stack()) == [first]

    def test_resolve_moves_the_card_where_the_rules_say(self, game: Table, splitcards_cards: dict[str, Card]) -> None:
        obj = game.create(splitcards_cards["Assault // Battery"], Zone.HAND)
        game.cast(obj, CastOption.LEFT)
        game.resolve()
        assert game.view(obj).zone is Zone.GRAVEYARD
        assert game.view(obj).spell is None
        assert list(game.host.stack()) == []

    def test_fused_spell_is_both_halves(self, game: Table, splitcards_cards: dict[str, Card]) -> None:
        spell = game.cast(game.create(splitcards_cards["Wear // Tear"], Zone.HAND), CastOption.FUSED)
        facts = game.view(spell).spell
        assert facts is not None and facts.option is CastOption.FUSED
        assert game.characteristic(spell, "names").value == ("Wear", "Tear")

    @needs(Capability.CAST_PERMISSIONS, Capability.PRIORITY_TO_NON_ACTIVE)
    def test_400_7_a_card_cast_from_another_players_graveyard_goes_back_to_its_owner(
        self, game: Table, splitcards_cards: dict[str, Card]
    ) -> None:
        obj = game.create(splitcards_cards["Fire // Ice"], Zone.GRAVEYARD, Player.P1)
        game.set_turn(priority=Player.P2)
        game.cast(obj, CastOption.RIGHT, caster=Player.P2, permission=Zone.GRAVEYARD)
        assert game.view(obj).controller is Player.P2
        outcome = game.resolve()
        assert (outcome.destination, outcome.controller) == (Zone.GRAVEYARD, Player.P1)
        view = game.view(obj)
        assert (view.zone, view.owner, view.controller) == (Zone.GRAVEYARD, Player.P1, Player.P1)

    def test_aftermath_exile_is_carried_out(self, game: Table, splitcards_cards: dict[str, Card]) -> None:
        obj = game.create(splitcards_cards["Destined // Lead"], Zone.GRAVEYARD)
        game.cast(obj, CastOption.RIGHT)
        game.resolve()
        assert game.view(obj).zone is Zone.EXILE

    @needs(Capability.ROOMS)
    def test_room_doors_are_kept_by_the_host(self, game: Table, splitcards_cards: dict[str, Card]) -> None:
        room = game.create(splitcards_cards["Bottomless Pool // Locker Room"], Zone.HAND)
        game.cast(room, CastOption.LEFT)
        game.resolve()
        assert game.view(room).zone is Zone.BATTLEFIELD
        assert game.view(room).unlocked == {Side.LEFT}
        game.unlock(room, Side.RIGHT, UnlockBy.SPECIAL_ACTION)
        assert game.view(room).unlocked == {Side.LEFT, Side.RIGHT}

    def test_move_off_the_stack_ends_the_spell(self, game: Table, splitcards_cards: dict[str, Card]) -> None:
        obj = game.create(splitcards_cards["Fire // Ice"], Zone.HAND)
        game.cast(obj, CastOption.LEFT)
        game.move(obj, Zone.GRAVEYARD)
        assert game.view(obj).zone is Zone.GRAVEYARD
        assert game.view(obj).spell is None
        assert game.characteristic(obj, "names").value == ("Fire", "Ice")

    def test_a_new_game_is_in_the_first_main_phase_of_p1(self, game: Table) -> None:
        timing = game.host.timing()
        assert timing == Timing(Player.P1, Phase.MAIN1, Player.P1, stack_empty=True)
        assert (type(timing.active), type(timing.phase), type(timing.priority)) == (Player, Phase, Player)

    def test_timing_fields_left_none_stay(self, game: Table) -> None:
        game.set_turn(Player.P2, Phase.MAIN2, Player.P2)
        game.set_turn(priority=Player.P1)
        assert game.host.timing() == Timing(Player.P2, Phase.MAIN2, Player.P1, stack_empty=True)

    # -- copies (707.10, 707.12, 709.5b) --------------------------------------------------------

    @needs(Capability.COPY_SPELL, strict=True)
    def test_707_10_copy_spell_is_a_new_copy_on_top_owned_by_the_spells_controller(
        self, game: Table, splitcards_cards: dict[str, Card]
    ) -> None:
        card = splitcards_cards["Fire // Ice"]
        spell = game.cast(game.create(card, Zone.HAND, Player.P1), CastOption.RIGHT)
        before = set(game.host.objects())
        copy = game.copy_spell(spell)
        assert copy not in before
        view = game.view(copy)
        assert (view.card, view.zone, view.owner, view.controller, view.copy, view.token) == (
            card,
            Zone.STACK,
            Player.P1,
            Player.P1,
            True,
            False,
        )
        assert view.spell is not None
        assert (view.spell.option, view.spell.cast, view.spell.copy) == (CastOption.RIGHT, False, True)
        assert list(game.host.stack()) == [spell, copy]
        assert game.characteristic(copy, "names").value == ("Ice",)
        # A copy of an instant ceases to exist as it resolves (707.10a); the original stays.
        assert game.resolve().destination is None
        assert copy not in game.host.objects()
        assert list(game.host.stack()) == [spell]

    @needs(Capability.COPY_SPELL, Capability.CAST_PERMISSIONS, Capability.PRIORITY_TO_NON_ACTIVE, strict=True)
    def test_707_10_a_copy_of_a_spell_cast_by_another_player_is_that_players(
        self, game: Table, splitcards_cards: dict[str, Card]
    ) -> None:
        obj = game.create(splitcards_cards["Fire // Ice"], Zone.GRAVEYARD, Player.P1)
        game.set_turn(priority=Player.P2)
        spell = game.cast(obj, CastOption.RIGHT, caster=Player.P2, permission=Zone.GRAVEYARD)
        copy = game.copy_spell(spell)
        # Put on the stack under p2's control, the copy is p2's though the card is p1's (707.10, 108.3).
        view = game.view(copy)
        assert (view.owner, view.controller, view.copy) == (Player.P2, Player.P2, True)
        original = game.view(spell)
        assert (original.owner, original.controller) == (Player.P1, Player.P2)

    @needs(Capability.COPY_SPELL, Capability.ROOMS, strict=True)
    def test_608_3f_a_copy_of_a_permanent_spell_resolves_to_a_token_that_is_no_copy(
        self, game: Table, splitcards_cards: dict[str, Card]
    ) -> None:
        card = splitcards_cards["Bottomless Pool // Locker Room"]
        spell = game.cast(game.create(card, Zone.HAND, Player.P1), CastOption.LEFT)
        copy = game.copy_spell(spell)
        outcome = game.resolve()
        assert (outcome.destination, outcome.token) == (Zone.BATTLEFIELD, True)
        view = game.view(copy)
        assert (view.zone, view.controller, view.token, view.copy, view.spell) == (
            Zone.BATTLEFIELD,
            Player.P1,
            True,
            False,
            None,
        )
        # The door its half was cast as is unlocked as it enters (709.5d).
        assert view.unlocked == {Side.LEFT}

    @needs(Capability.COPY_CARD, strict=True)
    def test_707_12_copy_card_is_a_new_copy_in_the_cards_zone_and_its_owners(
        self, game: Table, splitcards_cards: dict[str, Card]
    ) -> None:
        card = splitcards_cards["Assault // Battery"]
        obj = game.create(card, Zone.GRAVEYARD, Player.P2)
        before = set(game.host.objects())
        copy = game.copy_card(obj)
        assert copy not in before
        view = game.view(copy)
        assert (view.card, view.zone, view.owner, view.controller, view.spell, view.copy, view.token) == (
            card,
            Zone.GRAVEYARD,
            Player.P2,
            Player.P2,
            None,
            True,
            False,
        )
        # Both halves are copied (709.3c); the original is untouched.
        assert game.characteristic(copy, "names").value == ("Assault", "Battery")
        original = game.view(obj)
        assert (original.zone, original.copy) == (Zone.GRAVEYARD, False)

    @needs(Capability.COPY_PERMANENT, Capability.ROOMS, strict=True)
    def test_709_5b_copy_permanent_is_a_new_token_with_the_halves_and_no_designations(
        self, game: Table, splitcards_cards: dict[str, Card]
    ) -> None:
        card = splitcards_cards["Bottomless Pool // Locker Room"]
        room = game.create(card, Zone.BATTLEFIELD, Player.P2)
        game.unlock(room, Side.LEFT, UnlockBy.EFFECT)
        before = set(game.host.objects())
        copy = game.copy_permanent(room)
        assert copy not in before
        view = game.view(copy)
        assert (view.card, view.zone, view.owner, view.controller, view.token, view.copy, view.unlocked) == (
            card,
            Zone.BATTLEFIELD,
            Player.P2,
            Player.P2,
            True,
            False,
            frozenset(),
        )
        assert game.view(room).unlocked == {Side.LEFT}
