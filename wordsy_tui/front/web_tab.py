"""One browser tab of `host --web`: ask the name (and the PIN), then join the host.

Run by the web front as `python -m wordsy_tui.front.web_tab HOST:PORT [--pin-required]`
under textual-serve's driver. The tab asks its questions in a small app of its own, the
same for every game; then it runs the game's app through the game's kit, as `join
--connect` does, and asks again once that app has closed (saying why, when the game
could not start). The game's PIN comes in the environment (see `wordsy_tui.front.seat`): the
answer is checked here, so wrong guesses in a browser never reach the host's own
loopback, whose bots and SSH players would pay for them. A tab takes one guess: a wrong
one ends it, and the web front counts it against the browser's address the moment it is
given (WRONG_PIN_SIGNAL: closing the tab at once costs the same), so opening tab after
tab guesses no faster than the host's own PIN backoff allows (the front says how long to
wait, in PIN_WAIT_ENV).
"""

from __future__ import annotations

import argparse
import asyncio
import hmac
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Final

from textual._path import CSSPathType
from textual.drivers.web_driver import WebDriver
from textual.widgets import Static

from net import Refused
from net.protocol import NAME_TAKEN
from wordsy_tui.app.screens.confirm import ConfirmScreen
from wordsy_tui.app.screens.prompt import PromptScreen
from wordsy_tui.app.terminal import TABLE_CSS, TerminalApp
from wordsy_tui.cli.options import host_port
from wordsy_tui.engine.names import name_problem, normal_name
from wordsy_tui.front.seat import (
    PIN_WAIT_ENV,
    WRONG_PIN_EXIT,
    WRONG_PIN_SIGNAL,
    browser_seats,
    from_environment,
    read_token,
    seat_file_for,
    through_front,
)
from wordsy_tui.front.tab_driver import TabDriver
from wordsy_tui.kit import kit_for
from wordsy_tui.table.joined import Joined, game_at
from wordsy_tui.text import shown
from wordsy_tui.words.digest import dictionary_hash

if TYPE_CHECKING:
    from wordsy_tui.app.table import TableApp

READ_SECONDS: Final = 4.0
"""How long a tab that can only say no stays open to be read."""


