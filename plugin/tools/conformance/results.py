"""How each run of a scenario ended."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Status(StrEnum):
    """How a run ended: as the scenario expects, not, not expressible on the host, or in error:
    with an exception nobody expected (a defect of the host, the engine or a plugin), or for a
    scenario that could not be read (its ``problem``)."""

    PASS = "pass"
    FAIL = "fail"
    NOT_SUPPORTED = "not_supported"
    ERROR = "error"


@dataclass(frozen=True, slots=True)
class Answer:
    """What the rules answered on the host to one check of a scenario (``checks[index]``): the
    answer as the check compares it, the rules it cites, and whether it is the one expected."""

    index: int
    query: str
    got: Any
    rules: tuple[str, ...]
    matched: bool


@dataclass(frozen=True, slots=True)
class Result:
    """One run's end: which run, its status, why (``detail``), where the answer comes from
    (``source``), the rules it cites, and ``declared``: the host's declaration behind a
    ``not_supported`` the run was not needed for, or behind the judgement of a known deviation
    (``"phase.lacks[rooms]"``, ``"phase.deviations[splice-onto-misread]"``). ``answers``: what the
    host answered to each check the run reached, in order."""

    file: str
    scenario: str
    version: str
    host: str
    status: Status
    detail: str = ""
    source: str = ""
    rules: tuple[str, ...] = field(default=())
    declared: str = ""
    answers: tuple[Answer, ...] = ()
