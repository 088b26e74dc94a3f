"""The ``splitcards`` command words a Ctrl-C that comes while it is still importing."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import entry_points

# Interrupts the command's imports half-way, as a Ctrl-C in the first moments of a run does.
INTERRUPTED_IMPORT = """
import builtins, sys
real = builtins.__import__
def interrupted(name, *args, **kwargs):
    if name == "pluggy":
        raise KeyboardInterrupt
    return real(name, *args, **kwargs)
builtins.__import__ = interrupted
from splitcards.tools.entry import main
sys.exit(main())
"""


def test_a_ctrl_c_during_the_imports_is_an_interruption_not_a_traceback() -> None:
    run = subprocess.run([sys.executable, "-c", INTERRUPTED_IMPORT], capture_output=True, text=True, timeout=120)
    assert (run.returncode, run.stderr) == (2, "splitcards: interrupted\n")


def test_the_command_and_python_m_start_at_that_first_step() -> None:
    (script,) = entry_points(group="console_scripts", name="splitcards")
    assert script.value == "splitcards.tools.entry:main"
