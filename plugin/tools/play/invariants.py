"""What must hold of any game after any action, whatever the host: the checks of the soak and of
the property tests."""

from __future__ import annotations

from splitcards.game.table import Table
from splitcards.rules.model import Zone


def violations(table: Table) -> list[str]:
    """Each way the game is inconsistent now (empty when it is sound):

    * every object is in exactly one zone, and the stack lists exactly the objects in the stack
      zone, each once;
    * an object has spell facts exactly while it is on the stack;
    * door designations are only on Room permanents on the battlefield, under a version with Rooms.
    """
    host = table.host
    found: list[str] = []
    views = {obj: host.view(obj) for obj in host.objects()}
    stack = list(host.stack())
    on_stack = [obj for obj, view in views.items() if view.zone is Zone.STACK]
    if len(set(stack)) != len(stack):
        found.append(f"the stack lists an object twice: {stack}")
    if set(stack) != set(on_stack):
        found.append(f"the stack {stack} is not the objects in the stack zone {on_stack}")
    for obj, view in views.items():
        name = view.card.name
        if not isinstance(view.zone, Zone):
            found.append(f"{obj} ({name}) is in no zone: {view.zone!r}")
        if (view.spell is not None) != (view.zone is Zone.STACK):
            found.append(f"{obj} ({name}) in the {view.zone} {'has' if view.spell else 'lacks'} spell facts")
        if view.unlocked and not (view.card.is_room and view.zone is Zone.BATTLEFIELD and table.rules.rooms):
            found.append(f"{obj} ({name}) in the {view.zone} has door designations {sorted(view.unlocked)}")
    return found
