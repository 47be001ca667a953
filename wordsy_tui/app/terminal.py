"""The base of every app of the program: the launcher's and each game's."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import select
import signal
import sys
import weakref
from pathlib import Path
from typing import Any, Final

from rich.console import RenderableType
from textual import events
from textual.app import App, ScreenStackError
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget

from wordsy_tui import dataclass_code
from wordsy_tui.app.kept_css import KeptStylesheet, kept_stylesheet
from wordsy_tui.app.widgets.fit import TOO_SMALL_CLASS, TooSmall, too_small

TABLE_CSS: Final = Path(__file__).with_name("table.tcss")
"""Every game's app's stylesheet (the shell's screens, dialogs, chat), before its own; the
launcher's too (here, not with the table's shell: the start menu's first frame needs no
table)."""


def taken_down(widget: Widget) -> bool:
    """Whether `widget` is gone from its app, or its app is closing: nothing to draw on. A
    closing app takes its screens apart while news its session sent before may still be
    handled (Textual's test harness does), and a screen closed is gone for good."""
    return not widget.is_attached or not widget.app.is_running


class TerminalApp(App[None]):
    """What every app of the program does in its terminal: it says so over whatever is on
    screen while the window is too small, and runs to its end on one event loop (where
    another app may run before or after it: the launcher's, a game's)."""

    def __init__(self) -> None:
        super().__init__()
        # (The theme's variables, as Textual's own stylesheet was made with them.)
        self.stylesheet = kept_stylesheet(self.theme_variables)
        self._guarded: weakref.WeakSet[Screen[object]] = weakref.WeakSet()
        """Screens that carry the too-small word already."""
        self._frame_held = False
        """A frame was drawn inside the start-up's batch, and not shown yet."""
        self._frame_shown = False
        """The terminal has had a frame."""

    def guard_screens(self) -> None:
        """From mounting on: every screen, dialogs too, gets the too-small word as it comes
        up (or as the window becomes too small): the guard lives on the screens, so no
        change of screen drops it."""
        self.screen_change_signal.subscribe(self, self._guard_screen)
        self._guard_screen(self.screen)
        self._fit_window(self.size)

    def on_resize(self, event: events.Resize) -> None:
        # (Runs before Textual's own handler has taken the new size: read it here.)
        self._fit_window(event.size)

    def _fit_window(self, size: Size) -> None:
        small = too_small(size)
        self.set_class(small, TOO_SMALL_CLASS)
        if small:
            for screen in self.screen_stack:
                self._guard_screen(screen)

    def _guard_screen(self, screen: Screen[object]) -> None:
        if not self.has_class(TOO_SMALL_CLASS):
            return  # mounted once the window is too small: until then it is in no frame
        if screen not in self._guarded and screen.is_attached:  # (not one already closed)
            self._guarded.add(screen)
            screen.mount(TooSmall())

    # -- the first frame ---------------------------------------------------------------
    #
    # Textual lays the first screen out and draws it inside its start-up's batch, and
    # throws that frame away (`App._display` shows nothing in a batch). What it then shows
    # comes from the terminal's first size, the same as the one the screen was laid out
    # for: kept by `App._on_resize` even where it returns early, and sent to the screen at
    # the first idle, which lays it all out and draws it again (15-23 ms of a start-up).
    # Here the start-up's frame is shown as its batch ends, and a size every screen is
    # laid out for already is not sent to them again.

    def _display(self, screen: Screen[Any], renderable: RenderableType | None) -> None:
        if renderable is not None and self._batch_count:
            self._frame_held = not self._frame_shown
        elif renderable is not None:
            stylesheet = self.stylesheet
            if isinstance(stylesheet, KeptStylesheet):
                # Before the frame that needed them: a program is often ended by a signal
                # (its terminal closed, a harness done with it), not by an end of its own.
                stylesheet.keep()
            self._frame_shown = True
        super()._display(screen, renderable)

    def _end_batch(self) -> None:
        super()._end_batch()
        if self._frame_held and not self._batch_count:
            self._frame_held = False
            self._show_screen()

    def _show_screen(self) -> None:
        """Draw the whole screen on top from what its widgets have drawn already."""
        try:
            screen = self.screen
        except ScreenStackError:
            return
        if screen.is_attached and screen.size:
            whole = screen._compositor.render_update(
                full=True, screen_stack=self._background_screens
            )
            self._display(screen, whole)

    def _check_resize(self) -> None:
        event = self._resize_event
        if (
            event is not None
            and self._resize_timer is None
            and all(screen.size == event.size for screen in self.screen_stack)
        ):
            self._resize_event = None
            return
        super()._check_resize()

    def enter(self, place: Screen[None]) -> None:
        """Make `place` the screen under any dialogs, closing those dialogs."""
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) == 2:
            self.switch_screen(place)
        else:
            self.push_screen(place)

    def run_to_end(self) -> int:
        """Run in this terminal until the program ends; its exit status."""
        # What the program has imported by now (Textual, the game, tens of thousands of
        # objects) lives as long as it does: kept out of the collector's full rounds, which
        # otherwise walk it all again (30-40 ms before solo's first frame, a dropped frame
        # each time later on). The collector, off for the start-up (`cli.main`), runs again
        # from here on, over what the program makes next.
        gc.freeze()
        gc.enable()
        # The start-up's dataclasses compiled for the next run: a program ended by a signal
        # never reaches `cli.main`'s end.
        dataclass_code.save()
        return asyncio.run(self.run_to_end_async())

    async def run_to_end_async(self) -> int:
        """`run_to_end` on a running event loop; the exit status."""
        await self.run_async()
        return self.return_code or 0

    async def run_async(self, **options: Any) -> None:
        """Textual's `run_async`, with a watch on the terminal for as long as the app runs."""
        watch = asyncio.get_running_loop().create_task(self._watch_the_terminal())
        try:
            return await super().run_async(**options)
        finally:
            watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watch

    async def _watch_the_terminal(self) -> None:
        """End the app when its terminal has hung up (a closed window, a dropped link).

        The kernel tells only a terminal's controlling process, with SIGHUP: a program
        started on a terminal it does not control (by a harness, a multiplexer, a wrapper)
        is told nothing, and Textual's input thread then reads end-of-file without end,
        taking most of a core for as long as nobody kills it."""
        fd = terminal_input()
        if fd is None:
            return
        await asyncio.sleep(HANG_UP_CHECK_SECONDS)
        if self.is_headless:
            return  # (the terminal is not this app's: a test's, a snapshot's)
        while not hung_up(fd):
            await asyncio.sleep(HANG_UP_CHECK_SECONDS)
        self.exit(return_code=HUNG_UP)


HANG_UP_CHECK_SECONDS: Final = 2.0
HUNG_UP: Final = 128 + signal.SIGHUP
"""The exit status of a program its terminal hung up on, as if SIGHUP had ended it."""


def hung_up(fd: int) -> bool:
    """Whether the terminal on `fd` has hung up (its other end closed), asked without
    reading from it: the keys are the input thread's."""
    poller = select.poll()
    poller.register(fd, select.POLLIN)  # a hang-up is reported whatever was asked for
    return any(events & (select.POLLHUP | select.POLLNVAL) for _, events in poller.poll(0))


def terminal_input() -> int | None:
    """The descriptor of the terminal the program reads its keys from; None when its input
    is not a terminal (a web tab's pipe, a test)."""
    try:
        fd = sys.__stdin__.fileno() if sys.__stdin__ is not None else -1
    except (OSError, ValueError):
        return None
    return fd if fd >= 0 and os.isatty(fd) else None
