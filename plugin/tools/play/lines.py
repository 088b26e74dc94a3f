"""The words of the AI loop's log lines: what was cast, what happened, and the rules cited."""

from __future__ import annotations

from splitcards.errors import IllegalAction
from splitcards.game.contract.aihost import (
    Attack,
    Blocks,
    CombatDamage,
    Damage,
    Deviation,
    Happening,
    LandPlayed,
    LeftBattlefield,
    LifeChange,
    Targeted,
)
from splitcards.rules.card import Card
from splitcards.rules.model import CastOption, Event, EventKind, Zone


def rules_cited(*rules: tuple[str, ...]) -> str:
    """The rules of the answers behind a line, each once, in order."""
    numbers = list(dict.fromkeys(number for group in rules for number in group))
    return f" [{', '.join(numbers)}]" if numbers else ""


_HAPPENED = {
    EventKind.ENTERED_BATTLEFIELD: "enters the battlefield",
    EventKind.DOOR_UNLOCKED: "the {door} door unlocks",
    EventKind.DOOR_LOCKED: "the {door} door locks",
    EventKind.FULLY_UNLOCKED: "it is fully unlocked",
    EventKind.UNLOCK_TRIGGER: "the {door} door's unlock trigger goes on the stack",
    EventKind.NAME_CHOSEN: "a name is chosen",
    EventKind.CAST: "it is cast",
    EventKind.SPLICED: "it is spliced",
}


def happened(event: Event) -> str:
    """An event the rules reported, as words that follow its card's line."""
    return _HAPPENED[event.kind].format(door=event.door.value if event.door is not None else "a")


def what_is_cast(card: Card, option: CastOption) -> str:
    if not card.is_split or option is CastOption.WHOLE:
        return card.name
    if option is CastOption.FUSED:
        return f"{card.name} fused (both halves as one spell)"
    side = option.side
    assert side is not None
    return f"{card.half(side).name} (the {option.value} half of {card.name})"


_ARRIVES = {
    Zone.BATTLEFIELD: "enters the battlefield",
    Zone.EXILE: "is exiled",
    Zone.GRAVEYARD: "goes to its owner's graveyard",
    Zone.HAND: "returns to its owner's hand",
    Zone.LIBRARY: "is put into its owner's library",
    Zone.STACK: "goes onto the stack",
    Zone.COMMAND: "goes to the command zone",
}


def arrives(zone: Zone | None) -> str:
    """Where a card goes, as the words that follow its name."""
    return _ARRIVES[zone] if zone is not None else "ceases to exist"


def refusal(exc: IllegalAction) -> str:
    """Why the rules refused an action, with its rules cited as every line cites them."""
    return f"{exc.reason}{rules_cited(exc.rules)}"


def targeting(targets: tuple[str, ...]) -> str:
    return f" targeting {_and(targets)}" if targets else ""


def correction(host: str, name: str, deviation: Deviation | None) -> str:
    """A correction of the engine, in words that say whose mistake it was and what the rules say."""
    if deviation is None:
        return f"corrected {host}'s mistake {name}, not a documented {host} deviation: please report it"
    mistake = deviation.engine.rstrip(".")
    return f"corrected {host}'s mistake: {mistake[:1].lower()}{mistake[1:]}{rules_cited(deviation.rules)}"


def happening(event: Happening, life: int | None = None) -> str:
    """What the engine did, as a line of the log; ``life``: the life total of a player dealt
    combat damage."""
    if isinstance(event, Attack):
        return f"{event.player} attacks {event.defender} with {_and(event.attackers)}"
    if isinstance(event, Blocks):
        if not event.blocks:
            return f"{event.player} declares no blockers"
        blockers: dict[str, list[str]] = {}
        for blocker, attacker in event.blocks:
            blockers.setdefault(attacker, []).append(blocker)
        each = "; ".join(f"{attacker} with {_and(tuple(names))}" for attacker, names in blockers.items())
        return f"{event.player} blocks {each}"
    if isinstance(event, CombatDamage):
        sources = f" from {_and(event.sources)}" if event.sources else ""
        total = f", life {life}" if life is not None else ""
        return f"combat damage: {event.player} takes {event.amount}{sources}{total}"
    if isinstance(event, Targeted):
        return f"{event.name} targets {_and(event.targets)}"
    if isinstance(event, Damage):
        kind = "combat damage" if event.combat else "damage"
        after = f", life {event.life}" if event.life is not None else ""
        return f"{event.source} deals {event.amount} {kind} to {event.target}{after}"
    if isinstance(event, LifeChange):
        verb = "gains" if event.amount > 0 else "loses"
        cause = f" from {event.cause}" if event.cause else ""
        return f"{event.player} {verb} {abs(event.amount)} life{cause}, life {event.life}"
    if isinstance(event, LandPlayed):
        return f"{event.player} plays {event.name}"
    if isinstance(event, LeftBattlefield) and event.zone is Zone.GRAVEYARD and event.creature:
        return f"{event.name} dies"
    return f"{event.name} leaves the battlefield and {arrives(event.zone)}"


def _and(names: tuple[str, ...]) -> str:
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)
