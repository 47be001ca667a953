"""Fan-out with 6 players and 100 spectators: p99 from a command to all 106 clients having
applied its event. Goal: p99 at most 20 ms. Baseline: a bare asyncio + msgpack relay to the
same number of connections, measured in this run. All clients share this one process.
Run: uv run python bench/net_spectators.py
"""

from __future__ import annotations

import asyncio

from net_common import echo_fanout, net_fanout, report

ROUNDS = 300


async def main() -> None:
    base = await echo_fanout(106, ROUNDS)
    ours = await net_fanout(6, 100, ROUNDS, durable=False)
    p99 = report("net fan-out to 6 players + 100 spectators", ours, base)
    print(f"  goal p99 <= 20 ms: {'met' if p99 <= 20 else 'NOT met'}")


if __name__ == "__main__":
    asyncio.run(main())
