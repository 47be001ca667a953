import json
import subprocess
import sys

import pytest

from wordsy_tui.cli import main

BOARD = "C S Q+2 B C F+1 L N"
# The same board as the board screen lays it out, and as `score` prints it back.
SCREEN_LAYOUT = [
    "5 pts  4 pts  3 pts  2 pts",
    "C      Q+2    C      L",
    "S      B      F+1    N",
]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_scores_each_word_with_its_breakdown(capsys):
    code, out, _ = run(capsys, "score", "--board", BOARD, "QUIBBLES", "baccalaureates")
    assert code == 0
    assert out.splitlines() == [
        *SCREEN_LAYOUT,
        "QUIBBLES: S(5) + Q(4+2) + B(4) + L(2) = 17",
        "BACCALAUREATES: C(5) + S(5) + B(4) + C(3) + L(2) = 19",
    ]


def test_json_output_lists_word_and_score(capsys):
    code, out, _ = run(capsys, "score", "--board", BOARD, "--json", "quibbles", "xyz")
    assert code == 0
    data = json.loads(out)
    assert [(d["word"], d["score"]) for d in data] == [("QUIBBLES", 17), ("XYZ", 0)]
    assert data[0]["cards"][1] == {"slot": 2, "letter": "Q", "column": 4, "bonus": 2, "points": 6}


def test_commas_and_overrides_are_accepted(capsys):
    code, out, _ = run(capsys, "score", "--board", "C,S,Q+0,B,C,F,L,N", "QUIBBLES")
    assert code == 0
    assert out.strip().endswith("= 15")


def test_handicap_flag(capsys):
    code, out, _ = run(capsys, "score", "--board", "S T R N L D C P", "--handicap", "SPLINTERED")
    assert code == 0
    assert "= 21" in out


@pytest.mark.parametrize(
    ("board", "word", "message"),
    [
        ("C S Q B C F L", "WORD", "8 cards"),
        ("C S Q B C F L 7", "WORD", "not a card"),
        ("C S Q B C F L H", "WORD", "Two Rules of Two"),
        ("C S C B C F L N", "WORD", "Two Rules of Two"),
        (BOARD, "don't", "letters A to Z"),
    ],
)
def test_bad_input_is_refused_with_status_2(capsys, board, word, message):
    code, out, err = run(capsys, "score", "--board", board, word)
    assert code == 2
    assert out == ""
    assert message in err


def test_the_console_script_runs_as_a_module():
    result = subprocess.run(
        [sys.executable, "-m", "wordsy_tui", "score", "--board", BOARD, "QUIBBLES"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0
    assert result.stdout.splitlines()[-1] == "QUIBBLES: S(5) + Q(4+2) + B(4) + L(2) = 17"


def test_help_names_the_board_format(capsys):
    code, out, _ = run(capsys, "score", "--help")
    assert code == 0
    assert "+0, +1 or +2" in out


def test_best_lists_the_best_words_for_the_board(capsys):
    code, out, _ = run(capsys, "score", "--board", BOARD, "--best", "3", "--json")
    assert code == 0
    best = json.loads(out)
    assert len(best) == 3
    assert all(entry["best"] for entry in best)
    assert [b["score"] for b in best] == sorted((b["score"] for b in best), reverse=True)
    assert best[0]["score"] >= 19  # BACCALAUREATES scores 19 on this board


def test_score_needs_words_or_best(capsys):
    code, _, err = run(capsys, "score", "--board", BOARD)
    assert code == 2
    assert "--best" in err


def test_every_command_is_listed_in_the_help(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for command in ("host", "join", "solo", "score", "check", "replay", "doctor", "menu"):
        assert f"    {command} " in out


def test_the_board_can_be_given_as_the_screen_shows_it(capsys):
    code, out, _ = run(capsys, "score", "--rows", "--board", "C Q+2 C L  S B F+1 N", "QUIBBLES")
    assert code == 0
    assert out.splitlines() == [*SCREEN_LAYOUT, "QUIBBLES: S(5) + Q(4+2) + B(4) + L(2) = 17"]


def test_a_short_board_in_rows_says_which_order_it_expected(capsys):
    code, _, err = run(capsys, "score", "--rows", "--board", "C Q+2 C L", "QUIBBLES")
    assert code == 2
    assert "the top row, then the bottom row; got 4" in err


def test_help_says_which_order_the_cards_are_read_in(capsys):
    code, out, _ = run(capsys, "score", "--help")
    assert code == 0
    flat = " ".join(out.split())
    assert "column by column" in flat
    assert "--rows" in flat
    assert "as the board screen shows" in flat


def test_another_games_option_is_refused_by_name(capsys):
    code, _, err = run(capsys, "score", "--game", "wwf", "--board", BOARD, "--move", "8H HORN")
    assert code == 2
    assert "--board is for Wordsy, not Words with Friends" in err


def test_each_games_options_are_listed_under_its_name(capsys):
    code, out, _ = run(capsys, "score", "--help")
    assert code == 0
    assert "Wordsy:\n  --board CARDS" in out
    assert "Scrabble, Words with Friends, Wordfeud:\n  --position FILE" in out
