"""Deprecated: the pytest plugin moved to :mod:`splitcards.tools.testing.plugin`.

This name is the plugin module itself, not a copy of it: ``-p splitcards.testing.plugin``
registers the one plugin, so its options and hooks are never registered twice.
"""

from __future__ import annotations

import sys

from splitcards.game import moved
from splitcards.tools.testing import plugin as _plugin

moved(__name__, "splitcards.tools.testing.plugin")
sys.modules[__name__] = _plugin
