"""The adapter contract, run against every selected host adapter (``SPLITCARDS_HOSTS``).

Each test drives a real game of the host through :class:`~splitcards.table.Table` and checks
the state the host reports back, so a host that ignores what the rules tell it fails here.
"""

from __future__ import annotations

from splitcards.card import Card, Side
from splitcards.contract import AdapterInfo, Host
from splitcards.manager import make_plugin_manager
from splitcards.model import CastOption, Player, UnlockBy, Zone
from splitcards.table import Table
from splitcards.versions import RuleVersion

POOL = ["Fire // Ice", "Assault // Battery", "Wear // Tear", "Destined // Lead", "Bottomless Pool // Locker Room"]


def _game(
    host: AdapterInfo, v: dict[str, RuleVersion], cards: dict[str, Card], version: str = "duskmourn-2024"
) -> Table:
    game = host.factory(v[version])
    game.prepare([cards[n] for n in POOL])
    return Table(game, v[version], make_plugin_manager(load_entry_points=False))


def test_host_satisfies_the_protocol(host: AdapterInfo, v: dict[str, RuleVersion]) -> None:
    assert isinstance(host.factory(v["duskmourn-2024"]), Host)


def test_create_and_view(host: AdapterInfo, v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    t = _game(host, v, cards)
    obj = t.create(cards["Fire // Ice"], Zone.HAND, Player.P2)
    view = t.view(obj)
    assert (view.card, view.zone, view.owner) == (cards["Fire // Ice"], Zone.HAND, Player.P2)
    assert obj in t.host.objects()


def test_cast_puts_the_half_on_the_stack(host: AdapterInfo, v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    t = _game(host, v, cards)
    obj = t.create(cards["Fire // Ice"], Zone.HAND)
    spell = t.cast(obj, CastOption.RIGHT)
    view = t.view(spell)
    assert view.zone is Zone.STACK
    assert view.spell is not None and view.spell.option is CastOption.RIGHT
    assert t.host.stack()[-1] == spell
    assert t.characteristic(spell, "names").value == ("Ice",)


def test_resolve_moves_the_card_where_the_rules_say(
    host: AdapterInfo, v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    t = _game(host, v, cards)
    obj = t.create(cards["Assault // Battery"], Zone.HAND)
    t.cast(obj, CastOption.LEFT)
    t.resolve()
    assert t.view(obj).zone is Zone.GRAVEYARD
    assert t.view(obj).spell is None
    assert t.host.stack() == []


def test_aftermath_exile_is_carried_out(host: AdapterInfo, v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    t = _game(host, v, cards)
    obj = t.create(cards["Destined // Lead"], Zone.GRAVEYARD)
    t.cast(obj, CastOption.RIGHT)
    t.resolve()
    assert t.view(obj).zone is Zone.EXILE


def test_room_doors_are_kept_by_the_host(host: AdapterInfo, v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    t = _game(host, v, cards)
    room = t.create(cards["Bottomless Pool // Locker Room"], Zone.HAND)
    t.cast(room, CastOption.LEFT)
    t.resolve()
    assert t.view(room).zone is Zone.BATTLEFIELD
    assert t.view(room).unlocked == {Side.LEFT}
    t.unlock(room, Side.RIGHT, UnlockBy.SPECIAL_ACTION)
    assert t.view(room).unlocked == {Side.LEFT, Side.RIGHT}


def test_move_off_the_stack_ends_the_spell(
    host: AdapterInfo, v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    t = _game(host, v, cards)
    obj = t.create(cards["Fire // Ice"], Zone.HAND)
    t.cast(obj, CastOption.LEFT)
    t.move(obj, Zone.GRAVEYARD)
    assert t.view(obj).zone is Zone.GRAVEYARD
    assert t.view(obj).spell is None
    assert t.characteristic(obj, "names").value == ("Fire", "Ice")
