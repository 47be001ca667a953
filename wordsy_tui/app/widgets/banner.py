"""A banner across the top while the link to the host is down."""

from __future__ import annotations

from textual.widgets import Static

from wordsy_tui.app.node import wordsy_app
from wordsy_tui.text import shown


class LinkBanner(Static):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(markup=False, id=id)

    def on_mount(self) -> None:
        self.watch(wordsy_app(self), "link_problem", self._show)

    def _show(self, problem: str | None) -> None:
        self.display = problem is not None
        if problem is not None:
            self.update(f"⚠ {shown(problem)}. Reconnecting by itself…")
