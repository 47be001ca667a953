"""A headless host with its SSH and web fronts, as a process, and an SSH player for tests."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncssh

from tests.cli.test_host import _hear_ctrl_c
from tests.terminal import ROOT

# Escape sequences (CSI, OSC, two-character) between the pieces of text a program draws.
_ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-_])")
GUARD_SECONDS = 120.0  # against a hang only: never a timing assertion


def text_of(output: bytes) -> str:
    """What a terminal fed `output` would show, in drawing order, without its escapes."""
    return _ESCAPES.sub(b" ", output).decode(errors="replace")


class HostWithFronts:
    """`wordsy-tui host --headless --ssh 0 [--web 0] ...` with fast bots, on loopback."""

    def __init__(self, data_home: Path) -> None:
        self.data_home = data_home
        self.process: asyncio.subprocess.Process | None = None
        self.lines: list[str] = []
        self.ssh_port = 0
        self.game_port = 0
        self.web_port = 0
        self.fingerprint = ""

    async def start(self, *args: str, desk: bool = False) -> None:
        """`desk`: the host's keyboard is ours (`command`); else it has none."""
        self.process = await asyncio.create_subprocess_exec(
            *(sys.executable, "-m", "tests.cli.fast_bots", "host", "--headless"),
            *("--no-advertise", "--bind", "127.0.0.1", "--port", "0", "--ssh", "0", *args),
            cwd=ROOT,
            stdin=asyncio.subprocess.PIPE if desk else asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            env={**os.environ, "XDG_DATA_HOME": str(self.data_home)},
            preexec_fn=_hear_ctrl_c,  # `stop`'s Ctrl-C must reach it (a background job's not)
        )
        assert self.process.stdout is not None
        async with asyncio.timeout(GUARD_SECONDS):
            # Wordsy: "The game is saved to ..."; a tile game: "...: the game's log is saved to".
            while not any("saved to" in line for line in self.lines):
                line = (await self.process.stdout.readline()).decode()
                assert line, f"the host ended early: {self.lines}"
                self.lines.append(line.rstrip())
        said = "\n".join(self.lines)
        self.ssh_port = int(re.findall(r"ssh -p (\d+) YOURNAME@127\.0\.0\.1", said)[0])
        self.game_port = int(re.findall(r"--connect [\d.]+:(\d+)", said)[0])
        self.fingerprint = re.findall(r"SSH host key: (SHA256:\S+)", said)[0]
        web = re.findall(r"http://127\.0\.0\.1:(\d+)/", said)
        self.web_port = int(web[0]) if web else 0

    async def said(self, wanted: str) -> str:
        """The first line from the host, from now on, that has `wanted` in it."""
        assert self.process is not None
        assert self.process.stdout is not None
        async with asyncio.timeout(GUARD_SECONDS):
            while True:
                line = (await self.process.stdout.readline()).decode()
                assert line, f"the host ended early: {self.lines}"
                self.lines.append(line.rstrip())
                if wanted in line:
                    return line

    def command(self, line: str) -> None:
        """Type a line on the headless host's keyboard (its desk: 'allow NAME', ...)."""
        assert self.process is not None
        assert self.process.stdin is not None
        self.process.stdin.write(f"{line}\n".encode())

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.send_signal(signal.SIGINT)
            try:
                async with asyncio.timeout(30):
                    await self.process.wait()
            except TimeoutError:
                self.process.kill()
                await self.process.wait()


class SshPlayer:
    """asyncssh's client with a pseudo-terminal: what an `ssh` user types and is shown."""

    def __init__(self, conn: asyncssh.SSHClientConnection, process: asyncssh.SSHClientProcess):
        self.conn = conn
        self.process = process
        self.output = bytearray()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def connect(
        cls,
        port: int,
        user: str,
        *,
        key: asyncssh.SSHKey | None = None,
        size: tuple[int, int] = (80, 24),
        term: str | None = "xterm-256color",
        source: str | None = None,
    ) -> SshPlayer:
        """`source`: the address to connect from (a loopback one: another machine's stand-in)."""
        conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            local_addr=(source, 0) if source else None,
            username=user,
            known_hosts=None,
            client_keys=[key] if key else [],
            agent_path=None,
            kbdint_auth=True,
            password=None if key else "",  # no key: keyboard-interactive, as OpenSSH does
        )
        process = await conn.create_process(term_type=term, term_size=size, encoding=None)
        return cls(conn, process)

    async def _read(self) -> None:
        with contextlib.suppress(asyncssh.Error, OSError):
            while data := await self.process.stdout.read(65536):
                self.output += data

    def text(self, since: int = 0) -> str:
        return text_of(bytes(self.output[since:]))

    async def wait_for(self, wanted: str, since: int = 0) -> str:
        async with asyncio.timeout(GUARD_SECONDS):
            while wanted not in self.text(since):
                if self._reader.done():
                    raise AssertionError(f"the session ended; it showed:\n{self.text(since)}")
                await asyncio.sleep(0.1)
        return self.text(since)

    def type(self, text: str) -> None:
        self.process.stdin.write(text.encode())

    async def ended(self) -> int | None:
        async with asyncio.timeout(GUARD_SECONDS):
            await self._reader
            await self.process.wait_closed()
        return self.process.exit_status

    async def close(self) -> None:
        self.conn.close()
        with contextlib.suppress(Exception):
            await self.conn.wait_closed()
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._reader

    def drop(self) -> None:
        """As a lid closes or Wi-Fi goes: no goodbye."""
        self.conn.abort()
        self._reader.cancel()


async def both_lock_in_and_the_reveal_shows(
    watcher: SshPlayer, word: str, lock_in: Callable[[], Awaitable[None] | None]
) -> None:
    """`watcher` locks in a word of its own, the player who came back presses Enter
    (`lock_in`), and the reveal on `watcher`'s screen shows the player's `word`."""
    watcher.type("TAPE\r")
    mark = len(watcher.output)
    pressed = lock_in()
    if pressed is not None:
        await pressed
    await watcher.wait_for("· reveal", since=mark)
    revealed = await watcher.wait_for(word, since=mark)
    assert "no word this round" not in revealed
