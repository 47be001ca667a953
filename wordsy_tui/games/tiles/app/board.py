"""The 15x15 board: tiles, premium squares, the play being laid, the cursor.

Every square reads without colour: premiums are text marks (3W 2W 3L 2L, `*`
the centre), a tile is its letter (lower case: a blank), a tile being laid is
in brackets `(A)`, the last play is underlined and the cursor is reversed.
Colour only adds to that.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Final

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from wordsy_tui.games.tiles.rules.board import COLUMNS, EMPTY, EMPTY_BOARD
from wordsy_tui.games.tiles.rules.rulesets import (
    CENTRE,
    DOUBLE_LETTER,
    DOUBLE_WORD,
    SIZE,
    TRIPLE_LETTER,
    TRIPLE_WORD,
)

CELL: Final = 3
"""Characters per square: a space, the mark, a space (two-character marks lean right)."""
LABEL: Final = 3
"""The row numbers' column."""
WIDTH: Final = LABEL + CELL * SIZE
HEIGHT: Final = SIZE + 1

MARKS: Final = {TRIPLE_WORD: "3W", DOUBLE_WORD: "2W", TRIPLE_LETTER: "3L", DOUBLE_LETTER: "2L"}
PREMIUM_STYLES: Final = {
    TRIPLE_WORD: Style(color="bright_white", bgcolor="red", bold=True),
    DOUBLE_WORD: Style(color="black", bgcolor="magenta"),
    TRIPLE_LETTER: Style(color="bright_white", bgcolor="blue", bold=True),
    DOUBLE_LETTER: Style(color="black", bgcolor="cyan"),
}
PLAIN_STYLE: Final = Style(color="bright_black")
TILE_STYLE: Final = Style(color="black", bgcolor="yellow", bold=True)
LAST_STYLE: Final = Style(color="black", bgcolor="bright_yellow", bold=True, underline=True)
DRAFT_STYLE: Final = Style(color="black", bgcolor="green", bold=True)
CURSOR_STYLE: Final = Style(reverse=True, bold=True)
LABEL_STYLE: Final = Style(bold=True, dim=True)


def square_text(
    board: str, premiums: str, square: int, drafted: Mapping[int, str]
) -> tuple[str, Style]:
    """What one square shows (three characters) and its style, cursor and last play aside."""
    letter = drafted.get(square)
    if letter is not None:
        return f"({letter if letter.islower() else letter.upper()})", DRAFT_STYLE
    tile = board[square]
    if tile != EMPTY:
        return f" {tile} ", TILE_STYLE
    mark = premiums[square]
    if square == CENTRE and (board == EMPTY_BOARD or mark not in MARKS):
        return " * ", PREMIUM_STYLES.get(mark, PLAIN_STYLE)
    if mark in MARKS:
        return f" {MARKS[mark]}", PREMIUM_STYLES[mark]
    return " . ", PLAIN_STYLE


@dataclass(frozen=True, slots=True)
class BoardPicture:
    """Everything the board shows at one moment."""

    board: str = EMPTY_BOARD
    premiums: str = "." * (SIZE * SIZE)
    drafted: Mapping[int, str] = field(default_factory=dict)
    """The play being laid: square -> letter."""
    last: Collection[int] = ()
    """The squares of the last play."""
    cursor: int | None = CENTRE
    across: bool = True


def board_text(picture: BoardPicture) -> Text:
    """The whole board, column letters on top, row numbers on the left."""
    board, premiums, drafted = picture.board, picture.premiums, picture.drafted
    last, cursor, across = picture.last, picture.cursor, picture.across
    text = Text(no_wrap=True, overflow="crop")
    text.append(" " * LABEL, LABEL_STYLE)
    for col, name in enumerate(COLUMNS):
        # The cursor's direction shows in the header: an arrow over its column or row.
        mark = ">" if cursor is not None and across and col == cursor % SIZE else " "
        text.append(f"{mark}{name} ", LABEL_STYLE)
    for row in range(SIZE):
        text.append("\n")
        arrow = "v" if cursor is not None and not across and row == cursor // SIZE else " "
        text.append(f"{row + 1:>2}{arrow}", LABEL_STYLE)
        for col in range(SIZE):
            square = row * SIZE + col
            shown, style = square_text(board, premiums, square, drafted)
            if square in last and square not in drafted:
                style = LAST_STYLE
            if square == cursor:
                style = style + CURSOR_STYLE
            text.append(shown, style)
    return text


class TileBoard(Widget):
    """The board as the player sees it; the screen hands it each new picture."""

    DEFAULT_CSS = f"""
    TileBoard {{
        width: {WIDTH};
        height: {HEIGHT};
    }}
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.picture = BoardPicture()

    def show(self, picture: BoardPicture) -> None:
        self.picture = picture
        self.refresh()

    def render(self) -> Text:
        return board_text(self.picture)
