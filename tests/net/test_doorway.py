"""The doorway takes connections in off the event loop (127.0.0.1): a slow accept() in the
kernel never holds the loop, and closing it stops the accepting thread."""

from __future__ import annotations

import asyncio
import socket
import time

from net.doorway import Doorway
from tests.net.helpers import wait_until


class SlowListener(socket.socket):
    """A listening socket whose accept() takes a while once a connection is there, as the
    kernel's did (8 to 13 ms) while a crowd was connecting."""

    slow = False

    def accept(self) -> tuple[socket.socket, object]:
        conn, address = super().accept()
        self.slow = True
        time.sleep(0.2)
        self.slow = False
        return conn, address


def slow_listener() -> SlowListener:
    plain = socket.create_server(("127.0.0.1", 0))
    return SlowListener(plain.family, plain.type, fileno=plain.detach())


async def test_a_slow_accept_never_holds_the_event_loop() -> None:
    listener = slow_listener()
    served: list[asyncio.StreamWriter] = []

    async def connected(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        served.append(writer)

    doorway = Doorway([listener], connected, per_turn=4)
    doorway.start()
    arrival = socket.create_connection(listener.getsockname())
    turns_while_accepting = 0
    try:
        while not served:
            await asyncio.sleep(0)
            turns_while_accepting += listener.slow
        # On the event loop, the accept would have taken every one of those turns.
        assert turns_while_accepting > 0
    finally:
        arrival.close()
        for writer in served:
            writer.close()
        await doorway.close()


async def test_closing_stops_accepting_and_closes_the_listener() -> None:
    listener = socket.create_server(("127.0.0.1", 0))
    address = listener.getsockname()
    served: list[asyncio.StreamWriter] = []

    async def connected(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        served.append(writer)

    doorway = Doorway([listener], connected, per_turn=1)
    doorway.start()
    first = socket.create_connection(address)
    await wait_until(lambda: len(served) == 1)
    await doorway.close()
    assert listener.fileno() == -1
    assert not any(thread.is_alive() for thread in doorway._threads)
    try:
        refused = False
        try:
            socket.create_connection(address, timeout=1).close()
        except OSError:
            refused = True
        assert refused
    finally:
        first.close()
        served[0].close()
