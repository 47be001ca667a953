"""Taking new connections in, off the host's event loop.

The kernel's `accept()` is usually microseconds, but while a crowd is connecting one call
can take milliseconds (8 and 13 ms measured, with 50 spectators connecting at once): on
the event loop, every player's command would wait that long. Here each listening socket
is accepted from on a thread of its own (the call releases the GIL), and the connections
are handed to the loop a few per turn, so that setting them up never holds the loop for a
whole bunch of arrivals either.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import socket
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable, Sequence

OUT_OF_RESOURCES = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
RESOURCES_PAUSE = 0.1  # seconds

Connected = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


class Doorway:
    """Accepts connections on `listeners` (bound, listening sockets of its own: it closes
    them) and serves each with `connected(reader, writer)`, in a task of its own, at most
    `per_turn` of them set up per turn of the event loop."""

    def __init__(
        self, listeners: Sequence[socket.socket], connected: Connected, per_turn: int
    ) -> None:
        self._listeners = list(listeners)
        self._connected = connected
        self._per_turn = max(1, per_turn)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._threads: list[threading.Thread] = []
        self._arrivals: deque[socket.socket] = deque()
        self._letting_in = False
        self._opening: set[asyncio.Task[None]] = set()
        """Connections being set up, not yet served: stopping cancels them."""
        self._closed = False

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        for listener in self._listeners:
            listener.setblocking(True)
            thread = threading.Thread(
                target=self._accepting, args=(listener,), name="net-doorway", daemon=True
            )
            thread.start()
            self._threads.append(thread)

    def _accepting(self, listener: socket.socket) -> None:
        """(Its own thread.) Accept until the listener is shut down."""
        assert self._loop is not None
        while True:
            try:
                conn, _ = listener.accept()
            except OSError as error:
                if self._closed:
                    return
                if error.errno in OUT_OF_RESOURCES:
                    time.sleep(RESOURCES_PAUSE)  # the kernel would only say so again at once
                continue  # or a connection that went before it was accepted
            try:
                self._loop.call_soon_threadsafe(self._arrived, conn)
            except RuntimeError:  # the loop is gone: so is the host
                conn.close()
                return

    def _arrived(self, conn: socket.socket) -> None:
        if self._closed:
            conn.close()
            return
        self._arrivals.append(conn)
        if not self._letting_in:
            self._letting_in = True
            asyncio.get_running_loop().call_soon(self._let_in)

    def _let_in(self) -> None:
        loop = asyncio.get_running_loop()
        for _ in range(min(self._per_turn, len(self._arrivals))):
            task = loop.create_task(self._open(self._arrivals.popleft()))
            self._opening.add(task)
            task.add_done_callback(self._opening.discard)
            task.add_done_callback(_report_failure)
        self._letting_in = bool(self._arrivals)
        if self._letting_in:
            loop.call_soon(self._let_in)  # the rest next turn, after whatever else waits

    async def _open(self, conn: socket.socket) -> None:
        conn.setblocking(False)
        try:
            reader, writer = await asyncio.open_connection(sock=conn)
        except OSError:
            conn.close()  # gone before it was set up
            return
        task = asyncio.current_task()
        if task is not None:
            self._opening.discard(task)  # served now: the server ends it as it ends any other
        await self._connected(reader, writer)

    async def close(self) -> None:
        """Stop accepting; connections not yet served are dropped."""
        self._closed = True
        for listener in self._listeners:
            # Wakes the thread blocked in accept() (closing alone would not, on Linux).
            with contextlib.suppress(OSError):
                listener.shutdown(socket.SHUT_RDWR)
        for thread in self._threads:
            await asyncio.to_thread(thread.join, 1.0)
        for listener in self._listeners:
            listener.close()
        while self._arrivals:
            self._arrivals.popleft().close()
        for task in list(self._opening):
            task.cancel()
        await asyncio.gather(*self._opening, return_exceptions=True)


def _report_failure(task: asyncio.Task[None]) -> None:
    """A connection's server that failed is a bug of the host: said at once, as asyncio's own
    stream server says it, not when (if ever) the task is freed."""
    if task.cancelled() or task.exception() is None:
        return
    task.get_loop().call_exception_handler(
        {"message": "serving a connection failed", "exception": task.exception(), "task": task}
    )
