"""What a host offers so that its engine's AI can play games under the split-card rules.

An :class:`AIHost` is one game in an engine with an AI of its own, in one shape for every engine,
as python-chess has one ``Move``, ``legal_moves`` and ``push``: the rules offer the moves
(:meth:`~splitcards.game.table.Table.moves`, :mod:`splitcards.game.contract.moves`),
the engine says which it can pay for and find targets for (:meth:`AIHost.playable`) and its AI
chooses among them and its own actions (:meth:`AIHost.next_action`), and the rules play the move
chosen (:meth:`~splitcards.game.table.Table.play`) and resolve a spell when priority is
passed (:meth:`~splitcards.game.table.Table.resolve`). The game loop
(:class:`splitcards.tools.play.loop.AIGame`) makes the game's :class:`~splitcards.game.table.Table`,
never the adapter, and does all of it; the host decides nothing: it starts games, relays its AI's
choices and applies its engine's own actions, and shows what its engine itself says so the rules'
answers can be compared with it (:mod:`splitcards.tools.play.differential`).

A host adapter offers AI play by setting ``ai_game`` on its
:class:`~splitcards.game.contract.AdapterInfo`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from splitcards.game.contract.host import Host
from splitcards.game.contract.moves import Move
from splitcards.rules.card import Card, Side
from splitcards.rules.model import CastOption, ObjectId, ObjectView, Player, Zone


class ActionKind(StrEnum):
    """What an action of the engine does, as far as the split-card rules are concerned."""

    CAST = "cast"
    """Casts a card: the rules decide the cast (with priority)."""
    UNLOCK = "unlock"
    """Unlocks a door by the special action: the rules decide it (709.5e)."""
    PASS = "pass"
    """Passes priority."""
    OTHER = "other"
    """Anything else (a land played, an attack): the engine carries it out alone."""


@dataclass(frozen=True, slots=True)
class Classified:
    """An engine action's kind, the object it casts or unlocks, the door it unlocks, and the move
    of the rules' it makes when the engine's AI chose one they offered."""

    kind: ActionKind
    """What the action does."""
    object: ObjectId | None = None
    """The card it casts or the Room it unlocks; ``None`` for the other kinds."""
    door: Side | None = None
    """The door it unlocks; ``None`` unless it unlocks one."""
    move: Move | None = None
    """The move the rules offered (:class:`~splitcards.game.contract.aihost.MoveOffer`) that the
    action makes, with its permission to be cast from where the card is; ``None`` for an action of
    the engine's own (the rules then decide the cast or unlock it makes all the same)."""


class MoveOffer(Protocol):
    """The moves the rules allow a player now among objects, each with its total cost: the game's
    :meth:`~splitcards.game.table.Table.moves`. An object in ``permitted`` is asked
    about with an engine effect's permission to be cast from the zone it is in."""

    def __call__(
        self, player: Player, objs: Iterable[ObjectId], permitted: Collection[ObjectId] = (), /
    ) -> tuple[Move, ...]: ...


@dataclass(frozen=True, slots=True)
class EngineAnswers:
    """What the engine itself shows of an object, for comparing with the rules' answers: its
    zone, names, mana value, whether it shows a fused spell, and the doors it shows unlocked."""

    zone: Zone
    """The zone the engine shows it in."""
    names: tuple[str, ...]
    """The names the engine gives it."""
    mana_value: int
    """The mana value the engine gives it."""
    fused: bool
    """Whether the engine shows a fused spell."""
    unlocked: frozenset[Side]
    """The doors the engine shows unlocked."""


@dataclass(frozen=True, slots=True)
class Deviation:
    """Something an engine gets wrong about the split-card rules: the rules it breaks, what it
    does, what its adapter does about it, and the test that shows it on the real engine."""

    name: str
    """Its name, which every correction made for it carries."""
    rules: tuple[str, ...]
    """The rule numbers the engine breaks."""
    engine: str
    """What the engine does."""
    adapter: str
    """What the adapter does about it."""
    test: str
    """The test that shows it on the real engine (``tests/file.py::test_name``)."""


@dataclass(frozen=True, slots=True)
class PlayerState:
    """What the engine shows of a player: life total, poison counters, cards in library, and
    whether they drew from an empty library since the last state-based actions."""

    life: int
    """The player's life total."""
    poison: int
    """Poison counters."""
    library: int
    """Cards left in the library."""
    drew_from_empty_library: bool
    """Whether the player drew from an empty library since the last state-based actions (704.5b)."""


@dataclass(frozen=True, slots=True)
class Attack:
    """The engine declared attackers: ``player`` attacks ``defender`` with the creatures named."""

    player: Player
    """The attacking player."""
    attackers: tuple[str, ...]
    """The names of the attacking creatures."""
    defender: Player
    """The player attacked."""


