"""The sheet's geometry: square names, lines, and circled squares as bit masks.

A square is an index 0-63, row by row from the top left. Its name is its column letter
(a-h, from the left) and row number (1-8, from the top): `a1` is the top left square,
`h8` the bottom right. A set of squares is an int with bit `square` set.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

from wordsy_tui.games.wordsmith.components import SIZE

SQUARES: Final = SIZE * SIZE
COLUMNS: Final = "abcdefgh"[:SIZE]
ROWS: Final = tuple(tuple(row * SIZE + col for col in range(SIZE)) for row in range(SIZE))
COLS: Final = tuple(tuple(row * SIZE + col for row in range(SIZE)) for col in range(SIZE))
LINES: Final = ROWS + COLS
"""Every row, then every column, each in reading order (left to right, top to bottom)."""
LINES_THROUGH: Final = tuple(
    (ROWS[square // SIZE], COLS[square % SIZE]) for square in range(SQUARES)
)


def name(square: int) -> str:
    return f"{COLUMNS[square % SIZE]}{square // SIZE + 1}"


def names(squares: Iterable[int]) -> str:
    return " ".join(name(square) for square in squares)


def parse_square(text: str) -> int | None:
    """The square a name such as `c4` (or `C4`) names; None when it names none."""
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in COLUMNS or text[1] not in "12345678"[:SIZE]:
        return None
    return (int(text[1]) - 1) * SIZE + COLUMNS.index(text[0])


def bit(square: int) -> int:
    return 1 << square


def mask(squares: Iterable[int]) -> int:
    bits = 0
    for square in squares:
        bits |= 1 << square
    return bits


def members(bits: int) -> Iterator[int]:
    """The squares of a mask, lowest first."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low
