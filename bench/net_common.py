"""Shared pieces of the net benchmarks: the server process, both fan-out loops, percentiles."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import statistics
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import msgpack

from net import Client, ClientConfig, Event, Update
from net.framing import FrameReader, encode
from net.protocol import Role

SERVER = Path(__file__).with_name("net_server.py")


@contextlib.asynccontextmanager
async def server_process(*args: str) -> AsyncIterator[tuple[int, int]]:
    """Run bench/net_server.py with `args`; yield its pid and port; kill it afterwards."""
    async with server_with_stats(*args) as (process, port):
        yield process.pid, port


@contextlib.asynccontextmanager
async def server_with_stats(*args: str) -> AsyncIterator[tuple[asyncio.subprocess.Process, int]]:
    """The same, yielding the process, whose stdin takes `stats` lines (net only)."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        str(SERVER),
        *args,
        stdout=asyncio.subprocess.PIPE,
        stdin=asyncio.subprocess.PIPE,
    )
    assert process.stdout is not None
    line = (await process.stdout.readline()).decode()
    assert line.startswith("READY"), line
    try:
        yield process, int(line.split()[1])
    finally:
        process.kill()
        await process.wait()


def payload(i: int) -> dict[str, Any]:
    """A command about the size of a real one (a commitment to a word)."""
    return {"op": "commit", "round": i % 7, "hash": secrets.token_hex(32)}


def percentile(samples: Sequence[float], q: int) -> float:
    return statistics.quantiles(samples, n=100, method="inclusive")[q - 1]


async def connect_clients(
    port: int, players: int, spectators: int, on_update: Any = None
) -> list[Client]:
    def client(name: str, role: Role) -> Client:
        patient = ClientConfig(timeout=60)
        return Client("127.0.0.1", port, name, role=role, config=patient, on_update=on_update)

    clients = [client(f"p{i}", "player") for i in range(players)]
    clients += [client(f"s{i}", "spectator") for i in range(spectators)]
    for c in clients:
        await c.start()
    return clients


Round = Callable[[int], Awaitable[float]]


async def net_round(
    stack: contextlib.AsyncExitStack, players: int, spectators: int, durable: bool
) -> Round:
    """One round: seconds from a command leaving a player to every client having applied it."""
    loop = asyncio.get_running_loop()
    pending: dict[int, list[Any]] = {}

    def applied(update: Update) -> None:
        if isinstance(update, Event):
            waiting = pending[update.seq]
            waiting[0] -= 1
            if waiting[0] == 0:
                waiting[1].set_result(loop.time())

    _, port = await stack.enter_async_context(
        server_process("net", *(["--fsync"] if durable else []))
    )
    clients = await connect_clients(port, players, spectators, applied)
    for c in clients:
        stack.push_async_callback(c.close)

    async def run(i: int) -> float:
        done = loop.create_future()
        pending[i + 1] = [len(clients), done]
        start = loop.time()
        await clients[0].command(payload(i))
        return await done - start

    return run


async def echo_round(stack: contextlib.AsyncExitStack, receivers: int, durable: bool) -> Round:
    """The baseline round: the same frames through a bare asyncio relay (appending and
    fsyncing each frame before sending it when `durable`), decoded by bare clients."""
    loop = asyncio.get_running_loop()
    state: list[Any] = [0, None]

    async def consume(reader: asyncio.StreamReader) -> None:
        frames = FrameReader(reader)
        while (message := await frames.read()) is not None:
            msgpack.unpackb(message["body"])
            state[0] -= 1
            if state[0] == 0:
                state[1].set_result(loop.time())

    _, port = await stack.enter_async_context(
        server_process("echo", *(["--fsync"] if durable else []))
    )
    connections = [await asyncio.open_connection("127.0.0.1", port) for _ in range(receivers)]
    await asyncio.sleep(0.2)  # let the relay register every connection
    for reader, writer in connections:
        task = asyncio.create_task(consume(reader))
        stack.callback(task.cancel)
        stack.callback(writer.close)

    async def run(i: int) -> float:
        state[:] = [receivers, loop.create_future()]
        start = loop.time()
        connections[0][1].write(encode({"t": "cmd", "id": str(i), "body": payload(i)}))
        return await state[1] - start

    return run


async def compare(
    players: int, spectators: int, rounds: int, durable: bool = True
) -> tuple[list[float], list[float]]:
    """Alternate net and baseline rounds, so that both meet the same noise on a shared box."""
    async with contextlib.AsyncExitStack() as stack:
        ours = await net_round(stack, players, spectators, durable)
        base = await echo_round(stack, players + spectators, durable)
        for i in range(rounds // 10):  # warm-up
            await ours(i)
            await base(i)
        samples: tuple[list[float], list[float]] = ([], [])
        for i in range(rounds // 10, rounds // 10 + rounds):
            samples[0].append(await ours(i))
            samples[1].append(await base(i))
        return samples


async def paired_runs(
    players: int, spectators: int, rounds: int, runs: int, durable: bool = True
) -> list[dict[str, float]]:
    """`runs` paired runs of `compare`, each a fresh host and relay: p50 and p99 of both
    sides in milliseconds and their ratios, one dict per run (printed as it ends)."""
    results = []
    for run in range(runs):
        ours, base = await compare(players, spectators, rounds, durable)
        figures = {
            "p50": percentile(ours, 50) * 1e3,
            "p99": percentile(ours, 99) * 1e3,
            "base_p50": percentile(base, 50) * 1e3,
            "base_p99": percentile(base, 99) * 1e3,
        }
        figures["p50_ratio"] = figures["p50"] / figures["base_p50"]
        figures["p99_ratio"] = figures["p99"] / figures["base_p99"]
        print(
            f"  run {run + 1}: host p50 {figures['p50']:.2f} ms, p99 {figures['p99']:.2f} ms;"
            f" relay p50 {figures['base_p50']:.2f} ms, p99 {figures['base_p99']:.2f} ms;"
            f" ratio p50 {figures['p50_ratio']:.2f}x, p99 {figures['p99_ratio']:.2f}x",
            flush=True,
        )
        results.append(figures)
    return results
