"""Placement and scoring: one line, contiguous, connected, the centre; premiums only under
new tiles, letter premiums before word premiums, blanks worth 0, bingo."""

from __future__ import annotations

import pytest

from wordsy_tui.games.tiles.rules.board import EMPTY_BOARD, assess, place
from wordsy_tui.games.tiles.rules.errors import PlacementError
from wordsy_tui.games.tiles.rules.notation import NotationError, parse_move
from wordsy_tui.games.tiles.rules.rulesets import SCRABBLE, WORDFEUD, WWF


def play(board: str, move: str, rules=SCRABBLE):
    return assess(board, parse_move(board, move), rules)


def after(board: str, move: str) -> str:
    return place(board, parse_move(board, move))


def test_first_word_doubles_on_the_centre():
    # H(4) O R N(1 each) = 7, the centre star is a double word.
    result = play(EMPTY_BOARD, "8H HORN")
    assert result.score == 14
    assert [w.word for w in result.words] == ["HORN"]


def test_first_word_must_cover_the_centre():
    with pytest.raises(PlacementError, match="centre"):
        play(EMPTY_BOARD, "8A HORN")


def test_first_word_has_two_letters():
    with pytest.raises(PlacementError, match="two letters"):
        assess(EMPTY_BOARD, [(112, "A")], SCRABBLE)


def test_letter_premium_before_word_premium():
    # 8D: double letter at D8, centre H8 double word. Q(10) on D8 -> 20, + U I T E = 4: 24 x 2.
    result = play(EMPTY_BOARD, "8D QUITE")
    assert result.score == (20 + 1 + 1 + 1 + 1) * 2


def test_premiums_count_only_under_new_tiles():
    board = after(EMPTY_BOARD, "8D QUITE")
    # QUITES: the Q's double letter and the centre's double word are used up; I8 is plain.
    result = play(board, "8D QUITES")
    assert result.score == 10 + 1 + 1 + 1 + 1 + 1


def test_blank_scores_zero_but_takes_the_word_premium():
    # A blank q on the double letter scores 0; the centre still doubles the word.
    result = play(EMPTY_BOARD, "8D qUITE")
    assert result.score == 4 * 2


def test_a_word_through_a_tile_on_the_board():
    board = after(EMPTY_BOARD, "8H HORN")
    # F on J6, a triple letter: 12; A, R (already there), M: 17. No other word touches.
    result = play(board, "J6 FARM")
    assert [(w.word, w.score) for w in result.words] == [("FARM", 17)]


def test_every_word_formed_is_scored_with_the_shared_letter():
    board = after(EMPTY_BOARD, "8H HORN")
    # AN under HO: AN (N on the I9 double letter: 2) = 3, HA = 5, ON = 3.
    result = play(board, "9H AN")
    assert [(w.word, w.score) for w in result.words] == [("AN", 3), ("HA", 5), ("ON", 3)]
    assert result.score == 11


def test_two_word_premiums_multiply():
    board = place(EMPTY_BOARD, [(1, "R")])  # R on B1, already played
    # A1 and H1 are triple words: x9. B3 R1 A1 I(D1 double letter)2 N1 I1 E1 R1 = 11.
    result = play(board, "1A BRAINIER")
    assert result.words[0].score == 99
    assert result.bingo
    assert result.score == 99 + 50


def test_bingo_bonus_per_ruleset():
    for rules, bonus in ((SCRABBLE, 50), (WWF, 35), (WORDFEUD, 40)):
        result = play(EMPTY_BOARD, "8B RETAINS", rules)
        assert result.bingo
        assert result.score == sum(w.score for w in result.words) + bonus


def test_play_must_touch_the_board():
    board = after(EMPTY_BOARD, "8H HORN")
    with pytest.raises(PlacementError, match="touch"):
        play(board, "2A ON")


def test_tiles_in_one_line():
    board = after(EMPTY_BOARD, "8H HORN")
    with pytest.raises(PlacementError, match="one row or one column"):
        assess(board, [(6 * 15 + 7, "A"), (8 * 15 + 8, "B")], SCRABBLE)


def test_tiles_without_gaps():
    board = after(EMPTY_BOARD, "8H HORN")
    # H9 and H11: H10 is empty between them.
    with pytest.raises(PlacementError, match="unbroken"):
        assess(board, [(8 * 15 + 7, "A"), (10 * 15 + 7, "B")], SCRABBLE)


def test_gap_filled_by_a_tile_on_the_board_is_fine():
    board = after(EMPTY_BOARD, "8H HORN")
    result = play(board, "8G SHORN")
    assert [(w.word, w.score) for w in result.words] == [("SHORN", 8)]


def test_single_tile_forms_words_both_ways():
    board = after(after(EMPTY_BOARD, "8H HORN"), "H8 HA")
    # X on I9, a double letter (16): AX across, OX down, 17 each.
    result = assess(board, [(8 * 15 + 8, "X")], SCRABBLE)
    assert sorted((w.word, w.score) for w in result.words) == [("AX", 17), ("OX", 17)]


def test_notation_checks_letters_on_the_board():
    board = after(EMPTY_BOARD, "8H HORN")
    with pytest.raises(NotationError, match="already stands"):
        parse_move(board, "8H HARM")
    with pytest.raises(NotationError, match="off the board"):
        parse_move(board, "8M HORNS")
