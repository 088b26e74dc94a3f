"""The python-mtg host adapter (``--host mtg``): split cards in real python-mtg games.

Importing this package does not import python-mtg; the engine is loaded, and its version
checked, when the first game is created. :class:`MtgHost` is one game;
:class:`SplitMoves`, installed with ``patches.patched(SplitMoves(rules, table=table))``, adds the
split-card moves to python-mtg's own for as long as it is installed; :class:`MtgAI` is a game
python-mtg's own AI plays (``splitcards demo --host mtg``). See docs/mtg.md.
"""

from splitcards.adapters.mtg.ai import MtgAI
from splitcards.adapters.mtg.host import MtgHost
from splitcards.adapters.mtg.moves import SplitMoves

__all__ = ["MtgAI", "MtgHost", "SplitMoves"]
