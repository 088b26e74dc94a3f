"""A plugin shipped as its own distribution is found through the ``splitcards`` entry point.

The test builds a tiny wheel (a house rule: name both halves of a split card, as before 2013,
plus a refusal hook), installs it with pip into a throwaway virtual environment that also sees
this environment's packages, and runs splitcards there.
"""

from __future__ import annotations

import base64
import hashlib
import os
import site
import subprocess
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

PLUGIN = """
from importlib import resources

from splitcards.errors import IllegalCast
from splitcards.hooks import hookimpl


@hookimpl
def splitcards_rule_files():
    return [resources.files("house_naming") / "house-naming.yaml"]


@hookimpl
def check_cast(rules, request, timing, board):
    if rules.name == "house-naming" and request.option.value == "fused":
        return IllegalCast("house rule: no fuse at this table", ("house",), rules.name)
    return None
"""
HOUSE_RULE = """\
version: house-naming
extends: current
description: Name both halves, as in 2009.
naming: {choose: both_halves}
"""
VERSIONS = "import sys; from splitcards.tools.cli import main; sys.exit(main(['versions']))"
CHECK = """
from splitcards.adapters.reference import ReferenceHost
from splitcards.rules.card import Card, Half
from splitcards.game.configuration.registry import load_registry
from splitcards.errors import IllegalCast
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption, Zone
from splitcards.game.table import Table

pm = make_plugin_manager()
version = load_registry(pm=pm).get("house-naming")
half = lambda n, c: Half(n, ManaCost.parse(c), "Instant", ("Instant",))
card = Card("Wear // Tear", (half("Wear", "{1}{R}"), half("Tear", "{W}")), fuse=True)
table = Table(ReferenceHost(), version, pm)
print("choices", table.name_choices(card).value)
try:
    table.cast(table.create(card, Zone.HAND), CastOption.FUSED)
except IllegalCast as exc:
    print("refused", exc)
"""


def _wheel(tmp_path: Path) -> Path:
    files = {
        "house_naming/__init__.py": PLUGIN,
        "house_naming/house-naming.yaml": HOUSE_RULE,
        "house_naming-1.0.dist-info/METADATA": "Metadata-Version: 2.1\nName: house-naming\nVersion: 1.0\n",
        "house_naming-1.0.dist-info/WHEEL": (
            "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
        ),
        "house_naming-1.0.dist-info/entry_points.txt": "[splitcards]\nhouse = house_naming\n",
    }
    record = []
    path = tmp_path / "house_naming-1.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as wheel:
        for name, text in files.items():
            data = text.encode()
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append(f"{name},sha256={digest},{len(data)}")
            wheel.writestr(name, data)
        record.append("house_naming-1.0.dist-info/RECORD,,")
        wheel.writestr("house_naming-1.0.dist-info/RECORD", "\n".join(record) + "\n")
    return path


@pytest.fixture(scope="module")
def plugin_env(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("plugin-env")
    env_dir = tmp / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # The throwaway environment sees this one's packages (splitcards, pluggy, pyyaml, pip).
    outer = [sysconfig.get_paths()["purelib"], *site.getsitepackages()]
    Path(purelib, "outer.pth").write_text("".join(f"import site; site.addsitedir({p!r})\n" for p in outer))
    wheel = _wheel(tmp)
    subprocess.run(
        [python, "-m", "pip", "install", "--no-deps", "--no-index", "--target", purelib, "-q", str(wheel)],
        check=True,
        capture_output=True,
    )
    return python


def _run(python: Path, code: str, **env: str) -> str:
    result = subprocess.run(
        [python, "-c", code], capture_output=True, text=True, env={**os.environ, **env}, check=False, timeout=120
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_installed_plugin_adds_a_house_rule_version(plugin_env: Path) -> None:
    out = _run(plugin_env, VERSIONS)
    assert "house-naming: Name both halves, as in 2009." in out


def test_installed_plugin_hooks_are_called(plugin_env: Path) -> None:
    out = _run(plugin_env, CHECK)
    assert "choices (('Wear', 'Tear'),)" in out
    assert "refused house rule: no fuse at this table" in out


def test_block_list_keeps_the_plugin_out(plugin_env: Path) -> None:
    out = _run(plugin_env, VERSIONS, SPLITCARDS_DISABLE_PLUGINS="house")
    assert "duskmourn-2024" in out
    assert "house-naming" not in out
