"""The game: the host contract, the Table that orchestrates check, act, report, the built-in
rules as hooks, the plugin manager, the registry of rule versions and the settings."""
