"""A `Line` lays the screen out again only when its text needs another height; one that
keeps its height leaves a shorter text's rows blank instead of moving what is under it,
until the terminal's size changes."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.pilot import Pilot
from textual.widgets import Static

from wordsy_tui.app.widgets.line import Line

TWO_ROWS = Text("a hint long enough to wrap onto a second row")
ONE_ROW = Text("short")


class Column(App[None]):
    CSS = "Vertical { width: 30; }"

    def __init__(self, *, keeps_height: bool) -> None:
        super().__init__()
        self.keeps_height = keeps_height

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Line(id="hint", keeps_height=self.keeps_height)
            yield Static("under", id="under")


async def shown(pilot: Pilot[None], text: Text) -> tuple[int, int]:
    """The line's rows and the top of what is under it, once `text` is on the screen."""
    pilot.app.query_one(Line).show(text)
    await pilot.pause()
    return placing(pilot.app)


def placing(app: App[None]) -> tuple[int, int]:
    return app.query_one(Line).region.height, app.query_one("#under").region.y


async def test_a_line_that_keeps_its_height_grows_with_its_text_but_does_not_shrink_at_once():
    app = Column(keeps_height=True)
    async with app.run_test(size=(40, 10)) as pilot:
        assert await shown(pilot, ONE_ROW) == (1, 1)
        assert await shown(pilot, TWO_ROWS) == (2, 2)
        assert await shown(pilot, ONE_ROW) == (2, 2)
        await pilot.resize_terminal(40, 11)  # measured again: it fits its text
        await pilot.pause()
        assert placing(app) == (1, 1)


async def test_a_plain_line_follows_its_texts_height_both_ways():
    app = Column(keeps_height=False)
    async with app.run_test(size=(40, 10)) as pilot:
        assert await shown(pilot, TWO_ROWS) == (2, 2)
        assert await shown(pilot, ONE_ROW) == (1, 1)
