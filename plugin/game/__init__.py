"""The game, in rooms: the host contract (:mod:`~splitcards.game.contract`), the Table that
orchestrates check, decide, act and report (:mod:`~splitcards.game.table`), the plugin machinery
with the built-in rules (:mod:`~splitcards.game.plugins`), and the settings and the registry of
rule versions (:mod:`~splitcards.game.configuration`).

The modules that 0.1 had in ``splitcards.game`` (``manager``, ``registry``, ``settings``,
``aihost``, ``hosts``, ``builtin``, ``hostcheck``) still import, with a ``DeprecationWarning``
naming the module that holds their names now.
"""

from __future__ import annotations

import warnings


def moved(old: str, new: str) -> None:
    """Warn that the module ``old`` is now ``new`` (called by the module left at the old path)."""
    warnings.warn(
        f"{old} is deprecated: import from {new} (it will be removed in a later minor release)",
        DeprecationWarning,
        # Past this function, the shim module's body and the import machinery: the importer.
        stacklevel=3,
    )
