"""One browser tab of `host --web`: ask the name (and the PIN), then join the host.

Run by the web front as `python -m wordsy_tui.front.web_tab HOST:PORT [--pin-required]`
under textual-serve's driver. The game's PIN comes in the environment (see
`wordsy_tui.front.seat`): the answer is checked here, so wrong guesses in a browser
never reach the host's own loopback, whose bots and SSH players would pay for them.
A tab takes one guess: a wrong one ends it with WRONG_PIN_EXIT, which the web front
counts against the browser's address, so opening tab after tab guesses no faster than
the host's own PIN backoff allows (the front says how long to wait, in PIN_WAIT_ENV).
"""

from __future__ import annotations

import argparse
import asyncio
import hmac
import os
import sys
from pathlib import Path, PurePath
from typing import ClassVar, Final

from textual import events, on
from textual._path import CSSPathType
from textual.app import App
from textual.widgets import Static

from wordsy_tui.app.screens.prompt import PromptScreen
from wordsy_tui.app.table import TABLE_CSS
from wordsy_tui.cli.options import host_port
from wordsy_tui.engine.names import name_problem, normal_name
from wordsy_tui.front.seat import PIN_WAIT_ENV, WRONG_PIN_EXIT, from_environment
from wordsy_tui.games.tiles.app import app as tile_module
from wordsy_tui.games.tiles.app.app import BoardScreen, TileApp
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.games.wordsy.app import app as app_module
from wordsy_tui.games.wordsy.app.app import WordsyApp
from wordsy_tui.table.joined import game_at
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
    """What a tab asks before it joins, whatever the game: the name, then the PIN."""

    address: tuple[str, int]
    pin: str | None
    pin_wait: float
    """Seconds before this browser's address may guess the PIN again (0: now)."""
    player_name: str
    may_watch: ClassVar[bool] = True
    """Whether an empty name watches the game."""

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
        if self.pin is None:
            self._join(None)
            return
        self.push_screen(PromptScreen("This game has a PIN:", "PIN", password=True), self._pinned)

    def _pinned(self, typed: str | None) -> None:
        assert self.pin is not None
        if hmac.compare_digest((typed or "").encode(), self.pin.encode()):
            self._join(self.pin)
            return
        self._say_and_end("Wrong PIN. Reload the page to try again.", WRONG_PIN_EXIT)

    def _say_and_end(self, message: str, code: int) -> None:
        self.screen.mount(Static(message, markup=False, id="tab-ends"))
        self.set_timer(READ_SECONDS, lambda: self.exit(return_code=code, message=message))

    def _join(self, pin: str | None) -> None:
        raise NotImplementedError


class TabApp(TabQuestions, WordsyApp):
    """The join client, which asks the name first and never shows the start menu."""

    # Textual finds a relative CSS path beside the module of the class: the app's own.
    CSS_PATH: ClassVar[CSSPathType | None] = [
        TABLE_CSS,
        Path(app_module.__file__).with_name("wordsy.tcss"),
    ]

    def __init__(self, address: tuple[str, int], pin: str | None, pin_wait: float = 0.0) -> None:
        super().__init__(None)
        self.address = address
        self.pin = pin
        self.pin_wait = pin_wait

    def on_mount(self) -> None:
        self.ask_name()

    def _join(self, pin: str | None) -> None:
        from wordsy_tui.games.wordsy.seat import WordsySeat

        host, port = self.address
        watching = not self.player_name
        name = self.player_name or "watch"
        dictionary = dictionary_hash()
        self.play(WordsySeat.join(host, port, name, dictionary, pin=pin, spectate=watching))


class TileTabApp(TabQuestions, TileApp):
    """A tab at a tile game's host (Scrabble, Words with Friends, Wordfeud): the same
    questions, then the game's board screen."""

    CSS_PATH = beside(tile_module.__file__, TileApp.CSS_PATH)

    def __init__(
        self, address: tuple[str, int], game: GameName, pin: str | None, pin_wait: float = 0.0
    ) -> None:
        self.address = address
        self.game = game
        self.pin = pin
        self.pin_wait = pin_wait
        self.player_name = ""
        # The seat is named once the player has said their name (`_join`).
        super().__init__(self._seat("Player", None))

    def _seat(self, name: str, pin: str | None) -> TileSeat:
        from wordsy_tui.words.lexicon import dictionary_hash

        # An empty name watches, as Wordsy's tab does.
        return TileSeat.join(
            *self.address,
            name or "watch",
            self.game,
            dictionary_hash(),
            pin=pin,
            spectate=not name,
        )

    @on(events.Mount)
    def _ask_first(self, event: events.Mount) -> None:
        # Not the tile app's own start (Textual would run it next): the seat has no name yet.
        event.prevent_default()
        self.ask_name()

    def _join(self, pin: str | None) -> None:
        self.session = self._seat(self.player_name, pin)
        self.board_screen = BoardScreen(self.session)
        TileApp.on_mount(self)  # the board screen, following the session, as `join` shows it


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
    if args.pin_required and pin is None:
        parser.error("the game has a PIN, and none came with this tab")
    wait = _seconds(os.environ.get(PIN_WAIT_ENV))
    try:
        host, port = args.address
        game = asyncio.run(game_at(host, port, dictionary_hash()))
        if game == "wordsy":  # TODO(peers): one tab for every game, through its kit
            return TabApp(args.address, pin, wait).run_to_end()
        tiles = TileTabApp(args.address, GameName(game), pin, wait)
        tiles.run()
        return tiles.return_code or 0
    except ConnectionError as error:
        print(f"wordsy-tui web tab: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
