"""The project's own choices: which rule version, house-rule files, blocked plugins.

An engine keeps its choice in its own repository, as pytest reads ``[tool.pytest.ini_options]``.
The project configuration is the first of:

1. the file named by ``$SPLITCARDS_CONFIG`` (a ``splitcards.yaml``-style file, or a
   ``pyproject.toml`` whose ``[tool.splitcards]`` table is read);
2. in the current directory, then each parent in turn: ``splitcards.yaml``, else the
   ``[tool.splitcards]`` table of ``pyproject.toml``. With both in one folder,
   ``splitcards.yaml`` wins and the table is not read (``splitcards config`` names the file in use).

Its keys:

* ``rules``: the default rule version (a name, an alias, or a YAML file relative to the config file);
* ``house_rules``: rule-version files to load, relative to the config file;
* ``disable_plugins``: entry-point names of plugins to block.

Precedence, most specific first: an explicit argument (or CLI flag), then the environment
(``SPLITCARDS_RULES``, ``SPLITCARDS_DISABLE_PLUGINS``), then the project configuration, then the
package default (``config/settings.yaml``). :func:`effective` says where each value came from.

Every problem of a file is reported at once: a :class:`~splitcards.errors.ConfigError` lists
each key at fault, with the name it was probably meant to be.

Either file is read by the bounded reader (:mod:`splitcards.files.bounded`): a regular UTF-8 file
of at most :data:`~splitcards.files.yamlfile.MAX_BYTES` (``splitcards.yaml``) or
:data:`PYPROJECT_MAX_BYTES` (``pyproject.toml``). A ``pyproject.toml`` whose ``tool`` or
``tool.splitcards`` is not a table is a :class:`~splitcards.errors.ConfigError` naming the file and key.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from splitcards.errors import ConfigError, did_you_mean
from splitcards.files.bounded import read_text
from splitcards.files.yamlfile import read_yaml

CONFIG_ENV = "SPLITCARDS_CONFIG"
"""The environment variable naming a configuration file to read instead of searching for one."""
RULES_ENV = "SPLITCARDS_RULES"
"""The environment variable giving the default rule version (a name, an alias or a YAML file); it overrides the
project's ``rules``."""
BLOCK_ENV = "SPLITCARDS_DISABLE_PLUGINS"
"""The environment variable listing installed plugins to block (entry-point names, comma-separated; ``*``: every
one other distributions install)."""
YAML_NAME = "splitcards.yaml"
"""The project configuration file searched for in the current directory and its parents."""
KEYS = ("rules", "house_rules", "disable_plugins")
"""The keys a project configuration may have."""
PYPROJECT_MAX_BYTES = 4 << 20
"""The largest ``pyproject.toml`` read (4 MiB): the search reads other projects' files too."""


@dataclass(frozen=True, slots=True)
class ProjectConfig:
    """A project's configuration as read from its file (``path`` is ``None`` when there is none)."""

    path: Path | None = None
    """The file it was read from; ``None`` when there is none."""
    rules: str | None = None
    """The default rule version, or ``None``."""
    house_rules: tuple[Path, ...] = ()
    """The house-rule files to load, relative to the configuration file."""
    disable_plugins: tuple[str, ...] = ()
    """The installed plugins to block, by entry-point name."""

    @property
    def origin(self) -> str:
        """The file in use, as people read it (``none`` when there is none)."""
        if self.path is None:
            return "none"
        table = " [tool.splitcards]" if self.path.name == "pyproject.toml" else ""
        return f"{self.path}{table}"


@dataclass(frozen=True, slots=True)
class Setting:
    """One effective setting and where its value came from."""

    name: str
    """The setting's name (``"rules"``)."""
    value: Any
    """Its value in force."""
    origin: str
    """Where the value came from (``"$SPLITCARDS_RULES"``, a file, ``"package default"``)."""


_CACHE: dict[tuple[str, int, int], ProjectConfig] = {}
_FOUND: dict[tuple[str, str], Path | None] = {}


def config_path(start: Path | None = None) -> Path | None:
    """The project's configuration file (``None``: it has none), found as :func:`project_config` finds it."""
    return _find(Path(start) if start is not None else Path(os.getcwd()))


def project_config(start: Path | None = None) -> ProjectConfig:
    """The configuration of the project around ``start`` (default: the current directory).

    Which file is the project's is looked up once per directory (every new game asks, and the
    search reads every parent); the file is read again whenever it changes, so a changed
    configuration applies to the next game.
    """
    where = str(start) if start is not None else os.getcwd()
    search = (where, os.environ.get(CONFIG_ENV, ""))
    if search not in _FOUND:
        _FOUND[search] = _find(Path(where))
    path = _FOUND[search]
    if path is None:
        return ProjectConfig()
    try:
        stat = path.stat()
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = _read(path)
    return found


