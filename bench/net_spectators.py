"""Fan-out with 6 players and 100 spectators: p99 from a command to all 106 clients having
applied its event (host in its own process, all clients in this one). Goal: p99 at most
20 ms. Baseline: a bare asyncio + msgpack relay to as many connections, in this run.
Run: uv run python bench/net_spectators.py
"""

from __future__ import annotations

import asyncio

from net_common import compare, report

ROUNDS = 300


async def main() -> None:
    ours, base = await compare(6, 100, ROUNDS)
    p99 = report("net fan-out to 6 players + 100 spectators", ours, base)
    print(f"  goal p99 <= 20 ms: {'met' if p99 <= 20 else 'NOT met'}")


if __name__ == "__main__":
    asyncio.run(main())
