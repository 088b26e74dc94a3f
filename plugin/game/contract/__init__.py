"""The host contract: what an engine offers (:class:`Host`), how an adapter is registered
(:class:`AdapterInfo`) and what it declares it can't do, and what an engine with an AI of its own
offers (:mod:`splitcards.game.contract.aihost`)."""

from __future__ import annotations

from splitcards.game.contract.capabilities import Capability, Gap, KnownDeviation
from splitcards.game.contract.host import AdapterInfo, CastDecision, CastRequest, Host, Resolution

__all__ = ["AdapterInfo", "Capability", "CastDecision", "CastRequest", "Gap", "Host", "KnownDeviation", "Resolution"]
