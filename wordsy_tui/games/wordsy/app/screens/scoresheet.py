"""Everyone's paper scoresheet, yours first."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import Static

from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.games.wordsy.app.node import wordsy_app
from wordsy_tui.games.wordsy.app.widgets.scoresheet import (
    SHEET_HEIGHT,
    SHEET_WIDTH,
    WORD_WIDTH,
    SheetView,
)
from wordsy_tui.games.wordsy.rules.state import GameState


def seating(state: GameState, me: str | None) -> list[str]:
    """Your own sheet first, then the others in seat order."""
    return sorted(state.sheets, key=lambda p: (p != me, state.players.index(p)))


def sheet_columns(state: GameState, size: Size) -> int:
    """How many sheets side by side: wide enough for whole words where there is room, but
    never so few that the sheets need scrolling when narrower ones would not."""
    longest = max(
        (len(row.word or "") for sheet in state.sheets.values() for row in sheet.rows), default=0
    )
    roomy = max(SHEET_WIDTH, longest + SHEET_WIDTH - WORD_WIDTH)
    most = max(1, size.width // SHEET_WIDTH)
    rows_on_screen = max(1, (size.height - 2) // SHEET_HEIGHT)
    no_scroll = -(-len(state.sheets) // rows_on_screen)
    return min(most, max(1, size.width // roomy, no_scroll))


class ScoresheetScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,s,f2,q", "close", "Close", id="close-sheets", key_display="Esc"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="sheets"):
            yield Static(markup=False, id="sheets-title")
            yield Grid(id="sheet-grid")
        yield Footer()

    def on_mount(self) -> None:
        self.watch(wordsy_app(self), "state", self._show)

    def on_resize(self, event: events.Resize) -> None:
        self._lay_out(event.size)

    def _lay_out(self, size: Size) -> None:
        self.query_one("#sheet-grid", Grid).styles.grid_size_columns = sheet_columns(
            wordsy_app(self).state, size
        )

    def _show(self, state: GameState) -> None:
        self._lay_out(self.size)
        me = wordsy_app(self).me
        scored = max((len(sheet.rows) for sheet in state.sheets.values()), default=0)
        self.query_one("#sheets-title", Static).update(
            f"Scoresheets after round {scored}" if scored else "Scoresheets: no round scored yet"
        )
        grid = self.query_one("#sheet-grid", Grid)
        views = {view.player: view for view in grid.query(SheetView)}
        for player in seating(state, me):
            if player in views:
                views[player].sheet = state.sheets[player]
            else:
                grid.mount(SheetView(player, state.sheets[player]))

    def action_close(self) -> None:
        self.dismiss()
