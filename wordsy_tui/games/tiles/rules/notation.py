"""Standard move notation and the 15-line position format.

`8H WORD` runs across from row 8, column H; `H8 WORD` runs down. WORD spans
its first to its last square: letters on occupied squares must match the
board, lower-case letters on empty squares are blanks.
"""

from __future__ import annotations

import re
from typing import Final

from wordsy_tui.games.tiles.rules.board import COLUMNS, EMPTY, Placement
from wordsy_tui.games.tiles.rules.errors import PlacementError
from wordsy_tui.games.tiles.rules.rulesets import SIZE

ACROSS: Final = re.compile(r"(1[0-5]|[1-9])([A-O])", re.IGNORECASE)
DOWN: Final = re.compile(r"([A-O])(1[0-5]|[1-9])", re.IGNORECASE)
MOVE_EXAMPLE: Final = "8H WORD (across from row 8, column H) or H8 WORD (down)"


class NotationError(PlacementError):
    """A move or a position that cannot be read."""

    code = "notation"


def parse_position(text: str) -> str:
    """15 lines of 15 characters: `.` empty, `A`-`Z` a tile, `a`-`z` a blank as that letter."""
    lines = [line.strip() for line in text.strip().splitlines()]
    if len(lines) != SIZE:
        raise NotationError(f"A position is {SIZE} lines; this one has {len(lines)}.")
    for number, line in enumerate(lines, start=1):
        if len(line) != SIZE:
            raise NotationError(f"Line {number} has {len(line)} characters, not {SIZE}.")
        bad = [c for c in line if c != EMPTY and not (c.isascii() and c.isalpha())]
        if bad:
            raise NotationError(
                f"Line {number} holds {bad[0]!a}: use '.', A-Z, or a-z for a blank."
            )
    return "".join(lines)


def position_text(board: str) -> str:
    return "\n".join(board[r * SIZE : (r + 1) * SIZE] for r in range(SIZE))


def parse_move(board: str, text: str) -> Placement:
    """The new tiles of `text` (e.g. `8H WORD`) on `board`."""
    parts = text.split()
    if len(parts) != 2:
        raise NotationError(f"Write a move as {MOVE_EXAMPLE}.")
    where, word = parts
    if (found := ACROSS.fullmatch(where)) is not None:
        row, col, step = int(found[1]) - 1, COLUMNS.index(found[2].upper()), 1
    elif (found := DOWN.fullmatch(where)) is not None:
        row, col, step = int(found[2]) - 1, COLUMNS.index(found[1].upper()), SIZE
    else:
        raise NotationError(f"{where!a} is not a square: write {MOVE_EXAMPLE}.")
    if not (word.isascii() and word.isalpha()):
        raise NotationError("The word is letters only (lower case for a blank).")
    last_row = row + (len(word) - 1 if step == SIZE else 0)
    last_col = col + (len(word) - 1 if step == 1 else 0)
    if last_row >= SIZE or last_col >= SIZE:
        raise NotationError(f"{word} runs off the board.")
    placement: list[tuple[int, str]] = []
    for offset, char in enumerate(word):
        square = row * SIZE + col + offset * step
        on_board = board[square]
        if on_board == EMPTY:
            placement.append((square, char))
        elif on_board.upper() != char.upper():
            raise NotationError(
                f"{word} needs {char.upper()} where {on_board.upper()} already stands."
            )
    if not placement:
        raise NotationError(f"{word} places no new tile.")
    return tuple(placement)


def move_text(placement: Placement, across: bool, board: str) -> str:
    """`placement` in standard notation, the word's tiles already on `board` included."""
    squares = [sq for sq, _ in placement]
    step = 1 if across else SIZE
    new = dict(placement)
    first, last = min(squares), max(squares)
    while (
        first - step >= 0
        and _same_line(first - step, first, across)
        and board[first - step] != EMPTY
    ):
        first -= step
    while (
        last + step < SIZE * SIZE
        and _same_line(last + step, last, across)
        and board[last + step] != EMPTY
    ):
        last += step
    word = "".join(new.get(sq, board[sq]) for sq in range(first, last + step, step))
    row, col = divmod(first, SIZE)
    where = f"{row + 1}{COLUMNS[col]}" if across else f"{COLUMNS[col]}{row + 1}"
    return f"{where} {word}"


def _same_line(a: int, b: int, across: bool) -> bool:
    return a // SIZE == b // SIZE if across else True
