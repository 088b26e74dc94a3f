"""Deprecated: what the phase host declares is in :mod:`splitcards.adapters.phase.deviations`.

``LACKS`` is ``deviations.LACKS``; ``DEVIATIONS`` (the deviations the host declares on its
``AdapterInfo``) is ``deviations.DECLARED``, beside the whole vocabulary that
``deviations.DEVIATIONS`` holds.
"""

from __future__ import annotations

import warnings

from splitcards.adapters.phase.deviations import DECLARED, LACKS

DEVIATIONS = DECLARED

__all__ = ["DEVIATIONS", "LACKS"]

warnings.warn(
    f"{__name__} is deprecated: import LACKS and DECLARED (its DEVIATIONS) from"
    " splitcards.adapters.phase.deviations (it will be removed in a later minor release)",
    DeprecationWarning,
    stacklevel=2,
)
