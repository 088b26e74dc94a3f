"""A host that is a command: an engine in any language, run as a process, is a :class:`Host`.

``command:node examples/node-host/host.js`` names such a host wherever a host name is taken.
:class:`CommandEngine` starts the engine, says ``initialize`` and reads what it declares; each
game is a ``new_game`` on it and a :class:`WireHost`, a :class:`~splitcards.game.contract.Host`
whose every method is one request. The Table checks a wire host's answers exactly as it checks
an in-process host's; this module checks only that each answer has its type's JSON form.

An engine that has died, hung or broken its stream is replaced by a fresh process at the next new
game, so that one scenario's crash loses no other result: before each game the engine is sent
``ping`` (as a chess GUI sends UCI's ``isready``), so that one that died or hung between games is
found then, not inside the next run.

Every game made is disposed of before ``shutdown``: one the client no longer holds at the next new
game, and every other one when the engine is closed (at the end of a run, on Ctrl-C, and at the
interpreter's exit for an engine nobody closed), whether or not something still holds it.
"""

from __future__ import annotations

import atexit
import contextlib
import dataclasses
import shlex
import threading
import weakref
from collections.abc import Sequence
from typing import Any

from splitcards.errors import ConfigError, SplitcardsError, printable
from splitcards.game.contract import AdapterInfo, Resolution
from splitcards.game.contract.capabilities import Capability, Gap
from splitcards.game.contract.versions import CURRENT_CONTRACT
from splitcards.rules.card import Card, Side
from splitcards.rules.model import ObjectId, ObjectView, Player, SpellFacts, Timing, TimingChange, Zone
from splitcards.rules.versions import RuleVersion
from splitcards.wire import methods
from splitcards.wire.engine import DEFAULT_TIMEOUT, STARTUP_TIMEOUT, EngineProcess
from splitcards.wire.forms import JSON, FormError, Reader, encode
from splitcards.wire.methods import METHODS, Initialized, NewGame
from splitcards.wire.transcript import Transcript

PREFIX = "command:"
_MISSING = object()
"""How a host name says it is a command line."""


_READS = frozenset({"view", "objects", "stack", "timing"})
"""The methods that only read the game: their answers stand until the next request that changes it."""


