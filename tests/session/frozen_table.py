"""A game's host (`ServedTable`, any game) run with explicit time: the event loop's clock
stands still until the test moves it, and the host's `net.Host` is replaced by one in this
process that has no sockets (the test says who is connected, who acts, who pressed a key).

So a test can let minutes pass in a few steps and see exactly when the host's clock ended
each wait, with the host's own rules, clock and attendance.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

from net import CommandRejected, CommandResult
from wordsy_tui.table.served import ServedTable

YIELDS = 20
"""Turns of the event loop after each step: enough for an alarm due at that time to ring,
its command to be decided, and what that starts (a new alarm, a seat) to begin."""


class FrozenTime:
    """The event loop's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def install(self) -> None:
        asyncio.get_running_loop().time = lambda: self.now  # type: ignore[method-assign]

    async def settle(self) -> None:
        """Let everything due by now run (nothing here waits on a socket)."""
        for _ in range(YIELDS):
            await asyncio.sleep(0)

    async def pass_seconds(self, seconds: float, step: float = 0.5) -> None:
        """Move the clock on by `seconds`, a `step` at a time, letting what is due run."""
        end = self.now + seconds
        while self.now < end:
            self.now = min(end, self.now + step)
            await self.settle()


class InProcessHost:
    """What a `ServedTable` asks of its `net.Host`, without the network: presence, the
    host's own commands, the note it sends everyone. Players' commands and keys come from
    the test (`act`, `here`)."""

    def __init__(self, table: ServedTable[Any, Any, Any]) -> None:
        self.table = table
        self.connected: dict[str, bool] = {}
        self.notes: list[object] = []
        """Every note the table sent everyone, in order."""
        self.events: list[dict[str, Any]] = []
        self.address = ("127.0.0.1", 0)

    @property
    def presence(self) -> Mapping[str, bool]:
        return dict(self.connected)

    async def start(self) -> None:
        pass

    async def stop(self, *_closing: object) -> None:
        pass

    def broadcast_hash(self) -> None:
        pass

    def send_note(self) -> None:
        self.notes.append(self.table.clock.note() if self.table.clock else None)

    async def submit(self, body: dict[str, Any]) -> CommandResult:
        return self.act_wire(None, body)

    def act_wire(self, seat: str | None, body: dict[str, Any]) -> CommandResult:
        game = self.table.game
        try:
            events = game.decide(seat, body)
        except CommandRejected as refused:
            return CommandResult("test", False, code=refused.code, message=refused.message)
        for event in events:
            self.events.append(event)
            game.evolve(event)
        self.table._settle()  # as net.Host's `after_sent`, once a command's frames are out
        return CommandResult("test", True, len(self.events), len(events))

    def act(self, seat: str, command: object) -> None:
        """`seat`'s person does `command` (with a key: a sign of life, as the app sends)."""
        self.here(seat)
        result = self.act_wire(seat, self.table.game.rules.encode(command))
        assert result.accepted, result.message

    def here(self, seat: str) -> None:
        """`seat`'s person pressed a key (the `here` frame)."""
        self.table._seen(seat)

    def connect(self, *seats: str) -> None:
        for seat in seats:
            self.connected[seat] = True
        self.table._on_presence(self.presence)

    def disconnect(self, seat: str) -> None:
        self.connected[seat] = False
        self.table._on_presence(self.presence)


async def served(table: ServedTable[Any, Any, Any], time: FrozenTime) -> InProcessHost:
    """`table` started with time frozen, its host in this process."""
    time.install()
    host = InProcessHost(table)
    table.host = host  # type: ignore[assignment]
    await table.start()
    await time.settle()
    return host
