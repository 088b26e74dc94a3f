"""Rule versions: the editions of the split-card rules, read from YAML files in ``config/``.

Each file describes one version; ``extends:`` names a parent whose keys it overrides.
Everything that differs between versions is data in these files (which answers a
characteristic query gets, how a split card is named, whether fuse, aftermath and Rooms
exist, and the rule numbers each decision cites). The rules code reads these values and
never tests a version's name.

The default version is ``default_version`` in ``config/settings.yaml`` (``current``), and the
environment variable ``SPLITCARDS_RULES`` overrides it with a version name or a YAML path.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from splitcards.errors import RulesConfigError
from splitcards.yamlfile import read_yaml

ENV_VAR = "SPLITCARDS_RULES"
SETTINGS_FILE = "settings.yaml"

# Each key names one rule decision; the value in a version file is the list of rule numbers
# (in that edition's numbering) that decide it.
BASE_CITATIONS = frozenset(
    {
        "split_card",
        "off_stack",
        "on_stack",
        "colors",
        "multicolored",
        "mana_value",
        "mana_symbols",
        "types_and_abilities",
        "comparison",
        "negative_comparison",
        "multiple_comparison",
        "value_without_comparison",
        "name_choice",
        "has_name",
        "cast_half",
        "cast_zone",
        "land",
        "timing",
        "copy_spell",
        "copy_card",
        "leave_stack",
        "resolve",
        "enter_battlefield",
        "splice",
        "splice_choices",
        "splice_once",
        "splice_order",
        "splice_characteristics",
        "splice_lost",
        "splice_copy",
    }
)
FEATURE_CITATIONS = {
    "fuse": frozenset({"fuse", "fused_spell", "fuse_cost", "fuse_order"}),
    "aftermath": frozenset({"aftermath"}),
    "rooms": frozenset(
        {
            "room",
            "room_enters",
            "unlock_action",
            "unlock_effect",
            "lock_effect",
            "unlock_trigger",
            "fully_unlocked",
            "room_copy",
        }
    ),
}
ALL_CITATIONS = BASE_CITATIONS.union(*FEATURE_CITATIONS.values())

_CHOICES: dict[tuple[str, str], tuple[str, ...]] = {
    ("characteristics", "off_stack"): ("separate", "combined"),
    ("characteristics", "fused_spell"): ("separate", "combined"),
    ("characteristics", "multicolored"): ("every_split_card", "different_colors"),
    ("naming", "choose"): ("both_halves", "one_half"),
}
_SCHEMA: dict[str, Any] = {
    "version": str,
    "extends": str,
    "aliases": [str],
    "edition": str,
    "description": str,
    "features": {"fuse": bool, "aftermath": bool, "rooms": bool},
    "characteristics": {"off_stack": str, "fused_spell": str, "multicolored": str},
    "naming": {"choose": str},
    "rules": {key: [str] for key in ALL_CITATIONS},
}
_REQUIRED_TOP = ("version", "edition", "description", "features", "characteristics", "naming", "rules")


@dataclass(frozen=True, slots=True)
class RuleVersion:
    """One edition of the split-card rules, as loaded and validated from YAML."""

    name: str
    edition: str
    description: str
    aliases: tuple[str, ...]
    fuse: bool
    aftermath: bool
    rooms: bool
    off_stack_combined: bool
    fused_spell_combined: bool
    every_split_card_multicolored: bool
    name_both_halves: bool
    citations: Mapping[str, tuple[str, ...]] = field(compare=False, repr=False)
    source: str = field(compare=False, repr=False, default="")

    def __hash__(self) -> int:
        return hash(self.name)

    def cite(self, *keys: str) -> tuple[str, ...]:
        """The rule numbers behind the named decisions, in order, without repeats."""
        out: list[str] = []
        for key in keys:
            for number in self.citations[key]:
                if number not in out:
                    out.append(number)
        return tuple(out)


@dataclass(slots=True)
class VersionRegistry:
    """The known rule versions by name and alias."""

    versions: dict[str, RuleVersion]
    aliases: dict[str, str]
    default_name: str
    raws: dict[str, dict[str, Any]]
    origins: dict[str, str]

    def get(self, name: str | None = None) -> RuleVersion:
        """A version by name, alias or YAML path; ``None`` means the default (env var, then settings)."""
        wanted = name or os.environ.get(ENV_VAR) or self.default_name
        if wanted.endswith((".yaml", ".yml")):
            return self.add_file(Path(wanted))
        key = self.aliases.get(wanted, wanted)
        if key not in self.versions:
            allowed = ", ".join(sorted(set(self.versions) | set(self.aliases)))
            origin = f" (from ${ENV_VAR})" if name is None and os.environ.get(ENV_VAR) else ""
            raise RulesConfigError(f"unknown rule version {wanted!r}{origin} (allowed: {allowed})")
        return self.versions[key]

    def names(self) -> list[str]:
        return list(self.versions)

    def add_file(self, path: Path | Traversable) -> RuleVersion:
        """Load a user's rule-version file (a house rule); it may extend any known version."""
        name, raw = _read_version(path)
        if name in self.raws and self.origins[name] != str(path):
            raise RulesConfigError(f"{path}: version: {name!r} is already defined in {self.origins[name]}")
        raws = {**self.raws, name: raw}
        origins = {**self.origins, name: str(path)}
        version = _build(name, raws, origins)
        self.raws, self.origins = raws, origins
        self.versions[name] = version
        for alias in version.aliases:
            self.aliases[alias] = name
        return version


