"""How a result is worded for people: the rules cited once per failure."""

from __future__ import annotations

import re

_CITED = re.compile(r"\(rules? [^()]*\)")


def citation(detail: str, rules: tuple[str, ...]) -> str:
    """The citation to add after ``detail``: ``(rules 608.2n, 608.3)``, or ``""`` when the detail
    already cites them (an illegal action's message names its own rules) or there are none."""
    if not rules:
        return ""
    cited = " ".join(_CITED.findall(detail))
    if cited and all(rule in cited for rule in rules):
        return ""
    return f"(rule{'s' if len(rules) > 1 else ''} {', '.join(rules)})"
