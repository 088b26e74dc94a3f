"""The registry of rule versions, read from the YAML files in ``config/``, plugins and house rules.

Each file describes one version; ``extends:`` names a parent whose keys it overrides. The
default version is ``default_version`` in ``config/settings.yaml`` (``current``), and the
environment variable ``SPLITCARDS_RULES`` overrides it with a version name or a YAML path.

Every name and alias names one version: a house rule cannot take the name or an alias of
another version, and a shipped version cannot be replaced. A file that is refused leaves the
registry as it was.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pluggy

from splitcards.errors import RulesConfigError, did_you_mean, shown
from splitcards.files.yamlfile import read_yaml
from splitcards.game.configuration.settings import default_rules, project_config
from splitcards.game.plugins import hookcalls, manager
from splitcards.rules.versionfile import (
    BASE_CITATIONS,
    CHOICE_WORDS,
    CHOICES,
    FEATURE_CITATIONS,
    KEYS,
    NAME,
    NAME_RULE,
    REQUIRED_KEYS,
)
from splitcards.rules.versions import RuleVersion

SETTINGS_FILE = "settings.yaml"


@dataclass(slots=True)
class VersionRegistry:
    """The known rule versions by name and alias.

    Adding files is atomic: a refused file leaves the registry as it was, and of two threads
    adding the same version name from different files exactly one succeeds.
    """

    versions: dict[str, RuleVersion]
    """Each rule version by its canonical name."""
    aliases: dict[str, str]
    """Each alias and the name it stands for (``"current"``: ``"duskmourn-2024"``)."""
    default_name: str
    """The package default version's name (``config/settings.yaml``), used when nothing else names one."""
    raws: dict[str, dict[str, Any]]
    """Each version's file as read and merged with what it extends, for the versions that extend it."""
    origins: dict[str, str]
    """Each version's file, by name."""
    shipped: frozenset[str] = frozenset()
    """The names of the versions shipped in the package, which no file may replace."""
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False, compare=False)

    def get(self, name: str | None = None) -> RuleVersion:
        """The version ``name`` names, an alias or a YAML path; ``None`` means the default: ``$SPLITCARDS_RULES``,
        then the project's ``rules`` (:mod:`splitcards.game.configuration.settings`), then the package default."""
        origin = ""
        wanted: Any = name
        if name is None:
            default = default_rules(self.default_name)
            wanted = default.value
            origin = "" if default.value == self.default_name else f" (from {default.origin})"
        if not isinstance(wanted, str):
            raise RulesConfigError(f"rule version {shown(wanted)}: must be a version name or the path of a YAML file")
        if wanted.endswith((".yaml", ".yml")):
            return self.add_file(Path(wanted))
        with self._lock:
            version = self.versions.get(self.aliases.get(wanted, wanted))
            if version is None:
                known = sorted(set(self.versions) | set(self.aliases))
                near = did_you_mean(wanted, known)
                raise RulesConfigError(
                    f"unknown rule version {shown(wanted)}{origin}{near} (allowed: {', '.join(known)})"
                )
        return version

    def names(self) -> list[str]:
        """The canonical names of the known versions, in the order they were loaded."""
        return list(self.versions)

    def add_file(self, path: Path | Traversable) -> RuleVersion:
        """Load the rule-version file at ``path`` (a house rule); it may extend any known version.

        Adding the same file again gives the version already loaded, or, if the file changed,
        replaces it and rebuilds the versions that extend it.
        """
        return self._add([path])[0]

    def copy(self) -> VersionRegistry:
        """A registry with the same versions, to which files can be added without changing this one."""
        with self._lock:
            return VersionRegistry(
                dict(self.versions),
                dict(self.aliases),
                self.default_name,
                dict(self.raws),
                dict(self.origins),
                self.shipped,
            )

    def _add(self, paths: Iterable[Path | Traversable]) -> list[RuleVersion]:
        """Add files together (they may extend one another), all or none."""
        read: dict[str, tuple[str, dict[str, Any]]] = {}
        for path in paths:
            if str(path) not in read:
                read[str(path)] = _read_version(path)
        with self._lock:
            # The new state is built aside and swapped in whole, so readers never see half of it.
            raws, origins, versions = _admit(self, read)
            self.raws, self.origins, self.versions = raws, origins, versions
            self.aliases = {alias: v.name for v in versions.values() for alias in v.aliases}
            return [versions[name] for name, _ in read.values()]


