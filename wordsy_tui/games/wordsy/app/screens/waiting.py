"""Before the session has told us anything: connecting to the host, or setting up."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.games.wordsy.app.widgets.banner import LinkBanner


class WaitingScreen(Screen[None]):
    def compose(self) -> ComposeResult:
        yield LinkBanner(id="banner")
        yield Static("Connecting to the game…", id="waiting")
        yield Footer()
