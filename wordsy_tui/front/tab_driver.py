"""A browser tab's driver: textual-serve's web driver for the apps a tab runs one after
another in its one process (its questions, then the game's app, then its questions again).

textual-serve counts on one app a process: the prelude once, one reader of the browser's
input, and the `exit` word once the tab is done (it closes the page). Each app has a
driver of its own; this one writes the prelude for the first app only, lets its reader
stop before the next app's starts (no two read the browser's input at once), hands the
page's size and focus on to the next app, and leaves `exit` to `close_tab`.
"""

from __future__ import annotations

import asyncio
import signal
from functools import partial
from typing import Any, ClassVar, Final

from textual import events, messages
from textual.app import App
from textual.drivers.web_driver import WebDriver

PRELUDE: Final = b"__GANGLION__\n"
"""What a Textual app under textual-serve writes first, for the server to know it."""


class TabDriver(WebDriver):
    prelude_written: ClassVar[bool] = False
    size: ClassVar[tuple[int, int] | None] = None
    """The page's size as the browser last gave it (None: not yet): the next app's."""
    focused: ClassVar[bool] = False
    """Whether the page has the browser's focus, as it last said."""
    done: ClassVar[bool] = False
    """The tab is over (the page closed, the front stopped it): no app follows."""
    last: ClassVar[TabDriver | None] = None

    def __init__(
        self,
        app: App[Any],
        *,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size or TabDriver.size)
        write = self._write

        def write_once(data: bytes) -> int:
            if data == PRELUDE:
                if TabDriver.prelude_written:
                    return len(data)
                TabDriver.prelude_written = True
            return write(data)

        self._write = partial(write_once)
        TabDriver.last = self

    def start_application_mode(self) -> None:
        super().start_application_mode()
        # A signal (the front stopping the tab) ends the tab, not only this app.
        loop = asyncio.get_running_loop()
        for stop in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(stop, self._end_tab)
        if TabDriver.focused:  # (after the blur the web driver posts as it starts)
            self._app.call_later(self._app.post_message, events.AppFocus())

    def _end_tab(self) -> None:
        TabDriver.done = True
        self._app.post_message(messages.ExitApp())

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        if packet_type == "resize":
            width, height = payload.get("width"), payload.get("height")
            if isinstance(width, int) and isinstance(height, int):
                TabDriver.size = (width, height)
        elif packet_type in ("focus", "blur"):
            TabDriver.focused = packet_type == "focus"
        elif packet_type in ("quit", "exit"):
            TabDriver.done = True
        super().on_meta(packet_type, payload)

    def run_input_thread(self) -> None:
        try:
            super().run_input_thread()
        finally:
            if not self.exit_event.is_set():
                TabDriver.done = True  # the browser's input ended under this app

    def stop_application_mode(self) -> None:
        # The web driver's, but for its `exit` word (`close_tab` says it), and its reader
        # stopped before the next app's starts.
        self.exit_event.set()
        self._input_reader.close()
        if self._key_thread.is_alive():
            self._key_thread.join()

    @classmethod
    def close_tab(cls) -> None:
        """Tell textual-serve the tab is done: it closes the browser's page."""
        if cls.last is not None:
            cls.last.write_meta({"type": "exit"})
