"""`wordsy-tui score --game ...`: the tile games' calculator."""

from __future__ import annotations

import json

from tests.cli.test_score import run
from wordsy_tui.games.tiles.rules.board import EMPTY_BOARD, place
from wordsy_tui.games.tiles.rules.notation import parse_move, position_text


def position(tmp_path, *moves: str) -> str:
    board = EMPTY_BOARD
    for move in moves:
        board = place(board, parse_move(board, move))
    path = tmp_path / "game.txt"
    path.write_text(position_text(board) + "\n")
    return str(path)


def test_scores_a_play_with_every_word(capsys, tmp_path):
    file = position(tmp_path, "8H HORN")
    code, out, _ = run(
        capsys, "score", "--game", "scrabble", "--position", file, "--move", "9H AN"
    )
    assert code == 0
    assert out.splitlines() == [
        "9H AN: 11 points (Scrabble)",
        "  AN 3",
        "  HA 5",
        "  ON 3",
    ]


def test_json(capsys, tmp_path):
    file = position(tmp_path)
    code, out, _ = run(
        capsys, "score", "--game", "wwf", "--position", file, "--move", "H4 RETaINS", "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert data["move"] == "H4 RETaINS"
    assert data["bingo"] is True
    assert data["words"][0]["word"] == "RETAINS"
    assert data["score"] == data["words"][0]["score"] + 35


def test_premiums_under_existing_tiles_do_not_count(capsys, tmp_path):
    file = position(tmp_path, "8D QUITE")
    code, out, _ = run(
        capsys, "score", "--game", "scrabble", "--position", file, "--move", "8D QUITES", "--json"
    )
    assert code == 0
    assert json.loads(out)["score"] == 15


def test_illegal_placement_exits_2_with_the_reason(capsys, tmp_path):
    file = position(tmp_path, "8H HORN")
    code, out, err = run(
        capsys, "score", "--game", "wordfeud", "--position", file, "--move", "2A ON"
    )
    assert code == 2
    assert out == ""
    assert "touch a tile" in err


def test_a_letter_that_does_not_match_the_board(capsys, tmp_path):
    file = position(tmp_path, "8H HORN")
    code, _, err = run(
        capsys, "score", "--game", "scrabble", "--position", file, "--move", "8H HARM"
    )
    assert code == 2
    assert "already stands" in err


def test_a_hostile_position_file_is_refused_without_echoing_it(capsys, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(("." * 15 + "\n") * 14 + "\x1b[2J" + "." * 11 + "\n")
    code, _, err = run(
        capsys, "score", "--game", "scrabble", "--position", str(path), "--move", "8H ON"
    )
    assert code == 2
    assert "\x1b" not in err
    assert "Line 15" in err


def test_missing_file(capsys, tmp_path):
    code, _, err = run(
        capsys,
        "score",
        "--game",
        "scrabble",
        "--position",
        str(tmp_path / "no"),
        "--move",
        "8H ON",
    )
    assert code == 2
    assert "cannot read" in err


def test_wordsy_score_still_needs_a_board(capsys):
    code, _, err = run(capsys, "score", "QUIBBLES")
    assert code == 2
    assert "--board" in err
