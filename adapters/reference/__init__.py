"""The in-memory reference host: a small test host that keeps objects, zones and timing."""

from splitcards.adapters.reference.host import ReferenceHost

__all__ = ["ReferenceHost"]
