"""The lobby before a LAN game: seats, who is connected, bots, options, start."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from wordsy_tui.app.failures import ReportsFailures
from wordsy_tui.app.widgets.chat import ChatLog
from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordsy.app.node import wordsy_app
from wordsy_tui.games.wordsy.app.server import HostServer, host_server
from wordsy_tui.games.wordsy.app.widgets.banner import LinkBanner
from wordsy_tui.games.wordsy.rules.config import MIN_PLAYERS, GameConfig
from wordsy_tui.games.wordsy.rules.state import GameState
from wordsy_tui.table.ratings import Change, rating_text
from wordsy_tui.text import shown


def options_text(config: GameConfig, pin: bool | None) -> str:
    timer = f"timer {config.timer_seconds} s" if config.timer_seconds else "no timer"
    window = (
        f"challenges {config.challenge_seconds} s"
        if config.challenge_seconds is not None
        else "challenges until all are ready"
    )
    handicap = ", ".join(sorted(config.handicapped)) or "none"
    parts = [str(config.ruleset), timer, window, f"votes {config.vote_seconds} s"]
    parts.append(f"handicap: {handicap}")
    if config.meant_words:
        parts.append("meant words: by vote")
    if pin is not None:
        parts.append("PIN required" if pin else "no PIN")
    return "Options: " + " · ".join(parts)


def seat_line(
    player: str, me: str | None, connected: bool | None, bot: bool, rating: Change | None = None
) -> Text:
    text = Text(shown(player), "bold" if player == me else "")
    if player == me:
        text.append(" (you)")
    if rating is not None:
        text.append(f"  rated {rating_text(rating)}")
    if bot:
        text.append("  computer player")
    text.append("  connected" if connected is not False else "  offline")
    return text


class LobbyScreen(Screen[None], ReportsFailures):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", "Start", id="lobby-start", priority=True),
        Binding("b", "add_bot", "Add bot", id="lobby-add-bot"),
        Binding("x,delete", "remove", "Remove", id="lobby-remove", key_display="x"),
        Binding("l", "bot_level", "Bot level", id="lobby-bot-level"),
        Binding("q", "app.leave", "Leave", id="lobby-leave"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.bot_level = Level.MEDIUM

    def compose(self) -> ComposeResult:
        yield Static(markup=False, id="title-bar")
        yield LinkBanner(id="banner")
        with Vertical(id="lobby"):
            yield Static(markup=False, id="lobby-where")
            yield Static(markup=False, id="seats-title")
            yield OptionList(id="seats")
            yield Static(markup=False, id="lobby-options")
            yield Static(markup=False, id="lobby-hint")
            yield ChatLog()
        yield Footer()

    @property
    def server(self) -> HostServer | None:
        return host_server(wordsy_app(self).session)

    def on_mount(self) -> None:
        app = wordsy_app(self)
        if self.server is not None:
            self.bot_level = Level(self.server.bot_level)  # more of what the game was set up with
            # e.g. wrong PINs: the host should know it is probed
            self.server.on_notice = lambda line: app.notify(line, severity="warning", markup=False)
        self.watch(app, "state", self._show)
        self.watch(app, "presence", self._show_presence)
        self.query_one("#seats", OptionList).focus()

    def _show_presence(self, _presence: Mapping[str, bool]) -> None:
        self._show(wordsy_app(self).state)

    def _show(self, state: GameState) -> None:
        app = wordsy_app(self)
        me = app.me
        server = self.server
        captain = state.captain_among(app.presence)
        self.query_one("#title-bar", Static).update(
            "Lobby · hosting" if server else f"Lobby · {'joined' if me else 'watching'}"
        )
        where = (
            "Join at "
            + " or ".join(f"{a}:{server.port}" for a in server.addresses[:2])
            + (" with the PIN" if server.pin else "")
            if server
            else "You sat down first: Enter starts the game."
            if me is not None and me == captain
            else f"Waiting for {shown(captain or 'the host')} to start the game."
        )
        if server is not None:
            # The SSH and web fronts' ways in (with the host key's fingerprint to check).
            where = "\n".join([where, *getattr(server, "front_lines", ())])
        self.query_one("#lobby-where", Static).update(where)
        seats = state.config.max_players
        self.query_one("#seats-title", Static).update(
            Text(f"Seats: {len(state.players)} of {seats}", "bold")
        )
        seat_list = self.query_one("#seats", OptionList)
        highlighted = seat_list.highlighted
        ratings = app.session.ratings if app.session is not None else {}
        seat_list.set_options(
            Option(seat_line(p, me, app.presence.get(p), p in state.bots, ratings.get(p)), id=p)
            for p in state.players
        )
        if state.players:
            seat_list.highlighted = min(highlighted or 0, len(state.players) - 1)
        self.query_one("#lobby-options", Static).update(
            options_text(state.config, bool(server.pin) if server else None)
        )
        hint = (
            f"Next bot: {self.bot_level.value} (l to change)"
            + ("" if len(state.players) >= MIN_PLAYERS else f" · {MIN_PLAYERS} players to start")
            if server
            else ""
        )
        self.query_one("#lobby-hint", Static).update(hint)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            # The game's captain starts it: the hosting player, or a headless host's first guest.
            me = wordsy_app(self).me
            captain = wordsy_app(self).state.captain_among(wordsy_app(self).presence)
            return self.server is not None or (me is not None and me == captain)
        if action in ("add_bot", "remove", "bot_level"):
            return self.server is not None
        return True

    def action_start(self) -> None:
        wordsy_app(self).act(lambda session: session.start_game())

    def action_bot_level(self) -> None:
        levels = list(Level)
        self.bot_level = levels[(levels.index(self.bot_level) + 1) % len(levels)]
        self._show(wordsy_app(self).state)

    def action_add_bot(self) -> None:
        server = self.server
        if server is not None:
            self.run_worker(
                server.add_bot(self.bot_level.value), group="bots", exit_on_error=False
            )

    def action_remove(self) -> None:
        """Remove the highlighted seat: a computer player at once, a person once confirmed."""
        server = self.server
        option = self.query_one("#seats", OptionList).highlighted_option
        if server is None or option is None or option.id is None:
            return
        if option.id == wordsy_app(self).me:
            self.notify("Highlight another seat (↑/↓) to remove it.")
        elif option.id in server.bots:
            self.run_worker(server.remove_player(option.id), group="bots", exit_on_error=False)
        else:
            from wordsy_tui.games.wordsy.app.remove import confirm_removal

            confirm_removal(wordsy_app(self), option.id)