@dataclass(frozen=True, slots=True)
class CombatDamage:
    """The engine dealt combat damage to a player: ``amount`` in all, from the sources named."""

    player: Player
    """The player dealt damage."""
    amount: int
    """The damage in all."""
    sources: tuple[str, ...] = ()
    """The names of the creatures that dealt it."""


@dataclass(frozen=True, slots=True)
class Blocks:
    """The engine declared blockers: ``player`` blocks with the creatures named, each pair a
    blocker and the attacker it blocks (none: no creature blocks)."""

    player: Player
    """The defending player, who declares the blockers."""
    blocks: tuple[tuple[str, str], ...]
    """Each block as (the blocker's name, the attacker's name); empty when no creature blocks."""


@dataclass(frozen=True, slots=True)
class Targeted:
    """A spell or ability of the object ``source`` (named ``name``) targets what ``targets`` names:
    a player (``"p1"``) or an object, by name."""

    source: ObjectId
    """The object whose spell or ability targets."""
    name: str
    """The spell's or ability's name, as a player reads it."""
    targets: tuple[str, ...]
    """What it targets, in the engine's order: a player (``"p1"``, ``"p2"``) or an object's name."""


@dataclass(frozen=True, slots=True)
class Damage:
    """``source`` dealt ``amount`` damage to ``target`` (a player, ``"p1"``, or an object's name);
    ``life``: the player's life total after it, when the target is a player."""

    source: str
    """The name of what dealt the damage."""
    target: str
    """A player (``"p1"``, ``"p2"``) or the name of the object dealt damage."""
    amount: int
    """How much damage was dealt."""
    combat: bool = False
    """Whether it was combat damage (510.2)."""
    life: int | None = None
    """The player's life total after it, when the target is a player; ``None`` otherwise."""


@dataclass(frozen=True, slots=True)
class LifeChange:
    """A player's life total changed other than by damage: by ``amount`` (negative for a loss) to
    ``life``; ``cause``: the name of the spell or ability whose effect it was, when the engine says."""

    player: Player
    """Whose life total changed."""
    amount: int
    """By how much: positive for a gain, negative for a loss."""
    life: int
    """The life total after the change."""
    cause: str | None = None
    """The name of the spell or ability whose effect it was, when the engine says; ``None`` otherwise."""


@dataclass(frozen=True, slots=True)
class LeftBattlefield:
    """A permanent named ``name`` left the battlefield for ``zone``; ``creature``: it was a
    creature (one put into a graveyard dies, 700.4)."""

    name: str
    """The permanent's name."""
    zone: Zone
    """The zone it went to."""
    creature: bool
    """Whether it was a creature (a creature put into a graveyard from the battlefield dies, 700.4)."""


@dataclass(frozen=True, slots=True)
class LandPlayed:
    """``player`` played the land named ``name`` (305.1)."""

    player: Player
    """The player who played it."""
    name: str
    """The land's name."""


Happening = Attack | CombatDamage | Blocks | Targeted | Damage | LifeChange | LeftBattlefield | LandPlayed
"""What an engine did that the split-card rules don't decide but a reader of the game wants to see."""


