"""Shared pieces of the net benchmarks: a generic game, a bare asyncio echo, percentiles."""

from __future__ import annotations

import asyncio
import secrets
import statistics
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgpack

from net import Client, ClientConfig, Event, Host, HostConfig, Refusal, Update
from net.framing import FrameReader, encode
from net.protocol import Role


class RelayGame:
    """Every command becomes one public event carrying its payload: pure protocol cost."""

    def decide(self, seat: str | None, command: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"e": "played", "seat": seat, **command}]

    def evolve(self, event: dict[str, Any]) -> None:
        pass

    def view(self, event: dict[str, Any], recipient: str | None) -> dict[str, Any] | None:
        return event

    def snapshot(self, recipient: str | None) -> dict[str, Any] | None:
        return None

    def admit(self, name: str, role: str, seats: Sequence[str]) -> Refusal | None:
        return None


def payload(i: int) -> dict[str, Any]:
    """A command about the size of a real one (a commitment to a word)."""
    return {"op": "commit", "round": i % 7, "hash": secrets.token_hex(32)}


def percentile(samples: Sequence[float], q: float) -> float:
    return statistics.quantiles(samples, n=100, method="inclusive")[q - 1]


def report(name: str, ours: Sequence[float], base: Sequence[float]) -> float:
    """Print both distributions and their ratios; return our p99 in milliseconds."""
    p50, p99 = percentile(ours, 50) * 1e3, percentile(ours, 99) * 1e3
    b50, b99 = percentile(base, 50) * 1e3, percentile(base, 99) * 1e3
    print(f"{name}: p50 {p50:.3f} ms, p99 {p99:.3f} ms")
    print(f"  baseline (bare asyncio + msgpack echo): p50 {b50:.3f} ms, p99 {b99:.3f} ms")
    print(f"  ratio: p50 {p50 / b50:.2f}x, p99 {p99 / b99:.2f}x")
    return p99


async def net_fanout(players: int, spectators: int, rounds: int, durable: bool) -> list[float]:
    """Seconds from a command leaving one player to every client having applied its event."""
    with tempfile.TemporaryDirectory() as tmp:
        # A benchmark sends far faster than people do: lift the per-peer rate limit.
        config = HostConfig(durable=durable, rate=1e9, burst=1e9)
        host = Host(RelayGame(), Path(tmp) / "bench.log", config)
        await host.start()
        port = host.address[1]
        loop = asyncio.get_running_loop()
        pending: dict[int, list[Any]] = {}

        def applied(update: Update) -> None:
            if isinstance(update, Event):
                waiting = pending[update.seq]
                waiting[0] -= 1
                if waiting[0] == 0:
                    waiting[1].set_result(loop.time())

        def client(name: str, role: Role) -> Client:
            patient = ClientConfig(timeout=60)
            return Client("127.0.0.1", port, name, role=role, config=patient, on_update=applied)

        clients = [client(f"p{i}", "player") for i in range(players)]
        clients += [client(f"s{i}", "spectator") for i in range(spectators)]
        for c in clients:
            await c.start()
        samples = []
        for i in range(rounds):
            done = loop.create_future()
            pending[host.seq + 1] = [len(clients), done]
            start = loop.time()
            await clients[0].command(payload(i))
            samples.append(await done - start)
        for c in clients:
            await c.close()
        await host.stop()
        return samples


async def echo_fanout(receivers: int, rounds: int) -> list[float]:
    """The baseline: a bare asyncio server that relays each msgpack frame it gets to every
    connection, and clients that decode it, with frames of the same size as net's events."""
    writers: list[asyncio.StreamWriter] = []

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writers.append(writer)
        frames = FrameReader(reader)
        while (message := await frames.read()) is not None:
            frame = encode({"t": "ev", "seq": 1, "body": msgpack.packb(message["body"])})
            for w in writers:
                w.write(frame)

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    connections = [await asyncio.open_connection("127.0.0.1", port) for _ in range(receivers)]
    while len(writers) < receivers:
        await asyncio.sleep(0.01)
    loop = asyncio.get_running_loop()
    state: list[Any] = [0, None]

    async def consume(reader: asyncio.StreamReader) -> None:
        frames = FrameReader(reader)
        while (message := await frames.read()) is not None:
            msgpack.unpackb(message["body"])
            state[0] -= 1
            if state[0] == 0:
                state[1].set_result(loop.time())

    consumers = [asyncio.create_task(consume(r)) for r, _ in connections]
    samples = []
    for i in range(rounds):
        state[:] = [receivers, loop.create_future()]
        start = loop.time()
        connections[0][1].write(encode({"t": "cmd", "id": str(i), "body": payload(i)}))
        samples.append(await state[1] - start)
    for task in consumers:
        task.cancel()
    for _, writer in connections:
        writer.close()
    server.close()
    return samples
