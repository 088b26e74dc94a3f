"""Targets are a rules decision (601.2c, 115.1): a spell is cast only with a legal choice for each
target its text requires, a fused split spell for each half's (702.102c), a spliced card for its
own (702.47b); the Table offers no other cast, and a plugin may take choices away (hexproof)."""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import replace

import pytest

from splitcards.adapters.reference import ReferenceHost
from splitcards.errors import IllegalSplice, IllegalTarget, PluginFailure
from splitcards.game.contract.moves import CastMove
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.hooks import hookimpl
from splitcards.rules.actions import CastRequest
from splitcards.rules.card import Card
from splitcards.rules.model import Answer, CastOption, ObjectId, ObjectView, Player, Zone
from splitcards.rules.oracle import spell_targets
from splitcards.rules.targets import TargetChoices, required_targets
from splitcards.rules.versions import RuleVersion

LEFT, RIGHT, FUSED = CastOption.LEFT, CastOption.RIGHT, CastOption.FUSED


def _table(v: dict[str, RuleVersion], *plugins: object, version: str = "duskmourn-2024") -> Table:
    pm = make_plugin_manager(list(plugins), load_entry_points=False)
    return Table(ReferenceHost(), v[version], pm)


def test_601_2c_a_spell_ability_s_targets_not_a_trigger_s() -> None:
    trigger = "When you cast this spell, destroy target artifact.\nDraw a card."
    assert spell_targets(trigger) == ()
    activated = "{2}, {T}: Tap target creature.\nCounter target spell."
    assert [t.kind for t in spell_targets(activated)] == ["spell"]
    (artifact,) = spell_targets("Destroy target artifact.")
    assert (artifact.kind, [t.lower() for t in artifact.types]) == ("permanent", ["artifact"])


def test_702_102c_a_fused_spell_requires_both_halves_targets(cards: dict[str, Card]) -> None:
    wear_tear = cards["Wear // Tear"]
    assert [half for half, _ in required_targets(wear_tear, FUSED)] == [LEFT, RIGHT]
    assert [half for half, _ in required_targets(wear_tear, RIGHT)] == [RIGHT]
    # A Room's door is a permanent spell: its trigger's target is chosen when it triggers (709.5h).
    room = cards["Bottomless Pool // Locker Room"]
    assert required_targets(room, LEFT) == ()


