"""The static table of answers: for engines that won't run Python at all, as LSIF is for editors.

One JSON line per (card, rule version, zone): the characteristics, the name choices and every way
to cast the card from that zone (the refused ones with why), and for a Room on the battlefield its
doors. Each part is the service's own envelope for that question, without a decision id: the
line is what ``splitcards serve`` answers, asked ahead of time.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from splitcards.rules.card import Card
from splitcards.rules.model import Zone
from splitcards.rules.versions import RuleVersion
from splitcards.service.server import Service

DUMP_ZONES = (Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.BATTLEFIELD)
"""The zones dumped by default; the battlefield only for a card with a permanent half."""


def dump_lines(
    service: Service, cards: Iterable[Card], versions: Sequence[RuleVersion], zones: Sequence[Zone] = DUMP_ZONES
) -> Iterator[dict[str, Any]]:
    """The dump's lines, card by card, then version by version (oldest first), then zone by zone."""
    for card in cards:
        form = card.name
        permanent = any(half.is_permanent for half in card.halves)
        for version in versions:
            choices = service.envelope("name_choices", {"card": form, "rules": version.name})
            for zone in zones:
                if zone is Zone.BATTLEFIELD and not permanent:
                    continue
                asked = {"card": form, "rules": version.name, "zone": zone.value}
                line: dict[str, Any] = {
                    "card": card.name,
                    "rules": version.name,
                    "zone": zone.value,
                    "hash": service.rules_hash(version),
                    "characteristics": service.envelope("characteristics", asked),
                    "name_choices": choices,
                }
                if zone is not Zone.BATTLEFIELD:
                    line["ways_to_cast"] = service.envelope("ways_to_cast", {**asked, "explain": "why_not"})
                elif card.is_room:
                    line["doors"] = service.envelope("doors", asked)
                yield line