class AIHost(Protocol):
    """One game in an engine whose own AI plays both players.

    The loop hands the host the rules' offer at :meth:`start`; an engine whose AI can choose among
    moves offers it those of :meth:`playable` beside its own actions, at every position it looks at
    (python-mtg's), and one whose AI can't leaves them to the loop's split-card plays (phase's). A
    move chosen is played by the loop through the Table, then :meth:`played` lets the engine do its
    part (pay, when its host's cast does not). An AI host written before ``playable``, ``played``
    and ``start``'s ``moves`` keeps working, with a ``DeprecationWarning``: the loop then judges
    moves by :meth:`mana_sources`, takes its host's cast to pay, and offers its AI no moves.

    An AI host may also have ``instead_of_passing(kept=frozenset()) -> object | None``: an
    action of :meth:`actor` to take instead of the pass its AI just chose, or ``None`` to pass
    (without the method, the AI's pass stands); ``kept`` holds the cards the player keeps this
    turn (their cast refused, or kept for a fused cast or a splice), which it must not cast (a
    method without ``kept`` is asked without it). The loop asks it after its own split-card
    plays (:mod:`splitcards.tools.play.splitplays`), so an engine whose AI passes with mana to
    spend can still cast a spell, and when its AI's cast was of a kept card. Its answer must
    follow from the game's position and ``kept`` alone: a game record keeps the AI's own action,
    and a replay comes to the same action again from it."""

    @property
    def engine(self) -> str:
        """The engine's distribution and version, as a game record names it (``"phase-python 0.103.0"``)."""

    @property
    def host(self) -> Host:
        """The game as the rules see it (the :class:`~splitcards.game.contract.Host` primitives)."""

    @property
    def deviations(self) -> Mapping[str, Deviation]:
        """The engine's documented deviations by name: every correction is named after one."""

    def start(self, deck: Sequence[Card], opponent: Sequence[Card], seed: int, moves: MoveOffer) -> None:
        """Start the game: p1 plays ``deck``, p2 ``opponent`` (in library order before the
        engine shuffles with ``seed``); both keep their opening hands. ``moves`` is the rules'
        offer (the game's :meth:`~splitcards.game.table.Table.moves`), to be asked at
        any position the engine's AI looks at; an engine whose AI can't choose among moves needn't
        ask it."""

    def over(self) -> bool:
        """Whether the game has ended."""

    def winner(self) -> Player | None:
        """The player who won (``None`` while the game goes on, or for a draw)."""

    def turn(self) -> int:
        """The turn number."""

    def actor(self) -> Player:
        """The player the engine waits for now (priority, or a choice)."""

    def next_action(self) -> object:
        """The engine's AI's action for :meth:`actor` (passing priority when it has none): one of
        the engine's own, or one of the moves the rules offer that :meth:`playable` keeps, in the
        engine's own form, when its AI chooses among them."""

    def classify(self, action: object) -> Classified:
        """What ``action`` (one of the engine's, or a move of the rules' in the engine's form) does:
        cast a card (with priority), unlock a door, pass priority, or other; for a move of the
        rules', the move."""

    def playable(self, player: Player, moves: Sequence[Move]) -> Sequence[Move]:
        """Those of ``moves`` (moves the rules allow ``player`` now) the engine could carry out now,
        in their order: it can pay their total cost (splices included) and, as far as it can tell
        before a cast, find their targets."""

    def played(self, player: Player, move: Move) -> None:
        """The rules played ``move`` for ``player`` (:meth:`~splitcards.game.table.Table.play`): the
        spell is on the stack, or the door unlocked. The engine does its part: it pays
        ``move.cost`` when its host's cast or unlock did not."""

    def pass_action(self) -> object:
        """The engine's action by which :meth:`actor` passes priority."""

    def apply(self, action: object) -> None:
        """Carry out ``action``, an action of :meth:`actor` that the rules need not decide."""

    def pass_resolves(self) -> bool:
        """Whether the engine resolves the spell on top of its stack if :meth:`actor` passes now."""

    def not_offered(self, player: Player) -> Sequence[ObjectId]:
        """The cards of ``player`` the engine never offers its AI to cast and which have a way of
        their own to be cast from where they are (an engine that casts only from the hand: the
        graveyard cards for which :func:`splitcards.rules.permissions.own_zones` names it). The
        loop asks the rules about each one before every pass, so a card with no such way is left
        out rather than asked about."""

    def mana_sources(self, player: Player) -> Sequence[frozenset[str]]:
        """The mana ``player`` could make now, one entry a mana: each untapped source's kinds of
        mana (``"W"``...``"G"``, ``"C"``) and each mana in their pool. The loop asks it what one
        more land would let a player pay (:func:`splitcards.rules.costs.payable`), to keep a card
        for a splice next turn; whether a move can be paid now is :meth:`playable`'s answer."""

    def begin_cast(self, action: object, obj: ObjectId) -> CastOption | None:
        """Begin the AI's cast of ``obj`` by ``action`` as far as the engine needs to tell how the AI casts it;
        returns the AI's choice of half, fused or whole (``None``: the engine cast nothing)."""

    def offered(self, obj: ObjectId) -> frozenset[CastOption]:
        """The halves (or fused) the engine offers for the cast of ``obj`` begun, while it waits for
        that choice."""

    def cancel_cast(self, obj: ObjectId) -> None:
        """The rules refused every way the cast of ``obj`` begun could go: undo whatever the engine began."""

    def last_corrections(self) -> Sequence[str]:
        """What the last resolution corrected in the engine's state (deviation names)."""

    def spell_left(self, obj: ObjectId, destination: Zone) -> Sequence[str]:
        """The spell ``obj`` left the stack without the rules (countered, bounced): the card goes where the
        rules said, ``destination``, if the engine put it elsewhere; returns the corrections made."""

    def player_state(self, player: Player) -> PlayerState:
        """What the engine shows of ``player`` now."""

    def happenings(self) -> Sequence[Happening]:
        """What the engine did since the last call, in order: attacks, blocks, targets, damage,
        life changes and permanents leaving the battlefield."""

    def action_record(self, action: object) -> dict[str, Any]:
        """The engine's ``action`` as JSON data, for a game record."""

    def action_from_record(self, data: Mapping[str, Any]) -> object:
        """The engine's action from ``data``, what :meth:`action_record` gave; raises ``ValueError`` for data
        that is no action of this engine."""

    def engine_answers(self, obj: ObjectId) -> EngineAnswers:
        """What the engine itself shows of the object ``obj`` now."""

    def explain(
        self, kind: str, card: Card, zone: Zone, plugin: object, engine: object, view: ObjectView | None
    ) -> str | None:
        """The deviation behind a disagreement between the rules' answer (``plugin``) and the
        engine's (``engine``), both about ``kind`` of ``card`` in ``zone`` (``view``: the object as
        the rules see it, when there is one), or ``None`` when none explains it."""
