"""What a plugin registers and what a command is given are checked before anything runs: an
adapter's declarations field by field, a soak's limits and scheduler address."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from splitcards.adapters.reference.plugin import new_game
from splitcards.errors import PluginFailure
from splitcards.game.contract import AdapterInfo, Capability, Gap, KnownDeviation
from splitcards.game.plugins.hosts import adapters
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.hooks import hookimpl
from splitcards.tools.cli import main


def _registering(info: Any) -> Any:
    class Plugin:
        @hookimpl
        def splitcards_register_adapters(self) -> Sequence[AdapterInfo]:
            return [info]

    pm = make_plugin_manager(load_entry_points=False)
    pm.register(Plugin(), "third-party")
    return pm


def _info(**fields: Any) -> AdapterInfo:
    return AdapterInfo(**{"name": "toy", "description": "a toy engine", "factory": new_game, **fields})


@pytest.mark.parametrize(
    ("info", "problem"),
    [
        (_info(lacks=("rooms",)), "lacks[0]: a Gap(Capability, reason) with a capability of rooms, both_doors"),
        (_info(lacks=None), "lacks: a tuple of splitcards.Gap, not None"),
        (_info(lacks=(Gap("not-a-capability", "x"),)), "lacks[0]: a Gap(Capability, reason)"),  # type: ignore[arg-type]
        (_info(deviations=("x",)), "deviations[0]: a KnownDeviation, not 'x'"),
        (
            _info(deviations=(KnownDeviation("d", "r", "copies.yaml::*"),)),  # type: ignore[arg-type]
            "deviations[0].scenarios: a tuple of strings, not 'copies.yaml::*'",
        ),
        (_info(name=5), "name: a host name (a non-empty string), not 5"),
        (_info(factory=None), "factory: a callable that makes a game for a rule version, not None"),
        ("toy", "returned list ['toy']; splitcards_register_adapters returns a list of AdapterRegistration"),
    ],
    ids=[
        "lacks-strings",
        "lacks-none",
        "gap-unknown",
        "deviations-strings",
        "scenarios-bare",
        "name-5",
        "no-factory",
        "str",
    ],
)
def test_a_registration_not_as_declared_is_an_error_naming_the_field(info: Any, problem: str) -> None:
    with pytest.raises(PluginFailure) as caught:
        adapters(_registering(info))
    assert "in hook 'splitcards_register_adapters'" in str(caught.value)
    assert problem in str(caught.value)


def test_a_sound_registration_with_declarations_is_taken() -> None:
    info = _info(lacks=(Gap(Capability.ROOMS, "no Rooms"),), deviations=(KnownDeviation("d", "r", ("a.yaml::*",)),))
    assert adapters(_registering(info))["toy"] is info


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["--timeout", "99999999999999"], "argument --timeout: at most 604800 seconds (a week)"),
        (["--timeout", "0"], "argument --timeout: must be at least 1"),
        (["--scheduler", "bogus"], "argument --scheduler: 'local', or a scheduler's address"),
        (["--scheduler", ""], "argument --scheduler: 'local', or a scheduler's address"),
        (["--scheduler", "inproc://x"], "not 'inproc://x'"),
    ],
)
def test_soak_refuses_a_bad_limit_or_scheduler_before_any_game(
    argv: list[str], problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["soak", "--games", "1", *argv])
    assert exit_.value.code == 2
    assert problem in capsys.readouterr().err
