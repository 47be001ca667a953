"""Loopback-only test plumbing: a polling wait, a recording/cutting TCP proxy, client state."""

from __future__ import annotations

import asyncio
import io
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgpack

from net import PROTOCOL_VERSION, Client
from net import protocol as p
from net.config import HostConfig
from net.fanout import Broadcast, Fanout
from net.framing import FrameReader, encode
from net.peer import Cork, Outflow, Peer
from net.presence import Presence
from net.seats import Seating
from net.sequencer import Sequencer
from tests.net.counter_game import CounterGame, fold

# fsync proves nothing against a process kill (the page cache survives it) and is slow on a
# shared disk; the log tests keep it on.
FAST = {"heartbeat": 0.2, "timeout": 2.0, "durable": False}


async def wait_until(condition: Callable[[], bool], timeout: float = 15.0) -> None:
    """Poll until `condition()` holds; the timeout only guards against hanging forever."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"condition not met within {timeout}s")
        await asyncio.sleep(0.01)


def state(client: Client) -> dict[str, Any]:
    return fold(client.snapshot, [e.body for e in client.events])


class Proxy:
    """Sits between clients and a host on 127.0.0.1: records what passes each way, can cut
    every connection, and can go silent in both directions."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.recorded = bytearray()
        """What the host sent through the proxy."""
        self.sent = bytearray()
        """What the clients sent the host through it."""
        self._flowing = asyncio.Event()
        self._flowing.set()
        self.refusing = False  # while set, new connections are dropped at once
        self.connections = 0
        self._links: list[tuple[asyncio.StreamWriter, asyncio.StreamWriter]] = []
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> int:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        return self._server.sockets[0].getsockname()[1]

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        if self.refusing:
            writer.transport.abort()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.transport.abort()
            return
        self._links.append((writer, up_writer))
        await asyncio.gather(
            self._pipe(reader, up_writer, record=False),
            self._pipe(up_reader, writer, record=True),
        )

    async def _pipe(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, record: bool
    ) -> None:
        try:
            while data := await reader.read(65536):
                await self._flowing.wait()
                if record:
                    self.recorded += data
                else:
                    self.sent += data
                writer.write(data)
                await writer.drain()
        except (ConnectionError, RuntimeError):
            pass
        finally:
            writer.transport.abort()

    def cut(self) -> None:
        for down, up in self._links:
            down.transport.abort()
            up.transport.abort()
        self._links.clear()

    def pause(self) -> None:
        self._flowing.clear()

    def resume(self) -> None:
        self._flowing.set()

    async def stop(self) -> None:
        self.cut()
        if self._server:
            self._server.close()


class FakeClock:
    """The host's clock for its limits, moved by hand: no test sleeps through a backoff."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def hello_from(port: int, source: str, **fields: Any) -> dict[str, Any]:
    """One raw handshake from loopback address `source`: the host's first answer."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    hello = {"t": "hello", "version": PROTOCOL_VERSION, "name": "x", "role": "player"}
    writer.write(encode({**hello, "last_seq": 0, **fields}))
    try:
        answer = await FrameReader(reader).read()
    finally:
        writer.transport.abort()
    assert answer is not None
    return answer


async def stalled_spectator(port: int, source: str) -> socket.socket:
    """A spectator that greets the host and then reads nothing, with a small receive window
    so that the host's queue, not the kernel's, fills up."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.bind((source, 0))
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    hello = {"t": "hello", "version": PROTOCOL_VERSION, "name": "s", "role": "spectator"}
    sock.send(encode({**hello, "last_seq": 0}))
    return sock


class FakeTransport:
    """A transport that keeps what is written; `unread` is what the peer has not read yet."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.unread = 0
        self.closing = False

    def write(self, data: bytes) -> None:
        self.writes.append(data)
        self.unread += len(data)

    def get_write_buffer_size(self) -> int:
        return self.unread

    def is_closing(self) -> bool:
        return self.closing

    def abort(self) -> None:
        self.closing = True

    @property
    def data(self) -> bytes:
        return b"".join(self.writes)


class FakeWriter:
    """What a host's peer needs of an asyncio.StreamWriter, with no socket behind it."""

    def __init__(self, address: str = "127.0.0.1") -> None:
        self.transport = FakeTransport()
        self._address = address

    def get_extra_info(self, name: str) -> object:
        return (self._address, 4242) if name == "peername" else None


class Parts:
    """A host's parts without its server: a sequencer over a real log, its seats, the
    fan-out and presence, with peers on fake transports."""

    def __init__(self, path: Path, **config: Any) -> None:
        self.config = HostConfig(durable=False, **config)
        self.outflow, self.cork = Outflow(10**9), Cork()
        self.sequencer = Sequencer(
            CounterGame(target=100, snapshots=False),
            self.config,
            lambda *event: self.fanout.publish(*event),
        )
        self.sequencer.open(path)
        self.seating = Seating(self.sequencer)
        self.broadcast = Broadcast(self.seating.spectators.peers, self.outflow, 32, 0.0, 10)
        self.fanout = Fanout(self.sequencer, self.seating, self.broadcast, self.config)
        self.heard: list[dict[str, bool]] = []
        self.presence = Presence(
            self.seating,
            self.fanout,
            self.broadcast,
            self.config,
            lambda seats: self.heard.append(dict(seats)),
        )

    def connect(self, name: str, role: p.Role = "player") -> FakeWriter:
        taken = self.seating.seat_for(role, name, None)
        assert not isinstance(taken, p.Refusal)
        writer = FakeWriter()
        now = asyncio.get_running_loop().time()
        peer = Peer(writer, self.config, now, self.cork, self.outflow)  # type: ignore[arg-type]
        peer.recipient = taken[0]
        if role == "spectator":
            self.broadcast.join(peer)
        taken[0].peers.add(peer)
        return writer

    def peer(self, writer: FakeWriter) -> Peer:
        return next(peer for peer in self.seating.peers() if peer.writer is writer)


def received(writer: FakeWriter) -> list[dict[str, Any]]:
    """The frames a fake transport was written, decoded."""
    return list(msgpack.Unpacker(io.BytesIO(writer.transport.data), raw=False))


def kinds(writer: FakeWriter) -> list[str]:
    return [frame["t"] for frame in received(writer)]
