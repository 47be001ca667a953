"""The server half of the net benchmarks, in its own process as on a real LAN:

    python bench/net_server.py net [--fsync]   # a headless net.Host with a relay game
                                               # (a line `stats` on stdin prints its
                                               # frames sent and CPU seconds as JSON)
    python bench/net_server.py echo [--fsync]  # the baseline: a bare asyncio + msgpack relay
                                               # (--fsync: appends and fsyncs each frame
                                               # before sending it, the durable floor)

Prints `READY <port>` and serves until killed.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgpack

from net import Host, HostConfig, Refusal
from net.framing import FrameReader, encode


class RelayGame:
    """Every command becomes one public event carrying its payload: pure protocol cost."""

    def decide(self, seat: str | None, command: dict[str, Any]) -> list[dict[str, Any]]:
        if "events" in command:  # another host's events, copied (bench/host_fanout.py)
            return list(command["events"])
        return [{"e": "played", "seat": seat, **command}]

    def evolve(self, event: dict[str, Any]) -> None:
        pass

    def view(self, event: dict[str, Any], recipient: str | None) -> dict[str, Any] | None:
        return event

    def snapshot(self, recipient: str | None) -> dict[str, Any] | None:
        return None

    def admit(self, name: str, role: str, seats: Sequence[str]) -> Refusal | None:
        return None


async def serve_net(durable: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        # A benchmark sends far faster than people do: lift the per-peer rate limit.
        config = HostConfig(durable=durable, rate=1e9, burst=1e9)
        host = Host(RelayGame(), Path(tmp) / "bench.log", config)
        await host.start()
        print("READY", host.address[1], flush=True)
        while line := await asyncio.to_thread(sys.stdin.readline):
            if line.strip() == "stats":
                stats = {"frames": host.frames_sent, "cpu": time.process_time(), "seq": host.seq}
                print(json.dumps(stats), flush=True)
        await asyncio.Event().wait()


async def serve_echo(durable: bool) -> None:
    writers: list[asyncio.StreamWriter] = []
    with tempfile.TemporaryDirectory() as tmp:
        # The same folder as the host's log: the same file system, the same fsync.
        fd = os.open(Path(tmp) / "relay.log", os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)

        async def relay(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            writers.append(writer)
            frames = FrameReader(reader)
            while (message := await frames.read()) is not None:
                body = message["body"]
                # One frame, or one per event another host's command caused (host_fanout.py).
                bodies = body.get("events", [body])
                frames_out = b"".join(
                    encode({"t": "ev", "seq": 1, "body": msgpack.packb(b)}) for b in bodies
                )
                if durable:
                    # The floor of durable fan-out: on disk before anyone sees it.
                    os.write(fd, frames_out)
                    os.fsync(fd)
                for w in writers:
                    w.write(frames_out)

        server = await asyncio.start_server(relay, "127.0.0.1", 0)
        print("READY", server.sockets[0].getsockname()[1], flush=True)
        await asyncio.Event().wait()


if __name__ == "__main__":
    if sys.argv[1] == "net":
        asyncio.run(serve_net("--fsync" in sys.argv))
    else:
        asyncio.run(serve_echo("--fsync" in sys.argv))
