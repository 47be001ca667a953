"""`--lexicon FILE`: a word list of the host's own, checked line by line, hashed, and then
the only list the rules, the computer players and the hints use."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tests.games.tiles.rules.table import FixedDraw, Table
from tests.games.tiles.rules.test_gcg import scripted_game
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles import wordfile
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules.bots import best_moves
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.dawg import ALL_WORDS
from wordsy_tui.games.tiles.rules.errors import WordError
from wordsy_tui.games.tiles.rules.gcg import export_gcg, lexicon_pragma
from wordsy_tui.games.tiles.rules.movegen import shipped_dawg
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import TileGameState
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.games.tiles.wordfile import WordFileError, read_word_file
from wordsy_tui.words.lexicon import load_lexicon

SMALL = "ZA\nqi\nHorn\nhorn\n\n  OX \r\nJO\nhornet\nA\nsupercalifragilisticexpialidocious\n"
"""Mixed case, a duplicate, a blank line, spaces around a word, a CRLF line, a one-letter
word and one too long for the board (both left out)."""


def listed(tmp_path: Path, text: str | bytes, name: str = "club.txt") -> Path:
    path = tmp_path / name
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8")
    else:
        path.write_bytes(text)
    return path


def test_a_list_is_read_case_and_order_and_duplicates_aside(tmp_path):
    found = read_word_file(listed(tmp_path, SMALL))
    assert list(found.words) == ["horn", "hornet", "jo", "ox", "qi", "za"]
    assert found.name == "club.txt"
    # The hash of the words, upper case and sorted, one a line: `sort -u` of the list.
    expected = hashlib.sha256(b"HORN\nHORNET\nJO\nOX\nQI\nZA\n").hexdigest()
    assert found.digest == expected
    shuffled = read_word_file(listed(tmp_path, "za\nOX\nhornet\nJo\nqi\nHORN\n", "b.txt"))
    assert shuffled.digest == expected
    assert wordfile.loaded(expected) is shuffled


@pytest.mark.parametrize(
    ("content", "why"),
    [
        ("", "holds no word of 2 to 15 letters"),
        ("\n\n  \n", "holds no word of 2 to 15 letters"),
        ("A\nI\n", "holds no word of 2 to 15 letters"),
        ("ZA\nAA lava\n", "line 2: 'AA lava' holds a space"),
        ("ZA\nQI\tquality\n", "line 2: 'QI\\x09quality' holds a space"),
        ("ZA\nQ\x1bI\n", "line 2: a control character (\\x1b)"),
        ("ZA\nCAFÉ\n", "line 2: 'CAFÉ' has 'É'"),
        ("ZA\nR2D2\n", "line 2: 'R2D2' has '2'"),
        ("# NWL2023\nZA\n", "line 1: '# NWL2023' holds a space"),
        ("#NWL\nZA\n", "line 1: '#NWL' has '#'"),
        (b"ZA\nQI\n\xff\xfe\n", "line 3: not UTF-8 text"),
        ("ZA\ncan't\n", "line 2: 'can't' has '''"),
    ],
)
def test_a_bad_file_is_refused_in_one_line(tmp_path, content, why):
    with pytest.raises(WordFileError) as refused:
        read_word_file(listed(tmp_path, content))
    message = str(refused.value)
    assert why in message
    assert message.startswith("club.txt")
    assert "\n" not in message
    assert "\x1b" not in message


def test_a_missing_or_huge_file_is_refused(tmp_path, monkeypatch):
    with pytest.raises(WordFileError, match=r"cannot read nowhere\.txt"):
        read_word_file(tmp_path / "nowhere.txt")
    monkeypatch.setattr(wordfile, "MAX_BYTES", 10)
    with pytest.raises(WordFileError, match="larger than"):
        read_word_file(listed(tmp_path, "HORN\nHORNET\nJO\n"))


def test_a_hostile_file_name_is_shown_escaped(tmp_path):
    with pytest.raises(WordFileError) as refused:
        read_word_file(listed(tmp_path, "", name="list\x1b[2J.txt"))
    assert "\x1b" not in str(refused.value)
    assert "list\\x1b[2J.txt" in str(refused.value)


def test_a_game_with_the_list_refuses_a_word_the_shipped_list_has(tmp_path):
    found = read_word_file(listed(tmp_path, SMALL))
    assert "horns" in load_lexicon()  # a good word of the shipped list...
    wordfeud = Table(GameName.WORDFEUD, words=found.words, rng=FixedDraw(list("HNORSTE")))  # type: ignore[arg-type]
    first = wordfeud.state.turn
    assert first is not None
    with pytest.raises(WordError, match="HORNS"):
        wordfeud.do(first, cmd.Play(((112, "H"), (113, "O"), (114, "R"), (115, "N"), (116, "S"))))
    wordfeud.do(first, cmd.Play(((112, "H"), (113, "O"), (114, "R"), (115, "N"))))
    # ...and Scrabble's challenge finds it lacking.
    scrabble = Table(words=found.words, rng=FixedDraw(["A", "B"], list("HNORSTE")))  # type: ignore[arg-type]
    scrabble.do("ann", cmd.Play(((112, "H"), (113, "O"), (114, "R"), (115, "N"), (116, "S"))))
    events = scrabble.do("bob", cmd.Challenge())
    assert any(getattr(e, "upheld", False) and e.refused == ("HORNS",) for e in events)


def test_the_computer_players_and_the_hints_play_from_the_list(tmp_path):
    found = read_word_file(listed(tmp_path, SMALL))
    state = Table(rng=FixedDraw(["A", "B"], list("EHNORST"))).state
    rack = state.rack("ann")
    hints = best_moves(state, rack, found.dawg(80), limit=50)
    assert {w.word for h in hints for w in h.assessment.words} == {"HORN", "HORNET"}
    # A bot of everyday words knows those of the list the shipped list has at its level.
    assert "horn" in found.dawg(35)
    assert "za" not in found.dawg(35)
    assert found.dawg(80) is found.dawg(80)  # built once


def test_the_players_see_its_name_and_hash(tmp_path):
    found = read_word_file(listed(tmp_path, SMALL, name="NWL2023.txt"))
    config = TileGameConfig(lexicon_name=found.name, lexicon_hash=found.digest)
    assert config.problem() is None
    shown = f"word list NWL2023.txt {found.digest[:12]}"
    assert shown in config.options()
    assert shown in config.summary()  # the LAN's list
    assert (
        shown
        in TileGameConfig(
            GameName.WWF, lexicon_name=found.name, lexicon_hash=found.digest
        ).options()
    )
    assert lexicon_pragma(found.name) == "NWL2023"
    assert TileGameConfig(lexicon_name="x", lexicon_hash="not hex").problem() is not None
    assert TileGameConfig(lexicon_hash=found.digest).problem() is not None


def test_a_guest_is_told_why_it_has_no_hint(tmp_path):
    found = read_word_file(listed(tmp_path, SMALL))
    config = TileGameConfig(lexicon_name=found.name, lexicon_hash=found.digest)
    with_list = TileSeat.solo("ann", config, [Level.EASY], words=found.words, dawg=found.dawg)
    assert with_list.hint_refusal() is None
    # A seat holding the shipped list only (a guest's) at a table with the host's own list.
    without = TileSeat.solo("ann", config, [Level.EASY])
    without.state = TileGameState(config=config)
    refusal = without.hint_refusal()
    assert refusal is not None
    assert "club.txt" in refusal


def test_the_record_names_the_list(tmp_path):
    found = read_word_file(listed(tmp_path, SMALL, name="NWL2023.txt"))
    config = TileGameConfig(lexicon_name=found.name, lexicon_hash=found.digest)
    table = Table(config=config, words=found.words)  # type: ignore[arg-type]
    for _ in range(6):
        turn = table.state.turn
        assert turn is not None
        table.do(turn, cmd.Pass())
    lines = export_gcg(table.log, "g1").splitlines()
    assert "#lexicon NWL2023" in lines
    assert any(line.startswith("#description") and found.digest in line for line in lines)
    # The shipped list keeps its name.
    assert "#lexicon SCOWL80" in export_gcg(scripted_game().log, "g1").splitlines()


def test_a_review_finds_its_best_plays_in_the_games_own_list_when_this_process_has_it(tmp_path):
    found = read_word_file(listed(tmp_path, SMALL, name="NWL2023.txt"))
    played_with = TileGameConfig(lexicon_name=found.name, lexicon_hash=found.digest)
    assert wordfile.review_dawg(played_with) is found.dawg(ALL_WORDS)
    never_read = TileGameConfig(lexicon_name="CSW.txt", lexicon_hash="ab" * 32)
    assert wordfile.review_dawg(never_read) is shipped_dawg()
    assert wordfile.review_dawg(TileGameConfig()) is shipped_dawg()
