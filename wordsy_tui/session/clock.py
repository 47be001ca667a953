"""The host's clock: which deadline is running, and what happens when it passes.

The game never reads a clock; the host turns elapsed time into commands. The
same `alarm_for` tells every client what is counting down, so each shows the
countdown from its own monotonic clock.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from wordsy_tui.game import commands as cmd
from wordsy_tui.game.state import GameState, Phase


@dataclass(frozen=True, slots=True)
class Alarm:
    key: tuple[object, ...]
    """Identifies one running deadline: a new key starts a new countdown."""
    seconds: float
    command: cmd.Command
    label: str


def alarm_for(state: GameState) -> Alarm | None:
    config = state.config
    if state.phase is Phase.WRITING and state.timer_running and config.timer_seconds:
        key = ("timer", state.round, state.flipped_by)
        return Alarm(key, config.timer_seconds, cmd.ExpireTimer(), "timer")
    if state.phase is Phase.WRITING and not state.solo:
        # Nobody has flipped (or there is no timer): the round still ends some time.
        return Alarm(("writing", state.round), config.wait_seconds, cmd.CloseWriting(), "writing")
    if state.phase is Phase.REVEAL:
        return Alarm(("reveal", state.round), config.reveal_seconds, cmd.CloseReveal(), "reveal")
    if state.phase is Phase.CHALLENGES:
        if state.challenge is not None:
            key = ("vote", state.round, state.challenge.target)
            return Alarm(key, config.vote_seconds, cmd.CloseVote(), "vote")
        if not state.solo:
            seconds = config.challenge_seconds or config.wait_seconds
            return Alarm(("challenges", state.round), seconds, cmd.EndRound(), "challenges")
    return None


@dataclass(frozen=True, slots=True)
class Deadline:
    label: str
    at: float
    """In the event loop's monotonic time."""


class Clock:
    """Follows the state's alarm; with `submit`, it also fires the alarm's command."""

    def __init__(self, submit: Callable[[cmd.Command], Awaitable[object]] | None = None) -> None:
        self._submit = submit
        self._key: tuple[object, ...] | None = None
        self._alarm: Alarm | None = None
        self._due: float | None = None
        """When the running alarm rings by itself (`deadline` may be earlier: `hurry`)."""
        self._task: asyncio.Task[None] | None = None
        self.deadline: Deadline | None = None

    def observe(self, state: GameState) -> None:
        """Track `state`'s alarm: a new alarm restarts the countdown, the same one runs on."""
        alarm = alarm_for(state)
        key = alarm.key if alarm else None
        if key == self._key:
            return
        self._key, self._alarm = key, alarm
        self.cancel()
        if alarm is None:
            self.deadline = self._due = None
            return
        self._due = asyncio.get_running_loop().time() + alarm.seconds
        self._ring_at(self._due)

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
        self.deadline = Deadline(self._alarm.label, at)
        if self._submit is not None:
            self._task = asyncio.get_running_loop().create_task(self._ring(self._alarm, at))

    async def _ring(self, alarm: Alarm, at: float) -> None:
        await asyncio.sleep(max(0.0, at - asyncio.get_running_loop().time()))
        assert self._submit is not None
        await self._submit(alarm.command)

    def cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