class TabApp(TerminalApp):
    """What a tab asks before it joins, whatever the game: the name, then the PIN (not for
    a seat this browser holds: its token is enough); and, when another program holds the
    name's seat, whether to ask the host for it (as `join --reclaim` does). Then `game`'s
    app, at the host at `address`; then these questions again.

    `seats`: this browser's seat files, one per name, kept by the web front (None: none).
    `player_name` and `taken`: the name asked before, whose seat another program holds;
    `notice`: why the last game could not start.
    """

    CSS_PATH: ClassVar[CSSPathType | None] = [TABLE_CSS]
    TITLE = "Wordsy"  # the program's name

    def __init__(
        self,
        address: tuple[str, int],
        pin: str | None,
        pin_wait: float = 0.0,
        seats: Path | None = None,
        *,
        game: str,
        player_name: str = "",
        taken: bool = False,
        notice: str | None = None,
    ) -> None:
        super().__init__()
        self.address = address
        self.game = game
        self.pin = pin
        self.pin_wait = pin_wait
        """Seconds before this browser's address may guess the PIN again (0: now)."""
        self.seats = seats
        self.player_name = player_name
        self.taken = taken
        self.notice = notice
        self.reclaiming = False
        """The seat of `player_name` is being asked of the host."""
        self.web = issubclass(self.driver_class, WebDriver)
        """Under textual-serve: each app of the tab runs on the tab's driver."""
        self.chosen: TableApp | None = None
        """The game's app, with our seat in it, to run once this app has closed."""

    # -- the tab: questions, the game, questions again -----------------------------------

    async def run_to_end_async(self) -> int:
        tab, code = self, 0
        while not TabDriver.done:  # (until the browser's page closes)
            if tab.web:
                tab.driver_class = TabDriver
            code = await TerminalApp.run_to_end_async(tab)  # (its questions: not this loop)
            game = tab.chosen
            if game is None or TabDriver.done:
                break
            game.launched = True  # its reason, should it not start, is asked about here
            if tab.web:
                game.driver_class = TabDriver
            code = await game.run_to_end_async()
            tab = tab.again(game)
        if tab.web:
            TabDriver.close_tab()
        return code

    def again(self, game: TableApp) -> TabApp:
        """The questions once `game`'s app has closed: the name again, saying why the game
        could not start; or, when another program holds the name's seat, whether to ask
        the host for it (unless that was asked already)."""
        error = game.start_error
        taken = isinstance(error, Refused) and error.reason == NAME_TAKEN
        taken = taken and not self.reclaiming and bool(self.player_name)
        return TabApp(
            self.address,
            self.pin,
            self.pin_wait,
            self.seats,
            game=self.game,
            player_name=self.player_name,
            taken=taken,
            notice=None if taken else game.problem,
        )

    def on_mount(self) -> None:
        self.guard_screens()
        if self.notice is not None:
            self.notify(self.notice, severity="error", markup=False)
        if self.taken:
            question = (
                f"{self.player_name} already has a seat at this table. If it is yours, from "
                "another browser or machine, the host can hand it to you here (the other "
                "program loses it). Ask the host?"
            )
            self.push_screen(ConfirmScreen(question), self._ask_for_seat)
        else:
            self.ask_name()

    # -- the questions ------------------------------------------------------------------

    def seat_file(self) -> Path | None:
        """This browser's seat file for the name typed (None: watching, or no folder)."""
        if not self.player_name or self.seats is None:
            return None
        return seat_file_for(self.seats, self.player_name)

    def ask_name(self) -> None:
        if self.pin is not None and self.pin_wait > 0:
            self._say_and_end(
                f"Too many wrong PINs from your address lately: try again in "
                f"{self.pin_wait:.0f} s.",
                1,
            )
            return
        question = "Your name at the table (leave it empty to watch):"
        self.push_screen(PromptScreen(question, "Name"), self._named)

    def _named(self, typed: str | None) -> None:
        name = normal_name(typed or "")
        # At an empty table: no bot-shaped names either.
        problem = name_problem(name, ()) if name else None
        if problem is not None:
            self.notify(shown(str(problem)), severity="warning", markup=False)
            self.ask_name()
            return
        self.player_name = name
        self.reclaiming = False
        seat = self.seat_file()
        if self.pin is None or (seat is not None and read_token(seat) is not None):
            self._join(self.pin)  # (a seat of this browser's comes back with its token)
            return
        self.push_screen(PromptScreen("This game has a PIN:", "PIN", password=True), self._pinned)

    def _pinned(self, typed: str | None) -> None:
        assert self.pin is not None
        if hmac.compare_digest((typed or "").encode(), self.pin.encode()):
            self._join(self.pin)
            return
        if self.is_web:  # (under textual-serve's driver: the front hears it)
            self.open_url(WRONG_PIN_SIGNAL, new_tab=False)
        self._say_and_end("Wrong PIN. Reload the page to try again.", WRONG_PIN_EXIT)

    def _ask_for_seat(self, yes: bool | None) -> None:
        if not yes:
            self.ask_name()
            return
        self.reclaiming = True
        self.notify(f"Asking the host to hand you {self.player_name}'s seat…", markup=False)
        self._join(self.pin)

    def _say_and_end(self, message: str, code: int) -> None:
        self.screen.mount(Static(message, markup=False, id="tab-ends"))
        self.set_timer(READ_SECONDS, lambda: self.exit(return_code=code, message=message))

    def _join(self, pin: str | None) -> None:
        """Sit down (an empty name watches): the game's app, run once this one has closed."""
        kit, name = kit_for(self.game), self.player_name
        seat_file = self.seat_file()
        seat = kit.seat(
            self.game,
            self.address,
            name or "watch",
            pin,
            spectate=not name,
            reclaim=self.reclaiming,
            seat_file=seat_file,
        )
        if seat_file is None:  # (a kept seat connects through its front's keeper)
            through_front(joined(seat.door).client)
        self.chosen = kit.app(self.game, seat)
        self.exit()


def joined(door: object) -> Joined[Any, Any, Any]:
    """A tab's seat's door: always one to a host across the network."""
    assert isinstance(door, Joined)
    return door


def _seconds(text: str | None) -> float:
    try:
        return max(0.0, float(text or 0))
    except ValueError:
        return 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="wordsy-tui web tab")
    parser.add_argument("address", type=host_port)
    parser.add_argument("--pin-required", action="store_true")
    args = parser.parse_args(argv)
    pin, _seat = from_environment()
    seats = browser_seats()
    if args.pin_required and pin is None:
        parser.error("the game has a PIN, and none came with this tab")
    wait = _seconds(os.environ.get(PIN_WAIT_ENV))
    try:
        host, port = args.address
        game = asyncio.run(game_at(host, port, dictionary_hash()))
        return TabApp(args.address, pin, wait, seats, game=game).run_to_end()
    except ConnectionError as error:
        print(f"wordsy-tui web tab: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
