"""Every file the package reads goes through the bounded reader (splitcards.files.bounded):
regular files only, a size cap, strict UTF-8, a path the system can't take refused, and in
YAML no key twice; each refusal is the error of that kind of file, naming the file."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from splitcards.cards.loaders import load_card_file
from splitcards.errors import (
    CardDataError,
    ConfigError,
    DecklistError,
    RecordError,
    RulesConfigError,
    ScenarioError,
    SplitcardsError,
)
from splitcards.files.bounded import decode, read_bytes
from splitcards.files.yamlfile import read_yaml
from splitcards.game.configuration.registry import load_registry
from splitcards.game.configuration.settings import BLOCK_ENV, CONFIG_ENV, RULES_ENV, project_config
from splitcards.tools.conformance.scenario import load_file
from splitcards.tools.play.decklists import read_decklist
from splitcards.tools.play.record import read_record

Reader = Callable[[Path], object]


def _config(path: Path) -> object:
    # $SPLITCARDS_CONFIG names the file; the fixture below restores it after each test.
    os.environ[CONFIG_ENV] = str(path)
    return project_config()


# kind: (file name, reader, error, a file's bytes with 0xff at offset 9)
READERS: dict[str, tuple[str, Reader, type[SplitcardsError], bytes]] = {
    "card file": ("cards.json", load_card_file, CardDataError, b'{"data": \xff}'),
    "decklist": ("deck.txt", read_decklist, DecklistError, b"4 Fire / \xff\n"),
    "rule version": ("house.yaml", lambda path: load_registry().add_file(path), RulesConfigError, b"version: \xff\n"),
    "scenario": ("scenarios.yaml", load_file, ScenarioError, b"format: 1\xff\n"),
    "record": ("game.jsonl", read_record, RecordError, b'{"step": \xff}\n'),
    "splitcards.yaml": ("splitcards.yaml", _config, ConfigError, b"rules: cc\xff\n"),
    "pyproject.toml": ("pyproject.toml", _config, ConfigError, b"[tool.spl\xff]\n"),
}
KINDS = pytest.mark.parametrize("kind", list(READERS))


@pytest.fixture(autouse=True)
def _no_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CONFIG_ENV, "")  # empty: no file named, and restored when the test ends
    monkeypatch.delenv(RULES_ENV, raising=False)
    monkeypatch.delenv(BLOCK_ENV, raising=False)


def _refused(kind: str, path: Path) -> str:
    _, read, error, _ = READERS[kind]
    with pytest.raises(error) as info:
        read(path)
    assert str(path) in str(info.value)
    return str(info.value)


@KINDS
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_before_it_is_opened(kind: str, tmp_path: Path) -> None:
    # No writer ever opens the FIFO: a reader that opened it would wait for ever.
    path = tmp_path / READERS[kind][0]
    os.mkfifo(path)
    message = _refused(kind, path)
    assert "not a regular file (a FIFO)" in message or "is not a file" in message


@KINDS
def test_a_device_is_refused_even_through_a_link(kind: str, tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    path = tmp_path / READERS[kind][0]
    path.symlink_to("/dev/zero")
    message = _refused(kind, path)
    assert "not a regular file (a character device)" in message or "is not a file" in message


@KINDS
def test_a_directory_is_refused(kind: str, tmp_path: Path) -> None:
    path = tmp_path / READERS[kind][0]
    path.mkdir()
    message = _refused(kind, path)
    assert "not a regular file (a directory)" in message or "is not a file" in message


@KINDS
def test_a_file_over_the_cap_is_refused_unread(kind: str, tmp_path: Path) -> None:
    path = tmp_path / READERS[kind][0]
    with path.open("wb") as file:
        file.truncate(1 << 31)  # sparse: over every cap, and no disk used
    assert f"bytes ({1 << 31} bytes)" in _refused(kind, path)


@KINDS
def test_bad_utf8_is_named_by_its_offset(kind: str, tmp_path: Path) -> None:
    path = tmp_path / READERS[kind][0]
    path.write_bytes(READERS[kind][3])
    assert "byte 0xff at offset 9" in _refused(kind, path)


@pytest.mark.parametrize(
    ("read", "error"),
    [
        (load_card_file, CardDataError),
        (read_decklist, DecklistError),
        (lambda path: load_registry().add_file(path), RulesConfigError),
        (load_file, ScenarioError),
        (read_record, RecordError),
        (lambda path: read_yaml(path, ConfigError), ConfigError),
        (project_config, ConfigError),  # the search for splitcards.yaml and pyproject.toml from a folder
    ],
    ids=["card file", "decklist", "rule version", "scenario", "record", "yaml", "config search"],
)
def test_a_nul_byte_in_the_path_is_the_readers_error(
    read: Reader, error: type[SplitcardsError], tmp_path: Path
) -> None:
    with pytest.raises(error, match=r"not a (path|directory) the system can open \(embedded null byte"):
        read(tmp_path / "a\x00b")


@pytest.mark.parametrize(
    ("kind", "text", "key"),
    [
        ("rule version", "version: h\nextends: current\nversion: i\n", "version"),
        ("splitcards.yaml", "rules: current\nhouse_rules: []\nrules: classic-2009\n", "rules"),
        ("scenario", "format: 1\nscenarios: []\nformat: 1.1\n", "format"),
    ],
)
def test_a_yaml_key_given_twice_is_named_with_both_lines(kind: str, text: str, key: str, tmp_path: Path) -> None:
    path = tmp_path / READERS[kind][0]
    path.write_text(text, encoding="utf-8")
    message = _refused(kind, path)
    assert f"duplicate key {key!r} (first on line 1)" in message
    assert f'in "{path.name}", line 3, column 1' in message


def test_a_yaml_key_twice_in_a_nested_or_flow_mapping_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("version: h\nfeatures:\n  fuse: true\n  rooms: {a: 1, a: 2}\n", encoding="utf-8")
    with pytest.raises(RulesConfigError, match=r"duplicate key 'a' \(first on line 4\)"):
        load_registry().add_file(path)
    path.write_text("version: h\nfeatures:\n  fuse: true\n  'fuse': false\n", encoding="utf-8")
    with pytest.raises(RulesConfigError, match=r"duplicate key 'fuse' \(first on line 3\)"):
        load_registry().add_file(path)


def test_keys_merged_and_overridden_are_no_repeated_keys(tmp_path: Path) -> None:
    # A key beside a merge (<<) overrides the merged one: read as yaml.safe_load reads it.
    text = "base: &b {x: 1, y: 2}\nmid: &m {<<: *b, x: 3}\ntop: {<<: [*m, *b], y: 4}\n"
    path = tmp_path / "doc.yaml"
    path.write_text(text, encoding="utf-8")
    assert read_yaml(path, ConfigError) == yaml.safe_load(text)
    assert read_yaml(path, ConfigError)["mid"] == {"x": 3, "y": 2}


@pytest.mark.parametrize(
    ("read", "error"),
    [
        (lambda path, cap: load_card_file(path, max_bytes=cap), CardDataError),
        (lambda path, cap: read_decklist(path, max_bytes=cap), DecklistError),
        (lambda path, cap: read_record(path, max_bytes=cap), RecordError),
        (lambda path, cap: read_yaml(path, ConfigError, max_bytes=cap), ConfigError),
    ],
    ids=["card file", "decklist", "record", "yaml"],
)
def test_the_caller_sets_the_cap(
    read: Callable[[Path, int], object], error: type[SplitcardsError], tmp_path: Path
) -> None:
    path = tmp_path / "file"
    path.write_bytes(b"x" * 65)
    with pytest.raises(error, match=r"larger than 64 bytes \(65 bytes\)"):
        read(path, 64)


def _refuse(problem: str) -> SplitcardsError:
    return SplitcardsError(problem)


def test_a_file_at_the_cap_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "file"
    path.write_bytes(b"x" * 64)
    assert read_bytes(path, _refuse, max_bytes=64) == b"x" * 64


def test_a_file_that_reports_no_size_is_read_to_the_cap_only() -> None:
    # /proc files say they are empty: the reader reads on, and stops one byte past the cap.
    status = Path("/proc/self/status")
    if not status.exists():
        pytest.skip("no /proc")
    assert read_bytes(status, _refuse, max_bytes=1 << 20).startswith(b"Name:")
    with pytest.raises(SplitcardsError, match=r"^larger than 16 bytes$"):
        read_bytes(status, _refuse, max_bytes=16)


def test_a_byte_order_mark_is_dropped_only_when_asked_and_counted_in_offsets() -> None:
    assert decode(b"\xef\xbb\xbf4 Opt", _refuse, bom=True) == "4 Opt"
    assert decode(b"\xef\xbb\xbf4 Opt", _refuse) == "\ufeff4 Opt"
    with pytest.raises(SplitcardsError, match=r"^byte 0xff at offset 5$"):
        decode(b"\xef\xbb\xbf4 \xff", _refuse, bom=True)
