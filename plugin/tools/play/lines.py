"""The words of the AI loop's log lines: what was cast, what happened, and the rules cited."""

from __future__ import annotations

from splitcards.rules.card import Card
from splitcards.rules.model import CastOption, Event, EventKind


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
        return f"{card.name} fused"
    side = option.side
    assert side is not None
    return f"{card.half(side).name} (the {option.value} half of {card.name})"