def load_registry(extra: Iterable[Path | Traversable] = ()) -> VersionRegistry:
    """Read the built-in version files and any extra ones (from plugins or the user)."""
    raws: dict[str, dict[str, Any]] = {}
    origins: dict[str, str] = {}
    files = sorted(
        (f for f in resources.files("splitcards.config").iterdir() if f.name.endswith(".yaml")),
        key=lambda f: f.name,
    )
    settings: dict[str, Any] = {}
    for path in [*files, *extra]:
        if path.name == SETTINGS_FILE:
            settings = _read(path)
            continue
        name, raw = _read_version(path)
        if name in raws:
            raise RulesConfigError(f"{path}: version: {name!r} is already defined in {origins[name]}")
        raws[name] = raw
        origins[name] = str(path)
    versions = {name: _build(name, raws, origins) for name in raws}
    aliases = {alias: v.name for v in versions.values() for alias in v.aliases}
    default = settings.get("default_version", "current")
    if set(settings) - {"default_version"} or not isinstance(default, str):
        raise RulesConfigError(f"{SETTINGS_FILE}: only 'default_version' (a version name) is allowed")
    registry = VersionRegistry(versions, aliases, default, raws, origins)
    registry.get(default)  # the default must exist
    return registry


def _read(path: Path | Traversable) -> dict[str, Any]:
    raw = read_yaml(path, RulesConfigError)
    if not isinstance(raw, dict):
        raise RulesConfigError(f"{path}: top level must be a mapping of keys to values")
    return raw


def _read_version(path: Path | Traversable) -> tuple[str, dict[str, Any]]:
    """A version file's name and keys, every key and value checked against the schema."""
    raw = _read(path)
    name = raw.get("version")
    if not isinstance(name, str):
        raise RulesConfigError(f"{path}: version: missing or not a string (allowed: a version name)")
    _check(str(path), raw, _SCHEMA, "")
    return name, raw


