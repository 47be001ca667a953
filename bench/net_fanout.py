"""Fan-out latency: a command from one of six players until all six have applied its event,
with the host in its own process. Baseline: a bare asyncio + msgpack relay of frames of the
same size, measured in this run, round for round alternating with net.
Goal: p99 at most 1.5x the baseline. Run: uv run python bench/net_fanout.py [--fsync]
"""

from __future__ import annotations

import asyncio
import sys

from net_common import compare, percentile, report

ROUNDS = 1000


async def main(durable: bool) -> None:
    ours, base = await compare(6, 0, ROUNDS, durable)
    label = "fsync per command" if durable else "no fsync"
    p99 = report(f"net fan-out to 6 players ({label})", ours, base)
    ratio = p99 / (percentile(base, 99) * 1e3)
    print(f"  goal p99 <= 1.5x baseline: {'met' if ratio <= 1.5 else 'NOT met'}")


if __name__ == "__main__":
    asyncio.run(main("--fsync" in sys.argv))
