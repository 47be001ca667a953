"""One browser tab of `host --web`: ask the name (and the PIN), then join the host.

Run by the web front as `python -m wordsy_tui.front.web_tab HOST:PORT [--pin-required]`
under textual-serve's driver. The game's PIN comes in the environment (see
`wordsy_tui.front.seat`): the answer is checked here, so wrong guesses in a browser
never reach the host's own loopback, whose bots and SSH players would pay for them.
A tab takes one guess: a wrong one ends it, and the web front counts it against the
browser's address the moment it is given (WRONG_PIN_SIGNAL: closing the tab at once
costs the same), so opening tab after tab guesses no faster than the host's own PIN
backoff allows (the front says how long to wait, in PIN_WAIT_ENV).
"""

from __future__ import annotations

import argparse
import asyncio
import hmac
import os
import sys
from pathlib import Path, PurePath
from typing import Any, ClassVar, Final, cast

from textual import events, on
from textual._path import CSSPathType
from textual.app import App
from textual.widgets import Static

from net import Refused
from net.protocol import NAME_TAKEN
from wordsy_tui.app.screens.confirm import ConfirmScreen
from wordsy_tui.app.screens.prompt import PromptScreen
from wordsy_tui.cli.options import host_port
from wordsy_tui.engine.names import name_problem, normal_name
from wordsy_tui.front.seat import (
    PIN_WAIT_ENV,
    WRONG_PIN_EXIT,
    WRONG_PIN_SIGNAL,
    SeatFile,
    browser_seats,
    from_environment,
    read_token,
    seat_file_for,
    through_front,
)
from wordsy_tui.games.tiles.app import app as tile_module
from wordsy_tui.games.tiles.app.app import BoardScreen, TileApp
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.games.wordsy.app import app as app_module
from wordsy_tui.games.wordsy.app.app import WordsyApp
from wordsy_tui.table.joined import Joined, game_at
from wordsy_tui.table.seat import Seat
from wordsy_tui.text import shown
from wordsy_tui.words.lexicon import dictionary_hash

READ_SECONDS: Final = 4.0
"""How long a tab that can only say no stays open to be read."""


def beside(module_file: str, css: CSSPathType | None) -> list[str | PurePath]:
    """An app's style sheets named relative to its module, made absolute for a subclass that
    lives elsewhere (Textual looks for relative ones beside the subclass's module)."""
    sheets = css if isinstance(css, list) else [] if css is None else [css]
    return [Path(module_file).parent / sheet for sheet in sheets]


class TabQuestions(App[None]):
    """What a tab asks before it joins, whatever the game: the name, then the PIN (not for
    a seat this browser holds: its token is enough); and, when another program holds the
    name's seat, whether to ask the host for it (as `join --reclaim` does)."""

    address: tuple[str, int]
    pin: str | None
    pin_wait: float
    """Seconds before this browser's address may guess the PIN again (0: now)."""
    player_name: str
    seats: Path | None
    """This browser's seat files, one per name, kept by the web front (None: none)."""
    reclaiming = False
    """The seat of `player_name` is being asked of the host."""
    may_watch: ClassVar[bool] = True
    """Whether an empty name watches the game."""

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
        empty = " (leave it empty to watch)" if self.may_watch else ""
        self.push_screen(PromptScreen(f"Your name at the table{empty}:", "Name"), self._named)

    def _named(self, typed: str | None) -> None:
        name = normal_name(typed or "")
        problem: object = None
        if name:
            problem = name_problem(name, ())  # at an empty table: no bot-shaped names either
        elif not self.may_watch:
            problem = "This game has no seats for watching yet: type a name to play."
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

    def could_not_start(self, session: Seat[Any, Any, Any], error: Exception) -> None:
        taken = isinstance(error, Refused) and error.reason == NAME_TAKEN
        if not taken or self.reclaiming or not self.player_name:
            cast(Any, super()).could_not_start(session, error)
            return
        self.workers.cancel_group(self, "session")
        self.run_worker(session.stop(), group="stopping", exit_on_error=False)
        question = (
            f"{self.player_name} already has a seat at this table. If it is yours, from "
            "another browser or machine, the host can hand it to you here (the other "
            "program loses it). Ask the host?"
        )
        self.push_screen(ConfirmScreen(question), self._ask_for_seat)

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
        raise NotImplementedError


