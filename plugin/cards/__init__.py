"""Card data: readers of MTGJSON and Scryfall into the rules' card model."""
