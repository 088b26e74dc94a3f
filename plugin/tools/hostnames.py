"""Hosts by the names people give them: a registered adapter's name, or ``command:LINE``.

Every command and the pytest kit find a host here, so a ``command:`` host works wherever a host
name does. :class:`HostNames` keeps the engines it started for ``command:`` hosts and shuts them
down when it is closed (a ``with`` block); the engines are ended at exit in any case.
"""

from __future__ import annotations

from pathlib import Path
from types import TracebackType
from typing import Any

import pluggy

from splitcards.errors import OutputError, SplitcardsError, did_you_mean
from splitcards.game.configuration.settings import blocked_plugins
from splitcards.game.contract import AdapterInfo
from splitcards.game.plugins.hosts import adapters
from splitcards.wire.client import CommandEngine, command_of
from splitcards.wire.engine import DEFAULT_TIMEOUT
from splitcards.wire.transcript import Transcript


class UnknownHost(SplitcardsError, ValueError):
    """A host name that names no host that can run here: says why, and the names that can."""


MAX_TAKEN = 1000
"""The most transcript lines :meth:`HostNames.exchange` keeps between two asks."""


class _Transcript(Transcript):
    """A transcript that a full disk stops, not the run: its lines before stay whole, the runs go
    on, and :meth:`HostNames.close` reports the failure."""

    failed: OutputError | None = None
    taken: list[dict[str, Any]] | None = None
    """The lines written since :meth:`HostNames.exchange` was last asked, as the file has them
    less their time (``None`` until it is first asked)."""

    def write(self, engine: int, kind: str, item: Any) -> None:
        if self.taken is not None and len(self.taken) < MAX_TAKEN:
            if kind == "stderr":
                self.taken.append({"engine": engine, "stderr": item})
            else:
                self.taken.append(
                    {"engine": engine, "to" if kind == "to_engine" else "from": "engine", "message": item}
                )
        if self.failed is not None:
            return
        try:
            super().write(engine, kind, item)
        except OutputError as exc:
            self.failed = exc


class HostNames:
    """The hosts named in one run.

    :param pm: the plugin manager whose registered adapters are the hosts by name.
    :param timeout: seconds a ``command:`` engine has to answer each request.
    :param transcript: a file that every message to and from ``command:`` engines is written to.
    """

    def __init__(
        self, pm: pluggy.PluginManager, timeout: float = DEFAULT_TIMEOUT, transcript: Path | None = None
    ) -> None:
        self.known = adapters(pm)
        self.timeout = timeout
        self.transcript_path = transcript
        self._transcript: _Transcript | None = None
        self.engines: list[CommandEngine] = []

    def exchange(self) -> list[dict[str, Any]] | None:
        """The messages to and from ``command:`` engines since this was last asked (``None``
        when no transcript is written): a run's exchange, asked before and after the run."""
        if self._transcript is None:
            return None
        taken, self._transcript.taken = self._transcript.taken or [], []
        return taken

    def get(self, name: str) -> AdapterInfo:
        """The host ``name`` names, ready to run.

        :raises UnknownHost: no such host, blocked by the configuration, or its engine missing.
        :raises ConfigError: a ``command:`` line that can't be split, or a bad timeout.
        :raises HostError: a ``command:`` engine that can't be started or doesn't initialize.
        """
        command = command_of(name)
        if command is not None:
            if self.transcript_path is not None and self._transcript is None:
                self._transcript = _Transcript(self.transcript_path)
            engine = CommandEngine(command, self.timeout, self._transcript)
            self.engines.append(engine)
            return engine.adapter()
        info = self.known.get(name)
        if info is None:
            raise UnknownHost(self.unknown(name))
        if info.available is not None:
            raise UnknownHost(f"{name}: {info.available} (allowed: {self.allowed()})")
        return info

    def available(self) -> list[str]:
        """The registered hosts whose engines are installed."""
        return [name for name, info in self.known.items() if info.available is None]

    def allowed(self) -> str:
        return ", ".join(self.available()) or "none"

    def unknown(self, name: str) -> str:
        """Why no host has this name: blocked by the configuration, or unknown (and the near names)."""
        blocked = blocked_plugins()
        if name in blocked.value:
            where = blocked.origin if blocked.origin.startswith("$") else f"disable_plugins in {blocked.origin}"
            return f"{name}: blocked by {where}"
        return f"unknown host {name!r}{did_you_mean(name, self.known)} (allowed: {self.allowed()}, or command:LINE)"

    def close(self) -> None:
        """Shut down every engine started for a ``command:`` host, and close the transcript."""
        for engine in self.engines:
            engine.close()
        self.engines.clear()
        transcript, self._transcript = self._transcript, None
        if transcript is not None:
            transcript.close()
            if transcript.failed is not None:
                raise transcript.failed

    def __enter__(self) -> HostNames:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        try:
            self.close()
        except OutputError:
            # A transcript that failed is reported once the runs are; an error already on its
            # way out says more.
            if error is None:
                raise
