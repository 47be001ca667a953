"""The play being laid on the board: a cursor, a direction, and tiles off the rack.

Kept apart from the widgets so the keys' effects are plain functions to test.
Nothing here judges the play: the live score and every refusal come from the
rules (`board.assess`, `decide`), the one source of truth.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from wordsy_tui.games.tiles.rules.board import EMPTY
from wordsy_tui.games.tiles.rules.rulesets import BLANK, CENTRE, SIZE


@dataclass
class Draft:
    cursor: int = CENTRE
    across: bool = True
    placed: list[tuple[int, str]] = field(default_factory=list)
    """(square, letter) in the order laid; lower case for a blank."""

    @property
    def placement(self) -> tuple[tuple[int, str], ...]:
        return tuple(sorted(self.placed))

    def squares(self) -> set[int]:
        return {square for square, _ in self.placed}

    def rack_left(self, rack: tuple[str, ...]) -> list[str]:
        """The rack's tiles not laid yet, in rack order."""
        used = Counter(BLANK if letter.islower() else letter for _, letter in self.placed)
        left: list[str] = []
        for tile in rack:
            if used[tile]:
                used[tile] -= 1
            else:
                left.append(tile)
        return left

    def move(self, rows: int, cols: int) -> None:
        row, col = divmod(self.cursor, SIZE)
        row = min(max(row + rows, 0), SIZE - 1)
        col = min(max(col + cols, 0), SIZE - 1)
        self.cursor = row * SIZE + col

    def turn(self) -> None:
        self.across = not self.across

    def _free(self, board: str, square: int) -> bool:
        return board[square] == EMPTY and square not in self.squares()

    def _next(self, square: int) -> int | None:
        """The square after `square` in the draft's direction; None at the edge."""
        row, col = divmod(square, SIZE)
        if self.across:
            return square + 1 if col < SIZE - 1 else None
        return square + SIZE if row < SIZE - 1 else None

    def lay(self, board: str, rack: tuple[str, ...], letter: str) -> str | None:
        """Lay `letter` (upper case; lower case: a blank as it) at the cursor, or the first
        free square after it, and step on; why not, or None when laid."""
        square: int | None = self.cursor
        while square is not None and not self._free(board, square):
            square = self._next(square)
        if square is None:
            return "No free square left that way: move the cursor."
        left = self.rack_left(rack)
        tile = BLANK if letter.islower() else letter
        if tile not in left:
            if tile == BLANK:
                return "You have no blank left on your rack."
            if BLANK not in left:
                return f"Your rack has no {letter} left."
            letter = letter.lower()  # the blank plays the letter the rack lacks
        self.placed.append((square, letter))
        after = self._next(square)
        while after is not None and not self._free(board, after):
            after = self._next(after)
        self.cursor = after if after is not None else square
        return None

    def lay_again(
        self, placed: Sequence[tuple[int, str]], board: str, rack: tuple[str, ...]
    ) -> None:
        """Lay again the tiles of a play kept before a restart, each whose square is still
        free and whose tile is still on the rack."""
        for square, letter in placed:
            tile = BLANK if letter.islower() else letter.upper()
            if self._free(board, square) and tile in self.rack_left(rack):
                self.placed.append((square, letter if letter.islower() else tile))
                self.cursor = square

    def take_back(self) -> None:
        """Backspace: the last tile laid goes back to the rack; the cursor to its square."""
        if self.placed:
            self.cursor, _ = self.placed.pop()

    def clear(self) -> None:
        if self.placed:
            self.cursor = self.placed[0][0]
        self.placed.clear()
