"""How a host contract test honours what its host declares (docs/testing.md).

A test marked ``splitcards_needs(capability, ...)`` is skipped before it runs when the host
declares it lacks one of them, the skip naming the declaration. A ``NotSupported`` the host raises
is a skip naming the deviation it names, when the host declares it; otherwise a test marked
``strict=True`` fails, and any other is skipped with a ``DeprecationWarning`` (the tests of 0.1
skipped any ``NotSupported``; they will fail on one nothing declares in a later minor release).
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from typing import NoReturn

import pytest

from splitcards.game.contract import AdapterInfo, Capability

_ADVICE = (
    "declare the gap on its AdapterInfo (lacks=(Gap(Capability..., reason),)) or name a declared deviation in"
    " the message ('(deviation NAME)'); docs/adapters.md"
)


def skip_declared_gap(host: AdapterInfo, capabilities: Iterable[Capability]) -> None:
    """Skip the test if the host declares it lacks one of ``capabilities``, naming the declaration."""
    for capability in capabilities:
        gap = host.gap(capability)
        if gap is not None:
            pytest.skip(f"host {host.name} declares {host.name}.lacks[{capability.value}]: {gap.reason}")


def not_supported(host: AdapterInfo, refused: str, strict: bool) -> NoReturn:
    """End a test whose host raised ``NotSupported`` saying ``refused``: a skip naming the declared
    deviation it names, else a failure (``strict``) or a skip with a ``DeprecationWarning``."""
    met = next((d for d in host.deviations if not d.scenarios and d.named_in(refused)), None)
    if met is not None:
        pytest.skip(f"host {host.name} declares {host.name}.deviations[{met.name}]: {met.reason} ({refused})")
    if strict:
        pytest.fail(
            f"host {host.name} raised NotSupported, which it declares nowhere: {refused}\n{_ADVICE}", pytrace=False
        )
    warnings.warn(
        f"host {host.name} raised NotSupported, which it declares nowhere: a contract test will fail on it in a"
        f" later minor release; {_ADVICE}",
        DeprecationWarning,
        stacklevel=2,
    )
    pytest.skip(f"not supported by host {host.name}, which declares nothing for it: {refused}")
