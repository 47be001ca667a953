"""Fan-out latency: a command from one of six players until all six have applied its event,
with the real host (fsync on, as it always runs) in its own process. Baseline: the durable
floor of the same work, a bare asyncio + msgpack relay that appends and fsyncs each frame
before sending it, in the same run, round for round alternating with the host.
Goals: p50 and p99 at most 1.5x the relay's, medians of 5 paired runs.

Run: uv run python bench/net_fanout.py [--no-fsync] [runs]
     (--no-fsync: both sides skip the fsync, to show what the disk's share is; it never
     makes the verdict)
"""

from __future__ import annotations

import asyncio
import statistics
import sys

from net_common import paired_runs
from paired import RUNS, figure

ROUNDS = 500


async def main(durable: bool, runs: int) -> None:
    label = "fsync on" if durable else "no fsync, for explanation only"
    print(f"net fan-out: a command to 6 players applied ({label}), {ROUNDS} rounds a run")
    results = await paired_runs(6, 0, ROUNDS, runs, durable)
    tag = "" if durable else " (no fsync)"
    for q in ("p50", "p99"):
        ratios = [run[f"{q}_ratio"] for run in results]
        ms = [run[q] for run in results]
        base = [run[f"base_{q}"] for run in results]
        figure(f"fan-out to 6 players, {q}, host{tag}", "-", ms, " ms")
        figure(f"fan-out to 6 players, {q}, durable relay{tag}", "-", base, " ms")
        goal = "<= 1.5x the durable relay"
        met = statistics.median(ratios) <= 1.5 if durable else None
        figure(f"fan-out to 6 players, {q}, host / relay{tag}", goal, ratios, "x", met)


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    asyncio.run(main("--no-fsync" not in sys.argv, int(args[0]) if args else RUNS))
