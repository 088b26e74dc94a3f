"""What a caller gives the Table, read into the rules' types before any rule looks at it.

A plain string where an enum belongs is read as that enum's value (``"left"``, ``"hand"``) or
refused with :class:`~splitcards.errors.IllegalChoice`. A :class:`CastOrder` (what a player asks
to cast, by object id) becomes the rules' :class:`~splitcards.rules.actions.CastRequest`, with
the views of the card and its splices read from the host.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Concatenate, ParamSpec, Protocol, TypeVar

from splitcards.errors import IllegalChoice
from splitcards.rules.actions import NO_GRANTS, CastGrants, CastRequest
from splitcards.rules.costs import CostEffect
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption, ObjectId, ObjectView, Player, Zone
from splitcards.rules.versions import RuleVersion

E = TypeVar("E", bound=StrEnum)
P = ParamSpec("P")
R = TypeVar("R")
S = TypeVar("S")


def enum_of(kind: type[E], value: E | str, what: str, rules: RuleVersion) -> E:
    """``value`` as a member of ``kind``: a member, or a string that is one's value."""
    if isinstance(value, kind):
        return value
    try:
        return kind(value)
    except ValueError:
        allowed = ", ".join(member.value for member in kind)
        raise IllegalChoice(f"{what} {value!r:.60} is not one of: {allowed}", (), rules.name) from None


@dataclass(frozen=True, slots=True)
class CastOrder:
    """What a player asks to cast, by object id: the parameters of ``Table.cast`` and
    ``Table.cast_decision`` (``table.cast(obj, CastOption.LEFT, x=3)``). A plain string is
    read as the enum it names (``"left"``, ``"p2"``, ``"graveyard"``)."""

    obj: ObjectId
    """The card to cast."""
    option: CastOption | None = None
    """Which half (``LEFT``, ``RIGHT``), both (``FUSED``), or ``WHOLE``; ``None`` for a one-faced card (a split
    card cast with none is refused, 709.3)."""
    splice: Sequence[ObjectId] = ()
    """Cards to splice onto it, revealed from the caster's hand, in that order (702.47a)."""
    caster: Player | None = None
    """Who casts it; ``None``: its owner."""
    permission: Zone | None = None
    """A zone an effect lets it be cast from (601.3); ``None``: where the rules allow."""
    without_paying: bool = False
    """Cast without paying its mana cost (118.9); additional costs are still paid."""
    x: int | None = None
    """The value announced for X (107.3a); ``None``: not announced (X is 0)."""
    cost_increase: ManaCost | None = None
    """A plain increase of its total cost (601.2f); ``None``: none."""
    cost_reduction: ManaCost | None = None
    """A plain reduction of its total cost (601.2f); ``None``: none."""
    grants: CastGrants = NO_GRANTS
    """What effects add: spell-cost effects, hybrid choices, flash, flashback
    (:class:`~splitcards.rules.actions.CastGrants`)."""
    targets: Sequence[Sequence[ObjectId | Player]] | None = None
    """The objects (by id) and players (a :class:`~splitcards.rules.model.Player`) chosen for each
    target the spell requires, in the order of ``Table.target_choices`` (601.2c); ``None``: the
    engine chooses them, and the rules only ask that each can be chosen."""
    mana: ManaCost | None = None
    """The mana the caster has to pay the total cost with (601.2g-h); ``None``: the payment is
    taken as made (the engine pays)."""


def takes_order(
    make: Callable[P, CastOrder],
) -> Callable[[Callable[[S, CastOrder], R]], Callable[Concatenate[S, P], R]]:
    """A method taking one :class:`CastOrder`, called with the order's fields as its parameters
    (``table.cast(obj, CastOption.LEFT, caster=Player.P2)``): the fields are written once, in
    the order's class, for every method that takes one."""

    def decorate(method: Callable[[S, CastOrder], R]) -> Callable[Concatenate[S, P], R]:
        @functools.wraps(method)
        def call(self: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
            return method(self, make(*args, **kwargs))

        fields = list(inspect.signature(make).parameters.values())
        own = next(iter(inspect.signature(method).parameters.values()))
        signature = inspect.signature(method).replace(parameters=[own, *fields])
        setattr(call, "__signature__", signature)  # noqa: B010  (what help() and IDEs show)
        return call

    return decorate


class _Views(Protocol):
    def view(self, obj: ObjectId, /) -> ObjectView: ...


def cast_request(
    order: CastOrder, view: ObjectView, host: _Views, rules: RuleVersion, during_resolution: bool = False
) -> CastRequest:
    """The rules' request for ``order``, ``view`` being the card as it is now, with what its
    grants add (their X and plain cost changes, for a cast copy, where they give them)."""
    # A split card cast with no half chosen is refused by the rules' check of the option (709.3).
    option = order.option if order.option is not None else CastOption.WHOLE
    grants = order.grants
    return CastRequest(
        object=order.obj,
        view=view,
        option=enum_of(CastOption, option, "cast option", rules),
        caster=enum_of(Player, order.caster, "player", rules) if order.caster is not None else view.owner,
        permission=enum_of(Zone, order.permission, "zone", rules) if order.permission is not None else None,
        splice=tuple((s, host.view(s)) for s in order.splice),
        during_resolution=during_resolution,
        without_paying=order.without_paying,
        x=grants.x if grants.x is not None else order.x,
        cost_increase=grants.cost_increase if grants.cost_increase is not None else order.cost_increase,
        cost_reduction=grants.cost_reduction if grants.cost_reduction is not None else order.cost_reduction,
        cost_effects=grants.cost_effects,
        hybrid=grants.hybrid,
        flash=grants.flash,
        flashback=grants.flashback,
        chosen_targets=_chosen(order.targets),
        mana=order.mana,
        any_type=grants.any_type,
        plotted=grants.plotted,
        instead=grants.instead,
        resolves_to=grants.resolves_to,
    )


def _chosen(targets: Sequence[Sequence[ObjectId | Player]] | None) -> tuple[tuple[ObjectId | Player, ...], ...] | None:
    # A string is an object's id: a player is named by the enum, since an id may be any string.
    return None if targets is None else tuple(tuple(each) for each in targets)


def costs_given(
    increase: ManaCost | None, reduction: ManaCost | None, effects: Sequence[CostEffect]
) -> tuple[CostEffect, ...]:
    """The cost changes a caller gave, as effects: a plain increase or reduction is an effect
    with no condition, which changes the cost of the action it is given for."""
    plain = [CostEffect(amount, up) for amount, up in ((increase, True), (reduction, False)) if amount is not None]
    return (*plain, *effects)
