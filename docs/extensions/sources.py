"""MkDocs hook: the API reference is read from the sources laid out as the package installs them.

pyproject.toml maps the package's folders onto one import root (``splitcards`` from plugin/,
``splitcards.hooks`` from hooks/...). Griffe finds a package by its folder's name, so from a
checkout, or through a plain editable install (whose finder only names the folders), it finds
no ``splitcards``. This hook lays the mapping out as links in a temporary folder and points the
Python handler there, so the reference is built from this checkout's sources however, or
whether, the package is installed.
"""

from __future__ import annotations

import shutil
import tempfile
import tomllib
from pathlib import Path
from typing import Any

try:
    from mkdocs.plugins import event_priority
except ImportError:  # imported by the tests, which lay the sources out without MkDocs (MkDocs' own shim)

    def event_priority(priority: float) -> Any:
        return lambda function: function


_made: list[Path] = []


def lay_out(root: Path, into: Path) -> Path:
    """Lay out the packages of ``root``'s ``[tool.setuptools.package-dir]`` under ``into`` as
    links to their files and folders; return ``into``."""
    with (root / "pyproject.toml").open("rb") as file:
        mapping: dict[str, str] = tomllib.load(file)["tool"]["setuptools"]["package-dir"]
    # A parent package before its subpackages, so a subpackage's folder goes inside its parent's.
    for package, folder in sorted(mapping.items(), key=lambda item: item[0].count(".")):
        target = into.joinpath(*package.split("."))
        target.mkdir(parents=True, exist_ok=True)
        for entry in sorted((root / folder).iterdir()):
            if entry.name != "__pycache__" and not (target / entry.name).exists():
                (target / entry.name).symlink_to(entry.resolve())
    return into


# Before mkdocstrings reads its handlers' configuration.
@event_priority(100)
def on_config(config: Any) -> Any:
    root = Path(config["config_file_path"]).parent
    into = Path(tempfile.mkdtemp(prefix="splitcards-sources-"))
    _made.append(into)
    handler = config["plugins"]["mkdocstrings"].config["handlers"]["python"]
    handler["paths"] = [str(lay_out(root, into))]
    return config


def on_shutdown() -> None:
    while _made:
        shutil.rmtree(_made.pop(), ignore_errors=True)
