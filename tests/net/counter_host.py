"""Hosts the counter game on 127.0.0.1 in its own process, for the crash tests.

    python -m tests.net.counter_host LOG_PATH PORT
prints `READY <port>` once it listens, then serves until killed; a line `reveal` on stdin
makes the host's clock reveal the secrets.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from net import Host, HostConfig
from tests.net.counter_game import CounterGame


async def main(log_path: Path, port: int) -> None:
    # No fsync: a SIGKILL leaves the page cache intact, and the shared test disk is slow.
    config = HostConfig(port=port, heartbeat=0.2, timeout=2.0, durable=False)
    host = Host(CounterGame(target=10_000, snapshots=False), log_path, config)
    await host.start()
    if host.damage:
        print("DAMAGE", host.damage.describe(), flush=True)
    print("READY", host.address[1], flush=True)
    while line := await asyncio.to_thread(sys.stdin.readline):
        if line.strip() == "reveal":
            print("REVEALED", (await host.submit({"op": "reveal"})).accepted, flush=True)


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), int(sys.argv[2])))
