"""The phase host adapter: split-card rules inside a running phase.rs game (PyPI ``phase-python``).

The engine is imported only when a game is created (:func:`splitcards.adapters.phase.version.load_phase`),
so ``import splitcards`` works without it. See docs/phase.md.
"""
