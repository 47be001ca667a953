"""Laying a play with keys: the cursor, the direction, the rack's tiles and blanks."""

from __future__ import annotations

import random

from wordsy_tui.games.tiles.app.board import BoardPicture, TileBoard, board_rows, board_text
from wordsy_tui.games.tiles.app.draft import Draft
from wordsy_tui.games.tiles.rules.board import EMPTY_BOARD, place
from wordsy_tui.games.tiles.rules.rulesets import CENTRE, RULES, GameName

RACK = ("A", "E", "S", "T", "?")


def test_letters_step_on_and_skip_tiles_on_the_board():
    board = place(EMPTY_BOARD, [(CENTRE + 1, "X")])
    draft = Draft()
    assert draft.lay(board, RACK, "A") is None
    assert draft.lay(board, RACK, "T") is None  # over the X on the next square
    assert draft.placed == [(CENTRE, "A"), (CENTRE + 2, "T")]
    assert draft.cursor == CENTRE + 3


def test_down_steps_a_row():
    draft = Draft(across=False)
    draft.lay(EMPTY_BOARD, RACK, "S")
    assert draft.cursor == CENTRE + 15


def test_a_letter_the_rack_lacks_takes_the_blank_then_is_refused():
    draft = Draft()
    assert draft.lay(EMPTY_BOARD, RACK, "Q") is None
    assert draft.placed == [(CENTRE, "q")]
    assert draft.rack_left(RACK) == ["A", "E", "S", "T"]
    assert draft.lay(EMPTY_BOARD, RACK, "Q") == "Your rack has no Q left."
    assert draft.lay(EMPTY_BOARD, RACK, "z") == "You have no blank left on your rack."


def test_backspace_gives_the_tile_back_and_the_cursor_its_square():
    draft = Draft()
    draft.lay(EMPTY_BOARD, RACK, "A")
    draft.lay(EMPTY_BOARD, RACK, "T")
    draft.take_back()
    assert draft.placed == [(CENTRE, "A")]
    assert draft.cursor == CENTRE + 1
    assert draft.rack_left(RACK) == ["E", "S", "T", "?"]


def test_the_cursor_stays_on_the_board():
    draft = Draft(cursor=0)
    draft.move(-1, -1)
    assert draft.cursor == 0
    draft.move(20, 20)
    assert draft.cursor == 224


def test_premiums_read_without_colour():
    rules = RULES[GameName.SCRABBLE]
    board = place(EMPTY_BOARD, [(0, "Q")])
    text = board_text(BoardPicture(board, rules.premiums, {16: "a"}, (), None)).plain
    lines = text.splitlines()
    assert lines[1].startswith(" 1  Q  .  .  2L")  # A1's tile over its 3W, D1's 2L
    assert "(a)" in lines[2]
    assert "2W" in lines[2]
    assert " 3L" in lines[2]
    assert lines[8][3 + 7 * 3 :].startswith(" 2W")  # the centre, once the game is under way
    empty = board_text(BoardPicture(EMPTY_BOARD, rules.premiums, {}, (), None)).plain
    assert empty.splitlines()[8][3 + 7 * 3 :].startswith(" * ")  # the star to cover first


def test_a_play_kept_before_a_restart_is_laid_again_where_it_still_fits():
    board = place(EMPTY_BOARD, [(CENTRE + 1, "X")])  # played since, over one of its squares
    draft = Draft()
    kept = [(CENTRE, "A"), (CENTRE + 1, "T"), (CENTRE + 2, "Q"), (CENTRE + 3, "e"), (4, "S")]
    draft.lay_again(kept, board, RACK)
    # The Q is not on the rack; the blank plays the e; the cursor is on the last tile laid.
    assert draft.placed == [(CENTRE, "A"), (CENTRE + 3, "e"), (4, "S")]
    assert draft.cursor == 4
    assert draft.rack_left(RACK) == ["E", "T"]


def test_the_board_redraws_each_changed_row_as_a_whole_drawing_would() -> None:
    # The board keeps each row until what it shows changes: after any sequence of pictures
    # (tiles laid and taken back, the cursor moved and turned, plays on the board, the
    # centre's star covered) its rows are those of the picture drawn from nothing.
    rules = RULES[GameName.SCRABBLE]
    rng = random.Random(7)
    tiles = TileBoard()
    board, drafted, last = EMPTY_BOARD, dict[int, str](), tuple[int, ...]()
    for _ in range(300):
        match rng.randrange(4):
            case 0:
                drafted = {s: rng.choice("ABCz") for s in rng.sample(range(225), rng.randrange(4))}
            case 1:
                played = [(s, rng.choice("QXE")) for s in rng.sample(range(225), 2)]
                board, last = place(board, played), tuple(s for s, _ in played)
            case 2:
                board, last = EMPTY_BOARD, ()
        cursor = rng.choice([None, CENTRE, rng.randrange(225)])
        picture = BoardPicture(board, rules.premiums, drafted, last, cursor, rng.random() < 0.5)
        tiles.show(picture)
        drawn = [(row.plain, row.spans) for row in board_rows(picture)]
        assert [(row.plain, row.spans) for row in tiles.rows] == drawn
