"""An in-memory host adapter for splitcards, written against the splitcards 0.1 documentation."""
