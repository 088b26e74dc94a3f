"""The errors splitcards raises.

One base class, each subclass meaning one thing. Errors caused by bad input subclass
``ValueError`` too. An illegal game action carries the rule that forbids it and the
conformance ``kind`` that names it in scenario files (``expect_error``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable


class SplitcardsError(Exception):
    """Base class of every error raised by splitcards."""


class CardDataError(SplitcardsError, ValueError):
    """Card data could not be read: names the card and the field at fault."""

    def __init__(self, card: str, field: str, problem: str) -> None:
        super().__init__(f"card {card!r}: field {field!r}: {problem}")
        self.card = card
        """The card's name (or where it stands in the file when it has none)."""
        self.field = field
        """The card data's field at fault (``"manaCost"``)."""
        self.problem = problem
        """What is wrong with it."""


class UnsupportedCard(CardDataError):
    """Sound card data for a card the rules here cannot represent (a split card of five halves).

    A whole-file load skips such a card and reports it; a malformed card stops the load.
    """


class RulesConfigError(SplitcardsError, ValueError):
    """A rule-version file or name is wrong: names the file, the key and what is allowed."""


class ConfigError(SplitcardsError, ValueError):
    """A project configuration (``splitcards.yaml``, ``[tool.splitcards]``) is wrong: names the file and key."""


class DecklistError(SplitcardsError, ValueError):
    """A decklist that can't be played: names the file, the line (``None``: the whole file) and
    what is wrong there, such as a card missing from the card file; ``also`` lists further problems."""

    def __init__(self, path: str, line: int | None, problem: str, also: tuple[str, ...] = ()) -> None:
        where = path if line is None else f"{path}:{line}"
        super().__init__("\n".join((f"{where}: {problem}", *also)))
        self.path = path
        """The decklist file."""
        self.line = line
        """The line at fault; ``None``: the whole file."""
        self.problem = problem
        """What is wrong there."""
        self.also = also
        """Further problems, each a line of the message."""


class RecordError(SplitcardsError, ValueError):
    """A game record that can't be replayed: names the file, the line (``None``: the whole
    record) and what is wrong, such as an engine version or card data that differs from the
    record's."""

    def __init__(self, path: str, line: int | None, problem: str) -> None:
        where = path if line is None else f"{path}:{line}"
        super().__init__(f"{where}: {problem}")
        self.path = path
        """The record file."""
        self.line = line
        """The line at fault; ``None``: the whole record."""
        self.problem = problem
        """What is wrong there."""


class OutputError(SplitcardsError):
    """A file a command writes that stopped taking lines (a full disk, an I/O error): names the
    file, the system's reason and how many whole lines it holds; the lines written before stay."""

    def __init__(self, path: str, reason: str, lines: int) -> None:
        super().__init__(f"{path}: can't write it: {reason}; {lines} whole lines written before")
        self.path = path
        """The file that could not be written."""
        self.reason = reason
        """The system's reason (``No space left on device``)."""
        self.lines = lines
        """How many whole lines the file holds."""


class ScenarioError(SplitcardsError, ValueError):
    """A conformance scenario file is malformed: names the file, the scenario and the key."""


class UnknownQuery(SplitcardsError, ValueError):
    """A characteristic query, comparison operator or compared characteristic that does not exist."""


class HostError(SplitcardsError):
    """A host adapter answered outside the contract (a value of the wrong type): names the host."""


class ClusterError(SplitcardsError):
    """The Dask cluster a soak was pointed at can't be reached."""


class NotSupported(SplitcardsError):
    """The host engine cannot express this step or query at all."""


class PluginFailure(SplitcardsError):
    """A plugin's hook implementation raised or returned something its hook does not allow.

    A failure in a ``check_*`` or decision hook leaves the game unchanged. A report hook
    (``on_cast``, ``on_splice``, ``on_unlock``, ``on_lock``, the events of a permanent entering)
    runs after the action took place: then ``happened`` is true and the game shows the action.
    """

    def __init__(self, plugin: str, hook: str, error: BaseException, happened: bool = False) -> None:
        after = " (after the action took place)" if happened else ""
        super().__init__(f"plugin {plugin!r} failed in hook {hook!r}{after}: {type(error).__name__}: {error}")
        self.plugin = plugin
        """The plugin's name, as registered (an entry point's name)."""
        self.hook = hook
        """The hook it failed in."""
        self.error = error
        """What it raised, or a ``TypeError`` saying what it returned and what the hook allows."""
        self.happened = happened
        """Whether the action had taken place (a report hook failed): the game shows it."""


class IllegalAction(SplitcardsError, ValueError):
    """The rules forbid this action. ``reason`` says why in words, ``rules`` are the rule numbers,
    ``version`` the rule version."""

    kind = "illegal_action"
    """The name of this error in scenario files (``expect_error: illegal_action``)."""

    def __init__(self, message: str, rules: tuple[str, ...] = (), version: str = "") -> None:
        cited = f" (rule {', '.join(rules)}" + (f", {version})" if version else ")") if rules else ""
        super().__init__(message + cited)
        self.reason = message
        """The refusal in words, without its rules and version."""
        self.rules = rules
        """The rule numbers that forbid it, in the rule version's numbering."""
        self.version = version
        """The name of the rule version that forbids it."""


class IllegalCast(IllegalAction):
    """The chosen way of casting does not exist for this card under these rules."""

    kind = "illegal_cast"
    """The name of this error in scenario files (``expect_error: illegal_cast``)."""


class Prohibited(IllegalCast):
    """An effect in force forbids this player to cast a spell with one of the spell's names
    (Meddling Mage, Council of the Absolute): the rules would let it be cast otherwise."""

    kind = "prohibited"
    """The name of this error in scenario files (``expect_error: prohibited``)."""


