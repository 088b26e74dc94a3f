"""The Hypothesis profiles of tests/conftest.py: ``ci`` runs each test's own number of examples,
derandomized; ``explore`` runs many times more on every test, a test that fixes its own number
with ``@settings(max_examples=N)`` included, which a profile alone could not raise."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

pytest_plugins = ("pytester",)

CONFTEST = Path(__file__).with_name("conftest.py")
COUNTED = """
from hypothesis import given, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, rule

SEEN = {"given": 0, "machine": 0}


@settings(max_examples=4)
@given(st.integers())
def test_fixed(n):
    SEEN["given"] += 1


class Machine(RuleBasedStateMachine):
    @rule()
    def step(self):
        pass

    def teardown(self):
        SEEN["machine"] += 1


Machine.TestCase.settings = settings(max_examples=3, stateful_step_count=1)
TestMachine = Machine.TestCase


def test_zz_count():
    print(f"examples: {SEEN['given']} {SEEN['machine']}")
"""


def _examples(pytester: pytest.Pytester, *options: str) -> tuple[int, int]:
    """How many examples the ``@given`` test and the state machine ran, under ``options``."""
    pytester.makeconftest(CONFTEST.read_text(encoding="utf-8"))
    pytester.makepyfile(test_counted=COUNTED)
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", "-s", *options)
    result.assert_outcomes(passed=3)
    (found,) = re.findall(r"examples: (\d+) (\d+)", result.stdout.str())
    return int(found[0]), int(found[1])


@pytest.fixture
def profile_kept(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The profile of this run, loaded again after a run in this process has loaded its own; the
    runs name theirs."""
    monkeypatch.delenv("HYPOTHESIS_PROFILE", raising=False)
    name = settings.get_current_profile_name()
    yield
    settings.load_profile(name)


@pytest.mark.usefixtures("profile_kept")
def test_ci_runs_a_tests_own_number_of_examples_and_explore_fifty_times_it(pytester: pytest.Pytester) -> None:
    assert _examples(pytester, "--hypothesis-profile=ci") == (4, 3)
    # explore runs 5000 examples of a test that takes the profile's number, fifty times ci's 100.
    assert _examples(pytester, "--hypothesis-profile=explore") == (4 * 50, 3 * 50)
