"""Fan-out with 6 players and 100 spectators: p99 from a command to all 106 clients having
applied its event (the real host, fsync on, in its own process, all clients in this one).
Baseline: the durable relay (append + fsync each frame, then send) to as many connections,
alternating with the host in the same run. Goal: p99 at most 20 ms, median of 5 runs.
Run: uv run python bench/net_spectators.py [runs]
"""

from __future__ import annotations

import asyncio
import statistics
import sys

from net_common import paired_runs
from paired import RUNS, figure

ROUNDS = 300


async def main(runs: int) -> None:
    print(f"net fan-out to 6 players + 100 spectators (fsync on), {ROUNDS} rounds a run")
    results = await paired_runs(6, 100, ROUNDS, runs)
    p99 = [run["p99"] for run in results]
    figure(
        "fan-out to 6 players + 100 spectators, p99",
        "<= 20 ms",
        p99,
        " ms",
        statistics.median(p99) <= 20,
    )
    figure("the same, host / durable relay p99", "-", [run["p99_ratio"] for run in results], "x")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else RUNS))
