"""The host adapters that plugins register (``splitcards_register_adapters``)."""

from __future__ import annotations

import pluggy

from splitcards.errors import PluginFailure, shown
from splitcards.game.contract import AdapterInfo, Capability, Gap, KnownDeviation
from splitcards.game.contract.versions import contract_problem
from splitcards.game.plugins import hookcalls


def adapters(pm: pluggy.PluginManager) -> dict[str, AdapterInfo]:
    """Every adapter the plugins of ``pm`` register, by host name; a name registered twice, or a registration whose
    fields are not what :class:`AdapterInfo` says, is an error naming the adapter and the field."""
    found: dict[str, AdapterInfo] = {}
    for batch in hookcalls.splitcards_register_adapters(pm):
        for registered in batch:
            problem = registration_problem(registered)
            if problem or not isinstance(registered, AdapterInfo):
                raise PluginFailure(
                    shown(getattr(registered, "name", registered)), "splitcards_register_adapters", ValueError(problem)
                )
            info = registered
            if info.name in found:
                raise PluginFailure(info.name, "splitcards_register_adapters", ValueError("host name registered twice"))
            found[info.name] = info
    return found


def registration_problem(info: object) -> str:
    """What is wrong with a registration, field by field ("" when nothing is): a declaration that is
    not what it says would be read wrongly in every run (a bare string of scenarios is a pattern
    for each of its characters)."""
    if not isinstance(info, AdapterInfo):
        return f"not a splitcards.AdapterInfo: {shown(info)}"
    if not isinstance(info.name, str) or not info.name.strip():
        return f"name: a host name (a non-empty string), not {shown(info.name)}"
    if not isinstance(info.description, str):
        return f"description: a string, not {shown(info.description)}"
    if not callable(info.factory):
        return f"factory: a callable that makes a game for a rule version, not {shown(info.factory)}"
    if info.available is not None and not isinstance(info.available, str):
        return f"available: None or the reason the engine is missing, not {shown(info.available)}"
    if info.ai_game is not None and not callable(info.ai_game):
        return f"ai_game: None or a callable, not {shown(info.ai_game)}"
    problem = contract_problem(info.contract)
    if problem:
        return f"contract: {problem}"
    if not isinstance(info.lacks, tuple):
        return f"lacks: a tuple of splitcards.Gap, not {shown(info.lacks)}"
    for i, gap in enumerate(info.lacks):
        if not isinstance(gap, Gap) or not isinstance(gap.capability, Capability) or not isinstance(gap.reason, str):
            allowed = ", ".join(c.value for c in Capability)
            return f"lacks[{i}]: a Gap(Capability, reason) with a capability of {allowed}, not {shown(gap)}"
    if not isinstance(info.deviations, tuple):
        return f"deviations: a tuple of splitcards.KnownDeviation, not {shown(info.deviations)}"
    for i, deviation in enumerate(info.deviations):
        if not isinstance(deviation, KnownDeviation):
            return f"deviations[{i}]: a KnownDeviation, not {shown(deviation)}"
        for field in ("name", "reason"):
            if not isinstance(getattr(deviation, field), str):
                return f"deviations[{i}].{field}: a string, not {shown(getattr(deviation, field))}"
        for field in ("scenarios", "rules"):
            value = getattr(deviation, field)
            if not isinstance(value, tuple) or not all(isinstance(item, str) for item in value):
                return f"deviations[{i}].{field}: a tuple of strings, not {shown(value)}"
    return ""