class IllegalZone(IllegalAction):
    """The card cannot be cast (or used) from the zone it is in."""

    kind = "illegal_zone"
    """The name of this error in scenario files (``expect_error: illegal_zone``)."""


class IllegalTiming(IllegalAction):
    """The action is not allowed at this point of the turn."""

    kind = "illegal_timing"
    """The name of this error in scenario files (``expect_error: illegal_timing``)."""


class IllegalChoice(IllegalAction):
    """A choice (a card name, a door) that is not among the legal answers."""

    kind = "illegal_choice"
    """The name of this error in scenario files (``expect_error: illegal_choice``)."""


class IllegalSplice(IllegalAction):
    """A splice the rules forbid."""

    kind = "illegal_splice"
    """The name of this error in scenario files (``expect_error: illegal_splice``)."""


class IllegalTarget(IllegalAction):
    """A spell cast without a legal choice for a target it requires (601.2c, 115.1)."""

    kind = "illegal_target"
    """The name of this error in scenario files (``expect_error: illegal_target``)."""


class CannotPay(IllegalCast):
    """The caster's mana can't pay the spell's total cost (601.2g-h): nothing is cast, and
    nothing is paid."""

    kind = "cannot_pay"
    """The name of this error in scenario files (``expect_error: cannot_pay``)."""


class AlreadyUnlocked(IllegalAction):
    """The door to unlock is unlocked already."""

    kind = "already_unlocked"
    """The name of this error in scenario files (``expect_error: already_unlocked``)."""


class AlreadyLocked(IllegalAction):
    """The door to lock is locked already."""

    kind = "already_locked"
    """The name of this error in scenario files (``expect_error: already_locked``)."""


class NotARoom(IllegalAction):
    """Doors belong only to Room permanents."""

    kind = "not_a_room"
    """The name of this error in scenario files (``expect_error: not_a_room``)."""


class NotController(IllegalAction):
    """Only the permanent's controller may take this action."""

    kind = "not_controller"
    """The name of this error in scenario files (``expect_error: not_controller``)."""


class IllegalMove(IllegalAction):
    """A move that is not the one the rules offer now: they allow its cast or unlock, but not as
    the move says (another total cost, another permission). A move the rules refuse outright is
    refused with their own error (``IllegalTiming``, ``IllegalZone``...)."""

    kind = "illegal_move"
    """The name of this error in a refusal (``illegal_move``)."""


class UnknownCard(IllegalAction):
    """The card is not defined, or does not exist under the chosen rule version."""

    kind = "unknown_card"
    """The name of this error in scenario files (``expect_error: unknown_card``)."""


class IllegalFaceUp(IllegalAction):
    """The permanent can't be turned face up this way: it is face up, or the special action of
    the rule that made it face down does not allow it (701.34b: a manifested card that is not a
    creature card)."""

    kind = "illegal_face_up"
    """The name of this error in scenario files (``expect_error: illegal_face_up``)."""


class NotInRules(IllegalAction):
    """The rule version has no text for this action (manifest before Fate Reforged, cloak and
    manifest dread before 2024): the message says why, and nothing is done."""

    kind = "not_in_rules"
    """The name of this error in scenario files (``expect_error: not_in_rules``)."""


class TableInUse(SplitcardsError, RuntimeError):
    """An action was started while another action of the same Table was running: from inside one
    of its hooks (names the hook), or from another thread (a Table belongs to one thread)."""


class UnknownObject(SplitcardsError, KeyError):
    """No object with this id exists in the game."""


def did_you_mean(name: object, known: Iterable[str]) -> str:
    """The tail of a message about an unknown name: `` (did you mean 'mana_values'?)`` when a
    known name is close to it, or ``""``. Every lookup of a name by a user says it the same way."""
    import difflib  # only when a name was not found

    text = str(name)
    choices = list(dict.fromkeys(known))
    folded = {fold(choice): choice for choice in choices}
    if fold(text) in folded:  # the same name but for case and spacing
        return f" (did you mean {folded[fold(text)]!r}?)"
    close = difflib.get_close_matches(text, choices, n=3, cutoff=0.6)
    if not close:
        return ""
    return f" (did you mean {' or '.join(repr(c) for c in close)}?)"


def fold(text: str) -> str:
    """A name as a user may write it: without case and spacing (``"fire//ice"`` for ``Fire // Ice``)."""
    return "".join(text.split()).casefold()


def shown(value: object) -> str:
    """A value as an error message shows it: a short repr, as a value may be huge (or an alias
    bomb of a YAML file)."""
    import reprlib  # only when a message is made

    short = reprlib.Repr()
    short.maxstring = short.maxother = 60
    short.maxlevel = 3
    try:
        return short.repr(value)
    except ValueError:  # an int too long to print
        return f"<{type(value).__name__}>"


_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]")
"""Characters that move the cursor, clear the screen or reorder text at a terminal."""


def printable(text: str, limit: int = 500) -> str:
    """``text`` as it may be shown: every control character escaped (``\\x1b``, ``\\n``), and cut
    after ``limit`` characters with its length said.

    Whatever comes from outside and is echoed is shown this way: an engine's name, messages and
    log lines, a record's strings. A name holding ``\\n`` and escape codes could otherwise forge
    report lines or clear the terminal, and a record's string may be megabytes long."""
    kept = text if len(text) <= limit else text[:limit]
    shown = _UNPRINTABLE.sub(lambda m: repr(m.group())[1:-1], kept)
    return shown if kept is text else f"{shown}... ({len(text)} characters)"
