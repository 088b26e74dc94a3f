"""Importing phase lazily, and checking that the installed version is the one this adapter knows."""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
from typing import Any

from splitcards.errors import SplitcardsError

DISTRIBUTION = "phase-python"
REQUIRED_VERSION = "0.103.0"
INSTALL_HINT = "pip install 'splitcards[phase]'"


class PhaseUnavailable(SplitcardsError, ImportError):
    """phase is not installed, or not the version this adapter was written for."""


def unavailable_reason() -> str | None:
    """Why the phase adapter can't run here, or ``None`` when it can (imports nothing)."""
    if importlib.util.find_spec("phase") is None:
        return f"{DISTRIBUTION} is not installed: {INSTALL_HINT}"
    try:
        version = importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return f"the module 'phase' is not from {DISTRIBUTION}: {INSTALL_HINT}"
    if version != REQUIRED_VERSION:
        return f"{DISTRIBUTION} {version} is installed; this adapter needs {REQUIRED_VERSION}: {INSTALL_HINT}"
    return None


def load_phase() -> Any:
    """The ``phase`` module; raises :class:`PhaseUnavailable` with the reason otherwise."""
    reason = unavailable_reason()
    if reason is not None:
        raise PhaseUnavailable(reason)
    return importlib.import_module("phase")


def engine_version() -> str:
    """The installed phase-python's version (the one :func:`unavailable_reason` checked)."""
    return importlib.metadata.version(DISTRIBUTION)
