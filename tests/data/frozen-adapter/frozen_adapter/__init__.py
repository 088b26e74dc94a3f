"""An in-memory host adapter written as the splitcards 0.1 documentation said (docs/adapters.md)."""
