"""The splitcards hook contract: the project name and the pluggy markers.

Plugins import ``hookimpl`` from here:

    from splitcards.hooks import hookimpl

    @hookimpl
    def on_name_choice(rules, card): ...
"""

from __future__ import annotations

import pluggy

from splitcards.hooks.answers import ImplMarker

PROJECT_NAME = "splitcards"
"""The pluggy project name: the markers' name and the entry-point group plugins register under."""

hookspec = pluggy.HookspecMarker(PROJECT_NAME)
"""Marks a hook specification (:mod:`splitcards.hooks.spec`); a plugin needs it only to add hooks."""
hookimpl = ImplMarker(PROJECT_NAME)
"""Marks a plugin's hook implementation: ``@hookimpl``, or ``@hookimpl(trylast=True)``,
``@hookimpl(wrapper=True)`` and pluggy's other options. It is pluggy's marker; what a marked
function answers is also recorded for the hook call in progress, so that the plugin whose answer
a call took is named (:mod:`splitcards.hooks.answers`)."""

__all__ = ["PROJECT_NAME", "hookimpl", "hookspec"]
