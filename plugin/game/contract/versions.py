"""The versions of the host contract, and what each later version changed of what a host must do.

An adapter says which version of the contract it was written for (``AdapterInfo.contract``; a
registration that says nothing was written for the oldest). Where a later version asks more of a
host, the :class:`~splitcards.game.table.Table` keeps the old behaviour for a host of an older
version, with a ``DeprecationWarning`` naming the rule and the version that changed it, for at
least one minor release (docs/adapters.md, "Contract versions"). A wire engine speaks protocol
1.x, which came with contract 0.2: it is held to the current contract.
"""

from __future__ import annotations

from dataclasses import dataclass

CONTRACTS: tuple[str, ...] = ("0.1", "0.2")
"""Every version of the contract, oldest first: the splitcards release that defined it."""

OLDEST_CONTRACT = CONTRACTS[0]
"""What a registration that names no version was written for."""

CURRENT_CONTRACT = CONTRACTS[-1]
"""The contract this release's documents describe."""


@dataclass(frozen=True, slots=True)
class ContractChange:
    """One thing a later contract asks of a host that an earlier one did not."""

    key: str
    """The change's name, for tests and messages."""
    since: str
    """The contract version that asks it."""
    rules: str
    """The rules the new demand carries out."""
    demand: str
    """What a host of that version must do."""
    kept: str
    """What the Table does instead for a host of an older version."""


CHANGES: tuple[ContractChange, ...] = (
    ContractChange(
        key="copy_marked",
        since="0.2",
        rules="707.10, 707.12",
        demand="copy_spell and copy_card answer a new object whose ObjectView.copy is true",
        kept="the object the host answered is taken as the copy the Table asked for, and shown with copy true",
    ),
    ContractChange(
        key="copy_owned",
        since="0.2",
        rules="707.10",
        demand="copy_spell answers a copy owned by the player it is put on the stack for (spell.caster)",
        kept="the copy is shown as owned by that player",
    ),
)


CAPABILITIES_SINCE: dict[str, str] = {
    "face_down": "0.2",
    "become_copy": "0.2",
    "turn_numbers": "0.2",
    "library_order": "0.2",
}
"""The capabilities a later contract added (by ``Capability`` value), with the version that added
them: an adapter written for an older contract could not declare them, so it is taken to lack them."""


def unknown_capability(contract: str, capability: str) -> str | None:
    """The contract version that added ``capability`` when a host written for ``contract``
    predates it, else ``None``."""
    since = CAPABILITIES_SINCE.get(capability)
    return since if since is not None and CONTRACTS.index(contract) < CONTRACTS.index(since) else None


def contract_problem(contract: object) -> str:
    """What is wrong with a contract version ("" when nothing is)."""
    if contract not in CONTRACTS:
        return f"a contract version, one of {', '.join(CONTRACTS)}, not {contract!r}"
    return ""


def kept_for(contract: str, key: str) -> ContractChange | None:
    """The change named ``key`` when a host written for ``contract`` predates it (the Table keeps
    the old behaviour), else ``None``."""
    change = next(c for c in CHANGES if c.key == key)
    return change if CONTRACTS.index(contract) < CONTRACTS.index(change.since) else None


def deprecation(host: str, contract: str, change: ContractChange, seen: str) -> str:
    """The warning for a host of an older contract that relied on what ``change`` removed."""
    return (
        f"host {host!r} {seen}; contract {change.since} asks that {change.demand} (rules {change.rules}). "
        f"Its adapter was written for contract {contract}, so {change.kept}; this will be an error in a later "
        f"minor release: meet the demand and declare AdapterInfo(contract={CURRENT_CONTRACT!r})"
    )
