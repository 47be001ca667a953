"""The paper scoresheet: seven rows, the bonus boxes with their values, the total."""

from __future__ import annotations

from typing import Final

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from wordsy_tui.games.wordsy.rules.config import ROUNDS
from wordsy_tui.games.wordsy.rules.scoresheet import BONUS_BOXES, PENALTY_POINTS, Box, Scoresheet
from wordsy_tui.text import shown

WORD_WIDTH: Final = 13
"""The word's column on the narrowest sheet; a sheet given more room shows more of it."""
SHEET_WIDTH: Final = 40
"""The fewest columns a sheet takes on screen, its frame included (see wordsy.tcss)."""
SHEET_HEIGHT: Final = 13
"""Lines a sheet takes: its frame, the heading, seven rounds and two lines of totals."""
OTHER_COLUMNS: Final = 25
"""Everything on a sheet's line but the word: round, points, boxes, note and gaps."""


def box(checked: bool, value: int) -> Text:
    return Text(f"[{'x' if checked else ' '}]{value}")


def fit(word: str, width: int = WORD_WIDTH) -> str:
    return word if len(word) <= width else word[: width - 1] + "…"


class SheetView(Widget):
    """One player's sheet; struck and voided rows say so in words, not just style."""

    sheet: reactive[Scoresheet] = reactive(Scoresheet, layout=True)

    def __init__(self, player: str, sheet: Scoresheet) -> None:
        super().__init__()
        self.player = player
        self.border_title = Text(shown(player))  # a Text: a name is never markup
        self.set_reactive(SheetView.sheet, sheet)

    def render(self) -> RenderableType:
        sheet = self.sheet
        # Whole words where the sheet has room: the word's column takes what is left.
        room = max(WORD_WIDTH, self.content_size.width - OTHER_COLUMNS)
        longest = max((len(row.word or "(none)") for row in sheet.rows), default=0)
        word_width = max(WORD_WIDTH, min(room, longest))
        table = Table.grid(padding=(0, 1))
        table.add_column("round", justify="right")
        table.add_column("word", width=word_width, no_wrap=True)
        table.add_column("points", justify="right", width=3)
        table.add_column("box 1")
        table.add_column("box 2")
        table.add_column("note", no_wrap=True)
        table.add_row("Rd", "Word", "Pts", "Box1", "Box2", "", style="bold")
        struck = sheet.struck
        for index in range(ROUNDS):
            first, second = BONUS_BOXES[index]
            if index >= len(sheet.rows):
                table.add_row(str(index + 1), "", "", box(False, first), box(False, second), "")
                continue
            row = sheet.rows[index]
            note = "void" if row.voided else "struck" if index in struck else ""
            style = "strike dim" if index in struck else ""
            table.add_row(
                str(index + 1),
                Text(fit(shown(row.word or "(none)"), word_width), style),
                Text(str(row.score), style),
                box(row.box is Box.FIRST, first),
                box(row.box is Box.SECOND, second),
                note,
            )
        tallies = "|" * sheet.penalties or "none"
        penalty_points = PENALTY_POINTS * sheet.penalties
        summary = Text.assemble(
            f"Penalties: {tallies}",
            f" (-{penalty_points})" if sheet.penalties else "",
            f"\nBest 5 {sheet.word_total} + bonus {sheet.bonus_total} - {penalty_points} = ",
            (f"{sheet.total}", "bold"),
        )
        return Group(table, summary)
