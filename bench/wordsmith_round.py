"""Wordsmith: a round of 10 players against a round of 2 on the same host, and the host's
memory with 10 SSH sessions.

1. A round: the real host process (`wordsy-tui host --game wordsmith --headless`: fsync
   on, the real rules and word list) and N scripted players (`WordsmithSeat`, the app's
   own seat, in this process), each turn chosen from the player's own view before the
   clock starts. Timed: from the last player's seal to the next round on every player's
   seat (choosing closes, every seat reveals its turn by itself, the host writes the turns
   and deals the next strip), and the host process's CPU per round. 2 and 10 players,
   alternated, a fresh host each run; 8 rounds a run, the median of each run's rounds.
   Goal: 10 players' round within 100 ms, the time a screen takes to feel instant; the
   ratio to 2 players' is printed beside it. (The 10 players' programs share this one
   process: their own work is serialised here, which a table of ten machines would not
   do, so the figure overstates what each of ten people waits.)
2. Memory: 10 players over SSH (`host --ssh`, one `join` child each) at the sheet in round
   1; the host's PSS plus its children's against the host alone before they came.
   Goal: <= 80 MB per session, as every game's (bench/ssh_front.py).

    uv run python bench/wordsmith_round.py [runs]

Loopback only; each host runs with a throwaway data folder.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from paired import RUNS, figure  # noqa: E402
from ssh_front import pss_kb, tree  # noqa: E402

from tests.front.fronts import HostWithFronts, SshPlayer  # noqa: E402
from wordsy_tui.engine.levels import Level  # noqa: E402
from wordsy_tui.games.wordsmith.mind import shared_vocabulary  # noqa: E402
from wordsy_tui.games.wordsmith.rules.bots import choose_turn  # noqa: E402
from wordsy_tui.games.wordsmith.rules.legal import may_choose  # noqa: E402
from wordsy_tui.games.wordsmith.seat import WordsmithSeat  # noqa: E402
from wordsy_tui.words.digest import dictionary_hash  # noqa: E402

ROUNDS_TIMED = 8
SIZES = (2, 10)
JOIN_LINE = re.compile(rb"--connect [\d.]+:(\d+)")
F6 = "\x1b[17~"
GUARD = 120.0  # against a hang only


async def until(condition: object, timeout: float = GUARD) -> None:
    assert callable(condition)
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.001)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def headless_host(data_home: Path) -> tuple[asyncio.subprocess.Process, int]:
    process = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "wordsy_tui", "host", "--game", "wordsmith", "--headless"),
        *("--no-advertise", "--bind", "127.0.0.1", "--port", "0", "--name", "P1"),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        env={**os.environ, "XDG_DATA_HOME": str(data_home)},
        cwd=ROOT,
    )
    assert process.stdout is not None
    async with asyncio.timeout(GUARD):
        while True:
            line = await process.stdout.readline()
            assert line, "the host ended early"
            if found := JOIN_LINE.search(line):
                return process, int(found[1])


async def one_table(players: int) -> tuple[float, float]:
    """One run: the median round (last seal to the next round on every seat), seconds,
    and the host's CPU seconds per round."""
    with tempfile.TemporaryDirectory() as folder:
        process, port = await headless_host(Path(folder))
        seats = [
            WordsmithSeat.join("127.0.0.1", port, f"P{n}", dictionary_hash())
            for n in range(1, players + 1)
        ]
        try:
            for seat in seats:  # in order: the first seated starts the game
                await seat.start()
                await until(lambda s=seat: s.me in s.state.players)
            assert await seats[0].start_game() is None
            rounds, cpu = [], 0.0
            for round_number in range(1, ROUNDS_TIMED + 2):
                await until(
                    lambda r=round_number: all(
                        s.state.round == r and may_choose(s.state, s.me) for s in seats
                    )
                )
                turns = [
                    choose_turn(
                        s.state,
                        s.me,
                        Level.EASY,
                        shared_vocabulary(),
                        s.rules.words,
                        random.Random(f"{s.me} {round_number}"),
                    )
                    for s in seats
                ]
                for seat, turn in zip(seats[:-1], turns, strict=False):
                    assert await seat.seal(turn) is None
                last = seats[-1]
                await until(lambda s=last: len(s.state.sealed) == players - 1)
                cpu_before, started = cpu_seconds(process.pid), time.perf_counter()
                assert await last.seal(turns[-1]) is None
                await until(lambda r=round_number: all(s.state.round == r + 1 for s in seats))
                if round_number > 1:  # the first round warms the host up
                    rounds.append(time.perf_counter() - started)
                    cpu += cpu_seconds(process.pid) - cpu_before
            return statistics.median(rounds), cpu / ROUNDS_TIMED
        finally:
            for seat in seats:
                await seat.stop()
            process.send_signal(signal.SIGINT)
            await process.wait()


async def rounds(runs: int) -> None:
    times: dict[int, list[float]] = {size: [] for size in SIZES}
    cpu: dict[int, list[float]] = {size: [] for size in SIZES}
    for _ in range(runs):
        for size in SIZES:  # alternated, a fresh host each time
            seconds, host_cpu = await one_table(size)
            times[size].append(seconds * 1000)
            cpu[size].append(host_cpu * 1000)
    print(f"a Wordsmith round, last seal to the next round on every seat, {runs} runs:")
    figure("wordsmith round, 2 players", "-", times[2], " ms")
    for size in SIZES:
        figure(f"wordsmith round, host CPU, {size} players", "-", cpu[size], " ms")
    met = statistics.median(times[10]) <= 100
    figure("wordsmith round, 10 players", "<= 100 ms", times[10], " ms", met)
    ratios = [ten / two for two, ten in zip(times[2], times[10], strict=True)]
    figure("wordsmith round, 10 players / 2", "-", ratios, "x")


async def ssh_memory() -> None:
    with tempfile.TemporaryDirectory() as folder:
        host = HostWithFronts(Path(folder) / "host")
        await host.start("--game", "wordsmith")
        sessions: list[SshPlayer] = []
        try:
            assert host.process is not None
            pid = host.process.pid
            alone = sum(pss_kb(p) for p in tree(pid))
            for n in range(10):  # one at a time: the first seated starts the game
                sessions.append(await SshPlayer.connect(host.ssh_port, f"P{n}"))
                await sessions[-1].wait_for("Lobby")
            await sessions[0].wait_for("P9")
            sessions[0].type(F6)
            await asyncio.gather(*(s.wait_for("round 1/12") for s in sessions))
            await asyncio.sleep(2)  # settled: every child's sheet drawn
            pids = tree(pid)
            total = sum(pss_kb(p) for p in pids)
            per_session = (total - alone) / len(sessions) / 1024
            print("memory, 10 players over SSH at Wordsmith's sheet, round 1:")
            print(f"  host alone:          {alone / 1024:.1f} MB PSS")
            print(f"  host + sessions:     {total / 1024:.1f} MB PSS")
            figure("wordsmith host + 10 SSH sessions, PSS", "-", [total / 1024], " MB")
            met = per_session <= 80
            figure("wordsmith SSH session, PSS", "<= 80 MB", [per_session], " MB", met)
        finally:
            await asyncio.gather(*(s.close() for s in sessions))
            await host.stop()


async def main(runs: int) -> None:
    await rounds(runs)
    await ssh_memory()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else RUNS))
