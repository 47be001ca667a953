"""The sand timer: who flipped it and how long is left, from the host's deadline."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

from rich.cells import cell_len
from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer
from textual.widgets import Static

from wordsy_tui.app.widgets.waiting import STILL_HERE, waiting_words
from wordsy_tui.table.clock import Deadline

WARNING_SECONDS: Final = 5
LOW_SHARE: Final = 1 / 3
"""The bar turns to a warning colour once this share of the time is left."""
BAR_WIDTH: Final = 30
# Over SSH every repaint costs bytes: check a few times a second, repaint on
# a new whole second only.
TICK_SECONDS: Final = 0.25
LABELS: Final = {
    "timer": "Timer",
    "writing": "Round closes",
    "reveal": "Revealing words",
    "vote": "Vote closes",
    "challenges": "Challenges close",
}


class Countdown(Static):
    """Seconds left until `deadline`, read from a monotonic clock."""

    class FiveSecondsLeft(Message):
        """The timer's sand is nearly out (for the optional bell)."""

    deadline: reactive[Deadline | None] = reactive(None)
    caption: reactive[str] = reactive("")
    """What the timer is doing when no deadline runs (e.g. "not flipped yet")."""
    seconds_left: reactive[int | None] = reactive(None)

    def __init__(
        self,
        now: Callable[[], float],
        me: str | None,
        *,
        warn: bool = False,
        id: str | None = None,
    ) -> None:
        super().__init__(markup=False, id=id)
        self._now = now
        self._me = me
        """Our seat: a countdown for us says so."""
        self._warn = warn
        """Post `FiveSecondsLeft`: one countdown on screen does, so the bell rings once."""
        self._ticker: Timer | None = None
        self._shown: tuple[int, int] | None = None
        """The lines last shown and the width they fit in, when none wrapped."""

    def watch_deadline(self, deadline: Deadline | None) -> None:
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None
        if deadline is not None and self.is_mounted:
            self._ticker = self.set_interval(TICK_SECONDS, self._tick)
        self._tick()

    def on_mount(self) -> None:
        self.watch_deadline(self.deadline)

    def _tick(self) -> None:
        deadline = self.deadline
        left = None if deadline is None else max(0, math.ceil(deadline.at - self._now()))
        if (
            self._warn
            and deadline is not None
            and deadline.label == "timer"
            and left == WARNING_SECONDS
            and self.seconds_left != left
        ):
            self.post_message(self.FiveSecondsLeft())
        self.seconds_left = left
        if left == 0 and self._ticker is not None:
            self._ticker.stop()
            self._ticker = None

    def watch_seconds_left(self) -> None:
        self._show()

    def watch_caption(self) -> None:
        self._show()

    def _show(self) -> None:
        left, deadline = self.seconds_left, self.deadline
        if deadline is None or left is None:
            self._say(self.caption)
            self.set_class(False, "-hurry")
            return
        if deadline.away:
            label = waiting_words(deadline.away, self._me)
        else:
            label = LABELS.get(deadline.label, deadline.label.capitalize())
        text = f"{label}: {left // 60}:{left % 60:02d}"
        hurry = deadline.label == "timer" and left <= WARNING_SECONDS
        if hurry:
            text += " · almost out!"  # said in words too, for terminals without colour
        lines = [f"{text}  {self.caption}" if self.caption else text]
        if self._me in deadline.away:
            lines = [text, f"({STILL_HERE})"]  # what to do about it, before anything else
            hurry = True
        # (No sand for the table's countdown on someone: it is not the timer's.)
        share = left / deadline.seconds if deadline.seconds and not deadline.away else None
        if share is not None:
            lines.append(time_bar(share, min(BAR_WIDTH, self.content_size.width or BAR_WIDTH)))
        self._say("\n".join(lines))
        low = bool(deadline.away) or (share is not None and share <= LOW_SHARE)
        self.set_class(hurry, "-hurry")
        self.set_class(not hurry and low, "-low")

    def _say(self, text: str) -> None:
        # A new second keeps as many lines, none wrapped: the screen is not laid out again
        # for it (a layout of the whole screen every second, while players type).
        width = self.content_size.width
        fits = bool(width) and all(cell_len(line) <= width for line in text.split("\n"))
        shown = (text.count("\n") + 1, width) if fits else None
        self.update(text, layout=shown is None or shown != self._shown)
        self._shown = shown


def time_bar(share: float, width: int) -> str:
    """The sand left as a bar: full blocks for what is left, light shade for what ran out."""
    filled = round(max(0.0, min(1.0, share)) * width)
    return "█" * filled + "░" * (width - filled)
