"""The first frame: the start-up's own, not thrown away and laid out and drawn again."""

from __future__ import annotations

from typing import Any

import pytest
from textual._compositor import LayoutUpdate
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Footer, Static

from wordsy_tui.app.terminal import TerminalApp


class Hello(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("hello")
        yield Footer()


class Greeting(TerminalApp):
    """An app that opens on a screen of its own, as every app of the program does."""

    def on_mount(self) -> None:
        self.push_screen(Hello())


Frame = tuple[str, bool, int]
"""A frame Textual was given to show: its kind, whether inside a batch, and how many
times the screen had been laid out by then."""


@pytest.fixture
def frames(monkeypatch: pytest.MonkeyPatch) -> list[Frame]:
    """The frames of the `Hello` screen, as Textual is given them."""
    seen: list[Frame] = []
    layouts = [0]
    display, refresh_layout = App._display, Screen._refresh_layout

    def shown(app: App[Any], screen: Screen[Any], renderable: Any) -> None:
        if renderable is not None and isinstance(screen, Hello):
            seen.append((type(renderable).__name__, bool(app._batch_count), layouts[0]))
        display(app, screen, renderable)

    def laid_out(screen: Screen[Any], size: Any = None, scroll: bool = False) -> None:
        if isinstance(screen, Hello) and size is not None:
            layouts[0] += 1
        refresh_layout(screen, size, scroll)

    monkeypatch.setattr(App, "_display", shown)
    monkeypatch.setattr(Screen, "_refresh_layout", laid_out)
    return seen


async def test_the_first_frame_shown_is_the_start_ups_and_nothing_is_laid_out_again(
    frames: list[Frame],
) -> None:
    app = Greeting()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause(0.1)
        batch = [frame for frame in frames if frame[1]]
        shown = [frame for frame in frames if not frame[1]]
        # Textual throws away the frames drawn in its start-up's batch, then lays the
        # screen out and draws it again for the terminal's first size, the same one.
        assert batch
        assert shown
        laid_out = batch[-1][2]
        assert shown[0] == (LayoutUpdate.__name__, False, laid_out)  # the whole screen
        assert frames[-1][2] == laid_out
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert frames[-1][2] > laid_out  # a size it was not laid out for is laid out anew
        assert app.screen.size == (100, 30)
