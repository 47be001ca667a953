"""The host's one lock: who goes first at the table, a command or a newcomer."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import AsyncIterator


class TableLock:
    """The host's one lock, with two queues: commands (a seated player's, the host's own)
    go before whoever waits at the door (handshakes, resyncs), and the door lets one
    newcomer in per turn of the event loop. So a crowd arriving together delays a command
    by at most the one handshake in progress, never by the whole queue, and never holds
    the loop for a whole batch of handshakes at once.
    `async with lock:` is a command; `async with lock.door():` the others."""

    def __init__(self) -> None:
        self._held = False
        self._commands: deque[asyncio.Future[None]] = deque()
        self._newcomers: deque[asyncio.Future[None]] = deque()
        self._door_open = True  # closed for the rest of a loop turn once someone came in

    @property
    def waiting(self) -> int:
        return sum(not w.done() for queue in (self._commands, self._newcomers) for w in queue)

    async def __aenter__(self) -> None:
        # Free means nobody waits either, or the door is merely closed for this turn.
        if self._held:
            await self._wait(self._commands)
        self._held = True

    async def __aexit__(self, *exc_info: object) -> None:
        self._release()

    @contextlib.asynccontextmanager
    async def door(self) -> AsyncIterator[None]:
        if self._held or not self._door_open:
            await self._wait(self._newcomers)
        self._held = True
        self._door_open = False
        asyncio.get_running_loop().call_soon(self._reopen)
        try:
            yield
        finally:
            self._release()

    async def _wait(self, queue: deque[asyncio.Future[None]]) -> None:
        waiter = asyncio.get_running_loop().create_future()
        queue.append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self._release()  # handed the lock just as it was cancelled: pass it on
            with contextlib.suppress(ValueError):
                queue.remove(waiter)
            raise

    def _reopen(self) -> None:
        self._door_open = True
        if not self._held:
            self._release()

    def _release(self) -> None:
        """Hand the lock to the next command, else to the next newcomer, else free it."""
        for queue in (self._commands, self._newcomers):
            while queue:
                waiter = queue.popleft()
                if not waiter.done():
                    self._held = True
                    waiter.set_result(None)
                    return
        self._held = False
