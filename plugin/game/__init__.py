"""The game, in rooms: the host contract (:mod:`~splitcards.game.contract`), the Table that
orchestrates check, decide, act and report (:mod:`~splitcards.game.table`), the plugin machinery
with the built-in rules (:mod:`~splitcards.game.plugins`), and the settings and the registry of
rule versions (:mod:`~splitcards.game.configuration`).

The modules that 0.1 had in ``splitcards.game`` (``manager``, ``registry``, ``settings``,
``aihost``, ``hosts``, ``builtin``, ``hostcheck``) still import, with a ``DeprecationWarning``
naming the module that holds their names now; a name renamed since 0.1 keeps its old name the
same way (:func:`renamed`).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def moved(old: str, new: str) -> None:
    """Warn that the module ``old`` is now ``new`` (called by the module left at the old path)."""
    warnings.warn(
        f"{old} is deprecated: import from {new} (it will be removed in a later minor release)",
        DeprecationWarning,
        # Past this function, the shim module's body and the import machinery: the importer.
        stacklevel=3,
    )


def renamed(module: str, names: Mapping[str, str]) -> Callable[[str], Any]:
    """A ``__getattr__`` for ``module`` that gives each old name of ``names`` the object its new
    name (``package.module.Name``) holds, with a ``DeprecationWarning`` naming the new name."""

    def __getattr__(name: str) -> Any:
        new = names.get(name)
        if new is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        warnings.warn(
            f"{module}.{name} is deprecated: use {new} (it will be removed in a later minor release)",
            DeprecationWarning,
            # Past this function: the code that asked for the old name.
            stacklevel=2,
        )
        held, _, attribute = new.rpartition(".")
        return getattr(import_module(held), attribute)

    return __getattr__
