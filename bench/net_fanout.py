"""Fan-out latency: a command from one of six players until all six have applied its event,
with `net.Host` (fsync on, as it always runs) in its own process running a relay game
(bench/net_server.py: every command one event, no rules). Baseline: the durable
floor of the same work, a bare asyncio + msgpack relay that appends and fsyncs each frame
before sending it, in the same run, round for round alternating with the host.
It explains the verdict of bench/host_fanout.py, which drives the real `wordsy-tui host`:
the host here runs a relay game whose rules do nothing, so its ratio is the transport's
share alone (the goal, p50 and p99 at most 1.5x the relay's, is the real host's).

Run: uv run python bench/net_fanout.py [--no-fsync] [runs]
     (--no-fsync: both sides skip the fsync, to show what the disk's share is; it never
     makes the verdict)
"""

from __future__ import annotations

import asyncio
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
        figure(f"fan-out to 6 players, {q}, relay-game host{tag}", "-", ms, " ms")
        figure(f"fan-out to 6 players, {q}, durable relay{tag}", "-", base, " ms")
        # The verdict is the real host's (host_fanout.py); this line explains it.
        figure(f"fan-out to 6 players, {q}, relay-game host / relay{tag}", "-", ratios, "x")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    asyncio.run(main("--no-fsync" not in sys.argv, int(args[0]) if args else RUNS))
