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
import os
import sys
from pathlib import Path

from wordsy_tui.cli.options import host_port
from wordsy_tui.front.seat import (
    PIN_WAIT_ENV,
    SeatFile,
    browser_seats,
    from_environment,
    through_front,
)
from wordsy_tui.front.tab import SeatTab, TabQuestions, beside, joined
from wordsy_tui.games.tiles.app import app as tile_module
from wordsy_tui.games.tiles.app.app import BoardScreen, TileApp
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.games.wordsy.app import app as app_module
from wordsy_tui.games.wordsy.app.app import WordsyApp
from wordsy_tui.kit import kit_for
from wordsy_tui.table.joined import game_at
from wordsy_tui.words.lexicon import dictionary_hash


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


class TileTabApp(SeatTab, TileApp):
    """A tab at a tile game's host (Scrabble, Words with Friends, Wordfeud): the same
    questions, then the game's board screen."""

    CSS_PATH = beside(tile_module.__file__, TileApp.CSS_PATH)

    def _sit(self, seat: TileSeat) -> None:
        self.session = seat
        self.board_screen = BoardScreen(seat)
        TileApp.on_mount(self)


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
        return kit_for(game).web_tab(game, args.address, pin, wait, seats)
    except ConnectionError as error:
        print(f"wordsy-tui web tab: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
