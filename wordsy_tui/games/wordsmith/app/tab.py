"""A browser tab of `host --web` at a Wordsmith host: the web front's questions (the name,
then the PIN), then the sheet, as `join` shows it."""

from __future__ import annotations

from pathlib import Path

from textual import events, on

from wordsy_tui.front.seat import through_front
from wordsy_tui.front.tab import TabQuestions, beside, joined
from wordsy_tui.games.wordsmith.app import app as smith_module
from wordsy_tui.games.wordsmith.app.app import SheetScreen, WordsmithApp
from wordsy_tui.games.wordsmith.kit import KIT
from wordsy_tui.games.wordsmith.rules.config import GAME
from wordsy_tui.games.wordsmith.seat import WordsmithSeat


class WordsmithTabApp(TabQuestions, WordsmithApp):
    """The tab's questions, then the seat they name at the host at `address` (an empty
    name watches), on Wordsmith's sheet."""

    CSS_PATH = beside(smith_module.__file__, WordsmithApp.CSS_PATH)

    def __init__(
        self,
        address: tuple[str, int],
        pin: str | None,
        pin_wait: float = 0.0,
        seats: Path | None = None,
    ) -> None:
        self.address = address
        self.pin = pin
        self.pin_wait = pin_wait
        self.seats = seats
        self.player_name = ""
        # The seat is named once the player has said their name (`_join`).
        super().__init__(self._seat("Player", None))

    def _seat(self, name: str, pin: str | None) -> WordsmithSeat:
        # An empty name watches.
        seat_file = self.seat_file() if name else None
        seat = KIT.seat(
            GAME,
            self.address,
            name or "watch",
            pin,
            spectate=not name,
            reclaim=self.reclaiming,
            seat_file=seat_file,
        )
        if seat_file is None:  # (a kept seat connects through its front's keeper)
            through_front(joined(seat.door).client)
        return seat

    @on(events.Mount)
    def _ask_first(self, event: events.Mount) -> None:
        # Not the app's own start (Textual would run it next): the seat has no name yet.
        event.prevent_default()
        self.ask_name()

    def _join(self, pin: str | None) -> None:
        while len(self.screen_stack) > 1:  # the sheet of a seat the host refused
            self.pop_screen()
        self.session = self._seat(self.player_name, pin)
        self.sheet_screen = SheetScreen(self.session)
        WordsmithApp.on_mount(self)  # the sheet, following the seat, as `join` shows it
