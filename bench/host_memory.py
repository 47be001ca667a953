"""Resident memory of a host with 6 of its own computer players, through a whole game: the
real WordsyHost (fsync on, the real referee and word index), bots at 1/500 of a person's pace.
The figure is the process's peak VmRSS (VmHWM) once the game is over, each run in a fresh
process; for scale, the same process's VmRSS after its imports, before the host starts.
Goal: <= 60 MB, median of 5 runs.

    uv run python bench/host_memory.py [runs]
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

from paired import RUNS, figure, run_program

ONE_GAME = """
import asyncio, json, sys, tempfile
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from wordsy_game_log import play

def status(key):
    with open("/proc/self/status") as lines:
        return next(int(line.split()[1]) / 1024 for line in lines if line.startswith(key))

imported = status("VmRSS:")
with tempfile.TemporaryDirectory() as folder:
    server = asyncio.run(play(Path(folder) / "game.log", durable=True))
print(json.dumps({"imported": imported, "peak": status("VmHWM:"), "end": status("VmRSS:"),
                  "events": len(server.host.events)}))
"""


def one_game() -> dict[str, float]:
    return run_program(ONE_GAME, str(Path(__file__).parent))


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else RUNS
    games = [one_game() for _ in range(runs)]
    print(f"host with 6 computer players, a whole game (fsync on), {runs} runs:")
    figure("the same process after its imports", "-", [g["imported"] for g in games], " MB")
    figure("host with 6 bots, resident memory at the end", "-", [g["end"] for g in games], " MB")
    peak = [g["peak"] for g in games]
    met = statistics.median(peak) <= 60
    figure("host with 6 bots, peak resident memory", "<= 60 MB", peak, " MB", met)


if __name__ == "__main__":
    main()
