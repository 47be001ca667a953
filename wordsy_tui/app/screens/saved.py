"""Replaying: the games the host saved, the last played first, to pick from."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from wordsy_tui.app.launcher import launcher
from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.table.saved import SavedGame
from wordsy_tui.text import shown


class SavedGamesScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "replay", "Replay", id="saved-replay", priority=True),
        Binding("escape,q", "back", "Back", id="saved-back", key_display="Esc"),
    ]

    def __init__(self, games: Sequence[SavedGame]) -> None:
        super().__init__()
        self.games = list(games)

    def compose(self) -> ComposeResult:
        yield Static("Replay a saved game", id="title-bar")
        with Vertical(id="saved"):
            yield Static(self._status(), id="saved-status")
            yield DataTable(id="saved-games", cursor_type="row", zebra_stripes=True)
            yield Static("", id="saved-game-id")
            yield Static(
                "A replay only reads the game: → and ← step through its rounds (or turns).",
                id="saved-hint",
            )
        yield Footer()

    def _status(self) -> str:
        if not self.games:
            return "No saved games yet: the games you host are saved as they are played."
        count = len(self.games)
        return f"{count} saved game{'s' if count != 1 else ''}, the last played first."

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Played", "Game", "Length", "Done", "Players")
        for game in self.games:
            table.add_row(
                game.played,
                game.title,
                game.length,
                "yes" if game.finished else "no",
                # Names come from a file: shown safely, whoever wrote it.
                shown(", ".join(game.players)),
            )
        table.focus()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if 0 <= event.cursor_row < len(self.games):
            game_id = shown(self.games[event.cursor_row].game_id)
            self.query_one("#saved-game-id", Static).update(
                f"Game {game_id} (wordsy-tui replay {game_id})"
            )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "replay" or bool(self.games)

    def action_replay(self) -> None:
        row = self.query_one(DataTable).cursor_row
        if 0 <= row < len(self.games):
            launcher(self).replay_game(self.games[row])

    def action_back(self) -> None:
        launcher(self).leave_saved_games()
