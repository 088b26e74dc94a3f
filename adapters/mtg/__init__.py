"""python-mtg host adapter."""