def test_601_2c_moves_offer_no_fused_cast_without_a_target_for_each_half(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    t = _table(v)
    wt = t.create(cards["Wear // Tear"], Zone.HAND)
    t.create(cards["Ornithopter"], Zone.BATTLEFIELD, Player.P2)
    assert [m.option for m in t.moves(Player.P1, [wt]) if isinstance(m, CastMove)] == [LEFT]
    assert t.castable(wt).value == (LEFT,)
    before = t.snapshot()
    with pytest.raises(IllegalTarget, match=r"Tear.*target enchantment.*702\.102"):
        t.cast(wt, FUSED)
    assert t.snapshot() == before
    # Once there is an enchantment, the answers are asked anew: no answer kept from before.
    t.create(cards["Glorious Anthem"], Zone.BATTLEFIELD, Player.P2)
    assert set(t.castable(wt).value) == {LEFT, RIGHT, FUSED}
    assert {m.option for m in t.moves(Player.P1, [wt]) if isinstance(m, CastMove)} == {LEFT, RIGHT, FUSED}


def test_115_1_chosen_targets_must_fit_their_half(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    t = _table(v)
    wt = t.create(cards["Wear // Tear"], Zone.HAND)
    thopter = t.create(cards["Ornithopter"], Zone.BATTLEFIELD, Player.P2)
    anthem = t.create(cards["Glorious Anthem"], Zone.BATTLEFIELD, Player.P2)
    listed = t.target_choices(wt, FUSED).value
    assert [(c.half, c.objects, c.players) for c in listed] == [(LEFT, (thopter,), ()), (RIGHT, (anthem,), ())]
    before = t.snapshot()
    wrongs: list[list[list[ObjectId | Player]]] = [
        [[anthem], [thopter]],
        [[thopter]],
        [[thopter, thopter], [anthem]],
        [[Player.P2], [anthem]],
    ]
    for wrong in wrongs:
        with pytest.raises(IllegalTarget):
            t.cast(wt, FUSED, targets=wrong)
        assert t.snapshot() == before
    t.cast(wt, FUSED, targets=[[thopter], [anthem]])
    assert t.view(wt).zone is Zone.STACK


def test_115_4_any_target_is_a_player_or_a_creature_not_a_land(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    t = _table(v)
    tb = t.create(cards["Turn // Burn"], Zone.HAND)
    t.create(cards["Forest"], Zone.BATTLEFIELD)
    assert t.castable(tb).value == (RIGHT,)
    (burn,) = t.target_choices(tb, RIGHT).value
    assert (burn.objects, burn.players) == ((), (Player.P1, Player.P2))
    with pytest.raises(IllegalTarget, match="Turn"):
        t.cast(tb, LEFT)


def test_702_47b_a_spliced_card_s_target_comes_after_the_spell_s(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    t = _table(v)
    mists = t.create(cards["Reach Through Mists"], Zone.HAND)
    revival = t.create(cards["Soulless Revival"], Zone.HAND)
    with pytest.raises(IllegalSplice):
        t.cast(mists, splice=[revival])
    mine = t.create(cards["Grizzly Bears"], Zone.GRAVEYARD)
    (found,) = t.target_choices(mists, splice=[revival]).value
    assert (found.spliced, found.objects) == (revival, (mine,))


class Hexproof:
    """Permanents with these names can't be the targets of their controller's opponents' spells (702.11b)."""

    def __init__(self, *names: str) -> None:
        self.names = set(names)

    @hookimpl(wrapper=True)
    def decide_targets(
        self, rules: RuleVersion, request: CastRequest, board: Sequence[tuple[ObjectId, ObjectView]]
    ) -> Generator[None, Answer[tuple[TargetChoices, ...]], Answer[tuple[TargetChoices, ...]]]:
        found = yield
        views = dict(board)
        kept = tuple(
            replace(c, objects=tuple(o for o in c.objects if not self._shielded(views[o], request.caster)))
            for c in found.value
        )
        return Answer(kept, (*found.rules, "702.11b"), found.version)

    def _shielded(self, view: ObjectView, caster: Player) -> bool:
        return view.card.name in self.names and view.controller is not caster


def test_a_plugin_takes_target_choices_away(v: dict[str, RuleVersion], cards: dict[str, Card]) -> None:
    t = _table(v, Hexproof("Grizzly Bears"))
    tb = t.create(cards["Turn // Burn"], Zone.HAND)
    bears = t.create(cards["Grizzly Bears"], Zone.BATTLEFIELD, Player.P2)
    assert t.castable(tb).value == (RIGHT,)
    assert [m.option for m in t.moves(Player.P1, [tb]) if isinstance(m, CastMove)] == [RIGHT]
    with pytest.raises(IllegalTarget):
        t.cast(tb, FUSED)
    # The caster's own creature is no opponent's: it can be chosen.
    t.move(bears, Zone.GRAVEYARD)
    t.create(cards["Grizzly Bears"], Zone.BATTLEFIELD, Player.P1)
    assert set(t.castable(tb).value) == {LEFT, RIGHT, FUSED}


class Inventing:
    """Answers a target choice that is no object of the board."""

    @hookimpl(tryfirst=True)
    def decide_targets(
        self, rules: RuleVersion, request: CastRequest, board: Sequence[tuple[ObjectId, ObjectView]]
    ) -> Answer[tuple[TargetChoices, ...]]:
        (half, target), *_ = required_targets(request.view.card, request.option) or [(LEFT, None)]
        assert target is not None
        return Answer((TargetChoices(target, half, None, ("nowhere",), ()),), (), rules.name)


def test_a_target_choice_that_is_no_object_is_the_plugin_s_failure(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    t = _table(v, Inventing())
    wt = t.create(cards["Wear // Tear"], Zone.HAND)
    before = t.snapshot()
    with pytest.raises(PluginFailure, match="decide_targets"):
        t.cast(wt, LEFT)
    assert t.snapshot() == before


def test_a_table_that_does_not_judge_targets_takes_them_as_chosen(
    v: dict[str, RuleVersion], cards: dict[str, Card]
) -> None:
    t = Table(ReferenceHost(), v["duskmourn-2024"], judge_targets=False)
    tb = t.create(cards["Turn // Burn"], Zone.HAND)
    assert set(t.castable(tb).value) == {LEFT, RIGHT, FUSED}


def _counted(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[object]:
    """The calls of a rules function the built-in hooks call, counted: each call's first argument."""
    calls: list[object] = []
    inner = getattr(module, name)

    def counted(first: object, *args: object, **kwargs: object) -> object:
        calls.append(first)
        return inner(first, *args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_a_cast_s_targets_and_answer_are_asked_anew_only_when_what_they_read_changes(
    v: dict[str, RuleVersion], cards: dict[str, Card], monkeypatch: pytest.MonkeyPatch
) -> None:
    from splitcards.rules import casting, targets

    asked = _counted(monkeypatch, targets, "target_choices")
    checked = _counted(monkeypatch, casting, "cast_refusal")
    t = _table(v)
    wt = t.create(cards["Wear // Tear"], Zone.HAND)
    anthem = t.create(cards["Glorious Anthem"], Zone.BATTLEFIELD, Player.P2)

    def casts() -> set[CastOption]:
        return {m.option for m in t.moves(Player.P1, [wt]) if isinstance(m, CastMove)}

    assert casts() == {RIGHT}
    first = (len(asked), len(checked))
    assert min(first) > 0
    # A card put into a graveyard is nowhere "target enchantment" looks: nothing is asked anew.
    t.create(cards["Ornithopter"], Zone.GRAVEYARD, Player.P2)
    assert casts() == {RIGHT}
    assert t.castable(wt).value == (RIGHT,)
    assert (len(asked), len(checked)) == first
    # A land on the battlefield changes what it holds and no target's choices: the casts'
    # answers are given again, not checked anew.
    t.create(cards["Forest"], Zone.BATTLEFIELD, Player.P2)
    assert casts() == {RIGHT}
    assert len(checked) == first[1]
    # An artifact is a choice for Wear: both halves have a target now, and the casts are
    # checked anew.
    t.create(cards["Ornithopter"], Zone.BATTLEFIELD, Player.P2)
    assert casts() == {LEFT, RIGHT, FUSED}
    assert len(checked) > first[1]
    # The enchantment leaves: Tear's choices are read again, and its casts are gone.
    t.move(anthem, Zone.GRAVEYARD)
    assert casts() == {LEFT}
    assert t.castable(wt).value == (LEFT,)
