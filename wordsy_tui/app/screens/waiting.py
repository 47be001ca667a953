"""Before the game's session has told its first state: every game's wait for a host that
takes its time to answer (`TableApp.show_wait`), and what its PIN question comes over.

No banner for the link (Wordsy's screens have one): the host's first state follows its
welcome at once, so a link that drops before it is nearly always a seat that did not start
(`could_not_start` says why); what a game's app hears of the link meanwhile it keeps for its
own screens, and a host that ends the game says so in a dialog (`TableApp.host_ended`)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from wordsy_tui.app.widgets.footer import Footer


class WaitingScreen(Screen[None]):
    # Here, not in a game's sheet: the same wait at every game's table.
    DEFAULT_CSS = """
    WaitingScreen #waiting {
        width: 100%;
        height: 1fr;
        content-align: center middle;
        color: $text-muted;
    }
    """

    def compose(self) -> ComposeResult:
        yield Static("Connecting to the game…", id="waiting")
        yield Footer()