def load_registry(
    extra: Iterable[Path | Traversable] = (), pm: pluggy.PluginManager | None = None, *, house_rules: bool = True
) -> VersionRegistry:
    """The shipped versions, those the plugins of ``pm`` add, then the files in ``extra``.

    Plugins add version files through the hook ``splitcards_rule_files``; ``pm`` defaults to
    the process-wide manager (:func:`splitcards.game.plugins.manager.default_manager`). The shipped and
    the plugins' files are package data: they are read and checked once per set of files,
    and each call returns a new registry, so a file added to one registry (``add_file``, a
    path given to ``get`` or in ``$SPLITCARDS_RULES``) does not show in the others.
    ``house_rules=False`` leaves out the project's ``house_rules`` (``splitcards config --check``
    checks them one by one).
    """
    registry = _base(_plugin_files(pm)).copy()
    config = project_config() if house_rules else None
    house = list(config.house_rules) if config is not None else []
    files = [*house, *extra]
    if files:
        try:
            registry._add(files)
        except RulesConfigError as exc:
            # A house rule is a file the project named: say where, so it can be found and fixed.
            named = [str(path) for path in house if str(path) in str(exc)]
            if config is None or not named:
                raise
            raise RulesConfigError(f"{exc} (house_rules in {config.origin})") from exc
    return registry


def _plugin_files(pm: pluggy.PluginManager | None) -> list[Path | Traversable]:
    files: list[Path | Traversable] = []
    for batch in hookcalls.splitcards_rule_files(manager.default_manager() if pm is None else pm):
        files.extend(Path(path) if isinstance(path, str) else path for path in batch)
    return files


_CACHE_SIZE = 16
_CACHE_LOCK = threading.RLock()
_CACHE: dict[tuple[str, ...], VersionRegistry] = {}


def _base(files: Sequence[Path | Traversable]) -> VersionRegistry:
    """The registry of the shipped files and ``files``, built once and never handed out (only copies)."""
    key = tuple(dict.fromkeys(str(path) for path in files))
    registry = _CACHE.get(key)
    if registry is None:
        with _CACHE_LOCK:
            registry = _CACHE.get(key)
            if registry is None:
                if key:
                    registry = _base(()).copy()
                    registry._add(files)
                else:
                    registry = _load_shipped(resources.files("splitcards.config"))
                if len(_CACHE) >= _CACHE_SIZE:
                    del _CACHE[next(iter(_CACHE))]
                _CACHE[key] = registry
    return registry


def _load_shipped(folder: Path | Traversable) -> VersionRegistry:
    files = sorted(
        (f for f in folder.iterdir() if f.name.endswith(".yaml") and f.name != SETTINGS_FILE), key=lambda f: f.name
    )
    registry = VersionRegistry({}, {}, "", {}, {})
    registry._add(files)
    registry.shipped = frozenset(registry.versions)
    registry.default_name = _default_version(folder / SETTINGS_FILE, registry)
    return registry


def _default_version(path: Path | Traversable, registry: VersionRegistry) -> str:
    settings = _read(path)
    for key in settings:
        if key != "default_version":
            raise RulesConfigError(f"{path}: {_label(key)}: unknown key (allowed: default_version)")
    if "default_version" not in settings:
        raise RulesConfigError(f"{path}: default_version: missing (allowed: a version name)")
    default = settings["default_version"]
    if not isinstance(default, str) or (default not in registry.versions and default not in registry.aliases):
        allowed = ", ".join(sorted(set(registry.versions) | set(registry.aliases)))
        raise RulesConfigError(f"{path}: default_version: unknown rule version {shown(default)} (allowed: {allowed})")
    return default


