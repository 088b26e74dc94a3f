"""The plugin machinery: the manager, the typed hook calls and the check of what a plugin returns,
the built-in rules registered as a plugin, and the host adapters plugins register."""
