"""Mana costs and mana symbols (CR 107.4, 202.1-202.3).

A :class:`ManaCost` keeps its symbols in printed order. Combining the costs of a split
card's halves (709.4b) sums the generic parts and keeps every other symbol, while
:attr:`ManaCost.symbols` of each half stays available for effects that look at the
symbols themselves.

:meth:`ManaCost.parse` reads the symbols of CR 107.4 only: a letter it does not know (``{Y}``,
``{Q}``) or a generic symbol larger than any card prints is a ``ValueError``, which a card-data
reader reports naming the card.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

COLORS = ("W", "U", "B", "R", "G")
COLORLESS = "C"
"""The symbol of colorless mana, as a source of mana makes it (106.1b)."""
ANY_KIND = frozenset((*COLORS, COLORLESS))
"""Every kind of mana (106.1): what a source that could make any of them makes."""
MAX_GENERIC = 1_000_000
"""The largest generic symbol a cost may print: Gleemax's {1000000}, the largest of any card."""
_SYMBOL = re.compile(r"\{([^{}]+)\}")
_GENERIC = re.compile(r"[0-9]+")  # not \d: that takes every script's digits ("{٣}")
_SHOWN = 40


@dataclass(frozen=True, slots=True)
class ManaSymbol:
    """One mana symbol, written without braces (``"2"``, ``"W/U"``, ``"R/P"``, ``"X"``).

    ``value`` is its contribution to mana value (202.3): a number for generic, 1 for a
    colored, colorless, snow or Phyrexian symbol, the largest component for hybrid
    (202.3f: ``{2/W}`` counts 2), 0 for ``X`` (202.3e, off the stack). The variable symbol is
    ``X`` alone (107.4); ``{Y}`` and ``{Z}`` are no mana symbols.
    """

    text: str
    """The symbol without braces (``"2"``, ``"W/U"``, ``"R/P"``, ``"X"``)."""

    def __post_init__(self) -> None:
        if not _valid_symbol(self.text):
            raise ValueError(f"unknown mana symbol {_shown('{' + self.text + '}')}")

    @property
    def is_generic(self) -> bool:
        """Whether it is a generic symbol (a number, 107.4b)."""
        return bool(_GENERIC.fullmatch(self.text))

    @property
    def value(self) -> int:
        """What it adds to mana value (202.3): see the class description."""
        if self.is_generic:
            return int(self.text)
        if self.text == "X":
            return 0
        return max(int(part) if part.isdigit() else 1 for part in self.text.split("/") if part != "P")

    @property
    def colors(self) -> frozenset[str]:
        """The colors it is (``{W/U}``: W and U); none for generic, colorless and X."""
        return frozenset(part for part in self.text.split("/") if part in COLORS)

    def __str__(self) -> str:
        return "{" + self.text + "}"


def _valid_symbol(text: str) -> bool:
    if _GENERIC.fullmatch(text) or text in ("X", "C", "S", *COLORS):
        return True
    parts = text.split("/")
    if len(parts) == 2 and parts[1] == "P":
        return parts[0] in COLORS or parts[0] == "C"
    if len(parts) == 3 and parts[2] == "P":  # hybrid Phyrexian, {G/U/P}
        return parts[0] in COLORS and parts[1] in COLORS
    if len(parts) == 2:
        return (parts[0] in COLORS or parts[0] in ("2", "C")) and parts[1] in COLORS
    return False


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A mana cost as printed: a sequence of symbols. ``ManaCost.parse("{3}{R}{G}")``."""

    symbols: tuple[ManaSymbol, ...]
    """Its symbols in printed order (``{3}{R}{G}``: 3, R, G)."""

    @classmethod
    def parse(cls, text: str) -> ManaCost:
        """Read ``text``, a cost written as braces symbols (``"{1}{R}"``); raise ``ValueError`` naming
        the bad part: text that is no symbol, an unknown symbol, a generic symbol over :data:`MAX_GENERIC`."""
        stripped = text.strip()
        found = _SYMBOL.findall(stripped)
        if "".join("{" + s + "}" for s in found) != stripped.replace(" ", ""):
            raise ValueError(f"not a mana cost: {_shown(text)}")
        for symbol in found:
            # Checked on the digits: int() of thousands of them is slow, and Python refuses 4300.
            if _GENERIC.fullmatch(symbol) and (len(symbol) > len(str(MAX_GENERIC)) or int(symbol) > MAX_GENERIC):
                raise ValueError(f"generic mana symbol {_shown('{' + symbol + '}')} is over {MAX_GENERIC}")
        return cls(tuple(ManaSymbol(s) for s in found))

    @property
    def mana_value(self) -> int:
        """Mana value per 202.3: the total of the symbols' values."""
        return sum(s.value for s in self.symbols)

    @property
    def colors(self) -> frozenset[str]:
        """Colors from the colored symbols (202.2)."""
        out: frozenset[str] = frozenset()
        for s in self.symbols:
            out |= s.colors
        return out

    def __add__(self, other: ManaCost) -> ManaCost:
        """The combined cost of two halves (709.4b): generic parts summed, other symbols kept."""
        return ManaCost(self.symbols + other.symbols).normalized

    @property
    def normalized(self) -> ManaCost:
        """The same cost as a card prints it: X first, the generic symbols summed into one, then the others in
        color order (``{R}{1}{1}`` is ``{2}{R}``)."""
        generic = sum(s.value for s in self.symbols if s.is_generic)
        rest = sorted((s for s in self.symbols if not s.is_generic), key=_print_order)
        lead = [s for s in rest if s.text == "X"]
        tail = [s for s in rest if s.text != "X"]
        middle = [ManaSymbol(str(generic))] if generic else []
        return ManaCost(tuple(lead + middle + tail))

    def __str__(self) -> str:
        return "".join(str(s) for s in self.symbols)

    def __repr__(self) -> str:
        return f"ManaCost.parse({str(self)!r})"


