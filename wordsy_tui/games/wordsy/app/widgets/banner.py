"""A banner across the top while the link to the host is down, or once the host has
ended the game."""

from __future__ import annotations

from textual.widgets import Static

from wordsy_tui.games.wordsy.app.node import wordsy_app
from wordsy_tui.text import shown


class LinkBanner(Static):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(markup=False, id=id)

    def on_mount(self) -> None:
        app = wordsy_app(self)
        self.watch(app, "link_problem", lambda _: self._show())
        self.watch(app, "game_closed", lambda _: self._show())

    def _show(self) -> None:
        app = wordsy_app(self)
        problem, closed = app.link_problem, app.game_closed
        self.display = problem is not None or closed is not None
        # The host's last word is long and final: all of it, on as many lines as it takes.
        self.styles.height = "auto" if closed is not None else None
        if closed is not None:
            self.update(f"■ {shown(closed)} {app.leave_key}: leave.")
        elif problem is not None:
            self.update(f"⚠ {shown(problem)}. Reconnecting by itself…")
