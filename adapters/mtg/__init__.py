"""The python-mtg host adapter (``--host mtg``): split cards in real python-mtg games.

Importing this package does not import python-mtg; the engine is loaded, and its version
checked, when the first game is created. See docs/mtg.md.
"""

from splitcards.adapters.mtg.host import MtgHost

__all__ = ["MtgHost"]
