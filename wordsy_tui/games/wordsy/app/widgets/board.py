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
    used: reactive[frozenset[int]] = reactive(frozenset)
    """Slots of the cards the draft scores."""
    big: reactive[bool] = reactive(False, layout=True)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._drawn: tuple[object, list[Strip]] | None = None
        """What the lines were drawn for, and the lines."""

    def on_mount(self) -> None:
        self.big = self.app.has_class("-wide")

    def render(self) -> Text:
        width = BIG_CARD_WIDTH if self.big else CARD_WIDTH
        heading = Text()
        for value in COLUMN_VALUES:
            heading.append(
                f"{value} pts".center(width), self.get_component_rich_style("board--column")
            )
            heading.append(" " * GAP)
        lines = [heading]
        for row in range(CARDS_PER_COLUMN):
            card_lines = [Text() for _ in range(6 if self.big else 4)]
            for column in range(len(COLUMN_VALUES)):
                slot = column * CARDS_PER_COLUMN + row
                for line, part in zip(card_lines, self._card(slot), strict=True):
                    line.append_text(part)
                    line.append(" " * GAP)
            lines.extend(card_lines)
        for line in lines:
            line.rstrip()  # in place
        return Text("\n").join(lines)

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        self._drawn = None  # (its component styles may have changed: a theme, a class)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def render_line(self, y: int) -> Strip:
        # Drawn a line at a time from the text (`text_strip`): drawn Textual's way, a word's
        # cards changing at a key cost 3 ms.
        width, style = self.size.width, self.visual_style
        drawn_for = (self.board, self.used, self.big, width, style)
        if self._drawn is None or self._drawn[0] != drawn_for:
            text = self.render()
            lines = text.split("\n", allow_blank=True)
            if any(line.cell_len > width for line in lines):  # (folded by Textual)
                self._drawn = None
                return super().render_line(y)
            console, base = self.app.console, style.rich_style
            self._drawn = (
                drawn_for,
                [text_strip(line, base, console, row) for row, line in enumerate(lines)],
            )
        strips = self._drawn[1]
        return strips[y] if y < len(strips) else Strip.blank(width, style.rich_style)

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
