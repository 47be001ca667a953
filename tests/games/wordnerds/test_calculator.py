"""`wordsy-tui score --game wordnerds` and `check --game wordnerds`: a word laid down with
real cards, valued as the rulebook does; a word a challenge would withdraw."""

from __future__ import annotations

import json

import pytest

from tests.cli.test_score import run


def test_paths_is_nine_and_eleven_with_plus_two(capsys):
    code, out, _ = run(
        capsys, "score", "--game", "wordnerds", "PATHS", "--cards", "P2 A1 T1 H2 S1"
    )
    assert code == 0
    assert out.splitlines() == [
        "PATHS: 9 points",
        "  letters    P2 A1 T1 H2 S1 = 7",
        "  bonus      5 letters = +2",
    ]
    code, out, _ = run(capsys, "score", "--game", "wordnerds", "paths", "--modifier", "+2")
    assert code == 0
    assert out.splitlines()[0] == "PATHS: 11 points"


def test_wreck_is_twelve_and_nine_with_minus_three_as_json(capsys):
    argv = ("score", "--game", "wordnerds", "--json", "WRECK", "--cards", "W3,R1,E1,C2,K3")
    code, out, _ = run(capsys, *argv, "--modifier", "-3")
    assert code == 0
    assert json.loads(out) == {
        "word": "WRECK",
        "letters": 10,
        "modifiers": -3,
        "bonus": 2,
        "value": 9,
    }


def test_a_wild_is_written_with_the_letter_it_stands_for_and_is_worth_nothing(capsys):
    argv = ("score", "--game", "wordnerds", "--json", "MASTER", "--cards", "M2 ?A S1 T1 ?E R1")
    code, out, _ = run(capsys, *argv, "--modifier", "double")
    assert code == 0
    assert json.loads(out) == {
        "word": "MASTER",
        "letters": 5,
        "modifiers": 0,
        "bonus": 10,
        "value": 15,
    }


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (("PAT",), "at least 4 letters"),
        (("PAT5",), "letters A to Z only"),
        (("PATHS", "--cards", "P2 A1 T1 H2"), "4 cards for 5 letters"),
        (("PATHS", "--cards", "P2 A1 T1 H2 X5"), "X5 is not a card for the letter S"),
        (("PATHS", "--cards", "P3 A1 T1 H2 S1"), "P is worth 2 in the deck, not 3"),
        (("PATHS", "--cards", "P2 A1 T1 H2 ?S1"), "a WILD is worth 0 in the deck, not 1"),
        (("PATHS", "--modifier", "+5"), "+5 is not a WORD VALUE card: +2, -3 or double"),
        (("PATHZ",), "not in the word list: a challenge would withdraw it"),
    ],
)
def test_an_unusable_word_exits_2_with_the_reason(capsys, argv, reason):
    code, out, err = run(capsys, "score", "--game", "wordnerds", *argv)
    assert code == 2
    assert out == ""
    assert reason in err


def test_the_calculator_takes_one_word_and_its_options_are_its_own(capsys):
    code, _, err = run(capsys, "score", "--game", "wordnerds", "PATHS", "WRECK")
    assert code == 2
    assert "one WORD" in err
    code, _, err = run(capsys, "score", "--game", "scrabble", "--cards", "P2")
    assert code == 2
    assert "--cards is for Word Nerds, not Scrabble" in err


def test_check_says_whether_a_challenge_would_withdraw_the_word(capsys):
    code, out, _ = run(capsys, "check", "--game", "wordnerds", "abasia")
    assert (code, out.strip()) == (0, "ABASIA: stands: a challenge of it fails")
    code, out, _ = run(capsys, "check", "--game", "wordnerds", "--json", "wrekc")
    assert code == 1
    assert json.loads(out) == {"word": "WREKC", "ok": False, "message": "not in the word list"}
