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
from typing import Final, Generic, TypeVar

from wordsy_tui.engine import Alarm
from wordsy_tui.table.away import Away

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
    away: tuple[str, ...] = ()
    """Whom the table moves on without at `at`, before the alarm's own time: they have
    gone, or shown no sign of life while everyone else was done (`session.away`)."""
    began: float | None = None
    """When the alarm's own countdown began, in the same time as `at` (a game's clock
    that runs with the wait counts from here)."""


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
        """When the running alarm rings by itself (`deadline` may be earlier: `away`)."""
        self._away: Away | None = None
        """The running alarm moves on without these people (`move_on_without`)."""
        self._timer: asyncio.TimerHandle | None = None
        """Rings the running alarm at its time (`_ring`)."""
        self._task: asyncio.Task[None] | None = None
        """The running alarm's command on its way, once it rang."""
        self._paused: tuple[tuple[object, ...], float] | None = None
        """A pausing alarm interrupted by another (the challenge window by a vote): its
        key and the seconds it had left."""
        self.deadline: Deadline | None = None
        self._observed: tuple[S, Alarm[C] | None] | None = None
        """The state `observe` saw last and its alarm: the host asks it again at once."""
        self._told: Told | None = None
        """The host's word on a running alarm, for a late joiner."""

    def note(self) -> dict[str, object] | None:
        """The running alarm and the seconds it has left, for the host's welcome (and its
        `note` frames); with whom the table moves on without, and when, if it does.

        `left` is the alarm's own time, never the `away` one: a seat that outlives the
        countdown (a key pressed in time) counts the alarm's own time on, as everyone does.
        """
        if self._alarm is None or self._due is None:
            return None
        now = asyncio.get_running_loop().time()
        note: dict[str, object] = {
            "alarm": list(self._alarm.key),
            "left": round(max(0.0, self._due - now), 1),
        }
        deadline = self.deadline
        if deadline is not None and deadline.away:
            note["away"] = {
                "seats": list(deadline.away),
                "left": round(max(0.0, deadline.at - now), 1),
            }
        return note

    def told(self, note: object, *, live: bool = False) -> None:
        """The host's `note`: its alarm runs from there, not from the top, and moves on
        without whom it names. At our welcome, or `live` while we follow the table.

        A hostile or malformed note is ignored (the countdown then shows the whole length).
        """
        told = Told.read(note)
        if told is None:
            return
        running = self._key == told.key and self._alarm is not None
        if running:
            # Already counting this alarm (a quick reconnect, a live note): the host's time
            # is the time.
            self._take(told)
        if not (running and live):
            # At a welcome the word stays for a catch-up that starts the view again from
            # nothing; a live note for an alarm our view has not reached waits for it.
            self._told = told

    def _take(self, told: Told) -> None:
        assert self._alarm is not None
        self._due = asyncio.get_running_loop().time() + min(self._alarm.seconds, told.left)
        self._away = None
        self._ring_at(self._due)
        self.move_on_without(told.away)

    def alarm(self, state: S) -> Alarm[C] | None:
        """The alarm `state` runs (the one `observe` worked out, when it is that state)."""
        if self._observed is not None and self._observed[0] is state:
            return self._observed[1]
        return self._alarms(state)

    def observe(self, state: S) -> None:
        """Track `state`'s alarm: a new alarm restarts the countdown, the same one runs on."""
        alarm = self._alarms(state)
        self._observed = (state, alarm)
        key = alarm.key if alarm else None
        if key == self._key:
            return
        now = asyncio.get_running_loop().time()
        if self._alarm is not None and self._alarm.pauses and self._due is not None:
            self._paused = (self._alarm.key, max(0.0, self._due - now))
        self._key, self._alarm, self._away = key, alarm, None
        self.cancel()
        if alarm is None:
            self.deadline = self._due = None
            return
        told = self._told if self._told is not None and self._told.key == key else None
        if told is not None:
            self._told = None
            self._due = now + min(alarm.seconds, told.left)
        else:
            self._due = now + self._seconds(alarm)
        self._ring_at(self._due)
        if told is not None:
            self.move_on_without(told.away)

    def _seconds(self, alarm: Alarm[C]) -> float:
        """The alarm's whole time, or what was left of it when another interrupted it."""
        if not alarm.pauses:
            return alarm.seconds  # (what was paused waits for its alarm to come back)
        paused, self._paused = self._paused, None
        if paused is not None and paused[0] == alarm.key:
            return min(alarm.seconds, max(paused[1], alarm.after_vote))
        return alarm.seconds

    def move_on_without(self, away: Away | None) -> bool:
        """Ring the running alarm `away.seconds` from now, without `away.seats` (unless it
        rings sooner by itself); None: at its own time again. Whether that changed
        anything (the same `away` again keeps its countdown running).

        A countdown running goes on, however its people are away now (gone, back but
        idle): only None, a sign of life, makes the wait longer again.
        """
        if away == self._away or self._alarm is None or self._due is None:
            return False
        self._away = away
        at = self._due
        if away is not None:
            at = min(at, asyncio.get_running_loop().time() + away.seconds)
            if self.deadline is not None and self.deadline.away:
                at = min(at, self.deadline.at)
        self._ring_at(at, away if away is not None and at < self._due else None)
        return True

    def running_for(self) -> float | None:
        """Seconds since the running alarm's own countdown began; None when none runs."""
        if self._alarm is None or self._due is None:
            return None
        return asyncio.get_running_loop().time() - (self._due - self._alarm.seconds)

    @property
    def hurried(self) -> bool:
        """The running alarm rings before its own time: the table moves on without someone."""
        return self.deadline is not None and bool(self.deadline.away)

    def _ring_at(self, at: float, away: Away | None = None) -> None:
        """Ring at `at`: the alarm's own time, or sooner without the people `away` names
        (the countdown's bar is theirs then)."""
        assert self._alarm is not None
        assert self._due is not None
        self.cancel()
        began = self._due - self._alarm.seconds
        if away is None:
            self.deadline = Deadline(self._alarm.label, at, self._alarm.seconds, began=began)
        else:
            self.deadline = Deadline(self._alarm.label, at, away.seconds, away.seats, began)
        if self._submit is not None:
            # A timer, not a task asleep: a tile game's every turn sets a new alarm, and a
            # task costs a turn of the loop to start and another to cancel.
            self._timer = asyncio.get_running_loop().call_at(at, self._ring, self._alarm)

    def _ring(self, alarm: Alarm[C]) -> None:
        assert self._submit is not None
        self._timer = None
        self._task = asyncio.get_running_loop().create_task(self._send(alarm.command))

    async def _send(self, command: C) -> None:
        assert self._submit is not None
        await self._submit(command)

    def stop(self) -> None:
        """No alarm runs any more (the host ended the game): the countdown goes."""
        self.cancel()
        self._key = self._alarm = self._due = self._paused = self._away = None
        self.deadline = None

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._task is not None:
            self._task.cancel()
            self._task = None