def _admit(
    registry: VersionRegistry, read: Mapping[str, tuple[str, dict[str, Any]]]
) -> tuple[dict[str, dict[str, Any]], dict[str, str], dict[str, RuleVersion]]:
    """The registry's raws, origins and versions with the files of ``read`` (origin: name, raw) added."""
    raws, origins = dict(registry.raws), dict(registry.origins)
    batch: dict[str, str] = {}
    for origin, (name, raw) in read.items():
        if name in batch or (name in raws and origins[name] != origin):
            first = batch.get(name) or origins[name]
            raise RulesConfigError(f"{origin}: version: {name!r} is already defined in {first}")
        if name in registry.shipped and raw != raws[name]:
            raise RulesConfigError(f"{origin}: version: {name!r} is a shipped version and cannot be replaced")
        batch[name] = origin
        raws[name], origins[name] = raw, origin
    changed = {name for name in batch if registry.raws.get(name) != raws[name]}
    if not changed:
        return registry.raws, registry.origins, registry.versions
    _check_labels(raws, origins, changed)
    alias_of = _alias_map(raws)
    lineages = {name: _lineage(name, raws, origins, alias_of) for name in raws}
    built = {name: _build(name, lineage, raws, origins) for name, lineage in lineages.items() if changed & set(lineage)}
    return raws, origins, {**registry.versions, **built}


def _check_labels(raws: Mapping[str, Mapping[str, Any]], origins: Mapping[str, str], changed: set[str]) -> None:
    """Every name and alias names one version; a clash is blamed on the changed file."""
    owner: dict[str, str] = {}
    for name in sorted(raws, key=lambda n: n in changed):
        for key, label in [("version", name), *(("aliases", alias) for alias in raws[name].get("aliases", []))]:
            if label in owner:
                other = owner[label]
                raise RulesConfigError(
                    f"{origins[name]}: {key}: {label!r} already names version {other!r} (defined in {origins[other]})"
                )
            owner[label] = name


def _read(path: Path | Traversable) -> dict[str, Any]:
    raw = read_yaml(path, RulesConfigError)
    if not isinstance(raw, dict):
        raise RulesConfigError(f"{path}: top level must be a mapping of keys to values, got {type(raw).__name__}")
    return raw


def _read_version(path: Path | Traversable) -> tuple[str, dict[str, Any]]:
    """A version file's name and keys, every key and value checked against the schema."""
    raw = _read(path)
    _check(str(path), raw, KEYS, "")
    if "version" not in raw:
        raise RulesConfigError(f"{path}: version: missing (allowed: a version name)")
    for key, name in [("version", raw["version"]), *(("aliases", alias) for alias in raw.get("aliases", []))]:
        if not NAME.fullmatch(name) or name.endswith((".yaml", ".yml")):
            raise RulesConfigError(f"{path}: {key}: {shown(name)} is not a version name (allowed: {NAME_RULE})")
    return raw["version"], raw


def _lineage(
    name: str, raws: Mapping[str, Mapping[str, Any]], origins: Mapping[str, str], alias_of: Mapping[str, str]
) -> list[str]:
    """The version and its ancestors through ``extends:``, nearest first."""
    chain: list[str] = []
    current: str | None = name
    while current is not None:
        current = alias_of.get(current, current)
        if current in chain:
            cycle = " -> ".join([*chain, current])
            raise RulesConfigError(f"{origins[name]}: extends: cycle {cycle}")
        if current not in raws:
            child = chain[-1]
            allowed = ", ".join(sorted(raws))
            near = did_you_mean(current, raws)
            raise RulesConfigError(
                f"{origins[child]}: extends: unknown version {shown(current)}{near} (allowed: {allowed})"
            )
        chain.append(current)
        current = raws[current].get("extends")
    return chain


