"""A timing change on a phase game: the turn, the step, priority and whether the stack is empty.

phase moves the turn and the step only by its SetPhase debug action, which drops every spell on
its stack, and gives priority on an empty stack only by a reload of its state: what phase can't do
is found out before anything is done, and a change refused part way is undone.
"""

from __future__ import annotations

from typing import Any

from splitcards.adapters.phase import carddata
from splitcards.adapters.phase.caster import Caster
from splitcards.adapters.phase.session import PhaseSession
from splitcards.adapters.phase.translate import PASS, PHASE_NAMES, seat_of
from splitcards.errors import NotSupported
from splitcards.rules.model import TimingChange


def change_timing(session: PhaseSession, caster: Caster, change: TimingChange) -> None:
    game = session.game
    active, phase, priority, stack_empty = change.active, change.phase, change.priority, change.stack_empty
    # Everything phase can't do is found out before anything is done.
    step: str | None = None
    seat = session.active
    if active is not None or phase is not None:
        seat = seat_of(active) if active is not None else session.active
        step = PHASE_NAMES[phase] if phase is not None else str(game.phase)
        if step in ("Untap", "Cleanup"):
            raise NotSupported(f"phase gives no player priority during {step}")
    if stack_empty is True and session.stack_entries():
        raise NotSupported("phase can't empty the stack without resolving or removing its objects")
    if step is not None and session.stack_entries() and (step != str(game.phase) or seat != session.active):
        # phase's SetPhase debug action clears its stack: the spells on it would be lost.
        raise NotSupported(
            "phase 0.103.0 changes the turn or the step only by its SetPhase debug action, which drops every"
            " spell on its stack: with a spell on the stack it is not done"
        )
    holder = seat if step is not None else int(game.priority_player())
    if stack_empty is False and not session.stack_entries():
        # Found out now: a refusal after the step changed would have to undo it.
        session.need_spare(holder, carddata.FILLER)
    empty = not session.stack_entries() and stack_empty is not False
    if priority is not None and seat_of(priority) != holder and empty:
        # Priority to the other player on an empty stack needs a state reload.
        blocked = session.reload_blocked_by()
        if blocked:
            raise NotSupported(
                "giving priority to the non-active player on an empty stack needs a phase state reload, which"
                f" drops the door triggers of the Room permanent {session.card_of(blocked[0]).name!r}"
                " (deviation reload-drops-room-triggers)"
            )
    before = (str(game.phase), session.active)
    # SetPhase clears phase's stack even when it changes nothing: it is asked only for a change.
    moves = step is not None and (step, seat) != before
    filler: int | None = None
    try:
        if moves:
            session.debug("SetPhase", phase=step, active_player=seat)
            session.active = seat
        if stack_empty is False and not session.stack_entries():
            # A real object on phase's stack, so phase itself refuses sorcery-speed actions.
            filler = caster.cast_scaffold(int(session.game.priority_player()), carddata.FILLER)
        if priority is not None and seat_of(priority) != int(session.game.priority_player()):
            _give_priority(session, seat_of(priority))
    except NotSupported:
        if filler is not None and session.on_stack(filler):
            session.put_back(filler)
        if moves:
            session.debug("SetPhase", phase=before[0], active_player=before[1])
            session.active = before[1]
        raise


def _give_priority(session: PhaseSession, seat: int) -> None:
    if session.stack_entries():
        session.apply(int(session.game.priority_player()), PASS)
        if int(session.game.priority_player()) == seat:
            return

    def edit(state: dict[str, Any]) -> None:
        # With an empty stack a pass would end the step: give priority by editing the state.
        state["priority_player"] = seat
        state["waiting_for"] = {"type": "Priority", "data": {"player": seat}}

    session.reload(edit)
