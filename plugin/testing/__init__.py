"""Deprecated: the pytest kit for host adapter authors moved to :mod:`splitcards.tools.testing`.

``from splitcards.testing import HostContract``, ``splitcards.testing.contract``,
``splitcards.testing.plugin`` and ``pytest --splitcards-host NAME --pyargs splitcards.testing``
work as before, with a ``DeprecationWarning`` naming the new path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from splitcards.game import moved

if TYPE_CHECKING:
    from splitcards.tools.testing.contract import HostContract as HostContract

moved(__name__, "splitcards.tools.testing")


def __getattr__(name: str) -> Any:
    # The contract tests import the rules: only a test suite that asks for them pays for it.
    if name == "HostContract":
        from splitcards.tools.testing.contract import HostContract

        return HostContract
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
