"""The check that an action the rules or the engine refused, or that was aborted, left the engine
exactly as it was: zones, tapped permanents, mana pools, the stack, life totals, the spells cast
this turn and game, triggered abilities waiting, everything the engine keeps.

:class:`UntouchedGame` plays like :class:`~splitcards.tools.play.loop.AIGame` and, around each
action that may be refused (every move played, by the split-card plays or for the AI's cast, and
the AI's whole cast), takes the engine's whole state (:meth:`EngineStates.engine_state`) before
it; when the action ends refused or aborted it takes it again and records a :class:`Breach` if
the two differ. An AI host without :class:`EngineStates` is not checked (``checked`` stays 0).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from splitcards.tools.play.loop import AIGame

# The differences a breach lists: enough to see what the engine did, not its whole journal.
SHOWN = 12


@runtime_checkable
class EngineStates(Protocol):
    """An AI host that can show its engine's whole state."""

    def engine_state(self) -> object:
        """The engine's whole state now as plain data (mappings, lists, tuples, sets, scalars) that
        no later action changes: two are equal exactly when the engine's states are."""


@dataclass(frozen=True, slots=True)
class Breach:
    """An action refused or aborted on ``turn`` that left the engine's state changed."""

    turn: int
    """The turn it happened on."""
    action: str
    """What was tried (``"p1 casting Wear // Tear fused (both halves as one spell)"``)."""
    refusal: str
    """Why it did not happen: the rules' or the engine's refusal."""
    changes: tuple[str, ...]
    """Where the engine's state differs, each ``path: before -> after`` (the first :data:`SHOWN`)."""
    changed: int
    """How many places differ in all."""

    def __str__(self) -> str:
        more = f" (and {self.changed - len(self.changes)} more)" if self.changed > len(self.changes) else ""
        shown = "".join(f"\n    {change}" for change in self.changes)
        return f"turn {self.turn}: {self.action} was refused ({self.refusal}) but changed the engine{more}:{shown}"


class UntouchedGame(AIGame):
    """An :class:`~splitcards.tools.play.loop.AIGame` that checks every refused or aborted action
    left the engine's whole state as it was: ``checked`` counts the actions checked, ``breaches``
    holds those that did not."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.checked = 0
        self.breaches: list[Breach] = []

    def _engine_before(self) -> object | None:
        if not isinstance(self.ai, EngineStates):
            return None
        return self.ai.engine_state()

    def _untouched(self, before: object | None, action: str, refusal: str) -> None:
        if before is None or not isinstance(self.ai, EngineStates):
            return
        self.checked += 1
        after = self.ai.engine_state()
        if after == before:
            return
        found = list(differences(before, after))
        breach = Breach(self.ai.turn(), action, refusal, tuple(found[:SHOWN]), len(found))
        self.breaches.append(breach)
        self.log(f"BREACH {breach}")


def differences(before: object, after: object, path: str = "") -> Iterator[str]:
    """Where two engine states differ, each as ``path: before -> after`` (a set: what it gained and lost)."""
    if isinstance(before, Mapping) and isinstance(after, Mapping):
        for key in sorted({*before, *after}, key=repr):
            where = f"{path}.{key}" if path else str(key)
            if key not in before:
                yield f"{where}: absent -> {_short(after[key])}"
            elif key not in after:
                yield f"{where}: {_short(before[key])} -> absent"
            elif before[key] != after[key]:
                yield from differences(before[key], after[key], where)
    elif isinstance(before, (set, frozenset)) and isinstance(after, (set, frozenset)):
        gained, lost = after - before, before - after
        plus = f" +{_short(sorted(gained, key=repr))}" if gained else ""
        minus = f" -{_short(sorted(lost, key=repr))}" if lost else ""
        yield f"{path}:{plus}{minus}"
    elif isinstance(before, (list, tuple)) and isinstance(after, (list, tuple)) and len(before) == len(after):
        for i, (old, new) in enumerate(zip(before, after, strict=True)):
            if old != new:
                yield from differences(old, new, f"{path}[{i}]")
    elif before != after:
        yield f"{path}: {_short(before)} -> {_short(after)}"


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else f"{text[:77]}..."
