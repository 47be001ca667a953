"""Fan-out latency: a command from one of six players until all six have applied its event.

Baseline: a bare asyncio + msgpack relay of frames of the same size, measured in this run.
Goal: p99 at most 1.5x the baseline. Run: uv run python bench/net_fanout.py [--fsync]
"""

from __future__ import annotations

import asyncio
import sys

from net_common import echo_fanout, net_fanout, percentile, report

ROUNDS = 1000


async def main(durable: bool) -> None:
    await echo_fanout(6, 100)  # warm-up
    base = await echo_fanout(6, ROUNDS)
    ours = await net_fanout(6, 0, ROUNDS, durable)
    label = "with fsync per event" if durable else "page cache only"
    p99 = report(f"net fan-out to 6 players ({label})", ours, base)
    ratio = p99 / (percentile(base, 99) * 1e3)
    print(f"  goal p99 <= 1.5x baseline: {'met' if ratio <= 1.5 else 'NOT met'}")


if __name__ == "__main__":
    asyncio.run(main("--fsync" in sys.argv))
