"""One browser tab of `host --web`: ask the name (and the PIN), then join the host.

Run by the web front as `python -m wordsy_tui.front.web_tab HOST:PORT [--pin-required]`
under textual-serve's driver. The game's PIN comes in the environment (see
`wordsy_tui.front.seat`): the answer is checked here, so wrong guesses in a browser
never reach the host's own loopback, whose bots and SSH players would pay for them.
"""

from __future__ import annotations

import argparse
import hmac
import sys
from pathlib import Path
from typing import Final

from wordsy_tui.app import app as app_module
from wordsy_tui.app.app import WordsyApp
from wordsy_tui.app.screens.prompt import PromptScreen
from wordsy_tui.cli.options import host_port
from wordsy_tui.front.seat import from_environment
from wordsy_tui.game.names import name_problem, normal_name
from wordsy_tui.text import shown

WRONG_PIN_WAIT: Final = 2.0
WRONG_PINS_PER_TAB: Final = 3


class TabApp(WordsyApp):
    """The join client, which asks the name first and never shows the start menu."""

    # Textual finds a relative CSS path beside the module of the class: the app's own.
    CSS_PATH = str(Path(app_module.__file__).with_name("wordsy.tcss"))

    def __init__(self, address: tuple[str, int], pin: str | None) -> None:
        from wordsy_tui.cli.serve import HostOptions, LanPlay
        from wordsy_tui.game.config import GameConfig

        self.play_lan = LanPlay(HostOptions(GameConfig(), None))
        super().__init__(None, lan=self.play_lan, name="Player")
        self.address = address
        self.pin = pin
        self.wrong_pins = 0

    def back_to_menu(self) -> None:
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
        self.wrong_pins += 1
        if self.wrong_pins >= WRONG_PINS_PER_TAB:
            self.exit(return_code=1, message="Wrong PIN.")
            return
        self.notify("Wrong PIN.", severity="error")
        self.set_timer(WRONG_PIN_WAIT, self.back_to_menu)

    def _join(self, pin: str | None) -> None:
        from wordsy_tui.session.lan import NetSession

        host, port = self.address
        watching = not self.player_name
        name = self.player_name or "watch"
        dictionary = self.play_lan.dictionary
        self.play(NetSession.join(host, port, name, dictionary, pin=pin, spectate=watching))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="wordsy-tui web tab")
    parser.add_argument("address", type=host_port)
    parser.add_argument("--pin-required", action="store_true")
    args = parser.parse_args(argv)
    pin, _seat = from_environment()
    if args.pin_required and pin is None:
        parser.error("the game has a PIN, and none came with this tab")
    try:
        return TabApp(args.address, pin).run_to_end()
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