def _merged(name: str, lineage: Sequence[str], raws: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for link in reversed(lineage):
        # A decision is either cited or unwritten: the nearer file's word on it wins.
        raw = raws[link]
        for key in raw.get("rules", {}) if isinstance(raw.get("rules"), Mapping) else ():
            merged.get("unwritten", {}).pop(key, None)
        for key in raw.get("unwritten", {}) if isinstance(raw.get("unwritten"), Mapping) else ():
            merged.get("rules", {}).pop(key, None)
        _deep_update(merged, raw)
    merged["version"] = name
    merged["aliases"] = list(raws[name].get("aliases", []))
    return merged


def _deep_update(into: dict[str, Any], new: Mapping[str, Any]) -> None:
    for key, value in new.items():
        if isinstance(value, Mapping) and isinstance(into.get(key), dict):
            _deep_update(into[key], value)
        else:
            into[key] = dict(value) if isinstance(value, Mapping) else value


_LISTED = 12
"""How many keys a message that a section must be a mapping names before it says how many more."""


def _check(where: str, value: Any, schema: Any, key: str) -> None:
    if isinstance(schema, dict):
        if not isinstance(value, dict):
            # A section of many keys (the citation keys) is named in part: the schema lists them all.
            keys = sorted(schema)
            allowed = ", ".join(keys[:_LISTED])
            if len(keys) > _LISTED:
                allowed += f", and {len(keys) - _LISTED} more (splitcards schema version)"
            raise RulesConfigError(f"{where}: {key}: must be a mapping (allowed keys: {allowed}), got {shown(value)}")
        for sub, sub_value in value.items():
            path = f"{key}.{_label(sub)}".lstrip(".")
            if sub not in schema:
                near = did_you_mean(sub, schema)
                raise RulesConfigError(f"{where}: {path}: unknown key{near} (allowed: {', '.join(sorted(schema))})")
            _check(where, sub_value, schema[sub], path)
    elif isinstance(schema, list):
        if not isinstance(value, list) or not all(isinstance(v, schema[0]) for v in value):
            raise RulesConfigError(f"{where}: {key}: must be a list of {schema[0].__name__}, got {shown(value)}")
    elif not isinstance(value, schema):
        raise RulesConfigError(f"{where}: {key}: must be a {schema.__name__}, got {shown(value)}")


def _build(
    name: str, lineage: Sequence[str], raws: Mapping[str, Mapping[str, Any]], origins: Mapping[str, str]
) -> RuleVersion:
    where = origins[name]
    data = _merged(name, lineage, raws)
    for key in REQUIRED_KEYS:
        if key not in data:
            raise RulesConfigError(f"{where}: {key}: missing (inherited from no parent)")
    for (section, key), allowed in CHOICE_WORDS.items():
        value = data[section].get(key)
        if value not in allowed:
            raise RulesConfigError(
                f"{where}: {section}.{key}: {shown(value)} is not allowed (allowed: {', '.join(allowed)})"
            )
    features = data["features"]
    for feature in ("fuse", "aftermath", "rooms"):
        if feature not in features:
            raise RulesConfigError(f"{where}: features.{feature}: missing (allowed: true, false)")
    needed = set(BASE_CITATIONS).union(*(FEATURE_CITATIONS[f] for f in FEATURE_CITATIONS if features[f]))
    unwritten = dict(data.get("unwritten", {}))
    both = sorted(set(unwritten) & set(data["rules"]))
    if both:
        raise RulesConfigError(f"{where}: unwritten.{both[0]}: also cited in rules (a decision is one or the other)")
    missing = sorted(needed - set(data["rules"]) - set(unwritten))
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
        **{attribute: data[section][key] == yes for attribute, ((section, key), yes, _no) in CHOICES.items()},
        # Shared by every game of the process: a plugin can't change it for the others.
        citations=MappingProxyType(dict(citations)),
        source=where,
        unwritten=MappingProxyType(unwritten),
    )


def _alias_map(raws: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    return {alias: name for name, raw in raws.items() for alias in raw.get("aliases", [])}


_PLAIN_KEY = re.compile(r"[\w.+-]{1,60}")


def _label(key: Any) -> str:
    """A key as written in the file, or its short repr when that would be unreadable."""
    return key if isinstance(key, str) and _PLAIN_KEY.fullmatch(key) else shown(key)
