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
import hmac
import os
import sys
from pathlib import Path
from typing import Final

from textual.widgets import Static

from wordsy_tui.app import app as app_module
from wordsy_tui.app.app import WordsyApp
from wordsy_tui.app.screens.prompt import PromptScreen
from wordsy_tui.cli.options import host_port
from wordsy_tui.front.seat import PIN_WAIT_ENV, WRONG_PIN_EXIT, from_environment
from wordsy_tui.game.names import name_problem, normal_name
from wordsy_tui.text import shown

READ_SECONDS: Final = 4.0
"""How long a tab that can only say no stays open to be read."""


class TabApp(WordsyApp):
    """The join client, which asks the name first and never shows the start menu."""

    # Textual finds a relative CSS path beside the module of the class: the app's own.
    CSS_PATH = str(Path(app_module.__file__).with_name("wordsy.tcss"))

    def __init__(self, address: tuple[str, int], pin: str | None, pin_wait: float = 0.0) -> None:
        from wordsy_tui.cli.serve import HostOptions, LanPlay
        from wordsy_tui.game.config import GameConfig

        self.play_lan = LanPlay(HostOptions(GameConfig(), None))
        super().__init__(None, lan=self.play_lan, name="Player")
        self.address = address
        self.pin = pin
        self.pin_wait = pin_wait
        """Seconds before this browser's address may guess the PIN again (0: now)."""

    def back_to_menu(self) -> None:
        if self.pin is not None and self.pin_wait > 0:
            self._say_and_end(
                f"Too many wrong PINs from your address lately: try again in "
                f"{self.pin_wait:.0f} s.",
                1,
            )
            return
        # Here instead of the menu (which could host or play solo on the host's machine).
        self.push_screen(
            PromptScreen("Your name at the table (leave it empty to watch):", "Name"),
            self._named,
        )

    def _named(self, typed: str | None) -> None:
        name = normal_name(typed or "")
        if name:
            problem = name_problem(name, ())  # at an empty table: no bot-shaped names either
            if problem is not None:
                self.notify(shown(str(problem)), severity="warning", markup=False)
                self.back_to_menu()
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
        from wordsy_tui.session.lan import NetSession

        host, port = self.address
        watching = not self.player_name
        name = self.player_name or "watch"
        dictionary = self.play_lan.dictionary
        self.play(NetSession.join(host, port, name, dictionary, pin=pin, spectate=watching))


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
    try:
        return TabApp(args.address, pin, _seconds(os.environ.get(PIN_WAIT_ENV))).run_to_end()
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
