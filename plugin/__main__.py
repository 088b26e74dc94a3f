"""``python -m splitcards``: the ``splitcards`` command."""

from __future__ import annotations

import sys

from splitcards.tools.entry import main

sys.exit(main())
