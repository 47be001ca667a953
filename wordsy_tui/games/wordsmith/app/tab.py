"""A browser tab of `host --web` at a Wordsmith host: the web front's questions (the name,
then the PIN), then the sheet, as `join` shows it."""

from __future__ import annotations

from wordsy_tui.front.tab import SeatTab, beside
from wordsy_tui.games.wordsmith.app import app as smith_module
from wordsy_tui.games.wordsmith.app.app import SheetScreen, WordsmithApp
from wordsy_tui.games.wordsmith.seat import WordsmithSeat


class WordsmithTabApp(SeatTab, WordsmithApp):
    """The tab's questions, then the seat they name (an empty name watches), on
    Wordsmith's sheet."""

    CSS_PATH = beside(smith_module.__file__, WordsmithApp.CSS_PATH)

    def _sit(self, seat: WordsmithSeat) -> None:
        self.session = seat
        self.sheet_screen = SheetScreen(seat)
        WordsmithApp.on_mount(self)
