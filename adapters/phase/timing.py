"""A timing change on a phase game: the turn, the step, priority and whether the stack is empty.

phase moves the turn and the step only by its SetPhase debug action, which drops every spell on
its stack, and gives priority by a pass only where the pass resolves nothing: on an empty stack,
or on a stack the other player has just passed on, priority is given by a reload of its state.
What phase can't do is found out before anything is done, and a change refused part way is
undone.
"""

from __future__ import annotations

from typing import Any

from splitcards.adapters.phase import carddata
from splitcards.adapters.phase.caster import Caster
from splitcards.adapters.phase.session import PhaseSession
from splitcards.adapters.phase.translate import PASS, PHASE_NAMES, PLAYERS, seat_of
from splitcards.errors import NotSupported
from splitcards.rules.model import TimingChange


def change_timing(session: PhaseSession, caster: Caster, change: TimingChange) -> None:
    game = session.game
    active, phase, priority, stack_empty = change.active, change.phase, change.priority, change.stack_empty
    entries = bool(session.stack_entries())
    # Everything phase can't do is found out before anything is done.
    step: str | None = None
    seat = session.active
    if active is not None or phase is not None:
        seat = seat_of(active) if active is not None else session.active
        step = PHASE_NAMES[phase] if phase is not None else str(game.phase)
        if step in ("Untap", "Cleanup"):
            raise NotSupported(f"phase gives no player priority during {step}")
    if stack_empty is True and entries:
        raise NotSupported("phase can't empty the stack without resolving or removing its objects")
    before = (str(game.phase), session.active)
    # SetPhase clears phase's stack even when it changes nothing: it is asked only for a change.
    moves = step is not None and (step, seat) != before
    if moves and entries:
        # phase's SetPhase debug action clears its stack: the spells on it would be lost.
        raise NotSupported(
            "phase 0.103.0 changes the turn or the step only by its SetPhase debug action, which drops every"
            " spell on its stack: with a spell on the stack it is not done"
        )
    # SetPhase gives priority to the new active player; otherwise it stays where it is.
    holder = seat if moves else int(game.priority_player())
    scaffold = stack_empty is False and not entries
    if scaffold:
        # Found out now: a refusal after the step changed would have to undo it.
        session.need_spare(holder, carddata.FILLER)
    wanted = seat_of(priority) if priority is not None else holder
    # The Scaffold Filler is cast by the holder, who keeps priority with no pass made on it.
    reloads = wanted != holder and not scaffold and (not entries or _pass_resolves(session))
    if reloads:
        blocked = session.reload_blocked_by()
        if blocked:
            where = "after the other player's pass on the stack" if entries else "on an empty stack"
            raise NotSupported(
                f"giving priority to {PLAYERS[wanted].value} {where} needs a phase state reload (a pass would"
                f" {'resolve the top of the stack' if entries else 'end the step'}), which drops the door triggers"
                f" of the Room permanent {session.card_of(blocked[0]).name!r} (deviation reload-drops-room-triggers)"
            )
    filler: int | None = None
    try:
        if moves:
            session.debug("SetPhase", phase=step, active_player=seat)
            session.active = seat
        if scaffold:
            # A real object on phase's stack, so phase itself refuses sorcery-speed actions.
            filler = caster.cast_scaffold(int(session.game.priority_player()), carddata.FILLER)
        if wanted != int(session.game.priority_player()):
            if reloads or not session.stack_entries():
                # A pass would end the step or resolve the top of the stack.
                _give_priority(session, wanted)
            else:
                # Nobody has passed on this stack: the pass resolves nothing (117.4).
                session.apply(int(session.game.priority_player()), PASS)
    except NotSupported:
        if filler is not None and session.on_stack(filler):
            session.put_back(filler)
        if moves:
            session.debug("SetPhase", phase=before[0], active_player=before[1])
            session.active = before[1]
        raise


def _pass_resolves(session: PhaseSession) -> bool:
    """Whether a pass now would be the last of all players' passes in a row, and so resolve the
    top of the stack (117.4, 608.1).

    Read from phase's own count, not the session's: the session counts the passes since the last
    action, and phase does not start a new round for a debug action (a move by MoveToZone, a card
    created), so a pass the session would call the first can be phase's second.
    """

    def read() -> bool:
        state = session.game.state()["state"]
        return int(state["priority_pass_count"]) + 1 >= len(state["players"])

    found: bool = session.memo(("pass resolves",), read)
    return found


def _give_priority(session: PhaseSession, seat: int) -> None:
    """Give priority to ``seat`` by editing phase's state, with no pass made since: the round of
    passes starts again, as it does when a player is given priority."""

    def edit(state: dict[str, Any]) -> None:
        state["priority_player"] = seat
        state["waiting_for"] = {"type": "Priority", "data": {"player": seat}}
        state["priority_passes"] = []
        state["priority_pass_count"] = 0

    session.reload(edit)
    session.passes = 0
