"""Start, SIGKILL and restart the counter host as a separate process."""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class HostProcess:
    def __init__(self, log_path: Path) -> None:
        self.log_path = log_path
        self.port = 0
        self.output: list[str] = []
        self._process: asyncio.subprocess.Process | None = None

    async def start(self) -> int:
        self._process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.net.counter_host",
            str(self.log_path),
            str(self.port),
            cwd=ROOT,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        assert self._process.stdout is not None
        async with asyncio.timeout(60):
            while True:
                line = (await self._process.stdout.readline()).decode()
                assert line, f"the host process ended early: {self.output}"
                self.output.append(line.strip())
                if line.startswith("READY"):
                    self.port = int(line.split()[1])
                    return self.port

    async def reveal(self) -> None:
        assert self._process is not None
        assert self._process.stdin is not None
        assert self._process.stdout is not None
        self._process.stdin.write(b"reveal\n")
        async with asyncio.timeout(30):
            line = (await self._process.stdout.readline()).decode()
        assert line.strip() == "REVEALED True", line

    async def kill(self) -> None:
        assert self._process is not None
        self._process.send_signal(signal.SIGKILL)
        await self._process.wait()

    async def stop(self) -> None:
        if self._process and self._process.returncode is None:
            await self.kill()
