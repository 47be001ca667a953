"""The eight cards in their 5/4/3/2 columns, with the cards a word uses marked."""

from __future__ import annotations

from typing import ClassVar, Final, Self

from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from wordsy_tui.app.widgets.line import text_strip
from wordsy_tui.games.wordsy.rules.board import CARDS_PER_COLUMN, COLUMN_VALUES, Board
from wordsy_tui.games.wordsy.rules.cards import Card

CARD_WIDTH: Final = 7
BIG_CARD_WIDTH: Final = 11
"""In a wide window (the app's `-wide` class): larger cards, with a blank line each side
of the letter."""
GAP: Final = 2
# Used cards get a heavier frame, so they stand out without colour too.
FRAMES: Final = {False: tuple("╭─╮│╰─╯"), True: tuple("┏━┓┃┗━┛")}


class BoardCards(Widget):
    """Columns left to right worth 5, 4, 3 and 2; two cards a column."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "board--column",
        "board--card",
        "board--rare",
        "board--used",
    }

    board: reactive[Board] = reactive(Board, layout=True)
    # Redrawn a row of cards at a time (`watch_used`): a key changes the cards its word
    # uses, in one row more often than in both, and never the heading.
    used: reactive[frozenset[int]] = reactive(frozenset, repaint=False)
    """Slots of the cards the draft scores."""
    big: reactive[bool] = reactive(False, layout=True)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._drawn_for: tuple[object, ...] | None = None
        """What the rows below were drawn for (board, size, style), and whether every
        line fits its width (else they are drawn Textual's way)."""
        self._fits = False
        self._rows: dict[tuple[int, tuple[bool, ...]], list[Strip]] = {}
        """The lines drawn of a row (-1: the heading), by which of its cards are used:
        a word typed and taken back uses the same cards again."""

    def on_mount(self) -> None:
        self.big = self.app.has_class("-wide")

    def watch_used(self, old: frozenset[int], used: frozenset[int]) -> None:
        height = self._card_height()
        rows = {slot % CARDS_PER_COLUMN for slot in old ^ used}
        # (In the content's coordinates: the heading is its first line.)
        regions = [Region(0, 1 + row * height, self.size.width, height) for row in rows]
        if regions:
            super().refresh(*regions)  # (not `refresh`: the rows drawn stay drawn)

    def _card_height(self) -> int:
        return 6 if self.big else 4

    def _heading(self) -> Text:
        width = BIG_CARD_WIDTH if self.big else CARD_WIDTH
        heading = Text()
        for value in COLUMN_VALUES:
            heading.append(
                f"{value} pts".center(width), self.get_component_rich_style("board--column")
            )
            heading.append(" " * GAP)
        heading.rstrip()  # in place
        return heading

    def _row(self, row: int) -> list[Text]:
        """The lines of a row of cards, a card from each column."""
        card_lines = [Text() for _ in range(self._card_height())]
        for column in range(len(COLUMN_VALUES)):
            slot = column * CARDS_PER_COLUMN + row
            for line, part in zip(card_lines, self._card(slot), strict=True):
                line.append_text(part)
                line.append(" " * GAP)
        for line in card_lines:
            line.rstrip()  # in place
        return card_lines

    def render(self) -> Text:
        lines = [self._heading()]
        for row in range(CARDS_PER_COLUMN):
            lines.extend(self._row(row))
        return Text("\n").join(lines)

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        self._drawn_for = None  # (its component styles may have changed: a theme, a class)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def render_line(self, y: int) -> Strip:
        # Drawn a line at a time from the text (`text_strip`): drawn Textual's way, a word's
        # cards changing at a key cost 3 ms.
        width, style = self.size.width, self.visual_style
        drawn_for = (self.board, self.big, width, style)
        if self._drawn_for != drawn_for:
            self._drawn_for, self._rows = drawn_for, {}
            whole = self.render().split("\n", allow_blank=True)
            self._fits = all(line.cell_len <= width for line in whole)  # (else folded)
        if not self._fits:
            return super().render_line(y)
        height = self._card_height()
        row, first = (-1, 0) if y == 0 else ((y - 1) // height, 1 + (y - 1) // height * height)
        if row >= CARDS_PER_COLUMN:
            return Strip.blank(width, style.rich_style)
        slots = range(row, CARDS_PER_COLUMN * len(COLUMN_VALUES), CARDS_PER_COLUMN)
        key = (row, tuple(slot in self.used for slot in slots) if row >= 0 else ())
        strips = self._rows.get(key)
        if strips is None:
            console, base = self.app.console, style.rich_style
            lines = [self._heading()] if row < 0 else self._row(row)
            strips = self._rows[key] = [
                text_strip(line, base, console, first + at) for at, line in enumerate(lines)
            ]
        return strips[y - first]

    def _card(self, slot: int) -> list[Text]:
        card = self.board.slots[slot]
        used = slot in self.used
        style = self._style(card, used)
        tl, h, tr, v, bl, _, br = FRAMES[used]
        width = BIG_CARD_WIDTH if self.big else CARD_WIDTH
        inner = width - 2
        if card is None:
            blank = Text(" " * width)
            rows = [blank, Text("·".center(width)), blank.copy(), blank.copy()]
            return [*rows, blank.copy(), blank.copy()] if self.big else rows
        mark = f"+{card.bonus}" if card.rare else ""
        middle = [Text(v + card.letter.center(inner) + v, style)]
        if self.big:
            padding = Text(v + " " * inner + v, style)
            middle = [padding, *middle, padding.copy()]
        return [
            Text(tl + h * inner + tr, style),
            *middle,
            Text(v + mark.center(inner) + v, style),
            Text(bl + h * inner + br, style),
        ]

    def _style(self, card: Card | None, used: bool) -> Style:
        style = self.get_component_rich_style("board--card")
        if card is not None and card.rare:
            style += self.get_component_rich_style("board--rare")
        if used:
            style += self.get_component_rich_style("board--used")
        return style
