"""The python-mtg host adapter (``--host mtg``): split cards in real python-mtg games.

Importing this package does not import python-mtg; the engine is loaded, and its version
checked, when the first game is created. :class:`MtgHost` is one game;
:class:`SplitMoves`, installed with ``patches.patched(SplitMoves(rules))``, adds the split-card
moves to python-mtg's own for as long as it is installed. See docs/mtg.md.
"""

from splitcards.adapters.mtg.host import MtgHost
from splitcards.adapters.mtg.moves import SplitMoves

__all__ = ["MtgHost", "SplitMoves"]
