"""Joining: the games found on the LAN, live, or an address typed by hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from wordsy_tui.app.failures import ReportsFailures
from wordsy_tui.app.launcher import launcher
from wordsy_tui.app.screens.prompt import PromptScreen
from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.kit import game_info
from wordsy_tui.table.discovery import FoundGame
from wordsy_tui.text import shown


def parse_address(text: str) -> tuple[str, int] | None:
    """`HOST:PORT` (or `[v6]:PORT`); None when it is not one."""
    host, sep, port = text.strip().rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        return None
    return host, int(port)


class BrowseScreen(Screen[None], ReportsFailures):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "join", "Join", id="browse-join", priority=True),
        Binding("c", "connect", "Connect to address", id="browse-connect"),
        Binding("escape,q", "back", "Back", id="browse-back", key_display="Esc"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.games: list[FoundGame] = []

    def compose(self) -> ComposeResult:
        yield Static("Join a game", id="title-bar")
        with Vertical(id="browse"):
            yield Static("Looking for games on this LAN…", id="browse-status")
            yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
            yield Static(
                "No game listed? Multicast may be blocked: press c and type HOST:PORT.",
                id="browse-hint",
            )
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Game", "Host", "Players", "Phase", "PIN", "SSH")
        table.focus()
        self.look()

    @work(exclusive=True, group="browse", exit_on_error=False)
    async def look(self) -> None:
        lan = launcher(self).lan
        if lan is None:
            self.query_one("#browse-status", Static).update(
                "Finding games is not available here: press c to type an address."
            )
            return
        async for games in lan.browse():
            self.show(games)

    def show(self, games: Sequence[FoundGame]) -> None:
        self.games = list(games)
        table = self.query_one(DataTable)
        table.clear()
        for game in self.games:
            # Names come from the network: shown as plain text, never as markup, escaped.
            phase = shown(game.phase)
            table.add_row(
                Text(shown(game.name)),
                Text(shown(game.host)),
                f"{game.players}/{game.seats}",
                Text(f"{phase} ({which(game)})"),
                "PIN" if game.pin_required else "-",
                f"port {game.ssh_port}" if game.ssh_port else "-",
            )
        found = len(self.games)
        self.query_one("#browse-status", Static).update(
            f"{found} game{'s' if found != 1 else ''} found on this LAN (still looking)"
        )

    def action_join(self) -> None:
        table = self.query_one(DataTable)
        if not self.games or table.cursor_row >= len(self.games):
            return
        game = self.games[table.cursor_row]
        if not game.compatible:
            plays = other_version(game)
            self.notify(
                f"{shown(game.name)} plays {plays}, which this program cannot join.",
                severity="warning",
                markup=False,
            )
            return
        if game.pin_required:
            self.app.push_screen(
                PromptScreen(f"{shown(game.name)} needs a PIN:", "PIN", password=True),
                lambda pin: self._join(game.address, game.port, pin, game.game) if pin else None,
            )
        else:
            self._join(game.address, game.port, None, game.game)

    def action_connect(self) -> None:
        self.app.push_screen(
            PromptScreen("Connect to HOST:PORT", "192.168.1.20:47474"), self._typed
        )

    def _typed(self, text: str | None) -> None:
        if text is None:
            return
        address = parse_address(text)
        if address is None:
            self.notify(f"{text!r} is not HOST:PORT", severity="warning", markup=False)
            return
        self.app.push_screen(
            PromptScreen("PIN (leave empty if the game has none):", "PIN", password=True),
            lambda pin: launcher(self).connect(*address, pin),
        )

    def _join(self, address: str, port: int, pin: str | None, game: str) -> None:
        launcher(self).join_game(game, address, port, pin)

    def action_back(self) -> None:
        launcher(self).back_to_menu()


def which(game: FoundGame) -> str:
    """Which game a listed game plays, or why it cannot be joined, in a word or two."""
    try:
        title = game_info(game.game).brief
    except KeyError:
        return shown(game.game)  # not a game of ours: its own word for it, escaped
    return title if game.compatible else f"{title}, other version"


def other_version(game: FoundGame) -> str:
    """What a listed game this program cannot join plays."""
    try:
        return f"another version of {game_info(game.game).title}"
    except KeyError:
        return shown(game.game)