def _find(start: Path) -> Path | None:
    named = os.environ.get(CONFIG_ENV)
    if named:
        path = Path(named)
        if not path.is_file():
            raise ConfigError(f"${CONFIG_ENV}: {named!r:.200} is not a file")
        return path.resolve()
    if "\x00" in str(start):  # checked here: each Python version words the OS refusal differently
        raise ConfigError(f"{str(start)!r:.200}: not a directory the system can open (embedded null byte)")
    try:
        here = start.resolve()
    except ValueError as exc:  # a name the file system can't encode
        raise ConfigError(f"{str(start)!r:.200}: not a directory the system can open ({exc})") from exc
    for folder in (here, *here.parents):
        if (folder / YAML_NAME).is_file():
            return folder / YAML_NAME
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file() and _has_table(pyproject):
            return pyproject
    return None


_TABLES: dict[tuple[str, int, int], bool] = {}


def _has_table(pyproject: Path) -> bool:
    # A pyproject.toml without the table is some other project's file: keep looking upwards.
    # Whether it has one is remembered until the file changes: every new game asks.
    stat = pyproject.stat()
    key = (str(pyproject), stat.st_mtime_ns, stat.st_size)
    found = _TABLES.get(key)
    if found is None:
        try:
            found = _table(pyproject, _toml(pyproject)) is not None
        except ConfigError:
            found = True  # a broken file that may hold the table: reading it reports the problem
        _TABLES[key] = found
    return found


def _toml(path: Path) -> dict[str, Any]:
    import tomllib  # only where a pyproject.toml is met: most processes never read one

    def refuse(problem: str) -> ConfigError:
        return ConfigError(f"{path}: {problem}")

    text = read_text(path, refuse, max_bytes=PYPROJECT_MAX_BYTES)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise refuse(f"malformed TOML: {exc}") from exc


def _table(path: Path, document: Mapping[str, Any]) -> Any:
    """The ``[tool.splitcards]`` table (``None``: the file has none); TOML lets ``tool`` be any value."""
    tool = document.get("tool", {})
    if not isinstance(tool, Mapping):
        raise ConfigError(f"{path}: tool: must be a table, got {type(tool).__name__}")
    return tool.get("splitcards")


def _read(path: Path) -> ProjectConfig:
    config, problems = parse_config(path)
    if problems:
        raise ConfigError("\n".join(problems))
    return config


def parse_config(path: Path) -> tuple[ProjectConfig, list[str]]:
    """The configuration in ``path`` as far as it can be read, and every problem of it, each
    naming the file and the key (``splitcards config --check`` reports them all and goes on)."""
    if path.name == "pyproject.toml":
        raw: Any = _table(path, _toml(path))
        raw = {} if raw is None else raw
        where = f"{path}: [tool.splitcards]"
    else:
        raw = read_yaml(path, ConfigError) or {}
        where = str(path)
    if not isinstance(raw, Mapping):
        raise ConfigError(f"{where}: must be a table of keys (allowed: {', '.join(KEYS)})")
    # Every key is checked before any is refused: one run names every mistake of the file.
    problems = [
        f"{str(key)[:60]}: unknown key{did_you_mean(key, KEYS)} (allowed: {', '.join(KEYS)})"
        for key in raw
        if key not in KEYS
    ]
    rules = raw.get("rules")
    if rules is not None and (not isinstance(rules, str) or not rules):
        problems.append("rules: must be a rule-version name, alias or YAML file")
        rules = None
    if isinstance(rules, str) and rules.endswith((".yaml", ".yml")):
        rules = str(path.parent / rules)
    house = _strings(raw, "house_rules", problems)
    blocked = _strings(raw, "disable_plugins", problems)
    config = ProjectConfig(path, rules, tuple(path.parent / file for file in house), blocked)
    return config, [f"{where}: {problem}" for problem in problems]


def _strings(raw: Mapping[str, Any], key: str, problems: list[str]) -> tuple[str, ...]:
    value = raw.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, str) and item for item in value):
        problems.append(f"{key}: must be a list of strings")
        return ()
    return tuple(value)


def default_rules(package_default: str) -> Setting:
    """The rule version a game gets when none is named: the environment, then the project."""
    from_env = os.environ.get(RULES_ENV)
    if from_env:
        return Setting("rules", from_env, f"${RULES_ENV}")
    config = project_config()
    if config.rules is not None:
        return Setting("rules", config.rules, config.origin)
    return Setting("rules", package_default, "package default (settings.yaml)")


def blocked_plugins() -> Setting:
    """The plugins blocked: the environment, then the project."""
    from_env = os.environ.get(BLOCK_ENV)
    if from_env is not None:
        names = tuple(name.strip() for name in from_env.split(",") if name.strip())
        return Setting("disable_plugins", names, f"${BLOCK_ENV}")
    config = project_config()
    if config.disable_plugins:
        return Setting("disable_plugins", config.disable_plugins, config.origin)
    return Setting("disable_plugins", (), "package default")


def effective(package_default: str) -> list[Setting]:
    """Every setting in force now, and where each value came from."""
    config = project_config()
    found_by = f"${CONFIG_ENV}" if os.environ.get(CONFIG_ENV) else "searched from the current directory"
    return [
        Setting("config_file", str(config.path) if config.path else None, found_by),
        default_rules(package_default),
        Setting("house_rules", [str(p) for p in config.house_rules], config.origin if config.house_rules else "none"),
        blocked_plugins(),
    ]
