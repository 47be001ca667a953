"""The board, placing tiles on it, the words a placement forms and their score.

A board is 225 characters, row by row: `.` an empty square, `A`-`Z` a tile,
`a`-`z` a blank played as that letter (the calculator's file format too).
A placement is the new tiles: (square index, character), lower case for a blank.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from wordsy_tui.games.tiles.rules.errors import PlacementError
from wordsy_tui.games.tiles.rules.rulesets import (
    CENTRE,
    LETTER_FACTOR,
    SIZE,
    WORD_FACTOR,
    Rules,
)

EMPTY: Final = "."
EMPTY_BOARD: Final = EMPTY * (SIZE * SIZE)
COLUMNS: Final = "ABCDEFGHIJKLMNO"

Placement = tuple[tuple[int, str], ...]
"""New tiles, (square, character), sorted by square."""


def square_name(square: int) -> str:
    """`H8`: column letter, row number."""
    row, col = divmod(square, SIZE)
    return f"{COLUMNS[col]}{row + 1}"


def place(board: str, placement: Iterable[tuple[int, str]]) -> str:
    cells = list(board)
    for square, char in placement:
        cells[square] = char
    return "".join(cells)


def lift(board: str, placement: Iterable[tuple[int, str]]) -> str:
    """`board` with the placement's tiles taken back (a withdrawn play)."""
    return place(board, ((square, EMPTY) for square, _ in placement))


def rack_tiles(placement: Iterable[tuple[int, str]]) -> list[str]:
    """The rack tiles a placement uses: its letters, `?` for each blank."""
    return ["?" if char.islower() else char for _, char in placement]


@dataclass(frozen=True, slots=True)
class FormedWord:
    word: str
    """Upper case, blanks included as their letters."""
    squares: tuple[int, ...]
    score: int


@dataclass(frozen=True, slots=True)
class Assessment:
    """What a legal placement forms and scores."""

    placement: Placement
    words: tuple[FormedWord, ...]
    """The main word first, then the cross words in board order."""
    bingo: bool
    score: int
    """Every word's score, plus the bingo bonus."""
    across: bool
    """The main word's direction (a single tile: the direction of its longer word)."""


def _run(board: str, square: int, step: int) -> tuple[int, ...]:
    """The squares of the maximal run of tiles through `square` along `step` (1 or SIZE)."""
    row_start = square - square % SIZE

    def inside(sq: int) -> bool:
        if step == 1:
            return row_start <= sq < row_start + SIZE
        return 0 <= sq < SIZE * SIZE

    first = square
    while inside(first - step) and board[first - step] != EMPTY:
        first -= step
    last = square
    while inside(last + step) and board[last + step] != EMPTY:
        last += step
    return tuple(range(first, last + step, step))


def _neighbours(square: int) -> Iterable[int]:
    row, col = divmod(square, SIZE)
    if row > 0:
        yield square - SIZE
    if row < SIZE - 1:
        yield square + SIZE
    if col > 0:
        yield square - 1
    if col < SIZE - 1:
        yield square + 1


def _word_score(
    board: str, squares: Sequence[int], new: frozenset[int], rules: Rules, premiums: str
) -> int:
    # Letter premiums first, then the word's; premiums count only under new tiles.
    total, factor = 0, 1
    for square in squares:
        points = rules.value(board[square])
        if square in new:
            mark = premiums[square]
            points *= LETTER_FACTOR.get(mark, 1)
            factor *= WORD_FACTOR.get(mark, 1)
        total += points
    return total * factor


def assess(
    board: str,
    placement: Iterable[tuple[int, str]],
    rules: Rules,
    premiums: str | None = None,
) -> Assessment:
    """Check a placement against the rules of placement and score every word it forms.

    Raises PlacementError with a reason for the player. Whether the words are
    words is not judged here (see decide: challenges, or refusal at play time).
    """
    tiles = tuple(sorted(placement))
    premiums = premiums if premiums is not None else rules.premiums
    if not tiles:
        raise PlacementError("Place at least one tile.")
    squares = [square for square, _ in tiles]
    if len(set(squares)) != len(squares):
        raise PlacementError("Two tiles are on the same square.")
    for square, char in tiles:
        if not 0 <= square < SIZE * SIZE:
            raise PlacementError("A tile is off the board.")
        if len(char) != 1 or not char.isascii() or not char.isalpha():
            raise PlacementError("Tiles are the letters A-Z (a blank: its letter in lower case).")
        if board[square] != EMPTY:
            raise PlacementError(f"{square_name(square)} is already taken.")
    if len(tiles) > rules.rack_size:
        raise PlacementError(f"A play has at most {rules.rack_size} tiles.")
    rows = {sq // SIZE for sq in squares}
    cols = {sq % SIZE for sq in squares}
    if len(rows) > 1 and len(cols) > 1:
        raise PlacementError("All tiles of a play go in one row or one column.")
    after = place(board, tiles)
    first_play = board == EMPTY_BOARD
    if len(tiles) == 1:
        lengths = {step: len(_run(after, squares[0], step)) for step in (1, SIZE)}
        across = lengths[1] >= lengths[SIZE]
    else:
        across = len(rows) == 1
    step = 1 if across else SIZE
    main = _run(after, squares[0], step)
    if any(sq not in main for sq in squares):
        raise PlacementError(
            "The tiles of a play make one unbroken line (gaps only where tiles stand)."
        )
    if first_play:
        if CENTRE not in squares:
            raise PlacementError("The first word must cover the centre star (H8).")
        if len(tiles) < 2:
            raise PlacementError("The first word has at least two letters.")
    elif len(main) == len(tiles) and not any(
        board[n] != EMPTY for sq in squares for n in _neighbours(sq)
    ):
        raise PlacementError("A play must touch a tile already on the board.")
    new = frozenset(squares)
    runs: list[tuple[int, ...]] = []
    if len(main) >= 2:
        runs.append(main)
    cross_step = SIZE if across else 1
    for square in squares:
        cross = _run(after, square, cross_step)
        if len(cross) >= 2:
            runs.append(cross)
    if not runs:
        raise PlacementError("A play must form a word of at least two letters.")
    words = tuple(
        FormedWord(
            "".join(after[sq] for sq in run).upper(),
            run,
            _word_score(after, run, new, rules, premiums),
        )
        for run in runs
    )
    bingo = len(tiles) == rules.rack_size
    score = sum(w.score for w in words) + (rules.bingo if bingo else 0)
    return Assessment(tiles, words, bingo, score, across)
