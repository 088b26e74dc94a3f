"""Who answers phase's prompts that the rules leave open (targets, triggers, choices): a
scenario's answers (:class:`ScenarioPrompts`, which also resolve triggered abilities at once so
the position is the one the scenario describes) or an AI's (:class:`AIPrompts`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from splitcards.adapters.phase.session import PROMPT_LIMIT, PhaseSession
from splitcards.adapters.phase.translate import CANCEL, PASS, action_dict, action_kind
from splitcards.errors import NotSupported

Intent = Mapping[str, Any]
Chooser = Callable[[Any, int], Any]


class Prompts(Protocol):
    """Who answers phase's prompts that the rules leave open (targets, triggers, choices)."""

    def answer(self, session: PhaseSession, intent: Intent) -> None:
        """Answer the prompt phase waits on; ``intent`` names the object or door wanted, or the
        value of X the rules were told (``{"x": 3}``)."""

    def settle(self, session: PhaseSession) -> None:
        """After a step: leave the game where the next step of whoever drives it can start."""


class ScenarioPrompts:
    """A scenario's answers: the object or door it wants, scaffold targets before its own
    objects, no target for a trigger; and triggered abilities resolved at once (scenarios
    describe positions without them)."""

    def answer(self, session: PhaseSession, intent: Intent) -> None:
        session.apply(session.actor(), scripted_choice(session, intent))

    def settle(self, session: PhaseSession) -> None:
        for _ in range(PROMPT_LIMIT):
            waiting = session.waiting()["type"]
            if waiting == "GameOver":
                return
            if waiting != "Priority":
                self.answer(session, {})
                continue
            stack = session.stack_entries()
            if stack and stack[-1]["kind"]["type"] != "Spell":
                session.apply(session.actor(), PASS)
                continue
            return


class AIPrompts:
    """phase's AI answers (through ``choose``, which returns one of phase's legal actions); the
    game loop itself handles triggered abilities as they come."""

    def __init__(self, choose: Chooser) -> None:
        self.choose = choose

    def answer(self, session: PhaseSession, intent: Intent) -> None:
        seat = session.actor()
        action = self.choose(session.game, seat)
        if action is not None and action_kind(action) != CANCEL["type"]:
            session.apply(seat, action)
            return
        session.apply(seat, scripted_choice(session, intent))

    def settle(self, session: PhaseSession) -> None:
        """Nothing to settle: the loop plays on from wherever phase is."""


def scripted_choice(session: PhaseSession, intent: Intent) -> Any:
    """A scenario's answer to phase's prompt: the intended object or door, else a scaffold
    target, a player, or no target for a trigger; never cancelling."""
    waiting = session.waiting()
    if waiting["type"] == "ChooseXValue" and "x" in intent:
        # Not looked up among phase's legal actions: phase lists every X it could pay, which with
        # a scenario's mana takes seconds; a value it refuses comes back refused.
        return {"type": "ChooseX", "data": {"value": intent["x"]}}
    options = [a for a in session.legal_actions() if action_kind(a) != CANCEL["type"]]
    if not options:
        raise NotSupported(f"phase offers nothing but cancelling at its {waiting['type']} prompt")

    def score(action: Any) -> int:
        data = action_dict(action).get("data") or {}
        if "door" in data:
            return 0 if data["door"] == intent.get("door") else 5
        target = data.get("target", "absent")
        if target == "absent":
            return 3
        if isinstance(target, Mapping) and target.get("Object") == intent.get("object"):
            return 0
        if target is None:
            return 1 if waiting["type"] in ("TriggerTargetSelection", "CopyRetarget") else 4
        if isinstance(target, Mapping) and target.get("Object") in session.scaffold:
            return 2
        if isinstance(target, Mapping) and "Player" in target:
            return 3
        return 6

    return min(options, key=score)