def _shown(text: str) -> str:
    # A cost comes from a file: quote a few characters of it, not five thousand.
    return repr(text) if len(text) <= _SHOWN else repr(text[: _SHOWN - 3] + "...")


def _print_order(symbol: ManaSymbol) -> tuple[int, str]:
    first = symbol.text.split("/")[0]
    if "/" in symbol.text:
        return (1, symbol.text)
    if first in COLORS:
        return (2 + COLORS.index(first), symbol.text)
    return (0, symbol.text)


def card_colors(cost: ManaCost | None, indicator: Iterable[str] = ()) -> frozenset[str]:
    """The colors of a card face whose data names none: those of the colored mana symbols of its
    mana cost (202.2; a hybrid symbol gives each of its colors), and those of its color
    indicator (204). Every reader of card data asks here."""
    return (cost.colors if cost is not None else frozenset()) | frozenset(indicator)


def in_color_order(colors: Iterable[str]) -> list[str]:
    """Colors in the order W, U, B, R, G (105.1), as card data lists them."""
    found = set(colors)
    return [c for c in COLORS if c in found]


def same_cost(a: str, b: str) -> bool:
    """Whether two written costs are one multiset of symbols once generic mana is summed."""
    return ManaCost.parse(a).normalized.symbols == ManaCost.parse(b).normalized.symbols


def could_pay(cost: ManaCost, sources: Sequence[frozenset[str]]) -> bool:
    """Whether ``sources`` could pay ``cost``, each source making one mana of one of its kinds
    (``W``...``G``, :data:`COLORLESS`): every colored and colorless symbol matched with a source
    of its own (a hybrid symbol with a source of either of its colors), and the generic mana with
    any of the sources left over (601.2g-h, 106.1, 107.4). {X} counts at its least, 0 (107.3),
    and an answer of "maybe" is a yes: a Phyrexian symbol may be paid with life (107.4f), a
    {2/W} with two generic mana, a snow symbol by a source this does not know is snow (107.4h)."""
    pips: list[frozenset[str]] = []
    generic = 0
    for symbol in cost.symbols:
        if symbol.is_generic:
            generic += symbol.value
        elif symbol.text == "X" or symbol.text.endswith("/P") or symbol.text.startswith("2/") or symbol.text == "S":
            # X at 0 adds nothing; the others may be paid otherwise than with one mana of a kind: not counted.
            continue
        else:
            pips.append(frozenset(symbol.text.split("/")))
    if len(pips) + generic > len(sources):
        return False
    return _matched(pips, sources) == len(pips)


def _matched(pips: Sequence[frozenset[str]], sources: Sequence[frozenset[str]]) -> int:
    """How many symbols can each have a source of its own (a bipartite matching, Kuhn's augmenting paths)."""
    owner: dict[int, int] = {}

    def place(pip: int, seen: set[int]) -> bool:
        for source, kinds in enumerate(sources):
            if source in seen or not pips[pip] & kinds:
                continue
            seen.add(source)
            if source not in owner or place(owner[source], seen):
                owner[source] = pip
                return True
        return False

    return sum(place(pip, set()) for pip in range(len(pips)))
