"""A soak run's games are made as they are reached: the plan holds a few numbers, the workers
take one game at a time, and whether an earlier game belongs to the run is arithmetic."""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from splitcards.tools.play import workers
from splitcards.tools.play.games import GamePlan, GameSpec

VERSIONS = (("classic-2009", None), ("duskmourn-2024", None), ("house", "house.yaml"))


def test_a_plan_lists_each_version_with_each_seed_in_order() -> None:
    plan = GamePlan("phase", VERSIONS[:2], 7, 3, 500)
    assert list(plan) == [
        GameSpec("phase", "classic-2009", 7, 500),
        GameSpec("phase", "classic-2009", 8, 500),
        GameSpec("phase", "classic-2009", 9, 500),
        GameSpec("phase", "duskmourn-2024", 7, 500),
        GameSpec("phase", "duskmourn-2024", 8, 500),
        GameSpec("phase", "duskmourn-2024", 9, 500),
    ]
    assert len(plan) == 6
    assert plan[4] == plan[-2] == GameSpec("phase", "duskmourn-2024", 8, 500)
    assert GamePlan("phase", VERSIONS, 1, 2, 10)[5].rules_file == "house.yaml"


def test_a_plan_of_a_million_games_is_a_few_numbers() -> None:
    plan = GamePlan("phase", VERSIONS, 1, 1_000_000, 2000)
    assert len(plan) == 3_000_000
    assert plan[2_999_999] == GameSpec("phase", "house", 1_000_000, 2000, "house.yaml")
    assert list(itertools.islice(plan, 2)) == [plan[0], plan[1]]


@given(
    host=st.sampled_from(["phase", "mtg"]),
    rules=st.sampled_from(["classic-2009", "duskmourn-2024", "house", "amonkhet-2017"]),
    seed=st.integers(min_value=-2, max_value=12),
    max_actions=st.sampled_from([10, 2000]),
)
def test_a_plan_covers_exactly_the_games_it_lists(host: str, rules: str, seed: int, max_actions: int) -> None:
    plan = GamePlan("phase", VERSIONS, 3, 5, 2000)
    key = (host, rules, seed, max_actions)
    assert plan.covers(key) is (key in {spec.key for spec in plan})


def test_workers_take_the_games_one_at_a_time_as_they_come_free() -> None:
    taken: list[int] = []

    def specs() -> Iterator[int]:
        for n in itertools.count(1):
            taken.append(n)
            yield n

    # A "game" is a builtin a spawned worker can import: its report is the spec negated.
    reports = workers.in_processes(specs(), 2, operator.neg, operator.add)
    first = next(reports)
    # Two workers started, the first game ended: at most one more game was made.
    assert first in (-1, -2)
    assert len(taken) <= 3
    reports.close()


def test_a_games_clock_starts_when_its_worker_has_started(monkeypatch: pytest.MonkeyPatch) -> None:
    # No Python process starts in a millisecond: each worker is past its start allowance, though
    # no limit is set on the games themselves.
    monkeypatch.setattr(workers, "STARTUP_SECONDS", 0.001)
    reports = list(workers.in_processes([1, 2], 2, operator.neg, lambda spec, why: f"{spec}: {why}"))
    assert sorted(map(str, reports)) == [
        "1: its worker did not start in 0.001 s; it was killed",
        "2: its worker did not start in 0.001 s; it was killed",
    ]


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_the_workers_stop_when_the_games_run_out(jobs: int) -> None:
    reports = workers.in_processes(iter([1, 2]), jobs, operator.neg, lambda spec, why: -100, timeout=600)
    assert set(reports) == {-1, -2}
