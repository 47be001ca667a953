"""Each player's status this round, in words: thinking, written, locked, offline."""

from __future__ import annotations

from collections.abc import Mapping

from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from wordsy_tui.games.wordsy.rules.state import GameState, Phase
from wordsy_tui.text import shown


def status(state: GameState, player: str, connected: bool | None) -> str:
    if player in state.gone:
        return "left"
    if connected is False:
        return "offline"
    draft = state.draft(player)
    if state.phase is Phase.WRITING:
        if state.flipped_by == player and not state.solo:
            return "flipped"
        if draft.locked:
            return "locked"
        return "written" if draft.commitment is not None else "thinking"
    if state.phase is Phase.REVEAL:
        return "revealed" if draft.revealed else "revealing"
    if state.phase is Phase.CHALLENGES:
        return "ready" if player in state.ready else "reviewing"
    return "seated"


def marks(state: GameState, player: str) -> str:
    found = []
    if state.no_flip == player and state.phase is Phase.WRITING:
        found.append("No-Flip")
    if state.main_player == player:
        found.append("Main")
    return " ".join(found)


class PlayerList(Widget, can_focus=True):
    """Who plays, how far along each is this round, and their running totals.

    Focusable: Tab reaches it, and it keeps the table's keys on show once the
    word is locked and its input disabled.
    """

    state: reactive[GameState] = reactive(GameState, layout=True)
    presence: reactive[Mapping[str, bool]] = reactive(dict)
    me: reactive[str | None] = reactive(None)

    def render(self) -> Table:
        wide = self.app.has_class("-wide")
        table = Table.grid(padding=(0, 2 if wide else 1))
        table.add_column("player", no_wrap=True, max_width=28 if wide else 14)
        table.add_column("status", no_wrap=True)
        # A running total is never cut: a name gives way first.
        table.add_column("total", justify="right", no_wrap=True, min_width=3)
        table.add_column("marks", no_wrap=True)
        for player in self.state.players:
            sheet = self.state.sheets.get(player)
            name = Text(shown(player), "bold" if player == self.me else "")
            if player == self.me:
                name.append(" (you)")
            table.add_row(
                name,
                status(self.state, player, self.presence.get(player)),
                str(sheet.total) if sheet else "",
                marks(self.state, player),
            )
        return table
