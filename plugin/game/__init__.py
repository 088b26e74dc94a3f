"""The game, in rooms: the host contract (:mod:`~splitcards.game.contract`), the Table that
orchestrates check, decide, act and report (:mod:`~splitcards.game.table`), the plugin machinery
with the built-in rules (:mod:`~splitcards.game.plugins`), and the settings and the registry of
rule versions (:mod:`~splitcards.game.configuration`)."""
