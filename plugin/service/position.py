"""A question's position, set up on a game in memory, with a Table over it.

The service answers no question itself: it places the objects the params describe on a
:class:`~splitcards.game.contract.memory.MemoryHost` and asks the
:class:`~splitcards.game.table.Table` over it, with the plugin manager of the process. So an
answer over the wire is the in-process answer, plugins and house rules included.

What a request names is looked up in what the server was started with: a rule version among the
registry's names and aliases (a request never loads a file), a card among the card pool's names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pluggy

from splitcards.errors import did_you_mean, shown
from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.contract.memory import MemoryHost
from splitcards.game.table import Table
from splitcards.rules.card import Card
from splitcards.rules.model import CastOption, ObjectId, ObjectView, Phase, Player, TimingChange, Zone
from splitcards.rules.versions import RuleVersion
from splitcards.service.params import CardQuestion, CardRef, ParamsError, Position

MAX_OTHER_CARDS = 200
"""The most cards a question may place beside its own (a hand and the cards spliced)."""


class UnknownCardName(LookupError):
    """A card name that is not in the server's card pool."""


class UnknownRules(LookupError):
    """A rule version the server does not know."""


@dataclass(frozen=True)
class Context:
    """What the server was started with: the rule versions, the default one, the card pool and the
    plugin manager whose hooks answer."""

    registry: VersionRegistry
    """The rule versions (a house rule given at start included)."""
    default_rules: str
    """The canonical name of the version a question that names none is asked under."""
    pool: Mapping[str, Card]
    """The cards a question may name, by name."""
    pm: pluggy.PluginManager
    """The plugin manager whose hooks the Tables call."""

    def rules(self, name: str | None) -> RuleVersion:
        """The version ``name`` names (``None``: the default); :class:`UnknownRules` otherwise."""
        wanted = self.default_rules if name is None else name
        registry = self.registry
        version = registry.versions.get(registry.aliases.get(wanted, wanted))
        if version is None:
            known = sorted(set(registry.versions) | set(registry.aliases))
            raise UnknownRules(
                f"unknown rule version {shown(wanted)}{did_you_mean(wanted, known)} (known: {', '.join(known)})"
            )
        return version

    def card(self, ref: CardRef, path: str) -> Card:
        """The card a question names: a Card form as it is, a name from the pool."""
        if isinstance(ref, Card):
            return ref
        card = self.pool.get(ref)
        if card is None:
            raise UnknownCardName(f"{path}: no card named {shown(ref)} in the server's card pool{self._near(ref)}")
        return card

    def _near(self, name: str) -> str:
        # A half's name is a common mistake: it finds the card it is half of.
        halves = [known for known in self.pool if name and name in known.split(" // ")][:3]
        return f" (did you mean {' or '.join(map(repr, halves))}?)" if halves else did_you_mean(name, self.pool)


@dataclass(frozen=True)
class Setup:
    """A position on the board: the Table, the card asked about, and the other cards placed."""

    table: Table
    """The Table over the position."""
    obj: ObjectId
    """The card asked about."""
    card: Card
    """Its card."""
    hand: tuple[ObjectId, ...] = ()
    """The cards placed in the acting player's hand, in the order given."""
    splice: tuple[ObjectId, ...] = ()
    """The cards to splice, placed in that hand too."""


def printed_options(card: Card) -> tuple[CastOption, ...]:
    """Every way of casting the printed card offers under some rule version: each half of a split
    card, both fused with fuse; a one-faced card whole."""
    if not card.is_split:
        return (CastOption.WHOLE,)
    return (CastOption.LEFT, CastOption.RIGHT, *((CastOption.FUSED,) if card.fuse else ()))


def acting(question: Position, caster: Player | None) -> Player:
    """The player who acts in a question: the caster, or the card's controller, or its owner."""
    if caster is not None:
        return caster
    if question.controller is not None:
        return question.controller
    if question.spell is not None and question.spell.caster is not None:
        return question.spell.caster
    return question.owner


def card_table(context: Context, question: CardQuestion) -> tuple[Table, Card]:
    """An empty Table under the question's rule version, and the card it names."""
    rules = context.rules(question.rules)
    # A question sets out one card, not the game: its spells take their targets as chosen.
    return Table(MemoryHost(), rules, context.pm, judge_targets=False), context.card(question.card, "params.card")


def set_up(
    context: Context,
    question: Position,
    caster: Player | None = None,
    hand: Sequence[CardRef] = (),
    splice: Sequence[CardRef] = (),
) -> Setup:
    """The position ``question`` describes, with ``hand`` and ``splice`` in the acting player's
    hand, on a new game under its rule version."""
    if len(hand) + len(splice) > MAX_OTHER_CARDS:
        raise ParamsError(f"params.hand: more than {MAX_OTHER_CARDS} cards in a hand and spliced")
    rules = context.rules(question.rules)
    card = context.card(question.card, "params.card")
    others = [context.card(ref, f"params.hand[{i}]") for i, ref in enumerate(hand)]
    spliced = [context.card(ref, f"params.splice[{i}]") for i, ref in enumerate(splice)]
    if question.spell is not None and question.spell.option not in printed_options(card):
        # A spell is one of the ways its printed card offers: no fused Room, no half of Grizzly Bears.
        offered = ", ".join(option.value for option in printed_options(card))
        raise ParamsError(f"params.spell.option: {card.name!r} is cast {offered}, not {question.spell.option.value}")
    host = MemoryHost()
    player = acting(question, caster)
    controller = question.controller
    if controller is None:
        spell_caster = question.spell.caster if question.spell is not None else None
        controller = spell_caster if spell_caster is not None else question.owner
    view = ObjectView(
        card,
        question.zone,
        question.owner,
        controller,
        question.spell,
        question.unlocked,
        question.token,
        question.copy,
    )
    table = Table(host, rules, context.pm, judge_targets=False)
    if view.zone is Zone.STACK:
        # A card that does not exist under the rule version is the rules' refusal (UnknownCard).
        table.check_card(card)
        obj = host.place(view)
    else:
        # Created where the question puts it, as a game would: the rules refuse a card that does
        # not exist, or a zone it can't be in (an instant on the battlefield, 400.4a).
        obj = table.create(card, view.zone, view.owner)
        if host.view(obj) != view:
            host.set_view(obj, view)  # its controller, doors, or being a token or copy
    placed_hand = tuple(host.place(ObjectView(c, Zone.HAND, player, player)) for c in others)
    placed_splice = tuple(host.place(ObjectView(c, Zone.HAND, player, player)) for c in spliced)
    for each in (*others, *spliced):
        table.check_card(each)
    # A spell asked about is on the stack: the stack is not empty, whatever the timing says.
    timing = question.timing
    if timing is None:
        host.set_timing(TimingChange(player, Phase.MAIN1, player, None))
    else:
        empty = timing.stack_empty if question.zone is not Zone.STACK else None
        host.set_timing(TimingChange(timing.active, timing.phase, timing.priority, empty))
    return Setup(table, obj, card, placed_hand, placed_splice)
