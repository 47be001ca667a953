"""The host's clock: which deadline is running, and what happens when it passes.

The game never reads a clock; the host turns elapsed time into commands. The
same rules' `alarm` tells every client what is counting down, so each shows the
countdown from its own monotonic clock. `AlarmClock` is the machinery for any
game (over its `Rules.alarm`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from wordsy_tui.engine import Alarm

S = TypeVar("S")
"""A game's state."""
C = TypeVar("C")
"""A game's command."""


@dataclass(frozen=True, slots=True)
class Deadline:
    label: str
    at: float
    """In the event loop's monotonic time."""
    seconds: float | None = None
    """The alarm's whole length (for the timer's bar); None when not known."""


class AlarmClock(Generic[S, C]):
    """Follows the state's alarm (`alarms` says which runs); with `submit`, it also fires
    the alarm's command."""

    def __init__(
        self,
        alarms: Callable[[S], Alarm[C] | None],
        submit: Callable[[C], Awaitable[object]] | None = None,
    ) -> None:
        self._alarms = alarms
        self._submit = submit
        self._key: tuple[object, ...] | None = None
        self._alarm: Alarm[C] | None = None
        self._due: float | None = None
        """When the running alarm rings by itself (`deadline` may be earlier: `hurry`)."""
        self._task: asyncio.Task[None] | None = None
        self._paused: tuple[tuple[object, ...], float] | None = None
        """A pausing alarm interrupted by another (the challenge window by a vote): its
        key and the seconds it had left."""
        self.deadline: Deadline | None = None
        self._told: tuple[tuple[object, ...], float] | None = None
        """The host's word on a running alarm (its key, seconds left), for a late joiner."""

    def note(self) -> dict[str, object] | None:
        """The running alarm and the seconds it has left, for the host's welcome.

        Its own time, never a `hurry`'s: the seats already at the table count down the
        alarm's own time, and one told the hurried time would count to zero and wait there
        ("0:00 left") once the absent came back and the host relaxed.
        """
        if self._alarm is None or self._due is None:
            return None
        left = max(0.0, self._due - asyncio.get_running_loop().time())
        return {"alarm": list(self._alarm.key), "left": round(left, 1)}

    def told(self, note: object) -> None:
        """The host's `note` at our welcome: its alarm runs from there, not from the top.

        A hostile or malformed note is ignored (the countdown then shows the whole length).
        """
        if not isinstance(note, dict):
            return
        key, left = note.get("alarm"), note.get("left")
        if not isinstance(key, list) or isinstance(left, bool):
            return
        if not isinstance(left, int | float) or not 0 <= left < float("inf"):
            return
        self._told = (tuple(key), float(left))
        if self._key == self._told[0] and self._alarm is not None:
            # Already counting this alarm (a quick reconnect): the host's time is the time.
            # The word stays for a catch-up that starts the view again from nothing.
            self._due = asyncio.get_running_loop().time() + min(self._alarm.seconds, left)
            self._ring_at(self._due)

    def _told_left(self, alarm: Alarm[C]) -> float:
        told, self._told = self._told, None
        assert told is not None
        return min(alarm.seconds, told[1])

    def observe(self, state: S) -> None:
        """Track `state`'s alarm: a new alarm restarts the countdown, the same one runs on."""
        alarm = self._alarms(state)
        key = alarm.key if alarm else None
        if key == self._key:
            return
        now = asyncio.get_running_loop().time()
        if self._alarm is not None and self._alarm.pauses and self._due is not None:
            self._paused = (self._alarm.key, max(0.0, self._due - now))
        self._key, self._alarm = key, alarm
        self.cancel()
        if alarm is None:
            self.deadline = self._due = None
            return
        told = self._told is not None and self._told[0] == key
        self._due = now + (self._told_left(alarm) if told else self._seconds(alarm))
        self._ring_at(self._due)

    def _seconds(self, alarm: Alarm[C]) -> float:
        """The alarm's whole time, or what was left of it when another interrupted it."""
        if not alarm.pauses:
            return alarm.seconds  # (what was paused waits for its alarm to come back)
        paused, self._paused = self._paused, None
        if paused is not None and paused[0] == alarm.key:
            return min(alarm.seconds, max(paused[1], alarm.after_vote))
        return alarm.seconds

    def hurry(self, seconds: float) -> None:
        """Ring the running alarm within `seconds` at the latest (whom it waits for left)."""
        if self._alarm is None or self._due is None:
            return
        at = asyncio.get_running_loop().time() + seconds
        if self.deadline is None or at < self.deadline.at:
            self._ring_at(min(at, self._due))

    def relax(self) -> None:
        """Undo `hurry`: the running alarm rings at its own time again."""
        if self._due is not None and self.deadline is not None and self.deadline.at < self._due:
            self._ring_at(self._due)

    @property
    def hurried(self) -> bool:
        return self.deadline is not None and self._due is not None and self.deadline.at < self._due

    def _ring_at(self, at: float) -> None:
        assert self._alarm is not None
        self.cancel()
        self.deadline = Deadline(self._alarm.label, at, self._alarm.seconds)
        if self._submit is not None:
            self._task = asyncio.get_running_loop().create_task(self._ring(self._alarm, at))

    async def _ring(self, alarm: Alarm[C], at: float) -> None:
        await asyncio.sleep(max(0.0, at - asyncio.get_running_loop().time()))
        assert self._submit is not None
        await self._submit(alarm.command)

    def stop(self) -> None:
        """No alarm runs any more (the host ended the game): the countdown goes."""
        self.cancel()
        self._key = self._alarm = self._due = self._paused = None
        self.deadline = None

    def cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
