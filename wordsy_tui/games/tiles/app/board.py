"""The 15x15 board: tiles, premium squares, the play being laid, the cursor.

Every square reads without colour: premiums are text marks (3W 2W 3L 2L, `*`
the centre), a tile is its letter (lower case: a blank), a tile being laid is
in brackets `(A)`, the last play is underlined and the cursor is reversed.
Colour only adds to that.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Final, Self

from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widget import Widget

from wordsy_tui.app.widgets.line import text_strip
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


def board_row(picture: BoardPicture, y: int) -> Text:
    """Line `y` of the board: 0 the column letters, then each row behind its number."""
    cursor, across = picture.cursor, picture.across
    text = Text(no_wrap=True, overflow="crop")
    if y == 0:
        text.append(" " * LABEL, LABEL_STYLE)
        for col, name in enumerate(COLUMNS):
            # The cursor's direction shows in the header: an arrow over its column or row.
            mark = ">" if cursor is not None and across and col == cursor % SIZE else " "
            text.append(f"{mark}{name} ", LABEL_STYLE)
        return text
    row = y - 1
    board, premiums, drafted, last = picture.board, picture.premiums, picture.drafted, picture.last
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


def row_inputs(picture: BoardPicture, y: int) -> tuple[object, ...]:
    """Everything `board_row` reads for line `y`: the line is the same while this is."""
    cursor, across = picture.cursor, picture.across
    if y == 0:
        return (cursor % SIZE if cursor is not None and across else None,)
    row = y - 1
    start, end = row * SIZE, (row + 1) * SIZE
    return (
        picture.board[start:end],
        picture.premiums[start:end],
        picture.board == EMPTY_BOARD,  # (the centre's star)
        sorted((s, letter) for s, letter in picture.drafted.items() if start <= s < end),
        sorted(s for s in picture.last if start <= s < end),
        cursor if cursor is not None and start <= cursor < end else None,
        not across and cursor is not None and cursor // SIZE == row,
    )


def board_rows(picture: BoardPicture) -> list[Text]:
    """The board line by line: column letters on top, then each row behind its number."""
    return [board_row(picture, y) for y in range(HEIGHT)]


def board_text(picture: BoardPicture) -> Text:
    """The whole board, column letters on top, row numbers on the left."""
    return Text("\n", no_wrap=True, overflow="crop").join(board_rows(picture))


class TileBoard(Widget):
    """The board as the player sees it; the screen hands it each new picture.

    It draws line by line, each line kept until it changes: a key lays one tile or moves
    the cursor, which changes a row or two of the sixteen (and their drawing is most of a
    key's work on this screen)."""

    DEFAULT_CSS = f"""
    TileBoard {{
        width: {WIDTH};
        height: {HEIGHT};
    }}
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.picture = BoardPicture()
        self._rows = board_rows(self.picture)
        self._inputs = [row_inputs(self.picture, y) for y in range(HEIGHT)]
        self._strips: dict[int, Strip] = {}
        self._drawn_for: tuple[int, VisualStyle] | None = None

    def show(self, picture: BoardPicture) -> None:
        if picture == self.picture:
            return  # a key that changed something else: the board is drawn as it stands
        self.picture = picture
        changed = []
        for y in range(HEIGHT):
            inputs = row_inputs(picture, y)
            if inputs != self._inputs[y]:
                self._inputs[y] = inputs
                self._rows[y] = board_row(picture, y)
                self._strips.pop(y, None)
                changed.append(y)
        width = self.size.width
        if changed and width:
            self.refresh(*(Region(0, y, width, 1) for y in changed))

    @property
    def rows(self) -> list[Text]:
        """The lines shown, the column letters first."""
        return list(self._rows)

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        if not regions:  # the whole board: a new size, theme or selection draws it afresh
            self._strips.clear()
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def render_line(self, y: int) -> Strip:
        style = self.visual_style
        drawn_for = (self.size.width, style)
        if drawn_for != self._drawn_for:
            self._strips.clear()
            self._drawn_for = drawn_for
        strip = self._strips.get(y)
        if strip is None:
            if not 0 <= y < len(self._rows):
                return Strip.blank(self.size.width, style.rich_style)
            strip = text_strip(self._rows[y], style.rich_style, self.app.console, 0)
            self._strips[y] = strip
        return strip
