"""A player's own decks: MTGO and MTG Arena decklists, their cards from MTGJSON or Scryfall files,
checked before a game, and played on phase by its AI with every split-card cast through the rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from splitcards.adapters.reference import ReferenceHost
from splitcards.cards.loaders import load_card_file
from splitcards.errors import DecklistError, SplitcardsError
from splitcards.game.plugins.hosts import adapters
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.rules.card import Layout
from splitcards.rules.versions import RuleVersion
from splitcards.tools.cli import main
from splitcards.tools.play.decklists import (
    MAX_CARDS,
    CardIndex,
    Entry,
    deck_from,
    name_key,
    parse_decklist,
    read_decklist,
    read_user_decks,
)
from splitcards.tools.play.demo import run

DATA = Path(__file__).parent / "data"
ATOMIC = DATA / "AtomicCards.json"
ORACLE = DATA / "oracle-cards.json"
MTGO = DATA / "izzet-splits.txt"
ARENA = DATA / "dimir-rooms-arena.txt"
CARD_FILES = pytest.mark.parametrize("card_file", [ATOMIC, ORACLE], ids=["mtgjson", "scryfall"])
# A cast of one half of a split card, as the game prints it.
SPLIT_CAST = re.compile(
    r"^T\d+ +p[12] casts \S.* \(the (left|right) half of .+ // .+\)( targeting .+)?: mana value .* \[.+\]$"
)


def _problem(text: str) -> DecklistError:
    with pytest.raises(DecklistError) as raised:
        parse_decklist(text, "deck.txt")
    return raised.value


def _index(card_file: Path) -> CardIndex:
    return CardIndex(load_card_file(card_file), str(card_file))


def _entries(text: str) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    decklist = parse_decklist(text)
    return [(e.count, e.name) for e in decklist.main], [(e.count, e.name) for e in decklist.sideboard]


# -- MTGO .txt -------------------------------------------------------------------------------


def test_mtgo_lines_blank_lines_and_a_sideboard_line() -> None:
    text = "4 Fire // Ice\n\n4x Lightning Bolt\n3 x Opt\n\n20 Mountain\n\nSideboard\n2 Counterspell\n\n1 Divination\n"
    main_deck, sideboard = _entries(text)
    assert main_deck == [(4, "Fire // Ice"), (4, "Lightning Bolt"), (3, "Opt"), (20, "Mountain")]
    assert sideboard == [(2, "Counterspell"), (1, "Divination")]


def test_mtgo_export_sideboard_after_the_one_blank_line() -> None:
    main_deck, sideboard = _entries("4 Fire/Ice\n20 Island\n\n3 Counterspell\n")
    assert main_deck == [(4, "Fire/Ice"), (20, "Island")]
    assert sideboard == [(3, "Counterspell")]


def test_100_4a_a_last_block_larger_than_a_sideboard_is_part_of_the_deck() -> None:
    main_deck, sideboard = _entries("4 Fire // Ice\n\n16 Island\n")
    assert main_deck == [(4, "Fire // Ice"), (16, "Island")]
    assert sideboard == []


def test_blank_lines_between_three_blocks_only_separate() -> None:
    main_deck, sideboard = _entries("4 Fire // Ice\n\n4 Opt\n\n2 Island\n")
    assert [name for _, name in main_deck] == ["Fire // Ice", "Opt", "Island"]
    assert sideboard == []


def test_sb_prefixed_lines_and_comments() -> None:
    text = "// Burn\n# spells\n4 Fire // Ice\nSB: 2 Counterspell\n\n10 Mountain\nsb:1 Opt\n"
    main_deck, sideboard = _entries(text)
    # An SB: line marks the sideboard: blank lines then separate nothing.
    assert main_deck == [(4, "Fire // Ice"), (10, "Mountain")]
    assert sideboard == [(2, "Counterspell"), (1, "Opt")]


def test_mtgo_fixture() -> None:
    decklist = read_decklist(MTGO)
    assert decklist.size == 60
    assert decklist.main[1] == Entry(2, 4, "Assault/Battery")
    assert [e.name for e in decklist.sideboard] == ["Counterspell", "Wear // Tear", "Divination"]
    assert decklist.sideboard[0].line == 15


# -- MTG Arena -------------------------------------------------------------------------------


def test_arena_export_headings_and_printings() -> None:
    text = (
        "About\nName Dimir Rooms\n\nCommander\n1 Ticket Booth // Tunnel of Hate (DSK) 151\n\n"
        "Companion\n1 Glacial Ray (CHK) 169\n\nDeck\n4 Fire // Ice (MH2) 290 *F*\n2 Far // Away (DGM) 128\n"
        "4 Erase (Not the Urza's Legacy One)\n\nsideboard:\n2 Counterspell (MH2) 267\n"
    )
    main_deck, sideboard = _entries(text)
    # A commander is one of the deck's cards; a companion starts outside the game (sideboard).
    assert main_deck == [
        (1, "Ticket Booth // Tunnel of Hate"),
        (4, "Fire // Ice"),
        (2, "Far // Away"),
        (4, "Erase (Not the Urza's Legacy One)"),
    ]
    assert sideboard == [(1, "Glacial Ray"), (2, "Counterspell")]


def test_arena_fixture() -> None:
    decklist = read_decklist(ARENA)
    assert decklist.size == 60
    assert decklist.main[0] == Entry(5, 4, "Far // Away")
    assert [(e.line, e.name) for e in decklist.sideboard] == [(20, "Divination"), (21, "Pacifism")]


# -- malformed lines -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("Fire // Ice", "no count"),
        ("0 Fire // Ice", "a count is at least 1, got 0"),
        ("-2 Fire // Ice", "a count is at least 1, got -2"),
        ("1000000 Island", "1000000 copies of a card is more than a deck holds"),
        ("4", "a count with no card name"),
        ("4x", "a count with no card name"),
        ("SB:", "no count"),
    ],
)
def test_malformed_line_names_its_line(line: str, problem: str) -> None:
    error = _problem(f"4 Opt\n\n{line}\n20 Island\n")
    assert error.path == "deck.txt"
    assert error.line == 3
    assert problem in error.problem
    assert str(error).startswith("deck.txt:3: ")


def test_every_malformed_line_is_named() -> None:
    error = _problem("Opt\n4 Island\n0 Shock\n")
    assert error.line == 1
    assert error.also == ("deck.txt:3: '0 Shock': a count is at least 1, got 0",)


def test_a_deck_of_too_many_cards_names_the_line_that_passes_the_limit() -> None:
    error = _problem("100 Island\n" * 5 + "1 Opt\n")
    assert (error.line, str(MAX_CARDS)) == (6, "500")


@pytest.mark.parametrize("text", ["", "\n\n", "Sideboard\n4 Opt\n", "About\nName Nothing\n"])
def test_a_decklist_without_a_main_deck_is_an_error(text: str) -> None:
    error = _problem(text)
    assert error.line is None
    assert "no cards in the main deck" in str(error)


def test_unreadable_decklists(tmp_path: Path) -> None:
    with pytest.raises(DecklistError, match="cannot read"):
        read_decklist(tmp_path / "missing.txt")
    binary = tmp_path / "deck.txt"
    binary.write_bytes(b"4 Fire \xff Ice\n")
    with pytest.raises(DecklistError, match=r"deck\.txt: not UTF-8 text"):
        read_decklist(binary)


def test_a_count_of_5000_digits_names_its_line() -> None:
    error = _problem("4 Opt\n" + "9" * 5000 + " Island\n")
    assert error.line == 2
    assert error.problem == f"'{'9' * 57}...': a count of 5000 digits (a line holds 1 to 100 copies)"


def test_a_bad_byte_after_a_byte_order_mark_is_named_by_its_offset_in_the_file(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_bytes(b"\xef\xbb\xbf4 Fire // Ice\n")
    assert read_decklist(deck).main[0].name == "Fire // Ice"
    deck.write_bytes(b"\xef\xbb\xbf4 Fire \xff Ice\n")
    with pytest.raises(DecklistError, match=r"^.*deck\.txt: not UTF-8 text \(byte 0xff at offset 10\)$"):
        read_decklist(deck)


def test_decklist_error_is_a_splitcards_value_error() -> None:
    assert issubclass(DecklistError, SplitcardsError)
    assert issubclass(DecklistError, ValueError)


# -- card names ------------------------------------------------------------------------------


def test_names_match_whatever_the_case_spaces_and_split_card_separator() -> None:
    keys = {name_key(n) for n in ("Fire // Ice", "fire/ice", "FIRE  //  ICE", " Fire/ /Ice ", "Fire//Ice")}
    assert keys == {"fire // ice"}
    assert name_key("Lim-Dûl the Necromancer") == name_key("lim-dul the necromancer")
    assert name_key("Æther Vial") == name_key("Aether Vial")


# -- the cards of a card file ----------------------------------------------------------------


@CARD_FILES
def test_decklists_take_their_cards_from_the_card_file(card_file: Path) -> None:
    decks = read_user_decks(card_file, MTGO, ARENA)
    mtgo, arena = decks.deck, decks.opponent
    assert len(mtgo.library()) == len(arena.library()) == 60
    found = {entry.name: card for entry, card in mtgo.cards}
    assert found["Assault/Battery"].name == "Assault // Battery"
    assert found["cut  //  ribbons"].layout is Layout.AFTERMATH
    rooms = [card for _, card in arena.cards if card.is_room]
    assert [card.name for card in rooms] == ["Bottomless Pool // Locker Room"]
    assert mtgo.library().count(found["Fire // Ice"]) == 4
    assert "Wear // Tear" not in {card.name for _, card in mtgo.cards}  # sideboard


@CARD_FILES
def test_opponent_deck_defaults_to_the_deck(card_file: Path) -> None:
    decks = read_user_decks(card_file, MTGO)
    assert decks.opponent is decks.deck


@CARD_FILES
def test_a_card_missing_from_the_card_file_names_file_line_and_card(card_file: Path) -> None:
    decklist = parse_decklist("4 Fire // Ice\n4 Fire // Iced\n2 Black Lotus\n12 Island\n", "mine.txt")
    with pytest.raises(DecklistError) as raised:
        deck_from(decklist, _index(card_file))
    error = raised.value
    assert (error.path, error.line) == ("mine.txt", 2)
    assert error.problem == f"no card named 'Fire // Iced' in {card_file} (did you mean 'Fire // Ice'?)"
    assert error.also == (f"mine.txt:3: no card named 'Black Lotus' in {card_file}",)


@CARD_FILES
def test_a_card_the_rules_here_cannot_represent_is_named(card_file: Path) -> None:
    decklist = parse_decklist("4 Fire // Ice\n1 Who // What // When // Where // Why\n", "mine.txt")
    with pytest.raises(DecklistError, match=r"^mine\.txt:2: .* can't represent it: .*split card of 5 halves"):
        deck_from(decklist, _index(card_file))


def test_a_token_is_no_card_of_a_deck() -> None:
    # Scryfall's bulk data holds tokens and emblems beside the cards.
    decklist = parse_decklist("4 Fire // Ice\n3 Soldier\n1 Chandra, Torch of Defiance Emblem\n", "mine.txt")
    with pytest.raises(DecklistError) as raised:
        deck_from(decklist, _index(ORACLE))
    assert raised.value.line == 2
    assert "'Soldier' is a token card" in raised.value.problem
    assert raised.value.also[0].startswith("mine.txt:3: 'Chandra, Torch of Defiance Emblem' is a emblem card")


def test_a_card_with_a_second_face_is_found_by_both_names() -> None:
    index = _index(ATOMIC)
    front = index.find("Delver of Secrets")
    assert front == index.find("Delver of Secrets // Insectile Aberration")
    assert isinstance(index.find("Fire // Insectile Aberration"), str)


@CARD_FILES
def test_709_5_a_room_is_refused_where_the_version_has_no_rooms(card_file: Path, v: dict[str, RuleVersion]) -> None:
    decks = read_user_decks(card_file, MTGO, ARENA)
    rules = v["classic-2009"]
    with pytest.raises(DecklistError) as raised:
        decks(Table(ReferenceHost(), rules))
    error = raised.value
    assert (error.path, error.line) == (str(ARENA), 8)
    assert "'Bottomless Pool // Locker Room' is a Room, and rule version 'classic-2009' has no Rooms" in error.problem
    rules = v["duskmourn-2024"]
    built = decks(Table(ReferenceHost(), rules))
    assert len(built.deck) == len(built.opponent) == 60
    assert built.opponent == decks.opponent.library()


# -- games on phase --------------------------------------------------------------------------


def _phase() -> None:
    pytest.importorskip("phase", reason="phase-python is not installed (pip install 'splitcards[phase]')")


@pytest.mark.host
@CARD_FILES
def test_decklist_game_on_phase_casts_split_cards_through_the_rules(card_file: Path, v: dict[str, RuleVersion]) -> None:
    _phase()
    pm = make_plugin_manager()
    lines: list[str] = []
    decks = read_user_decks(card_file, MTGO, ARENA)
    assert run(adapters(pm)["phase"], v["duskmourn-2024"], seed=1, max_actions=150, out=lines.append, decks=decks) == 0
    assert lines[2] == f"p1's deck, {MTGO}: " + decks.deck.describe()
    assert lines[4] == f"p2's deck, {ARENA}: " + decks.opponent.describe()
    assert any(SPLIT_CAST.match(line) for line in lines), "\n".join(lines)
    assert lines[-1].startswith("game over")


@pytest.mark.host
def test_a_card_phase_cannot_build_is_refused_before_the_game(tmp_path: Path, v: dict[str, RuleVersion]) -> None:
    _phase()
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Fire // Ice\n4 Zndrsplt, Eye of Wisdom\n1 Bonecrusher Giant\n20 Island\n", encoding="utf-8")
    decks = read_user_decks(ORACLE, deck)
    lines: list[str] = []
    with pytest.raises(DecklistError) as raised:
        run(adapters(make_plugin_manager())["phase"], v["duskmourn-2024"], out=lines.append, decks=decks)
    assert (raised.value.path, raised.value.line) == (str(deck), 2)
    assert "'Zndrsplt, Eye of Wisdom': phase can't play this card: a reversible_card card" in str(raised.value)
    assert lines == []


@pytest.mark.host
def test_demo_command_plays_a_decklist(capsys: pytest.CaptureFixture[str]) -> None:
    _phase()
    argv = ["demo", "--cards", str(ATOMIC), "--deck", str(MTGO), "--max-actions", "150", "--seed", "2"]
    assert main([*argv, "--rules", "amonkhet-2017"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "splitcards demo: phase (phase-python 0.103.0) AI vs AI under amonkhet-2017 (2017-04-28), seed 2"
    assert out[3] == "p1's sideboard, not played: 5 cards (lines 15-17)"
    assert any(SPLIT_CAST.match(line) for line in out)


@pytest.mark.host
def test_demo_command_refuses_a_room_under_classic_2009(capsys: pytest.CaptureFixture[str]) -> None:
    _phase()
    assert main(["demo", "--cards", str(ORACLE), "--deck", str(ARENA), "--rules", "classic-2009"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"splitcards: error: {ARENA}:8: 'Bottomless Pool // Locker Room' is a Room")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--cards", str(ATOMIC)], "--cards: needs --deck"),
        (["--deck", str(MTGO)], "--deck: needs --cards"),
        (["--opponent-deck", str(MTGO)], "--opponent-deck: needs --deck"),
        (["--cards", str(ATOMIC), "--opponent-deck", str(MTGO)], "--cards: needs --deck"),
    ],
)
def test_demo_decklist_options_usage(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", *argv]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.host
def test_demo_command_names_a_missing_decklist(capsys: pytest.CaptureFixture[str]) -> None:
    _phase()
    assert main(["demo", "--cards", str(ATOMIC), "--deck", "no-such-deck.txt"]) == 2
    assert "splitcards: error: no-such-deck.txt: cannot read" in capsys.readouterr().err


def test_a_huge_card_name_is_cut_in_the_message_and_not_compared(tmp_path: Path) -> None:
    name = "Fire // Ice" + "x" * 1_000_000
    deck = tmp_path / "huge.txt"
    deck.write_text(f"4 {name}\n", encoding="utf-8")
    with pytest.raises(DecklistError) as caught:
        read_user_decks(ATOMIC, deck, None)
    message = str(caught.value)
    assert len(message) < 500
    assert re.search(r"huge\.txt:1: no card named 'Fire // Icex+\.\.\.x+' in ", message), message
