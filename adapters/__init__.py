"""Host adapters: the bridge between the split-card rules and each host engine.

The contract is :class:`splitcards.game.contract.Host`; each engine has its own
subpackage, which imports its engine only when a game is created.
"""
