"""The splitcards hook contract: the project name and the pluggy markers.

Plugins import ``hookimpl`` from here::

    from splitcards.hooks import hookimpl

    @hookimpl
    def on_name_choice(rules, card): ...
"""

from __future__ import annotations

import pluggy

PROJECT_NAME = "splitcards"

hookspec = pluggy.HookspecMarker(PROJECT_NAME)
hookimpl = pluggy.HookimplMarker(PROJECT_NAME)

__all__ = ["PROJECT_NAME", "hookimpl", "hookspec"]