MAX_AWAY_SEATS: Final = 16
"""More seats than any game has: a note naming more is not the host's."""
MAX_SEAT_CHARS: Final = 64
"""Longer than any seat's name (the screens show what comes through `text.shown`)."""


@dataclass(frozen=True, slots=True)
class Told:
    """The host's word on its running alarm: its key, the seconds it has left, and whom the
    table moves on without (`Away`, in seconds from the note) if it does."""

    key: tuple[object, ...]
    left: float
    away: Away | None = None

    @classmethod
    def read(cls, note: object) -> Told | None:
        """A note as the host sends it; None when it is malformed (it came from the
        network: a hostile one changes nothing). A malformed `away` is left out."""
        if not isinstance(note, dict):
            return None
        key, left = note.get("alarm"), _seconds(note.get("left"))
        if not isinstance(key, list) or left is None:
            return None
        return cls(tuple(key), left, _away(note.get("away")))


def _seconds(value: object) -> float | None:
    """A count of seconds from the network; None unless it is one (finite, not negative)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if 0 <= value < float("inf") else None


def _away(value: object) -> Away | None:
    if not isinstance(value, dict):
        return None
    seats, left = value.get("seats"), _seconds(value.get("left"))
    if not isinstance(seats, list) or not 0 < len(seats) <= MAX_AWAY_SEATS or left is None:
        return None
    if not all(isinstance(s, str) and 0 < len(s) <= MAX_SEAT_CHARS for s in seats):
        return None
    return Away(tuple(seats), left)
