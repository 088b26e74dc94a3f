"""Configuration: the project's settings and the registry of rule versions."""