def _merged(name: str, raws: Mapping[str, Mapping[str, Any]], origins: Mapping[str, str]) -> dict[str, Any]:
    alias_of = _alias_map(raws)
    chain: list[str] = []
    current: str | None = name
    while current is not None:
        current = alias_of.get(current, current)
        if current in chain:
            cycle = " -> ".join([*chain, current])
            raise RulesConfigError(f"{origins.get(name, name)}: extends: cycle {cycle}")
        if current not in raws:
            child = chain[-1]
            allowed = ", ".join(sorted(raws))
            raise RulesConfigError(
                f"{origins.get(child, child)}: extends: unknown version {current!r} (allowed: {allowed})"
            )
        chain.append(current)
        parent = raws[current].get("extends")
        if parent is not None and not isinstance(parent, str):
            raise RulesConfigError(f"{origins.get(current, current)}: extends: must be a version name")
        current = parent
    merged: dict[str, Any] = {}
    for link in reversed(chain):
        _deep_update(merged, raws[link])
    merged["version"] = name
    merged["aliases"] = list(raws[name].get("aliases", []))
    return merged


def _deep_update(into: dict[str, Any], new: Mapping[str, Any]) -> None:
    for key, value in new.items():
        if isinstance(value, Mapping) and isinstance(into.get(key), dict):
            _deep_update(into[key], value)
        else:
            into[key] = dict(value) if isinstance(value, Mapping) else value


def _check(where: str, value: Any, schema: Any, key: str) -> None:
    if isinstance(schema, dict):
        if not isinstance(value, dict):
            raise RulesConfigError(f"{where}: {key}: must be a mapping (allowed keys: {', '.join(sorted(schema))})")
        for sub, sub_value in value.items():
            if sub not in schema:
                allowed = ", ".join(sorted(schema))
                raise RulesConfigError(f"{where}: {key}.{sub}: unknown key (allowed: {allowed})".replace(": .", ": "))
            _check(where, sub_value, schema[sub], f"{key}.{sub}".lstrip("."))
    elif isinstance(schema, list):
        if not isinstance(value, list) or not all(isinstance(v, schema[0]) for v in value):
            raise RulesConfigError(f"{where}: {key}: must be a list of {schema[0].__name__}")
    elif not isinstance(value, schema) or (schema is int and isinstance(value, bool)):
        raise RulesConfigError(f"{where}: {key}: must be a {schema.__name__}, got {value!r}")


def _build(name: str, raws: Mapping[str, Mapping[str, Any]], origins: Mapping[str, str]) -> RuleVersion:
    where = origins.get(name, name)
    data = _merged(name, raws, origins)
    for key in _REQUIRED_TOP:
        if key not in data:
            raise RulesConfigError(f"{where}: {key}: missing (inherited from no parent)")
    for (section, key), allowed in _CHOICES.items():
        value = data[section].get(key)
        if value not in allowed:
            raise RulesConfigError(
                f"{where}: {section}.{key}: {value!r} is not allowed (allowed: {', '.join(allowed)})"
            )
    features = data["features"]
    for feature in ("fuse", "aftermath", "rooms"):
        if feature not in features:
            raise RulesConfigError(f"{where}: features.{feature}: missing (allowed: true, false)")
    needed = set(BASE_CITATIONS).union(*(FEATURE_CITATIONS[f] for f in FEATURE_CITATIONS if features[f]))
    missing = sorted(needed - set(data["rules"]))
    if missing:
        raise RulesConfigError(f"{where}: rules: missing citations for {', '.join(missing)}")
    citations = {key: tuple(numbers) for key, numbers in data["rules"].items()}
    return RuleVersion(
        name=name,
        edition=data["edition"],
        description=data["description"],
        aliases=tuple(data["aliases"]),
        fuse=features["fuse"],
        aftermath=features["aftermath"],
        rooms=features["rooms"],
        off_stack_combined=data["characteristics"]["off_stack"] == "combined",
        fused_spell_combined=data["characteristics"]["fused_spell"] == "combined",
        every_split_card_multicolored=data["characteristics"]["multicolored"] == "every_split_card",
        name_both_halves=data["naming"]["choose"] == "both_halves",
        citations=citations,
        source=where,
    )


def _alias_map(raws: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    return {alias: n for n, raw in raws.items() for alias in raw.get("aliases", []) if isinstance(alias, str)}
