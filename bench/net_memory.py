"""Resident memory of a headless host with 6 clients after a game's worth of commands.

Reads VmRSS from /proc/<pid>/status of the host process. Baseline: the same reading for the
bare asyncio + msgpack relay process after the same traffic (both fsync on). Goal: at most
60 MB, median of 5 runs, host and relay alternating.
Run: uv run python bench/net_memory.py
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
from pathlib import Path

from net_common import connect_clients, payload, server_process
from paired import RUNS, figure

COMMANDS = 7 * 60  # about seven rounds of a six-player game


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc status")


async def host_rss() -> float:
    async with server_process("net", "--fsync") as (pid, port):
        clients = await connect_clients(port, 6, 0)
        for i in range(COMMANDS):
            await clients[i % 6].command(payload(i))
        rss = rss_mb(pid)
        for c in clients:
            await c.close()
        return rss


async def relay_rss() -> float:
    async with (
        server_process("echo", "--fsync") as (pid, port),
        contextlib.AsyncExitStack() as stack,
    ):
        connections = [await asyncio.open_connection("127.0.0.1", port) for _ in range(6)]
        for _, writer in connections:
            stack.callback(writer.close)
        return rss_mb(pid)


async def main() -> None:
    ours, base = [], []
    for _ in range(RUNS):
        ours.append(await host_rss())
        base.append(await relay_rss())
    print(f"net.Host (relay game) with 6 clients after {COMMANDS} commands, {RUNS} runs:")
    figure("bare relay process, VmRSS", "-", base, " MB")
    figure(
        "net.Host with 6 clients, VmRSS", "<= 60 MB", ours, " MB", statistics.median(ours) <= 60
    )


if __name__ == "__main__":
    asyncio.run(main())
