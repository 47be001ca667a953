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
    if state.phase is Phase.REVEAL:
        return Alarm(("reveal", state.round), config.reveal_seconds, cmd.CloseReveal(), "reveal")
    if state.phase is Phase.CHALLENGES:
        if state.challenge is not None:
            key = ("vote", state.round, state.challenge.target)
            return Alarm(key, config.vote_seconds, cmd.CloseVote(), "vote")
        if config.challenge_seconds is not None and not state.solo:
            key = ("challenges", state.round)
            return Alarm(key, config.challenge_seconds, cmd.EndRound(), "challenges")
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
        self._task: asyncio.Task[None] | None = None
        self.deadline: Deadline | None = None

    def observe(self, state: GameState) -> None:
        """Track `state`'s alarm: a new alarm restarts the countdown, the same one runs on."""
        alarm = alarm_for(state)
        key = alarm.key if alarm else None
        if key == self._key:
            return
        self._key = key
        self.cancel()
        if alarm is None:
            self.deadline = None
            return
        loop = asyncio.get_running_loop()
        self.deadline = Deadline(alarm.label, loop.time() + alarm.seconds)
        if self._submit is not None:
            self._task = loop.create_task(self._ring(alarm))

    async def _ring(self, alarm: Alarm) -> None:
        await asyncio.sleep(alarm.seconds)
        assert self._submit is not None
        await self._submit(alarm.command)

    def cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