class TabApp(TabQuestions, WordsyApp):
    """The join client, which asks the name first and never shows the start menu."""

    # Textual finds a relative CSS path beside the module of the class: the app's own.
    CSS_PATH = str(Path(app_module.__file__).with_name("wordsy.tcss"))

    def __init__(
        self,
        address: tuple[str, int],
        pin: str | None,
        pin_wait: float = 0.0,
        seats: Path | None = None,
    ) -> None:
        from wordsy_tui.cli.serve import HostOptions, LanPlay
        from wordsy_tui.games.wordsy.rules.config import GameConfig

        self.play_lan = LanPlay(HostOptions(GameConfig(), None))
        super().__init__(None, lan=self.play_lan, name="Player")
        self.address = address
        self.pin = pin
        self.pin_wait = pin_wait
        self.seats = seats

    def back_to_menu(self) -> None:
        # Here instead of the menu (which could host or play solo on the host's machine).
        self.ask_name()

    def _join(self, pin: str | None) -> None:
        from wordsy_tui.games.wordsy.seat import WordsySeat

        host, port = self.address
        dictionary = self.play_lan.dictionary
        seat_file = self.seat_file()
        name, reclaim = self.player_name, self.reclaiming
        keeper = None if seat_file is None or not name else SeatFile(seat_file)
        session = WordsySeat.join(
            host,
            port,
            name or "watch",
            dictionary,
            pin=pin,
            spectate=not name,
            reclaim=reclaim,
            keeper=keeper,
        )
        if keeper is None:  # (a kept seat connects through its front's keeper)
            through_front(joined(session.door).client)
        self.play(session)


class TileTabApp(TabQuestions, TileApp):
    """A tab at a tile game's host (Scrabble, Words with Friends, Wordfeud): the same
    questions, then the game's board screen."""

    CSS_PATH = beside(tile_module.__file__, TileApp.CSS_PATH)

    def __init__(
        self,
        address: tuple[str, int],
        game: GameName,
        pin: str | None,
        pin_wait: float = 0.0,
        seats: Path | None = None,
    ) -> None:
        self.address = address
        self.game = game
        self.pin = pin
        self.pin_wait = pin_wait
        self.seats = seats
        self.player_name = ""
        # The seat is named once the player has said their name (`_join`).
        super().__init__(self._seat("Player", None))

    def _seat(self, name: str, pin: str | None) -> TileSeat:
        # An empty name watches, as Wordsy's tab does.
        seat_file = self.seat_file() if name else None
        keeper = None if seat_file is None else SeatFile(seat_file)
        seat = TileSeat.join(
            *self.address,
            name or "watch",
            self.game,
            dictionary_hash(),
            pin=pin,
            spectate=not name,
            reclaim=self.reclaiming,
            keeper=keeper,
        )
        if keeper is None:  # (a kept seat connects through its front's keeper)
            through_front(joined(seat.door).client)
        return seat

    @on(events.Mount)
    def _ask_first(self, event: events.Mount) -> None:
        # Not the tile app's own start (Textual would run it next): the seat has no name yet.
        event.prevent_default()
        self.ask_name()

    def _join(self, pin: str | None) -> None:
        while len(self.screen_stack) > 1:  # the board of a seat the host refused
            self.pop_screen()
        self.session = self._seat(self.player_name, pin)
        self.board_screen = BoardScreen(self.session)
        TileApp.on_mount(self)  # the board screen, following the session, as `join` shows it


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
        if game == "wordsy":  # TODO(peers): one tab for every game, through its kit
            return TabApp(args.address, pin, wait, seats).run_to_end()
        tiles = TileTabApp(args.address, GameName(game), pin, wait, seats)
        tiles.run()
        return tiles.return_code or 0
    except ConnectionError as error:
        print(f"wordsy-tui web tab: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
