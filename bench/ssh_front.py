"""`host --ssh`: time from `ssh` connect to the lobby drawn, and memory per SSH session.

1. Lobby time: a watcher over SSH (asyncssh's client, a pty 80x24) against the same
   watcher started locally as `wordsy-tui join --connect ... --spectate` on a pty,
   paired and alternated, from the start of the connection (or the process) to
   "Lobby" on its screen. Goal: ratio <= 1.5.
2. Memory: 6 players and 10 watchers over SSH in the lobby; the host's PSS plus its
   children's, against the host alone before they came. Goal: <= 80 MB per session.

    uv run python bench/ssh_front.py [runs]

Loopback only; the host runs with a throwaway data folder.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from paired import figure  # noqa: E402

from tests.front.fronts import HostWithFronts, SshPlayer, text_of  # noqa: E402


async def ssh_lobby_seconds(port: int) -> float:
    started = time.perf_counter()
    watcher = await SshPlayer.connect(port, "watch")
    try:
        await watcher.wait_for("Lobby")
        return time.perf_counter() - started
    finally:
        await watcher.close()


async def local_lobby_seconds(game_port: int, data_home: Path) -> float:
    master, slave = os.openpty()
    started = time.perf_counter()
    process = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "wordsy_tui", "join", "--spectate", "--name", "watch"),
        *("--connect", f"127.0.0.1:{game_port}"),
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env={**os.environ, "TERM": "xterm-256color", "XDG_DATA_HOME": str(data_home)},
        start_new_session=True,
    )
    os.close(slave)
    output = bytearray()
    loop = asyncio.get_running_loop()
    try:
        async with asyncio.timeout(120):
            while "Lobby" not in text_of(bytes(output)):
                output += await loop.run_in_executor(None, os.read, master, 65536)
        return time.perf_counter() - started
    finally:
        process.terminate()
        await process.wait()
        os.close(master)


def pss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1])
    return 0


def tree(pid: int) -> list[int]:
    found = [pid]
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        found += tree(int(child))
    return found


def host_pid(host: HostWithFronts) -> int:
    assert host.process is not None
    return host.process.pid


async def lobby_times(host: HostWithFronts, data_home: Path, runs: int) -> None:
    ssh, local = [], []
    for _ in range(runs):
        ssh.append(await ssh_lobby_seconds(host.ssh_port))
        local.append(await local_lobby_seconds(host.game_port, data_home))
    ratios = sorted(s / j for s, j in zip(ssh, local, strict=True))
    print(f"connect -> lobby drawn, {runs} paired runs (median, min-max):")
    print(f"  ssh watch@:          {statistics.median(ssh):.2f} s ({min(ssh):.2f}-{max(ssh):.2f})")
    print(
        f"  join --connect:      {statistics.median(local):.2f} s "
        f"({min(local):.2f}-{max(local):.2f})"
    )
    print(
        f"  ratio ssh/local:     {statistics.median(ratios):.2f}x "
        f"({ratios[0]:.2f}-{ratios[-1]:.2f}), goal <= 1.5x"
    )
    met = statistics.median(ratios) <= 1.5
    figure("ssh watcher to lobby / local join", "<= 1.5x", ratios, "x", met)


async def memory(host: HostWithFronts) -> None:
    pid = host_pid(host)
    alone = sum(pss_kb(p) for p in tree(pid))
    names = [f"P{i}" for i in range(6)] + ["watch"] * 10
    sessions = await asyncio.gather(*(SshPlayer.connect(host.ssh_port, n) for n in names))
    try:
        await asyncio.gather(*(s.wait_for("Lobby") for s in sessions))
        await asyncio.sleep(2)  # settled: the preload of the word list included
        pids = tree(pid)
        total = sum(pss_kb(p) for p in pids)
        children = [pss_kb(p) for p in pids[1:]]
        per_session = (total - alone) / len(sessions) / 1024
        print(f"memory, 6 players + 10 watchers over SSH ({len(children)} children):")
        print(f"  host alone:          {alone / 1024:.1f} MB PSS")
        print(f"  host + sessions:     {total / 1024:.1f} MB PSS")
        print(f"  per session:         {per_session:.1f} MB, goal <= 80 MB")
        # One reading of 16 sessions: its spread is the children's, printed below.
        figure("SSH session, PSS", "<= 80 MB", [per_session], " MB", per_session <= 80)
        print(
            f"  child PSS:           median {statistics.median(children) / 1024:.1f} MB "
            f"({min(children) / 1024:.1f}-{max(children) / 1024:.1f})"
        )
    finally:
        await asyncio.gather(*(s.close() for s in sessions))


async def main(runs: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        data_home = Path(folder)
        host = HostWithFronts(data_home / "host")
        await host.start("--max-spectators", "100")
        try:
            await lobby_times(host, data_home / "local", runs)
            await memory(host)
        finally:
            await host.stop()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 5))