class WireHost:
    """One game of an engine over the wire (see the module's description).

    A game changes only by the client's requests (docs/protocol.md), so an answer to ``view``,
    ``objects``, ``stack`` or ``timing`` is kept until the next request that changes the game: the
    Table reads the same objects many times between two actions.
    """

    def __init__(self, engine: EngineProcess, game: str, name: str, reader: Reader) -> None:
        self.name = name
        self.game = game
        self._engine = engine
        self._reader = reader
        self._kept: dict[tuple[str, str], Any] = {}

    def _call(self, method: str, key: str = "", **params: Any) -> Any:
        if method in _READS:
            kept = self._kept.get((method, key), _MISSING)
            if kept is not _MISSING:
                return kept
        else:
            self._kept.clear()
        sent = {"game": self.game, **{name: encode(value) for name, value in params.items()}}
        result = self._engine.call(method, sent)
        expected = METHODS[method].result
        if expected is None:
            return None
        try:
            found = self._reader.read(expected, result, "result")
        except FormError as exc:
            raise self._engine.error(method, f"the result is not of its form: {exc}", status=False) from None
        if method in _READS:
            self._kept[(method, key)] = found
        return found

    def _card(self, card: Card) -> JSON:
        # encode keeps a card's form once made; the reader learns it, to know it when it comes back.
        form = encode(card)
        self._reader.remember(card, form)
        return form

    # -- the Host methods, one request each ------------------------------------------------------

    def prepare(self, cards: Sequence[Card]) -> None:
        self._kept.clear()
        self._engine.call("prepare", {"game": self.game, "cards": [self._card(card) for card in cards]})

    def view(self, obj: ObjectId) -> ObjectView:
        found: ObjectView = self._call("view", obj, object=obj)
        return found

    def objects(self) -> Sequence[ObjectId]:
        found: Sequence[ObjectId] = self._call("objects")
        return found

    def stack(self) -> Sequence[ObjectId]:
        found: Sequence[ObjectId] = self._call("stack")
        return found

    def timing(self) -> Timing:
        found: Timing = self._call("timing")
        return found

    def set_timing(self, change: TimingChange) -> None:
        self._call("set_timing", change=change)

    def create(self, card: Card, zone: Zone, owner: Player) -> ObjectId:
        self._kept.clear()
        params = {"game": self.game, "card": self._card(card), "zone": zone.value, "owner": owner.value}
        result = self._engine.call("create", params)
        if not isinstance(result, str):
            shown = printable(repr(result), 80)
            raise self._engine.error("create", f"the result is not an object id: {shown}", status=False)
        return result

    def cast(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        found: ObjectId = self._call("cast", object=obj, spell=spell)
        return found

    def resolve(self, obj: ObjectId, outcome: Resolution) -> None:
        self._call("resolve", object=obj, outcome=outcome)

    def move(self, obj: ObjectId, zone: Zone) -> None:
        self._call("move", object=obj, zone=zone)

    def copy_spell(self, obj: ObjectId, spell: SpellFacts) -> ObjectId:
        found: ObjectId = self._call("copy_spell", object=obj, spell=spell)
        return found

    def copy_card(self, obj: ObjectId) -> ObjectId:
        found: ObjectId = self._call("copy_card", object=obj)
        return found

    def copy_permanent(self, obj: ObjectId) -> ObjectId:
        found: ObjectId = self._call("copy_permanent", object=obj)
        return found

    def set_unlocked(self, obj: ObjectId, doors: frozenset[Side]) -> None:
        self._call("set_unlocked", object=obj, doors=doors)

    def put_face_down(self, obj: ObjectId) -> None:
        self._call("put_face_down", object=obj)

    def library(self, player: Player) -> Sequence[ObjectId]:
        found: tuple[ObjectId, ...] = self._call("library", player=player)
        return found

    def put_on_bottom(self, obj: ObjectId) -> None:
        self._call("put_on_bottom", object=obj)

    def turn_face_up(self, obj: ObjectId) -> None:
        self._call("turn_face_up", object=obj)

    def become_copy(self, obj: ObjectId, original: ObjectId) -> None:
        self._call("become_copy", object=obj, original=original)


class CommandEngine:
    """The engine behind a ``command:`` host: one process at a time, started again when it is gone.

    :param command: the command line (without ``command:``), split as a POSIX shell splits it.
    :param timeout: seconds each request has to be answered.
    :param transcript: a file every message is written to (:mod:`splitcards.wire.transcript`).
    :raises ConfigError: a command line that can't be split, or names nothing.
    :raises HostError: an engine that can't be started or doesn't ``initialize`` as the protocol says.
    """

    def __init__(self, command: str, timeout: float = DEFAULT_TIMEOUT, transcript: Transcript | None = None) -> None:
        try:
            self.argv = shlex.split(command)
        except ValueError as exc:
            raise ConfigError(f"host {PREFIX}{command}: the command line can't be split: {exc}") from None
        if not self.argv:
            raise ConfigError(f"host {PREFIX}{command}: no command to run")
        if not 0 < timeout <= 86_400:
            raise ConfigError(f"host timeout {timeout:g}: a number of seconds over 0 and at most 86400")
        self.command = command
        self.timeout = timeout
        self.transcript = transcript
        self._started = 0
        self._reader = Reader()
        # The games of the engine running now that are not disposed of yet, in the order made, each
        # with the finalizer that queues it in _disposed once the client no longer holds it.
        self._games: dict[str, weakref.finalize[..., Any]] = {}
        self._disposed: list[str] = []
        self._engine = self._start()
        self.hello = self._hello
        with _OPEN_LOCK:
            _OPEN.add(self)

    def _start(self) -> EngineProcess:
        self._started += 1
        engine = EngineProcess(self.argv, self.timeout, self.transcript, self._started)
        try:
            hello = {"versions": [methods.VERSION], "client": _client()}
            raw = engine.call("initialize", hello, timeout=max(self.timeout, STARTUP_TIMEOUT))
            self._hello = self._read_hello(engine, raw)
        except BaseException:
            engine.kill()
            raise
        return engine

    def _read_hello(self, engine: EngineProcess, raw: Any) -> Initialized:
        if isinstance(raw, dict) and isinstance(raw.get("lacks"), list):
            # A capability a later minor version names is one no scenario here needs.
            known = {c.value for c in Capability}
            raw = {**raw, "lacks": [g for g in raw["lacks"] if not isinstance(g, dict) or g.get("capability") in known]}
        try:
            hello: Initialized = Reader().read(Initialized, raw, "result")
        except FormError as exc:
            raise engine.error("initialize", f"the result is not of its form: {exc}", status=False) from None
        chosen = methods.chosen_version(hello.version)
        if chosen is None:
            raise engine.error(
                "initialize",
                f"the engine speaks protocol {hello.version!r}; this client speaks {methods.VERSION}"
                f" (the major must match)",
                status=False,
            )
        return _printable_hello(_older_minor(hello, chosen))

    def new_game(self, rules: RuleVersion) -> WireHost:
        """A new game on the engine, on a fresh process if the last one is gone or does not
        answer ``ping``."""
        if self._engine.alive:
            # Whatever ping meets (no answer, a broken stream) has ended the engine when it is
            # fatal; an error answer is an answer, and the engine is kept.
            with contextlib.suppress(SplitcardsError):
                self._engine.call("ping", {})
        if not self._engine.alive:
            self._engine.kill()
            self._forget_games()  # they were the dead engine's
            self._engine = self._start()
        engine = self._engine
        while self._disposed:
            self._dispose(self._disposed.pop(0))
        raw = engine.call("new_game", {"rules": rules.name})
        try:
            game: NewGame = self._reader.read(NewGame, raw, "result")
        except FormError as exc:
            raise engine.error("new_game", f"the result is not of its form: {exc}", status=False) from None
        host = WireHost(engine, game.game, self.hello.name, self._reader)
        # Disposed at the next new game, not from the finalizer: that may run inside another call.
        finalizer = weakref.finalize(host, self._disposed.append, game.game)
        finalizer.atexit = False  # close() disposes of what is left, at exit too
        self._games[game.game] = finalizer
        return host

    def _dispose(self, game: str) -> None:
        """Send ``dispose_game`` for a game of the engine running now, once."""
        finalizer = self._games.pop(game, None)
        if finalizer is None:
            return
        finalizer.detach()
        self._engine.notify("dispose_game", {"game": game})

    def _forget_games(self) -> None:
        for finalizer in self._games.values():
            finalizer.detach()
        self._games.clear()
        self._disposed.clear()

    def adapter(self) -> AdapterInfo:
        """The host as an adapter: its name, what it declares, and games of this engine."""
        hello = self.hello
        return AdapterInfo(
            hello.name,
            f"{hello.engine} {hello.engine_version}, over the wire: {self.command}",
            self.new_game,
            lacks=hello.lacks,
            deviations=hello.deviations,
            # Protocol 1.x came with contract 0.2: an engine speaking it is held to the current contract.
            contract=CURRENT_CONTRACT,
        )

    @property
    def pid(self) -> int:
        """The process id of the engine running now."""
        return self._engine.pid

    def close(self) -> None:
        """Dispose of every game of the engine not disposed of yet, those still held included, then
        shut the engine down (its transcript is its owner's to close)."""
        with _OPEN_LOCK:
            _OPEN.discard(self)
        if self._engine.alive:
            # A game made on this engine and still held (by a run stopped with Ctrl-C, or a cycle
            # the garbage collector has not reached) is disposed of all the same: the engine is
            # told of every game it made before it is told to shut down.
            with contextlib.suppress(SplitcardsError):
                for game in list(self._games):
                    self._dispose(game)
        self._forget_games()
        self._engine.close()


_OPEN: set[CommandEngine] = set()
"""The engines not closed yet: each is closed at exit, as its process would otherwise only be killed."""
_OPEN_LOCK = threading.Lock()


@atexit.register
def _close_every_engine() -> None:
    # Registered after splitcards.wire.engine's exit handler (this module imports it), so it runs
    # before that one kills what is left: an engine nobody closed is still shut down in order.
    with _OPEN_LOCK:
        engines = list(_OPEN)
    for engine in engines:
        engine.close()


def _older_minor(hello: Initialized, chosen: tuple[int, int]) -> Initialized:
    """The engine's hello, lacking what the minor versions after the one it speaks add: it has no
    method for them, so a scenario that needs one is not_supported, naming why."""
    declared = {gap.capability for gap in hello.lacks}
    added = [
        Gap(capability, f"the engine speaks protocol {hello.version}, which has no {names} (added in {major}.{minor})")
        for (major, minor), each in methods.ADDED_IN.items()
        if (major, minor) > chosen
        for capability, names in each
        if capability not in declared
    ]
    return dataclasses.replace(hello, lacks=hello.lacks + tuple(added)) if added else hello


def _printable_hello(hello: Initialized) -> Initialized:
    """``hello`` with every string that reports show made printable: an engine's name holding a
    newline and escape codes would otherwise forge report lines or clear the terminal."""
    return dataclasses.replace(
        hello,
        name=printable(hello.name, 100),
        engine=printable(hello.engine, 100),
        engine_version=printable(hello.engine_version, 100),
        lacks=tuple(dataclasses.replace(gap, reason=printable(gap.reason)) for gap in hello.lacks),
        deviations=tuple(
            dataclasses.replace(d, name=printable(d.name, 100), reason=printable(d.reason)) for d in hello.deviations
        ),
    )


def command_of(name: str) -> str | None:
    """The command line of a host named ``command:LINE``; ``None`` for any other name."""
    return name[len(PREFIX) :] if name.startswith(PREFIX) else None


def _client() -> str:
    import splitcards

    return f"splitcards {splitcards.__version__}"
